/** The payments group's background jobs (docs/jobs.md, docs/payments.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const openIntentCancel = defineJob({
  id: 'openIntentCancel',
  group: 'payments',
  entry: 'open-intent-cancel.ts',
  description:
    'Keeps the unpaid PaymentIntent of an invoice in step with its amount due at Stripe: amount updated, or cancelled when nothing is due',
  kind: 'tableChange',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK).
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const overpaymentRefund = defineJob({
  id: 'overpaymentRefund',
  group: 'payments',
  entry: 'overpayment-refund.ts',
  description:
    'Refunds at Stripe what a card payment brought beyond the amount due (the due was settled by the webhook)',
  kind: 'tableChange',
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const jobs = [openIntentCancel, overpaymentRefund];
