/**
 * The overpaymentRefund job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it):
 * the change `overpaid` of an invoice — the webhook settled what was due of a card payment and kept the rest on
 * its intent — has the rest refunded at Stripe and recorded (shared/payments/overpayment-refund.ts), which mails
 * the payer. Other changes are skipped without a read. Stripe unreachable: the record fails and is retried
 * (docs/jobs.md), the refund's Idempotency-Key keeping it one refund.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { log } from '../../shared/log.js';
import { refundExcess } from '../../shared/payments/overpayment-refund.js';
import { overpaymentRefund } from './jobs.js';

const by = { actor: 'system:payments', requestId: 'job:overpaymentRefund' } as const;

export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processRecords(overpaymentRefund.id, event, async (record) => {
    const image = newImage(record);
    if (image?.recordType !== 'invoice' || image.action !== 'overpaid') return;
    const change = changeFromItem(image);
    const intentId = change.fields.find((f) => f.field === 'paymentIntentId')?.new;
    if (typeof intentId !== 'string') return;
    const done = await refundExcess(intentId, by, now());
    log('info', 'card payment beyond the amount due', {
      invoiceId: change.recordId,
      paymentIntentId: intentId,
      outcome: done,
    });
  });
