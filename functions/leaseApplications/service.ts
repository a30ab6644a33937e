/** Lease applications: a logged-in tenant applies for a listed LTR property; admins list them. */
import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession, TenantSession } from '../../shared/auth/session-types.js';
import { noWait } from '../../shared/backoff.js';
import * as repo from '../../shared/data/applications-repo.js';
import { changePart } from '../../shared/data/changes-repo.js';
import { getProperty, propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import type { ApplicationRecord } from '../../shared/domain/application.js';
import type { Actor } from '../../shared/domain/change.js';
import { PERSON_FIELDS } from '../../shared/domain/tenant.js';
import { Conflict, NotFound, Unauthorized } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import { pausedForRetry, type RetryPolicy } from '../../shared/retry-policy.js';
import { createLease } from '../../shared/workflows/leases/create.js';
import { acceptsApplications, newApplication, newestFirst } from './rules.js';
import type { DecisionInput, ListApplicationsQuery } from './schemas.js';

/** Applying again after the open application was decided meanwhile (its guard gone): three tries in all. */
const GUARD_RETRY: RetryPolicy = { maxTries: 3, backoff: noWait };

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
  for (let tries = 1; ; tries++) {
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
      if (!taken || !(await pausedForRetry(GUARD_RETRY, tries))) throw error;
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

const applicationNotFound = (applicationId: number) => new NotFound(`Application ${applicationId} not found`);

/** One application; a landlord's reach ends at its own properties (another's is the same 404). */
export async function getApplication(admin: AdminSession, applicationId: number): Promise<ApplicationRecord> {
  const record = await repo.getApplication(applicationId);
  if (!record) throw applicationNotFound(applicationId);
  if (admin.role === 'landlord') {
    const stored = await getProperty(record.propertyId);
    if (!canSeeProperty(admin, stored?.record.landlord)) throw applicationNotFound(applicationId);
  }
  return record;
}

const decidedAlready = (record: ApplicationRecord) =>
  new Conflict(`Application ${record.applicationId} is decided already (${record.status})`);

/**
 * The decision's own parts: the decided application (only while open), its open-application guard released,
 * and its change item announcing `application.decided` (the applicant's mail goes from it; docs/messages.md).
 */
function decisionParts(
  before: ApplicationRecord,
  decided: ApplicationRecord,
  by: Actor,
  now: Date,
): TxPart[] {
  return [
    ...repo.decideApplicationParts(decided),
    changePart(
      {
        recordType: 'application',
        recordId: decided.applicationId,
        action: decided.status,
        before: { ...before },
        after: { ...decided },
        masked: PERSON_FIELDS,
        event: 'application.decided',
      },
      by,
      now,
    ),
  ];
}

/**
 * Approve (the lease from the terms, for the application's tenant and property, in the decision's own
 * transaction: shared/workflows/leases/create.ts) or decline. A decided application is a 409, also when
 * another decision commits between the read and the write.
 */
export async function decide(applicationId: number, input: DecisionInput, by: Actor, now: Date) {
  const record = await repo.getApplication(applicationId, true);
  if (!record) throw applicationNotFound(applicationId);
  if (record.status !== 'open') throw decidedAlready(record);
  const decided = (leaseId: number | null): ApplicationRecord => ({
    ...record,
    status: leaseId === null ? 'declined' : 'approved',
    decidedAt: now.toISOString(),
    decisionNote: input.note?.trim() ?? '',
    leaseId,
  });
  const lostRace = async (error: TransactionFailed) => {
    if (!error.conditionFailed(repo.decideLabel(applicationId))) return undefined;
    const current = await repo.getApplication(applicationId, true);
    return decidedAlready(current ?? record);
  };
  let answer: ApplicationRecord;
  if (input.decision === 'approve' && input.lease) {
    const lease = await createLease(
      { ...input.lease, tenantId: record.tenantId, propertyId: record.propertyId },
      by,
      now,
      {
        applicationId,
        parts: (made) => decisionParts(record, decided(made.leaseId), by, now),
        failure: lostRace,
      },
    );
    answer = decided(lease.leaseId);
  } else {
    answer = decided(null);
    try {
      await commit(decisionParts(record, answer, by, now));
    } catch (error) {
      throw (error instanceof TransactionFailed && (await lostRace(error))) || error;
    }
  }
  return { success: true, applicationId, leaseId: answer.leaseId ?? null, application: answer };
}
