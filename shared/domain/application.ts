/**
 * A lease application (spec "Lease applications"; docs/tenants.md): one open application per tenant and
 * property.
 */
export const APPLICATION_STATUSES = ['open', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface ApplicationRecord {
  applicationId: number;
  tenantId: number;
  propertyId: number;
  /** 'open' until an admin decides it (adminApplications decision.json; docs/leases.md). */
  status: ApplicationStatus;
  /** Snapshots for the admin list, so it needs no read per row. */
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  propertyName: string;
  dateCreated: string;
  /** Set by the decision: when, the admin's note ('' for none), the lease an approval made. */
  decidedAt?: string;
  decisionNote?: string;
  leaseId?: number | null;
}
