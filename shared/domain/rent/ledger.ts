/**
 * A ledger as a tenant and a landlord read it (adminLeases `ledger.json`, tenantPortal `ledger.json`): every
 * charge (an invoice: rent, deposit, late fee …), payment and refund in date order with the running balance
 * (what is owed after each line). Built from the invoices and their payments as stored; a cancelled invoice
 * owes nothing and is left out with its payments.
 */
import * as v from 'valibot';
import type { PaymentRecord } from '../ledger/payment.js';
import { toAmount } from '../money.js';
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
  /** Owed more (+, a charge or a refund) or less (−, a payment). */
  amountCents: number;
}

/** The lines of one invoice: its charge on its invoice date, then each payment (−) or refund (+). */
export function linesOfInvoice(
  invoice: Pick<
    InvoiceRecord,
    'invoiceId' | 'description' | 'invoiceDate' | 'totalCents' | 'period' | 'lateFeeOf' | 'lateFeeDays'
  >,
  payments: readonly Pick<PaymentRecord, 'paymentId' | 'amountCents' | 'date' | 'method'>[],
): LedgerLine[] {
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
        amountCents: -p.amountCents,
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
  /** Owed more (+: a charge, a refund) or less (−: a payment). */
  amount: v.number(),
  /** What is owed after this line. */
  balance: v.number(),
});
