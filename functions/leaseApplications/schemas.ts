/** Request schemas of lease applications (spec "Lease applications") and the admin list (beyond the spec). */
import * as v from 'valibot';
import { leaseTermsBody } from '../../shared/domain/rent/terms-input.js';
import { intLike, paging, text } from '../../shared/http/schemas.js';

export const applyBody = v.strictObject({ propertyId: intLike(1) });

export const listApplicationsQuery = v.object({
  propertyId: v.optional(intLike(1)),
  ...paging(),
});

export type ListApplicationsQuery = v.InferOutput<typeof listApplicationsQuery>;

export const DECISIONS = ['approve', 'decline'] as const;

/**
 * An admin's decision (docs/leases.md "Application decisions"): approve with the lease's terms (tenant and
 * property are the application's), or decline; the note is kept on the application and goes into the mail.
 */
export const decisionBody = v.pipe(
  v.strictObject({
    decision: v.picklist(DECISIONS, `must be one of ${DECISIONS.join(', ')}`),
    note: v.optional(text(2000)),
    lease: v.optional(leaseTermsBody),
  }),
  v.forward(
    v.check((b) => b.decision !== 'approve' || b.lease !== undefined, 'approve needs the lease’s terms'),
    ['lease'],
  ),
  v.forward(
    v.check(
      (b) => b.decision !== 'decline' || b.lease === undefined,
      'a declined application makes no lease',
    ),
    ['lease'],
  ),
);
export type DecisionInput = v.InferOutput<typeof decisionBody>;
