/**
 * Admin tenant use cases: landlord scope through leases, list modes, decrypted profile, create/update/
 * deactivate. Every write goes through the tenant's owner (shared/workflows/tenants): one transaction of the
 * tenant's parts and its change record (the audit outbox), conditioned on the version read.
 */
import type { AdminSession } from '../../shared/auth/session-types.js';
import { openFields } from '../../shared/crypto/fields.js';
import { hashPassword } from '../../shared/crypto/password.js';
import { leasesOfTenant, tenantIdsOfProperty } from '../../shared/data/leases-repo.js';
import { propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import * as repo from '../../shared/data/tenants-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import { contactAad, type TenantChanges, type TenantRecord } from '../../shared/domain/tenant.js';
import { NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import { createTenantAccount } from '../../shared/workflows/tenants/accounts.js';
import { changeTenant } from '../../shared/workflows/tenants/change.js';
import {
  leaseLinksLandlord,
  matchesTenant,
  narrowsTenants,
  tenantListView,
  tenantProfileView,
} from './rules.js';
import type { CreateTenantInput, ListTenantsQuery, UpdateTenantInput } from './schemas.js';

const byId = (a: TenantRecord, b: TenantRecord) => a.tenantId - b.tenantId;

async function landlordPropertyIds(adminId: number): Promise<Set<number>> {
  return new Set((await propertiesOfLandlord(adminId)).map((p) => p.propertyId));
}

/**
 * Three list modes, as for properties: a landlord reads the tenants of their properties' leases; a search or
 * isActive filter reads the tenant partition whole (bounded); otherwise only page × limit tenants are read
 * and the total is the maintained count.
 */
export async function listTenants(admin: AdminSession, q: ListTenantsQuery) {
  if (admin.role === 'landlord') {
    const propertyIds = [...(await landlordPropertyIds(admin.adminId))];
    const tenantIds = [...new Set((await Promise.all(propertyIds.map(tenantIdsOfProperty))).flat())];
    const tenants = (await repo.getTenants(tenantIds)).filter((t) => matchesTenant(t, q)).sort(byId);
    return pageOf(tenants.map(tenantListView), q.page, q.limit);
  }
  if (narrowsTenants(q)) {
    const tenants = (await repo.allTenants()).filter((t) => matchesTenant(t, q)).sort(byId);
    return pageOf(tenants.map(tenantListView), q.page, q.limit);
  }
  const want = q.page * q.limit;
  const [first, total] = await Promise.all([repo.firstTenants(want), repo.countTenants()]);
  return { items: first.slice(want - q.limit).map(tenantListView), page: q.page, limit: q.limit, total };
}

export async function getTenant(admin: AdminSession, tenantId: number) {
  const [tenant, leases] = await Promise.all([repo.getTenant(tenantId), leasesOfTenant(tenantId)]);
  // A tenant without a lease on the landlord's properties answers exactly as a missing one (no 403 that
  // would say the tenant exists).
  const outOfReach =
    admin.role === 'landlord' && !leaseLinksLandlord(leases, await landlordPropertyIds(admin.adminId));
  if (!tenant || outOfReach) throw new NotFound(`Tenant ${tenantId} not found`);
  return tenantProfileView(tenant, await openFields(tenant.contact, contactAad(tenantId)), leases);
}

export async function createTenant(input: CreateTenantInput, by: Actor, now: Date) {
  const record = await createTenantAccount(input, by, now);
  return { tenantId: record.tenantId };
}

/** One change through the tenant's owner (shared/workflows/tenants/change.ts); 404 when there is no tenant. */
async function changeTenantOr404(
  tenantId: number,
  action: string,
  changesOf: (current: TenantRecord) => TenantChanges,
  by: Actor,
  now: Date,
): Promise<TenantRecord> {
  const changed = await changeTenant(tenantId, changesOf, { action, by, now });
  if (!changed) throw new NotFound(`Tenant ${tenantId} not found`);
  return changed;
}

export async function updateTenant(tenantId: number, input: UpdateTenantInput, by: Actor, now: Date) {
  // Hashed once, outside the retries: scrypt is the expensive part of the request.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const updated = await changeTenantOr404(
    tenantId,
    'updated',
    (current) => ({
      tenantFirstName: input.tenantFirstName,
      isActive: input.isActive,
      passwordHash,
      dateActivated:
        input.isActive === 1 && current.isActive === 0 && !current.dateActivated
          ? now.toISOString()
          : undefined,
    }),
    by,
    now,
  );
  return tenantListView(updated);
}

/** Spec: DELETE deactivates (isActive=0); the row, its leases and invoices stay. */
export async function deactivateTenant(tenantId: number, by: Actor, now: Date) {
  await changeTenantOr404(tenantId, 'deactivated', () => ({ isActive: 0 }), by, now);
  return { success: true, tenantId, isActive: 0 };
}
