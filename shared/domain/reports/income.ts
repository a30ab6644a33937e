/**
 * The income report (spec "Admin reports" income.json): the settled incoming payments of a day range. A
 * payment item is a settled card or recorded payment; a refund is a payment with a negative amount, so the
 * sum is income net of refunds (DESIGN.md "Invoice and expense totals": paidComputed = payments less refunds).
 * Money paid out on expenses (direction 'out') is not income, nor is a tenant's security deposit (a payment on a
 * DEPOSIT invoice: money held for the tenant, the journal's depositsHeld liability), which the report counts
 * apart (deposits received and returned).
 */
import { DEPOSIT_TYPE } from '../ledger/journal.js';
import { toAmount } from '../money.js';

/** What the report needs of a payment item (money data contract: amounts in integer cents). */
export interface SettledPayment {
  paymentId: number;
  direction: 'in' | 'out';
  amountCents: number;
  date: string;
  propertyId: number | null;
  /** Its document's type (the caller reads it for payments stored without it). */
  documentKind?: string | undefined;
}

export interface IncomeFigures {
  totalIncomeCents: number;
  /** Incoming payments counted, refunds included (each is a settled transaction). */
  transactionCount: number;
  refundCount: number;
  refundedCents: number;
  /** Deposit money received (payments on DEPOSIT invoices), not income. */
  depositsReceivedCents: number;
  /** Deposit money returned (refunds on DEPOSIT invoices). */
  depositsReturnedCents: number;
  /** Deposit payments and refunds counted. */
  depositCount: number;
}

export function incomeOf(payments: readonly SettledPayment[]): IncomeFigures {
  const f: IncomeFigures = {
    totalIncomeCents: 0,
    transactionCount: 0,
    refundCount: 0,
    refundedCents: 0,
    depositsReceivedCents: 0,
    depositsReturnedCents: 0,
    depositCount: 0,
  };
  for (const p of payments) {
    if (p.direction !== 'in') continue;
    if (p.documentKind === DEPOSIT_TYPE) {
      f.depositCount += 1;
      if (p.amountCents > 0) f.depositsReceivedCents += p.amountCents;
      else f.depositsReturnedCents -= p.amountCents;
      continue;
    }
    f.totalIncomeCents += p.amountCents;
    f.transactionCount += 1;
    if (p.amountCents < 0) {
      f.refundCount += 1;
      f.refundedCents -= p.amountCents;
    }
  }
  return f;
}

export interface IncomeReport {
  dateFrom: string;
  dateTo: string;
  propertyId: number | null;
  totalIncome: number;
  transactionCount: number;
  refunds: number;
  refundCount: number;
  depositsReceived: number;
  depositsReturned: number;
  depositCount: number;
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
  depositsReceived: toAmount(figures.depositsReceivedCents),
  depositsReturned: toAmount(figures.depositsReturnedCents),
  depositCount: figures.depositCount,
});
