/**
 * The owner's account of a property (docs/reports.md "Owner statement"): the money the business holds for the
 * property's landlord, and what each journal entry of the property does to it. It is read from the journal
 * alone, so the statement reconciles with it:
 * - income: cash the property's invoices brought in (payments received less refunds), an OWNER invoice aside;
 * - expenses: cash the property's expenses took out (paid less refunded), an OWNER expense aside;
 * - the management fee: OWNER invoices to the landlord, charged to the account when they are posted (their
 *   receivable; a reversal gives it back). The spec's OWNER invoice is what the business bills its owner;
 * - payouts: cash paid to the owner on OWNER expenses, less what the owner paid in (cash on an OWNER invoice,
 *   a refund on an OWNER expense).
 * Postings of every other document move no cash and are not in the account: an invoiced but unpaid rent is
 * not the owner's money yet.
 */
import { percentOfCents } from '../money.js';

/** The spec's invoice and expense type of what is billed to the owner and paid to the owner. */
export const OWNER_TYPE = 'OWNER' as const;

/** Types whose money is income but earns no management fee: a deposit is held for the tenant, not earned. */
const NO_FEE_TYPES: ReadonlySet<string> = new Set(['DEPOSIT']);

export type StatementCategory = 'income' | 'expense' | 'fee' | 'payout';

export const STATEMENT_CATEGORIES: readonly StatementCategory[] = ['income', 'expense', 'fee', 'payout'];

export interface AccountLine {
  account: string;
  debitCents: number;
  creditCents: number;
}

/** What the account needs of a journal entry: its document's kind and type, and its lines. */
export interface AccountEntry {
  documentType: 'invoice' | 'expense';
  /** The document's type when the entry was written (RENT, OWNER …). */
  documentKind: string;
  lines: readonly AccountLine[];
}

export interface OwnerEffect {
  category: StatementCategory;
  /**
   * The amount as its category counts it: income received, an expense or payout paid out, a fee charged;
   * a refund or a reversal is negative.
   */
  amountCents: number;
  /** What the entry does to the owner's balance: income adds, the other categories take away. */
  balanceCents: number;
  /** The income the management fee is charged on (income other than deposits). */
  feeBaseCents: number;
  /** Whether the entry moved cash (a payment or refund) rather than charging the owner. */
  movesCash: boolean;
}

/** Debits less credits of one account over the lines. */
const netOf = (lines: readonly AccountLine[], account: string): number =>
  lines.reduce((t, l) => (l.account === account ? t + l.debitCents - l.creditCents : t), 0);

/** What one entry does to the owner's account, or null when it does nothing (a posting, a zero line). */
export function ownerEffect(entry: AccountEntry): OwnerEffect | null {
  const owner = entry.documentKind === OWNER_TYPE;
  const hasCash = entry.lines.some((l) => l.account === 'cash');
  if (hasCash) {
    const cashIn = netOf(entry.lines, 'cash');
    const category: StatementCategory =
      entry.documentType === 'invoice' ? (owner ? 'payout' : 'income') : owner ? 'payout' : 'expense';
    const income = category === 'income';
    return {
      category,
      amountCents: income ? cashIn : -cashIn,
      balanceCents: cashIn,
      feeBaseCents: income && !NO_FEE_TYPES.has(entry.documentKind) ? cashIn : 0,
      movesCash: true,
    };
  }
  if (entry.documentType !== 'invoice' || !owner) return null;
  const charged = netOf(entry.lines, 'receivable');
  if (charged === 0) return null;
  return { category: 'fee', amountCents: charged, balanceCents: -charged, feeBaseCents: 0, movesCash: false };
}

/**
 * What the account keeps per property and month (shared/data/owner-account-repo.ts): the sums of the cash
 * entries of a month, each charge to the owner on its own, and the month's management fee once it is charged.
 */
export type AccountRow =
  | { kind: 'cash'; month: string; balanceCents: number; feeBaseCents: number }
  | { kind: 'charge'; month: string; balanceCents: number }
  | {
      kind: 'fee';
      month: string;
      baseCents: number;
      feeCents: number;
      percent: number;
      invoiceId: number | null;
    };

/** The balance at the start of `month`: every cash movement and charge of the months before it. */
export function openingBalanceCents(rows: readonly AccountRow[], month: string): number {
  let balance = 0;
  for (const row of rows) if (row.kind !== 'fee' && row.month < month) balance += row.balanceCents;
  return balance;
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

/** The month's fee row, when the fee of that month is charged already. */
export const feeRowOf = (rows: readonly AccountRow[], month: string) =>
  rows.find((r): r is Extract<AccountRow, { kind: 'fee' }> => r.kind === 'fee' && r.month === month);

/** The fee on the uncharged base at `percent` (rounded once, half away from zero); nothing on no income. */
export function managementFee(baseCents: number, percent: number): { baseCents: number; feeCents: number } {
  if (baseCents <= 0) return { baseCents: 0, feeCents: 0 };
  return { baseCents, feeCents: percentOfCents(baseCents, percent) };
}

/** The fee percent of a property: its own, else the site's (settings `managementFeePercent`). */
export const feePercentOf = (
  property: { managementFeePercent?: number | null },
  sitePercent: number,
): number => property.managementFeePercent ?? sitePercent;
