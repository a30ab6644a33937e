/**
 * The owner's account of a property (docs/reports.md "Owner statement"): the money the business holds for the
 * property's landlord, and what each journal entry of the property does to it. It is read from the journal
 * alone, so the statement reconciles with it:
 * - income: cash the property's invoices brought in (payments received less refunds), an OWNER invoice aside,
 *   less what of it is not the owner's: the tax the invoice collected (its `taxShareCents`: the occupancy tax
 *   of a stay, for the tax authority) and a security deposit (held for the tenant: a DEPOSIT invoice's cash,
 *   its `depositCents`). Both are held apart, each with its own balance, never income;
 * - expenses: cash the property's expenses took out (paid less refunded), an OWNER expense aside;
 * - the management fee: OWNER invoices to the landlord, charged to the account when they are posted (their
 *   receivable; a reversal gives it back). The spec's OWNER invoice is what the business bills its owner;
 * - payouts: cash paid to the owner on OWNER expenses, less what the owner paid in (cash on an OWNER invoice,
 *   a refund on an OWNER expense).
 * Postings of every other document move no cash and are not in the account: an invoiced but unpaid rent is
 * not the owner's money yet.
 */
import { DEPOSIT_TYPE } from '../ledger/journal.js';
import { percentOfCents } from '../money.js';

/** The spec's invoice and expense type of what is billed to the owner and paid to the owner. */
export const OWNER_TYPE = 'OWNER' as const;

export type StatementCategory = 'income' | 'expense' | 'fee' | 'payout';

export const STATEMENT_CATEGORIES: readonly StatementCategory[] = ['income', 'expense', 'fee', 'payout'];

export interface AccountLine {
  account: string;
  debitCents: number;
  creditCents: number;
}

/** What the account needs of a journal entry: its document's kind and type, its lines and its cash split. */
export interface AccountEntry {
  documentType: 'invoice' | 'expense';
  /** The document's type when the entry was written (RENT, OWNER …). */
  documentKind: string;
  lines: readonly AccountLine[];
  /** The tax collected in the entry's cash (journal entry `taxShareCents`); absent: none. */
  taxShareCents?: number | undefined;
  /**
   * The deposit in the entry's cash (journal entry `depositCents`); absent on a DEPOSIT invoice's entries
   * written before it was kept: then its whole cash less the tax.
   */
  depositCents?: number | undefined;
}

export interface OwnerEffect {
  category: StatementCategory;
  /**
   * The owner's part as its category counts it: income received, an expense or payout paid out, a fee
   * charged; a refund or a reversal is negative (0 when the whole cash is held apart: a deposit).
   */
  amountCents: number;
  /** What the entry does to the owner's balance: income adds, the other categories take away. */
  balanceCents: number;
  /** The income the management fee is charged on: the owner's income, never a deposit or a tax. */
  feeBaseCents: number;
  /** Whether the entry moved cash (a payment or refund) rather than charging the owner. */
  movesCash: boolean;
  /** Deposit money received (+) or returned (−) in the entry's cash: held for the tenant. */
  depositCents: number;
  /** Tax collected (+) or given back (−) in the entry's cash: held for the tax authority. */
  taxCents: number;
}

/** Debits less credits of one account over the lines. */
const netOf = (lines: readonly AccountLine[], account: string): number =>
  lines.reduce((t, l) => (l.account === account ? t + l.debitCents - l.creditCents : t), 0);

/** What of a tenant invoice's cash is tax and what is a deposit (the rest is the owner's income). */
function heldApart(entry: AccountEntry, cashIn: number): { taxCents: number; depositCents: number } {
  const taxCents = entry.taxShareCents ?? 0;
  const depositCents = entry.depositCents ?? (entry.documentKind === DEPOSIT_TYPE ? cashIn - taxCents : 0);
  return { taxCents, depositCents };
}

/** What one entry does to the owner's account, or null when it does nothing (a posting, a zero line). */
export function ownerEffect(entry: AccountEntry): OwnerEffect | null {
  const owner = entry.documentKind === OWNER_TYPE;
  const hasCash = entry.lines.some((l) => l.account === 'cash');
  if (hasCash) {
    const cashIn = netOf(entry.lines, 'cash');
    const category: StatementCategory =
      entry.documentType === 'invoice' ? (owner ? 'payout' : 'income') : owner ? 'payout' : 'expense';
    if (category !== 'income')
      return {
        category,
        amountCents: -cashIn,
        balanceCents: cashIn,
        feeBaseCents: 0,
        movesCash: true,
        depositCents: 0,
        taxCents: 0,
      };
    const held = heldApart(entry, cashIn);
    const income = cashIn - held.taxCents - held.depositCents;
    return {
      category,
      amountCents: income,
      balanceCents: income,
      feeBaseCents: income,
      movesCash: true,
      ...held,
    };
  }
  if (entry.documentType !== 'invoice' || !owner) return null;
  const charged = netOf(entry.lines, 'receivable');
  if (charged === 0) return null;
  return {
    category: 'fee',
    amountCents: charged,
    balanceCents: -charged,
    feeBaseCents: 0,
    movesCash: false,
    depositCents: 0,
    taxCents: 0,
  };
}

/** The terms the management fee is charged by (docs/reports.md "Management fee"). */
export interface FeeTerms {
  /** Percent of the income collected. */
  percent: number;
  /** The least fee of a month, in cents, charged also in a month without income (0: none). */
  minimumCents: number;
}

/** A month's management fee once charged (shared/data/owner-account-repo.ts `<YYYY-MM>#fee`). */
export interface FeeRow {
  kind: 'fee';
  month: string;
  /** The income the fee was computed on (the month's and what earlier months left uncharged); 0: none. */
  baseCents: number;
  feeCents: number;
  percent: number;
  /** The income collected in the month itself (absent on fees charged before it was kept). */
  monthIncomeCents?: number;
  /** The terms' minimum when it was charged (absent: none, or charged before it was kept). */
  minimumCents?: number;
  invoiceId: number | null;
}

/**
 * What the account keeps per property and month (shared/data/owner-account-repo.ts): the sums of the cash
 * entries of a month (the owner's balance, the fee base, and the deposits and tax held apart), each charge to
 * the owner on its own, and the month's management fee once it is charged.
 */
export type AccountRow =
  | {
      kind: 'cash';
      month: string;
      balanceCents: number;
      feeBaseCents: number;
      /** Deposit money received less returned (absent on rows written before it was kept: 0). */
      depositCents?: number;
      /** Tax collected less given back (absent: 0). */
      taxCents?: number;
    }
  | { kind: 'charge'; month: string; balanceCents: number }
  | FeeRow;

/** The balance at the start of `month`: every cash movement and charge of the months before it. */
export function openingBalanceCents(rows: readonly AccountRow[], month: string): number {
  let balance = 0;
  for (const row of rows) if (row.kind !== 'fee' && row.month < month) balance += row.balanceCents;
  return balance;
}

/** What the business held apart for the property at the start of `month`: deposits and tax. */
export function openingHeldCents(
  rows: readonly AccountRow[],
  month: string,
): { depositCents: number; taxCents: number } {
  const held = { depositCents: 0, taxCents: 0 };
  for (const row of rows)
    if (row.kind === 'cash' && row.month < month) {
      held.depositCents += row.depositCents ?? 0;
      held.taxCents += row.taxCents ?? 0;
    }
  return held;
}

/**
 * The income through `month` no management fee was charged on yet: the fee base of every month up to it less
 * the bases the fees charged so far were computed on. A payment recorded late for a month whose fee is charged
 * is charged with the next month's fee, so no income escapes the fee and none is charged twice; refunds beyond
 * the income since (a negative result) wait for later income.
 */
export function unchargedFeeBaseCents(rows: readonly AccountRow[], month: string): number {
  let base = 0;
  for (const row of rows) {
    if (row.month > month) continue;
    if (row.kind === 'cash') base += row.feeBaseCents;
    else if (row.kind === 'fee') base -= row.baseCents;
  }
  return base;
}

/** The income collected in `month` itself (its cash rows' fee base). */
export const monthIncomeCents = (rows: readonly AccountRow[], month: string): number =>
  rows.reduce((t, r) => (r.kind === 'cash' && r.month === month ? t + r.feeBaseCents : t), 0);

/** The month's fee row, when the fee of that month is charged already. */
export const feeRowOf = (rows: readonly AccountRow[], month: string) =>
  rows.find((r): r is FeeRow => r.kind === 'fee' && r.month === month);

/** The fee on the uncharged base at `percent` (rounded once, half away from zero); nothing on no income. */
export function managementFee(baseCents: number, percent: number): { baseCents: number; feeCents: number } {
  if (baseCents <= 0) return { baseCents: 0, feeCents: 0 };
  return { baseCents, feeCents: percentOfCents(baseCents, percent) };
}

/**
 * The fee of `month` by the terms: none in a month without income of its own (what earlier months left
 * uncharged waits for a month with income), unless the terms set a minimum, which is then the fee; in a month
 * with income, the percent of the income not charged yet (the month's and what earlier months left), at
 * least the minimum. `baseCents` is the income it was charged on (0 when none was).
 */
export function monthFee(
  rows: readonly AccountRow[],
  month: string,
  terms: FeeTerms,
): { baseCents: number; feeCents: number; percent: number; monthIncomeCents: number; minimumCents: number } {
  const income = monthIncomeCents(rows, month);
  const fee =
    income > 0
      ? managementFee(unchargedFeeBaseCents(rows, month), terms.percent)
      : { baseCents: 0, feeCents: 0 };
  return {
    ...fee,
    feeCents: Math.max(fee.feeCents, terms.minimumCents),
    percent: terms.percent,
    monthIncomeCents: income,
    minimumCents: terms.minimumCents,
  };
}

/** The fee percent of a property: its own, else the site's (settings `managementFeePercent`). */
export const feePercentOf = (
  property: { managementFeePercent?: number | null },
  sitePercent: number,
): number => property.managementFeePercent ?? sitePercent;

/** The fee terms of a property: its percent (its own, else the site's) and its minimum (none unless set). */
export const feeTermsOf = (
  property: { managementFeePercent?: number | null; managementFeeMinimumCents?: number | null },
  sitePercent: number,
): FeeTerms => ({
  percent: feePercentOf(property, sitePercent),
  minimumCents: property.managementFeeMinimumCents ?? 0,
});

/**
 * The reserve the business keeps of the owner's balance (the property's `ownerReserve`): as much of the
 * closing balance as the reserve asks, never more than there is; the rest is what may be paid out.
 */
export function reserveHeld(
  closingCents: number,
  reserveCents: number,
): { heldCents: number; availableCents: number } {
  const heldCents = Math.min(reserveCents, Math.max(closingCents, 0));
  return { heldCents, availableCents: closingCents - heldCents };
}
