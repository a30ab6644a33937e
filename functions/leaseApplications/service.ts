/** Lease applications: a logged-in tenant applies for a listed LTR property; admins list them. */
import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession, TenantSession } from '../../shared/auth/session-types.js';
import * as repo from '../../shared/data/applications-repo.js';
import { changePart } from '../../shared/data/changes-repo.js';
import { getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import { PERSON_FIELDS } from '../../shared/domain/tenant.js';
import { NotFound, Unauthorized } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import { acceptsApplications, newApplication, newestFirst } from './rules.js';
import type { ListApplicationsQuery } from './schemas.js';

/**
 * One open application per tenant and property: applying again answers the open application's id with
 * `alreadyApplied: true` (200), not a 409 — a double click or a retried request is not an error for the
 * visitor, and the id lets the website show the application that exists (docs/tenants.md).
 */
export async function apply(session: TenantSession, propertyId: number, now: Date, requestId = '') {
  const [tenant, stored] = await Promise.all([getTenant(session.tenantId), getProperty(propertyId)]);
  if (tenant?.isActive !== 1) throw new Unauthorized('This session is no longer valid: log in again');
  if (!acceptsApplications(stored?.record)) throw new NotFound(`No long-term rental ${propertyId} is listed`);
  const open = await repo.openApplicationId(tenant.tenantId, propertyId);
  if (open !== undefined) return { success: true, applicationId: open, alreadyApplied: true };
  const record = newApplication(await nextId('application'), tenant, stored.record, now);
  // The guard only vanishes when the open application is decided in between; then applying again is right.
  for (let attempt = 1; ; attempt++) {
    try {
      await commit([
        ...repo.insertApplicationParts(record),
        // The change item announces `application.submitted` (outbound webhooks) with the application.
        changePart(
          {
            recordType: 'application',
            recordId: record.applicationId,
            action: 'created',
            after: { ...record },
            // The tenant's snapshot is personal data: the audit entry says it was set, the event carries it.
            masked: PERSON_FIELDS,
            event: 'application.submitted',
          },
          { actor: `tenant:${tenant.tenantId}`, requestId },
          now,
        ),
      ]);
      return { success: true, applicationId: record.applicationId };
    } catch (error) {
      const taken = error instanceof TransactionFailed && error.conditionFailed(repo.OPEN_APPLICATION_GUARD);
      if (!taken || attempt >= 3) throw error;
    }
    const existing = await repo.openApplicationId(tenant.tenantId, propertyId, true);
    if (existing !== undefined) return { success: true, applicationId: existing, alreadyApplied: true };
  }
}

/** Admin list, newest first. Landlords see applications for their own properties only. */
export async function listApplications(admin: AdminSession, q: ListApplicationsQuery) {
  if (q.propertyId !== undefined) {
    const stored = await getProperty(q.propertyId);
    // Another landlord's property answers as a missing one (an empty list): a 403 would say it exists.
    const visible = stored !== undefined && canSeeProperty(admin, stored.record.landlord);
    const rows = visible ? await repo.applicationsOfProperty(q.propertyId) : [];
    return pageOf(rows, q.page, q.limit);
  }
  if (admin.role === 'landlord') {
    const properties = await propertiesOfLandlord(admin.adminId);
    const rows = (await Promise.all(properties.map((p) => repo.applicationsOfProperty(p.propertyId))))
      .flat()
      .sort(newestFirst);
    return pageOf(rows, q.page, q.limit);
  }
  const want = q.page * q.limit;
  const [newest, total] = await Promise.all([repo.newestApplications(want), repo.countApplications()]);
  return { items: newest.slice(want - q.limit), page: q.page, limit: q.limit, total };
}
