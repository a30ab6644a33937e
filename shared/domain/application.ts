/**
 * A lease application (spec "Lease applications"; docs/tenants.md): one open application per tenant and
 * property.
 */
export interface ApplicationRecord {
  applicationId: number;
  tenantId: number;
  propertyId: number;
  /** 'open' until decided. */
  status: 'open';
  /** Snapshots for the admin list, so it needs no read per row. */
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  propertyName: string;
  dateCreated: string;
}
