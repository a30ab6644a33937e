/** Admin tenant use cases: landlord scope through leases, list modes, decrypted profile, create/update/deactivate. */
import type { AdminSession } from '../../shared/auth/session-types.js';
import { openFields } from '../../shared/crypto/fields.js';
import { hashPassword } from '../../shared/crypto/password.js';
import { leasesOfTenant, tenantIdsOfProperty } from '../../shared/data/leases-repo.js';
import { propertiesOfLandlord } from '../../shared/data/properties-repo.js';
import * as repo from '../../shared/data/tenants-repo.js';
import { Forbidden, NotFound } from '../../shared/errors.js';
import { pageOf } from '../../shared/http/schemas.js';
import { contactAad, createTenantAccount } from './accounts.js';
import {
  leaseLinksLandlord,
  matchesTenant,
  narrowsTenants,
  tenantListView,
  tenantProfileView,
} from './rules.js';
import type { CreateTenantInput, ListTenantsQuery, UpdateTenantInput } from './schemas.js';

const byId = (a: repo.TenantRecord, b: repo.TenantRecord) => a.tenantId - b.tenantId;

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
  if (!tenant) throw new NotFound(`Tenant ${tenantId} not found`);
  if (admin.role === 'landlord' && !leaseLinksLandlord(leases, await landlordPropertyIds(admin.adminId))) {
    throw new Forbidden('This tenant has no lease on your properties');
  }
  return tenantProfileView(tenant, await openFields(tenant.contact, contactAad(tenantId)), leases);
}

export async function createTenant(input: CreateTenantInput, now: Date) {
  const record = await createTenantAccount(input, now);
  return { tenantId: record.tenantId };
}

export async function updateTenant(tenantId: number, input: UpdateTenantInput, now: Date) {
  const current = await repo.getTenant(tenantId);
  if (!current) throw new NotFound(`Tenant ${tenantId} not found`);
  const activating = input.isActive === 1 && current.isActive === 0 && !current.dateActivated;
  const updated = await repo.updateTenant(
    tenantId,
    {
      tenantFirstName: input.tenantFirstName,
      isActive: input.isActive,
      passwordHash: input.password === undefined ? undefined : await hashPassword(input.password),
      dateActivated: activating ? now.toISOString() : undefined,
    },
    now,
  );
  if (!updated) throw new NotFound(`Tenant ${tenantId} not found`);
  return tenantListView(updated);
}

/** Spec: DELETE deactivates (isActive=0); the row, its leases and invoices stay. */
export async function deactivateTenant(tenantId: number, now: Date) {
  const updated = await repo.updateTenant(tenantId, { isActive: 0 }, now);
  if (!updated) throw new NotFound(`Tenant ${tenantId} not found`);
  return { success: true, tenantId, isActive: 0 };
}
