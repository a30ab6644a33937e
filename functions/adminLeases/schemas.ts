/**
 * Request and response schemas of adminLeases (docs/leases.md). The lease terms (create, PUT) and the lease's
 * view are the domain's (shared/domain/rent/terms-input.ts: an application's approval and the tenant portal
 * take the same terms); here are the list's filters, the end's date and the ledger. Contracts import these:
 * nothing here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { ledgerLineResponse } from '../../shared/domain/rent/ledger.js';
import { LEASE_DATE_STATUSES } from '../../shared/domain/rent/status.js';
import { intLike, isoDate, paging } from '../../shared/http/schemas.js';

export {
  type CreateLeaseInput,
  createLeaseBody,
  leaseResponse,
  type UpdateLeaseInput,
  updateLeaseBody,
} from '../../shared/domain/rent/terms-input.js';

export const listLeasesQuery = v.object({
  propertyId: v.optional(intLike(1)),
  tenantId: v.optional(intLike(1)),
  status: v.optional(v.picklist(LEASE_DATE_STATUSES, `must be one of ${LEASE_DATE_STATUSES.join(', ')}`)),
  ...paging(),
});
export type ListLeasesQuery = v.InferOutput<typeof listLeasesQuery>;

/** The end's last day, in the query or the body (default the site's today). */
export const endLeaseQuery = v.object({ endDate: v.optional(isoDate) });
export const endLeaseBody = v.strictObject({ endDate: v.optional(isoDate) });

export const leaseLedger = v.object({
  leaseId: v.number(),
  tenantId: v.number(),
  propertyId: v.number(),
  items: v.array(ledgerLineResponse),
  balance: v.number(),
});
