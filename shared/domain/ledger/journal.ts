/**
 * The double-entry journal of invoices and expenses (docs/money.md): every money event of a document is one
 * entry whose lines balance (the sum of debits equals the sum of credits). Accounts:
 * - receivable: what tenants owe us; revenue and taxPayable: what an invoice earned and the tax it collected;
 * - depositsHeld: the security deposits charged to tenants, a liability (money held for the tenant, never
 *   earned): a DEPOSIT invoice's posting credits it instead of revenue, its reversal (cancelled, void, lowered)
 *   and a deposit credit (a DEPOSIT invoice of a negative amount) debit it;
 * - cash: money in (invoice payments) and out (expense payments);
 * - expense and payable: what an expense cost and what we owe the payee.
 * A negative figure (a credit invoice, a refund) goes on the opposite side as a positive amount, so no line
 * carries a negative debit or credit.
 */

export type Account =
  | 'receivable'
  | 'revenue'
  | 'depositsHeld'
  | 'taxPayable'
  | 'cash'
  | 'expense'
  | 'payable';

/** Where an invoice's subtotal is credited: revenue, or for a DEPOSIT the liability of deposits held. */
export type EarningsAccount = Extract<Account, 'revenue' | 'depositsHeld'>;

/** The invoice type whose money is held for the tenant (spec "Invoice types"). */
export const DEPOSIT_TYPE = 'DEPOSIT';

/** The account an invoice of this type credits with its subtotal. */
export const earningsAccountOf = (documentKind: string | undefined): EarningsAccount =>
  documentKind === DEPOSIT_TYPE ? 'depositsHeld' : 'revenue';

export type JournalKind =
  | 'invoicePosted'
  | 'invoiceReversed'
  | 'paymentReceived'
  | 'refundIssued'
  | 'expensePosted'
  | 'expenseReversed'
  | 'expensePaid'
  | 'expenseRefunded'
  /**
   * An invoice's subtotal moved between revenue and depositsHeld: a DEPOSIT posted before the liability
   * account existed (the one-time migration, shared/workflows/ledger/deposit-migration.ts), or an invoice whose
   * type was changed to or from DEPOSIT while the journal held it.
   */
  | 'reclassified';

export type DocumentType = 'invoice' | 'expense';

export interface JournalLine {
  account: Account;
  debitCents: number;
  creditCents: number;
}

export interface DocumentFigures {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** One journal entry as stored (shared/data/journal-repo.ts): never changed or deleted, a cancel writes its mirror. */
export interface JournalEntryRecord {
  entryId: number;
  kind: JournalKind;
  /** The accounting day (site time zone, YYYY-MM-DD). */
  date: string;
  documentType: DocumentType;
  documentId: number;
  /**
   * The document's type when the entry was written (RENT, OWNER …): the owner statement sorts the entry by it
   * (an OWNER invoice charges the owner, an OWNER expense pays them). Absent on entries written before it.
   */
  documentKind?: string;
  propertyId: number | null;
  lines: JournalLine[];
  /** The payment the entry settles (payment and refund entries). */
  paymentId: number | null;
  /**
   * The part of a payment's or refund's cash that is the tax the invoice collected (the occupancy tax of a
   * stay), signed like the cash; absent when none, and on entries written before it was kept. The owner
   * statement holds it apart from the owner's income (taxCollectedShare).
   */
  taxShareCents?: number;
  /**
   * The part of a payment's or refund's cash on a DEPOSIT invoice that is the deposit, held for the tenant
   * (signed like the cash; the rest is tax). Present on every cash entry of a DEPOSIT invoice written since the
   * liability account exists: its absence marks an entry the deposit migration has to account for.
   */
  depositCents?: number;
  createdAt: string;
}

/** A signed movement: positive is a debit, negative a credit; zero writes no line. */
type Movement = readonly [Account, number];

function linesOf(movements: readonly Movement[]): JournalLine[] {
  return movements
    .filter(([, cents]) => cents !== 0)
    .map(([account, cents]) => ({
      account,
      debitCents: cents > 0 ? cents : 0,
      creditCents: cents < 0 ? -cents : 0,
    }));
}

export const debitsOf = (lines: readonly JournalLine[]) => lines.reduce((t, l) => t + l.debitCents, 0);
export const creditsOf = (lines: readonly JournalLine[]) => lines.reduce((t, l) => t + l.creditCents, 0);
export const isBalanced = (lines: readonly JournalLine[]) => debitsOf(lines) === creditsOf(lines);

/** A document whose total is not subtotal + tax cannot be posted (it could not balance). */
export class UnbalancedEntry extends Error {}

function checked(lines: JournalLine[]): JournalLine[] {
  if (!isBalanced(lines)) throw new UnbalancedEntry('journal entry does not balance');
  return lines;
}

/**
 * Invoice posted: Dr receivable total / Cr revenue subtotal (a DEPOSIT: Cr depositsHeld, `earnings`), Cr
 * taxPayable tax.
 */
export function invoicePostedLines(f: DocumentFigures, earnings: EarningsAccount = 'revenue'): JournalLine[] {
  if (f.subtotalCents + f.taxCents !== f.totalCents)
    throw new UnbalancedEntry('invoice total is not subtotal + tax');
  return checked(
    linesOf([
      ['receivable', f.totalCents],
      [earnings, -f.subtotalCents],
      ['taxPayable', -f.taxCents],
    ]),
  );
}

/** A reclassification: `cents` of an invoice's subtotal moved from the account `from` to `to`. */
export const reclassifiedLines = (from: EarningsAccount, to: EarningsAccount, cents: number): JournalLine[] =>
  checked(
    linesOf([
      [from, cents],
      [to, -cents],
    ]),
  );

/**
 * Expense posted: Dr expense total / Cr payable total. The tax on a bill is part of what it costs (there is no
 * input-tax account here), so the whole total is the expense.
 */
export function expensePostedLines(f: DocumentFigures): JournalLine[] {
  if (f.subtotalCents + f.taxCents !== f.totalCents)
    throw new UnbalancedEntry('expense total is not subtotal + tax');
  return checked(
    linesOf([
      ['expense', f.totalCents],
      ['payable', -f.totalCents],
    ]),
  );
}

/** The mirror of an entry (debits and credits swapped): a reversal, which nets the original to zero. */
export const mirrorLines = (lines: readonly JournalLine[]): JournalLine[] =>
  lines.map((l) => ({ account: l.account, debitCents: l.creditCents, creditCents: l.debitCents }));

/**
 * A settled payment (amountCents > 0) or refund (< 0) on a document:
 * - invoice payment: Dr cash / Cr receivable (paymentReceived); refund: the mirror (refundIssued);
 * - expense payment: Dr payable / Cr cash (expensePaid); refund from the payee: the mirror (expenseRefunded).
 */
export function paymentEntry(
  documentType: DocumentType,
  amountCents: number,
): { kind: JournalKind; lines: JournalLine[] } {
  if (!Number.isSafeInteger(amountCents) || amountCents === 0)
    throw new RangeError('a payment is a whole, non-zero number of cents');
  if (documentType === 'invoice')
    return {
      kind: amountCents > 0 ? 'paymentReceived' : 'refundIssued',
      lines: checked(
        linesOf([
          ['cash', amountCents],
          ['receivable', -amountCents],
        ]),
      ),
    };
  return {
    kind: amountCents > 0 ? 'expensePaid' : 'expenseRefunded',
    lines: checked(
      linesOf([
        ['payable', amountCents],
        ['cash', -amountCents],
      ]),
    ),
  };
}

export const postedKind = (t: DocumentType): JournalKind =>
  t === 'invoice' ? 'invoicePosted' : 'expensePosted';
export const reversedKind = (t: DocumentType): JournalKind =>
  t === 'invoice' ? 'invoiceReversed' : 'expenseReversed';

/** The posting entry of a document (an invoice's subtotal to the account of its type, `documentKind`). */
export const postedLines = (t: DocumentType, f: DocumentFigures, documentKind?: string): JournalLine[] =>
  t === 'invoice' ? invoicePostedLines(f, earningsAccountOf(documentKind)) : expensePostedLines(f);

/** Every account's balance (debits − credits) over a set of entries: what a trial balance shows. */
export function balances(entries: readonly { lines: readonly JournalLine[] }[]): Map<Account, number> {
  const out = new Map<Account, number>();
  for (const e of entries)
    for (const l of e.lines) out.set(l.account, (out.get(l.account) ?? 0) + l.debitCents - l.creditCents);
  return out;
}
