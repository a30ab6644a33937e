/**
 * A lease: a tenant renting an LTR property (docs/tenants.md). The tenant session takes propertyId and
 * leaseId from the tenant's active lease.
 */
export const LEASE_STATUSES = ['active', 'pending', 'ended'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

export interface LeaseRecord {
  leaseId: number;
  tenantId: number;
  propertyId: number;
  status: LeaseStatus;
  startDate: string;
  /** '' while open-ended. */
  endDate: string;
  dateCreated: string;
}
