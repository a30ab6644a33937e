/** The payments group's background job (docs/jobs.md, docs/payments.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const openIntentCancel = defineJob({
  id: 'openIntentCancel',
  group: 'payments',
  entry: 'open-intent-cancel.ts',
  description: 'Cancels at Stripe the unpaid PaymentIntent of an invoice that was paid in full or cancelled',
  kind: 'tableChange',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK).
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const jobs = [openIntentCancel];
