/**
 * A card payment beyond the amount due that landed anyway (docs/payments.md "A payment beyond the amount due"): a
 * page opened before a check was recorded, an intent the job had not yet brought in step, two payers at once.
 * The money is real and the payer is owed the difference, so instead of an anomaly: what was due is settled as
 * the card payment (the ledger's settlement, with its receipt and events), and the rest is to be refunded at once
 * — ONE transaction of the settlement, the intent's I8 (settled: what was due; excess: the rest, counted in its
 * refund total from the start, so Stripe's `charge.refunded` of it books nothing), the change record `overpaid`
 * that the payments group's `overpaymentRefund` job acts on (the Stripe refund, then the payer's mail), and the
 * event's once-item. Nothing due at all: only the intent, the change and the once-item (the whole payment goes
 * back). The amount due is read again on every try: a rival write since is a stale read, and a due that dropped
 * again splits again.
 */
import { changePart } from '../../shared/data/changes-repo.js';
import { settleIntentPart } from '../../shared/data/payment-intents-repo.js';
import type { TxPart } from '../../shared/db/transaction.js';
import { amountDueCents } from '../../shared/domain/money-document/figures.js';
import { Conflict } from '../../shared/errors.js';
import { readMoneyDocument } from '../../shared/workflows/ledger/document.js';
import { SettlementRefused } from '../../shared/workflows/ledger/settlement.js';
import { commitOnce, type EventContext, type Target } from './event-once.js';

/** What the webhook read of the succeeded intent. */
export interface ReceivedCard {
  paymentIntentId: string;
  receivedCents: number;
  currency: string;
}

/** Settles the card payment's amount (throws SettlementRefused as the ledger refuses it). */
export type SettleCard = (amountCents: number, outcome: string, extra: TxPart[]) => Promise<string>;

/** Tries before giving up (each lost try means the amount due moved again meanwhile). */
const ATTEMPTS = 5;

/** The change the refund job acts on: what was received, settled and is to go back. */
const overpaidChange = (ctx: EventContext, invoiceId: number, card: ReceivedCard, settledCents: number) =>
  changePart(
    {
      recordType: 'invoice',
      recordId: invoiceId,
      action: 'overpaid',
      after: {
        paymentIntentId: card.paymentIntentId,
        receivedCents: card.receivedCents,
        settledCents,
        excessCents: card.receivedCents - settledCents,
      },
    },
    ctx.by,
    ctx.now,
    // A second change of the invoice in the settlement's transaction (its `settled` change is the first).
    true,
  );

export async function settleDueRefundRest(
  ctx: EventContext,
  target: Target & { invoiceId: number },
  card: ReceivedCard,
  settle: SettleCard,
): Promise<string> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const doc = await readMoneyDocument('invoice', target.invoiceId);
    if (!doc) return commitOnce(ctx, target, 'unknownInvoice');
    const dueCents = Math.min(card.receivedCents, amountDueCents(doc));
    const intentPart = settleIntentPart(
      card.paymentIntentId,
      target.invoiceId,
      card.receivedCents,
      card.currency,
      ctx.now,
      dueCents,
    );
    const excess =
      dueCents < card.receivedCents ? [overpaidChange(ctx, target.invoiceId, card, dueCents)] : [];
    try {
      if (dueCents === 0) return await commitOnce(ctx, target, 'excessRefunding', [intentPart, ...excess]);
      return await settle(dueCents, excess.length ? 'settledExcessRefunding' : 'settled', [
        intentPart,
        ...excess,
      ]);
    } catch (error) {
      // Less is due than this try read (a payment landed meanwhile): split again.
      if (error instanceof SettlementRefused && error.refusal === 'overpayment') continue;
      throw error;
    }
  }
  throw new Conflict(`The amount due of invoice ${target.invoiceId} keeps changing; retry`);
}
