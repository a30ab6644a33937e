/**
 * Card money the books cannot take (docs/payments.md "Anomalies"; shared/domain/payments/anomaly.ts): kept on
 * the invoice, announced as `payment.anomaly`, no money moved, in ONE transaction with the event's once-item
 * and the intent's part (its payment kept, or its running refund total), so the event acts once and the
 * intent is not counted again by another event id. Stripe gets 200: retrying would not change it. The
 * handler turns the outcome `anomaly:<kind>` into the alarmed metric (metrics.ts).
 */

import { retryStale } from '../../shared/db/optimistic.js';
import type { TxPart } from '../../shared/db/transaction.js';
import type { PaymentAnomaly, PaymentAnomalyKind } from '../../shared/domain/payments/anomaly.js';
import { log } from '../../shared/log.js';
import { anomalyParts } from '../../shared/workflows/ledger/card-events.js';
import { readMoneyDocument } from '../../shared/workflows/ledger/document.js';
import { commitOnce, type EventContext, type Target } from './event-once.js';

/** What the event reported that the books cannot take. */
export interface AnomalyReport {
  kind: PaymentAnomalyKind;
  detail: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  currency: string;
}

export const ANOMALY_OUTCOME_PREFIX = 'anomaly:';

/** The anomaly kind of a webhook outcome, or undefined when the outcome is not one. */
export const anomalyOf = (outcome: string): string | undefined =>
  outcome.startsWith(ANOMALY_OUTCOME_PREFIX) ? outcome.slice(ANOMALY_OUTCOME_PREFIX.length) : undefined;

/**
 * Keeps the anomaly on the invoice (re-reading it while rivals move its version). The intent's part, when
 * given, joins the transaction: its condition failing (another event acted on the intent first) is thrown to
 * the caller, which decides again.
 */
export function keepAnomaly(
  ctx: EventContext,
  target: Target & { invoiceId: number },
  report: AnomalyReport,
  intentPart: TxPart | null,
): Promise<string> {
  const outcome = `${ANOMALY_OUTCOME_PREFIX}${report.kind}`;
  return retryStale(`Invoice ${target.invoiceId}`, async () => {
    const doc = await readMoneyDocument('invoice', target.invoiceId);
    if (!doc) return commitOnce(ctx, target, 'unknownInvoice');
    const anomaly: PaymentAnomaly = {
      ...report,
      currency: report.currency.toLowerCase(),
      eventId: ctx.event.id,
      eventType: ctx.event.type,
      at: ctx.now.toISOString(),
    };
    const parts = [...anomalyParts(doc, anomaly, ctx.by, ctx.now), ...(intentPart ? [intentPart] : [])];
    const result = await commitOnce(ctx, target, outcome, parts, 'anomaly:invoice');
    if (result === outcome)
      log('warn', 'stripe event kept as a payment anomaly', {
        eventId: ctx.event.id,
        type: ctx.event.type,
        invoiceId: target.invoiceId,
        kind: report.kind,
        detail: report.detail,
      });
    return result;
  });
}
