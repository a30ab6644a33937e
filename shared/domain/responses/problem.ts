/** Every error answer: RFC 9457 problem+json (shared/http/problem.ts ProblemBody), documented as `Problem`. */
import * as v from 'valibot';

export const problem = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  instance: v.optional(v.string()),
  requestId: v.string(),
  errors: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
  paidOn: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'payment-create-intent.php only: the day (YYYY-MM-DD) an invoice was paid in full, told to its payer (the used payment link or the tenant session) with the 400',
      ),
    ),
  ),
});
