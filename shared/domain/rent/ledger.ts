/**
 * A ledger as a tenant and a landlord read it (adminLeases `ledger.json`, tenantPortal `ledger.json`): every
 * charge (an invoice: rent, deposit, late fee …), payment and refund in date order with the running balance
 * (what is owed after each line). Built from the invoices and their payments as stored; a cancelled invoice
 * owes nothing and is left out with its payments. Each invoice's lines add up to what it owes
 * (amountDueCents, docs/money.md "What is owed"): a refund of an invoice paid in full is money returned, so its
 * line shows the money given back (`refunded`) and moves the balance by nothing, never a new debt.
 */
import * as v from 'valibot';
import type { PaymentRecord } from '../ledger/payment.js';
import { toAmount } from '../money.js';
import { amountDueCents } from '../money-document/figures.js';
import type { InvoiceRecord } from '../money-document/record.js';
import { invoiceTitle, paymentWords } from '../money-document/words.js';

export const LEDGER_LINE_KINDS = ['charge', 'payment', 'refund'] as const;
export type LedgerLineKind = (typeof LEDGER_LINE_KINDS)[number];

export interface LedgerLine {
  date: string;
  kind: LedgerLineKind;
  invoiceId: number;
  /** What the line is, in words (money-document/words.ts): `Rent for December 2026`, `Bank transfer`. */
  description: string;
  /** The line's invoice's type (RENT, DEPOSIT, ADJUSTMENT …). */
  invoiceType: string;
  /** The payment's method (`bank_transfer` …); null on a charge. */
  method: string | null;
  paymentId: number | null;
  /**
   * What the line changes of what is owed: more (+, a charge, a refund of a part payment) or less (−, a
   * payment); 0 for money returned on an invoice paid in full.
   */
  amountCents: number;
  /** On a refund: the money given back (positive); null on a charge or a payment. */
  refundedCents: number | null;
}

type LedgerPayment = Pick<PaymentRecord, 'paymentId' | 'amountCents' | 'date' | 'method'>;

/** Newest first: the refunds whose effect a money-returned figure takes off. */
const newestFirst = (a: LedgerPayment, b: LedgerPayment) =>
  a.date === b.date ? b.paymentId - a.paymentId : a.date < b.date ? 1 : -1;

/**
 * What each refund changes of what is owed: its amount, less its part of the money returned (what the lines
 * would owe beyond the amount due), taken from the newest refunds first. An invoice paid in full and refunded
 * in part owes nothing: its refund moves the balance by 0. A refund later matched by a credit line lowering the
 * total owes nothing beyond it either, so it moves the balance by its amount (the charge already shows the credit).
 */
function refundEffects(
  invoice: Pick<InvoiceRecord, 'totalCents' | 'paidCents' | 'returnedCents'>,
  payments: readonly LedgerPayment[],
): Map<number, number> {
  const lineSum = invoice.totalCents - payments.reduce((sum, p) => sum + p.amountCents, 0);
  let returned = Math.max(0, lineSum - amountDueCents(invoice));
  const effects = new Map<number, number>();
  for (const refund of payments.filter((p) => p.amountCents < 0).sort(newestFirst)) {
    const taken = Math.min(returned, -refund.amountCents);
    returned -= taken;
    effects.set(refund.paymentId, -refund.amountCents - taken);
  }
  return effects;
}

/** The lines of one invoice: its charge on its invoice date, then each payment (−) or refund (+ or 0). */
export function linesOfInvoice(
  invoice: Pick<
    InvoiceRecord,
    | 'invoiceId'
    | 'description'
    | 'invoiceDate'
    | 'totalCents'
    | 'paidCents'
    | 'returnedCents'
    | 'period'
    | 'lateFeeOf'
    | 'lateFeeDays'
  >,
  payments: readonly LedgerPayment[],
): LedgerLine[] {
  const refunds = refundEffects(invoice, payments);
  return [
    {
      date: invoice.invoiceDate,
      kind: 'charge',
      invoiceId: invoice.invoiceId,
      description: invoiceTitle(invoice),
      invoiceType: invoice.description,
      method: null,
      paymentId: null,
      amountCents: invoice.totalCents,
      refundedCents: null,
    },
    ...payments.map(
      (p): LedgerLine => ({
        date: p.date,
        kind: p.amountCents < 0 ? 'refund' : 'payment',
        invoiceId: invoice.invoiceId,
        description: paymentWords(p.method, p.amountCents),
        invoiceType: invoice.description,
        method: p.method,
        paymentId: p.paymentId,
        amountCents: p.amountCents < 0 ? (refunds.get(p.paymentId) ?? -p.amountCents) : -p.amountCents,
        refundedCents: p.amountCents < 0 ? -p.amountCents : null,
      }),
    ),
  ];
}

/** Charges before payments on one day, then by invoice and payment id: a stable order. */
function order(a: LedgerLine, b: LedgerLine): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.kind !== b.kind) return a.kind === 'charge' ? -1 : b.kind === 'charge' ? 1 : 0;
  return a.invoiceId - b.invoiceId || (a.paymentId ?? 0) - (b.paymentId ?? 0);
}

/** The lines in date order, each with the balance after it, and the balance at the end; amounts as the API shows them. */
export function ledgerView(lines: readonly LedgerLine[]) {
  let balance = 0;
  const items = [...lines].sort(order).map((line) => {
    balance += line.amountCents;
    return {
      date: line.date,
      kind: line.kind,
      invoiceId: line.invoiceId,
      paymentId: line.paymentId,
      description: line.description,
      invoiceType: line.invoiceType,
      method: line.method,
      amount: toAmount(line.amountCents),
      refunded: line.refundedCents === null ? null : toAmount(line.refundedCents),
      balance: toAmount(balance),
    };
  });
  return { items, balance: toAmount(balance) };
}

/** One line of ledgerView's answer, for both route contracts (adminLeases and tenantPortal `ledger.json`). */
export const ledgerLineResponse = v.object({
  date: v.string(),
  kind: v.picklist(LEDGER_LINE_KINDS),
  invoiceId: v.number(),
  paymentId: v.nullable(v.number()),
  /** What the line is, in words: `Rent for December 2026`, `Late fee for November 2026`, `Bank transfer`. */
  description: v.string(),
  /** The type of the line's invoice (RENT, DEPOSIT, ADJUSTMENT …). */
  invoiceType: v.string(),
  /** The payment's or refund's method (card, cash, check, bank_transfer, other); null on a charge. */
  method: v.nullable(v.string()),
  /**
   * What the line changes of what is owed: more (+: a charge, a refund of a part payment) or less (−: a
   * payment); 0 for a refund of an invoice paid in full, which is money returned, not a new debt.
   */
  amount: v.number(),
  /** On a refund line: the money given back (see `amount` for what it changed of the balance); null otherwise. */
  refunded: v.nullable(v.number()),
  /** What is owed after this line. */
  balance: v.number(),
});
