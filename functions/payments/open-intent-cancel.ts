/**
 * The openIntentCancel job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it):
 * an invoice announced as paid (`invoice.paid`) or cancelled (`invoice.cancelled`) has its unpaid PaymentIntent
 * cancelled at Stripe (shared/payments/invoice-intent.ts cancelOpenIntentOf), so nobody pays it a second time
 * from a page opened earlier. Other changes are skipped without a read. Stripe unreachable: the record fails and
 * is retried (docs/jobs.md: in place, then on the job's retry path for about 15 minutes, then kept as a
 * JOBFAILURE with an alarm); meanwhile a payment of that intent is booked as an `overpayment` anomaly.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { ServiceUnavailable } from '../../shared/errors.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { log } from '../../shared/log.js';
import { cancelOpenIntentOf } from '../../shared/payments/invoice-intent.js';
import { openIntentCancel } from './jobs.js';

/** The events after which an invoice takes no card payment, and the reason Stripe is given. */
const ENDING_EVENTS: Readonly<Record<string, 'duplicate' | 'abandoned'>> = {
  // Paid in full (by another intent, or a payment staff recorded): a payment of this one would be a second.
  'invoice.paid': 'duplicate',
  'invoice.cancelled': 'abandoned',
};

export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processRecords(openIntentCancel.id, event, async (record) => {
    const image = newImage(record);
    const reason = typeof image?.event === 'string' ? ENDING_EVENTS[image.event] : undefined;
    if (!image || !reason || image.recordType !== 'invoice') return;
    const change = changeFromItem(image);
    const invoiceId = Number(change.recordId);
    if (!Number.isInteger(invoiceId) || invoiceId < 1) return;
    try {
      const ended = await cancelOpenIntentOf(invoiceId, reason);
      if (ended === 'canceled')
        log('info', 'open PaymentIntent cancelled', { invoiceId, event: change.event });
    } catch (error) {
      // No Stripe key on this site any more: nothing can be cancelled, and a retry would not change that.
      if (!(error instanceof ServiceUnavailable)) throw error;
      log('warn', 'open PaymentIntent not cancelled: card payments are not configured', { invoiceId });
    }
  });
