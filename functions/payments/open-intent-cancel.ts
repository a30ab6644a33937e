/**
 * The openIntentCancel job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it):
 * a change of an invoice that may have moved its amount due — a payment (recorded or by card), a refund, a PUT of
 * its lines, rates or status, a cancel — brings its open PaymentIntent in step at Stripe
 * (shared/payments/invoice-intent.ts keepIntentInStep): its amount updated to the amount due, or the intent
 * cancelled when nothing is due, so a payer holding a page opened earlier never pays the old amount. Other
 * changes are skipped without a read. Stripe unreachable: the record fails and is retried (docs/jobs.md: in
 * place, then on the job's retry path for about 15 minutes, then kept as a JOBFAILURE with an alarm);
 * meanwhile a payment of that intent beyond the amount due is settled for what was due and the rest refunded
 * (docs/payments.md "A payment beyond the amount due").
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { Change } from '../../shared/domain/change.js';
import { ServiceUnavailable } from '../../shared/errors.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { log } from '../../shared/log.js';
import { keepIntentInStep } from '../../shared/payments/invoice-intent.js';
import { openIntentCancel } from './jobs.js';

/**
 * The header fields (a settlement's change) and view fields (a PUT's change) whose change can move what an
 * invoice owes. A created invoice has no intent yet; an anomaly or a dispute moves no money.
 */
const AMOUNT_DUE_FIELDS: ReadonlySet<string> = new Set([
  'status',
  'paidCents',
  'returnedCents',
  'totalCents',
  'amountDue',
]);

/** Whether the change may have moved the invoice's amount due. */
export const movesAmountDue = (change: Pick<Change, 'recordType' | 'action' | 'fields'>): boolean =>
  change.recordType === 'invoice' &&
  change.action !== 'created' &&
  change.fields.some((f) => AMOUNT_DUE_FIELDS.has(f.field));

export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processRecords(openIntentCancel.id, event, async (record) => {
    const image = newImage(record);
    if (image?.recordType !== 'invoice') return;
    const change = changeFromItem(image);
    const invoiceId = Number(change.recordId);
    if (!movesAmountDue(change) || !Number.isInteger(invoiceId) || invoiceId < 1) return;
    try {
      const currency = (await getSettings()).paymentCurrency.toLowerCase();
      const done = await keepIntentInStep(invoiceId, currency);
      if (done === 'canceled' || done === 'updated')
        log('info', `open PaymentIntent ${done} to the amount due`, { invoiceId, action: change.action });
    } catch (error) {
      // No Stripe key on this site any more: nothing can be changed, and a retry would not change that.
      if (!(error instanceof ServiceUnavailable)) throw error;
      log('warn', 'open PaymentIntent not kept in step: card payments are not configured', { invoiceId });
    }
  });
