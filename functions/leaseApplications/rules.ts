/** Lease application rules as plain functions. */
import type { ApplicationRecord } from '../../shared/domain/application.js';
import { isVisible, type PropertyRecord } from '../../shared/domain/property.js';
import type { TenantRecord } from '../../shared/domain/tenant.js';

/** Only an LTR property the website shows (onWebsite=1, not archived) takes applications. */
export const acceptsApplications = (p: PropertyRecord | undefined): p is PropertyRecord =>
  p !== undefined && p.type === 'ltr' && isVisible(p);

export function newApplication(
  applicationId: number,
  tenant: Pick<TenantRecord, 'tenantId' | 'tenantEmail' | 'tenantFirstName' | 'tenantLastName'>,
  property: Pick<PropertyRecord, 'propertyId' | 'propertyName'>,
  now: Date,
): ApplicationRecord {
  return {
    applicationId,
    tenantId: tenant.tenantId,
    propertyId: property.propertyId,
    status: 'open',
    tenantEmail: tenant.tenantEmail,
    tenantFirstName: tenant.tenantFirstName,
    tenantLastName: tenant.tenantLastName,
    propertyName: property.propertyName,
    dateCreated: now.toISOString(),
  };
}

/** Newest first; the id breaks ties within one millisecond. */
export const newestFirst = (a: ApplicationRecord, b: ApplicationRecord) =>
  b.dateCreated.localeCompare(a.dateCreated) || b.applicationId - a.applicationId;
