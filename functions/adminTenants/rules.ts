/** Tenant rules as plain functions: views (never a password), search, the landlord scope. */
import type { LeaseRecord } from '../../shared/domain/lease.js';
import { type ContactField, type TenantRecord, tenantListView } from '../../shared/domain/tenant.js';

export { tenantListView };

/** The single-tenant response: the list fields, the decrypted contact fields that could be read, the leases. */
export function tenantProfileView(
  t: TenantRecord,
  contact: Partial<Record<ContactField, string>>,
  leases: readonly LeaseRecord[],
) {
  return {
    ...tenantListView(t),
    ...contact,
    leases: leases.map((l) => ({
      leaseId: l.leaseId,
      propertyId: l.propertyId,
      status: l.status,
      startDate: l.startDate,
      endDate: l.endDate,
    })),
  };
}

export interface TenantFilter {
  search?: string | undefined;
  isActive?: '0' | '1' | undefined;
}

/** search matches the e-mail or the name (first, last, or "first last"), case-insensitively. */
export function matchesTenant(t: TenantRecord, filter: TenantFilter): boolean {
  if (filter.isActive !== undefined && t.isActive !== Number(filter.isActive)) return false;
  const needle = filter.search?.trim().toLowerCase();
  if (!needle) return true;
  const haystacks = [
    t.tenantEmail,
    t.tenantFirstName,
    t.tenantLastName,
    `${t.tenantFirstName} ${t.tenantLastName}`,
  ];
  return haystacks.some((h) => h.toLowerCase().includes(needle));
}

export const narrowsTenants = (filter: TenantFilter) =>
  Boolean(filter.search?.trim()) || filter.isActive !== undefined;

/** A landlord reaches a tenant who has (or had) a lease on one of the landlord's properties. */
export function leaseLinksLandlord(
  leases: readonly Pick<LeaseRecord, 'propertyId'>[],
  landlordPropertyIds: ReadonlySet<number>,
) {
  return leases.some((l) => landlordPropertyIds.has(l.propertyId));
}
