/**
 * A payment or refund settling an invoice or expense (docs/money.md "Settlement"): ONE transaction of
 * - `put:payment <id>` (the payment item, negative for a refund),
 * - `put:journal <id>` (its balanced entry; a processor payment on a cancelled invoice first re-posts it),
 * - `settle:<type> <id>` (the header's paidCents, refundedCents and status, conditioned on the version read),
 * - the change items (`change:payment <id>` with payment.succeeded on an invoice payment, `change:<type> <id>`
 *   with invoice.paid / invoice.refunded),
 * plus whatever the caller adds (H3: the Stripe event put-if-absent). A rival write that lands first fails
 * the version condition and the caller re-reads: two payments racing for the last amount due cannot both
 * land, and a cancel and a payment cannot both win.
 */

import { changePart } from '../../data/changes-repo.js';
import { documentChanged, settleHeaderPart } from '../../data/money-documents-repo.js';
import { deletePayTokenPart, spendPayTokenPart } from '../../data/pay-token-check.js';
import { insertPaymentPart } from '../../data/payments-repo.js';
import { nextBlockId } from '../../db/counters.js';
import type { TxPart } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { cashSplitOf } from '../../domain/ledger/cash-split.js';
import { type DocumentType, paymentEntry } from '../../domain/ledger/journal.js';
import { directionOf, type PaymentMethod, type PaymentRecord } from '../../domain/ledger/payment.js';
import {
  type PaymentSource,
  type Settlement,
  type SettlementRefusal,
  settle,
} from '../../domain/ledger/settlement.js';
import { INVOICE_STATUS, isPayableStatus, kindOf } from '../../domain/money-document/kind.js';
import { paymentView } from '../../domain/money-document/view.js';
import { headerRead, type MoneyDocument, viewOf } from './document.js';
import { journalEntryParts, journalParts, newJournalEntryId } from './posting.js';

export interface SettlementInput {
  /** Positive: a payment; negative: a refund. */
  amountCents: number;
  method: PaymentMethod;
  /** The settled day (site time zone, YYYY-MM-DD). */
  date: string;
  reference: string | null;
  /** 'recorded' (an admin: refused when it cannot be right) or 'processor' (Stripe: a fact). */
  source: PaymentSource;
  by: Actor;
  now: Date;
}

/** A payment the rules refuse (domain refusal + its words); the endpoint maps it to 409 or 400. */
export class SettlementRefused extends Error {
  constructor(
    readonly refusal: SettlementRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface SettlementPlan {
  parts: TxPart[];
  settlement: Settlement;
  payment: PaymentRecord;
}

/**
 * The parts that settle `amountCents` on the document as read; throws SettlementRefused when the rules
 * refuse it (cancelled, draft, overpayment, over-refund, zero). Allocates the payment and entry ids.
 */
export async function settlementParts(doc: MoneyDocument, input: SettlementInput): Promise<SettlementPlan> {
  const result = settle(doc, input.amountCents, input.source);
  if (!result.ok) throw new SettlementRefused(result.refusal, result.detail);
  const next = result.next;
  const [paymentId, entryId, repostId] = await Promise.all([
    nextBlockId('payment'),
    newJournalEntryId(),
    next.reinstated ? newJournalEntryId() : Promise.resolve(0),
  ]);
  const stamp = input.now.toISOString();
  const payment: PaymentRecord = {
    paymentId,
    documentType: doc.documentType,
    documentId: doc.documentId,
    propertyId: doc.propertyId,
    direction: directionOf(doc.documentType),
    amountCents: input.amountCents,
    method: input.method,
    date: input.date,
    reference: input.reference,
    createdAt: stamp,
    actor: input.by.actor,
    documentKind: doc.documentKind,
  };
  const entry = paymentEntry(doc.documentType, input.amountCents);
  const parts: TxPart[] = [
    // A cancelled invoice the processor paid is posted again first: the journal holds it while it is active.
    ...(next.reinstated
      ? journalParts(doc, doc, { entryId: repostId, date: input.date, now: input.now })
      : []),
    insertPaymentPart(payment),
    ...journalEntryParts({
      entryId,
      kind: entry.kind,
      date: input.date,
      documentType: doc.documentType,
      documentId: doc.documentId,
      documentKind: doc.documentKind,
      propertyId: doc.propertyId,
      lines: entry.lines,
      paymentId,
      // What of the cash is tax collected and what is a deposit held: the owner statement holds both apart.
      ...cashSplitOf(doc, doc.paidCents, next.paidCents),
      createdAt: stamp,
    }),
    settleHeaderPart(headerRead(doc), next, input.now),
    // Paid (or refunded): the payment link stops paying; a new one is made if something is due again. Paid,
    // it is kept used up, so it can still say when the invoice was paid.
    ...(doc.documentType === 'invoice' && !isPayableStatus(next.status)
      ? [
          next.status === INVOICE_STATUS.paid
            ? spendPayTokenPart(doc.documentId, input.date)
            : deletePayTokenPart(doc.documentId),
        ]
      : []),
    ...changeParts(doc, next, payment, input),
  ];
  return { parts, settlement: next, payment };
}

function changeParts(
  doc: MoneyDocument,
  next: Settlement,
  payment: PaymentRecord,
  input: SettlementInput,
): TxPart[] {
  const { actor: _actor, ...paymentFields } = payment;
  const paymentEvent = next.events.find((e) => e.startsWith('payment.'));
  const documentEvent = next.events.find((e) => !e.startsWith('payment.'));
  const money = {
    status: next.status,
    paidCents: next.paidCents,
    refundedCents: next.refundedCents,
    returnedCents: next.returnedCents,
  };
  return [
    changePart(
      {
        recordType: 'payment',
        recordId: payment.paymentId,
        action: next.kind === 'payment' ? 'created' : 'refunded',
        after: paymentFields,
        ...(paymentEvent
          ? {
              event: paymentEvent,
              record: paymentView(kindOf(doc.documentType), payment, {
                ...money,
                totalCents: doc.totalCents,
              }),
            }
          : {}),
      },
      input.by,
      input.now,
    ),
    changePart(
      {
        recordType: doc.documentType,
        recordId: doc.documentId,
        action: next.kind === 'payment' ? 'settled' : 'refunded',
        before: {
          status: doc.status,
          paidCents: doc.paidCents,
          refundedCents: doc.refundedCents,
          returnedCents: doc.returnedCents ?? 0,
        },
        after: money,
        ...(documentEvent
          ? { event: documentEvent, record: viewOf(doc, money), previousRecord: viewOf(doc) }
          : {}),
      },
      input.by,
      input.now,
    ),
  ];
}

/** Whether a transaction failed because the document changed since it was read (re-read and retry). */
export const settlementStale = (error: unknown, documentType: DocumentType): boolean =>
  documentChanged(error, documentType);
