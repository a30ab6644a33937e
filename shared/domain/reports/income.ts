/**
 * The income report (spec "Admin reports" income.json): the settled incoming payments of a day range. A
 * payment item is a settled card or recorded payment; a refund is a payment with a negative amount, so the
 * sum is income net of refunds (DESIGN.md "Invoice and expense totals": paidComputed = payments less refunds).
 * Money paid out on expenses (direction 'out') is not income.
 */
import { toAmount } from '../money.js';

/** What the report needs of a payment item (money data contract: amounts in integer cents). */
export interface SettledPayment {
  paymentId: number;
  direction: 'in' | 'out';
  amountCents: number;
  date: string;
  propertyId: number | null;
}

export interface IncomeFigures {
  totalIncomeCents: number;
  /** Incoming payments counted, refunds included (each is a settled transaction). */
  transactionCount: number;
  refundCount: number;
  refundedCents: number;
}

export function incomeOf(payments: readonly SettledPayment[]): IncomeFigures {
  let totalIncomeCents = 0;
  let transactionCount = 0;
  let refundCount = 0;
  let refundedCents = 0;
  for (const p of payments) {
    if (p.direction !== 'in') continue;
    totalIncomeCents += p.amountCents;
    transactionCount += 1;
    if (p.amountCents < 0) {
      refundCount += 1;
      refundedCents -= p.amountCents;
    }
  }
  return { totalIncomeCents, transactionCount, refundCount, refundedCents };
}

export interface IncomeReport {
  dateFrom: string;
  dateTo: string;
  propertyId: number | null;
  totalIncome: number;
  transactionCount: number;
  refunds: number;
  refundCount: number;
}

export const incomeView = (
  range: { dateFrom: string; dateTo: string; propertyId: number | null },
  figures: IncomeFigures,
): IncomeReport => ({
  ...range,
  totalIncome: toAmount(figures.totalIncomeCents),
  transactionCount: figures.transactionCount,
  refunds: toAmount(figures.refundedCents),
  refundCount: figures.refundCount,
});
