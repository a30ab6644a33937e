/**
 * The owner statement (beyond the spec; DESIGN.md "Owner statement", docs/reports.md): per landlord and month,
 * for each property and in total, the owner's account (owner-account.ts) as property managers send it: the
 * opening balance, every income and expense line of the month with its date, what it was and the tenant or
 * vendor, the management fee with its base and rule, the payouts to the owner and the closing balance, where
 * opening + income − expenses − fee − payouts = closing. All from the journal, summed in cents. Beside the
 * owner's account, what the business holds apart from the owner's money: the tenants' security deposits
 * (received, applied, returned, held at month end) and the tax collected on stays (collected, remitted, held),
 * never income; the reserve kept of the balance; and, as of the statement date, the bills not paid and the rent
 * not yet paid. `net` (income − expenses) and `transactions` (entries that moved cash) are kept as before.
 */
import { toAmount } from '../money.js';
import { documentKindWords } from '../money-document/words.js';
import {
  type AccountLine,
  type FeeRow,
  type FeeTerms,
  ownerEffect,
  reserveHeld,
  type StatementCategory,
} from './owner-account.js';
import { feeRule } from './statement-format.js';

/** What the statement needs of a journal entry item (money data contract). */
export interface StatementEntry {
  entryId: number;
  kind: string;
  date: string;
  documentType: 'invoice' | 'expense';
  documentId: number;
  propertyId: number | null;
  lines: readonly AccountLine[];
  paymentId?: number | null;
  /** The document's type when the entry was written; absent on entries written before it was kept. */
  documentKind?: string;
  /** The tax collected in the entry's cash (journal-entry `taxShareCents`). */
  taxShareCents?: number;
  /** The deposit in the entry's cash (journal-entry `depositCents`). */
  depositCents?: number;
}

/** What the statement shows of an entry's document: read from the document, its first line and its party. */
export interface DocumentFacts {
  /** The document's type (RENT, OWNER …): stands in for an entry's missing `documentKind`. */
  documentKind: string;
  /** The document's first line item ('' when it has none). */
  firstLine: string;
  /** Who paid or was paid, by name: the tenant, the landlord, the vendor ('' when unknown). */
  party: string;
  /**
   * The document in words when it names its month (the rent cycle's: `Rent for May 2031`, `Late fee for May
   * 2031`; money-document/words.ts); else absent, and its first line says what it was.
   */
  title?: string;
  /** Its kind as a phrase names it (`rent`, `late fee`, `owner`); absent: the words of `documentKind`. */
  kindWords?: string;
}

export interface StatementProperty {
  propertyId: number;
  propertyName: string;
  type: string;
  isArchived: 0 | 1;
}

/** A bill not paid or a rent not yet paid, as of the statement date, with its words. */
export interface OpenDocument {
  documentType: 'invoice' | 'expense';
  documentId: number;
  /** The document's date (an expense's, an invoice's issue day). */
  date: string;
  dueDate: string;
  /** What it is (`Pool service (service expense 3)`, `Rent for May 2031 (rent invoice 12)`). */
  description: string;
  /** The vendor or tenant, by name. */
  party: string;
  /** What is still due, in cents. */
  dueCents: number;
}

/** One property's month as the caller read it. */
export interface PropertyMonth {
  property: StatementProperty;
  /** The property's fee percent (its own, else the site's). */
  feePercent: number;
  /** The property's fee terms (percent and minimum); absent: the percent with no minimum. */
  feeTerms?: FeeTerms;
  /** Whether the month's management fee is charged already (the month was closed). */
  feeCharged: boolean;
  /** The fees charged up to the month (the base and rule of each fee line); absent: none read. */
  feeRows?: readonly FeeRow[];
  openingBalanceCents: number;
  /** What was held apart at the start of the month: deposits and tax (absent: none). */
  openingHeld?: { depositCents: number; taxCents: number };
  /** The property's owner reserve in cents (absent: none). */
  reserveCents?: number;
  /** The property's bills not paid, as of the statement date (absent: none). */
  unpaidBills?: readonly OpenDocument[];
  /** The property's rent not yet paid that was due by the month's end, as of the statement date. */
  unpaidRent?: readonly OpenDocument[];
  /** The property's journal entries dated in the month. */
  entries: readonly StatementEntry[];
}

export interface StatementLine {
  date: string;
  category: StatementCategory;
  description: string;
  /** The tenant, vendor or owner, by name. */
  party: string;
  /** As its category counts it (received, paid out, charged); a refund or reversal is negative. */
  amount: number;
  documentType: 'invoice' | 'expense';
  documentId: number;
  paymentId: number | null;
  /** A management fee's line: the income it was charged on. */
  base?: number;
  /** A management fee's line: its rule in words (`10% of income collected 1,450.00`). */
  rule?: string;
}

/** A movement of money held apart from the owner's (a deposit or tax), one payment or refund. */
export interface HeldLine {
  date: string;
  /** Deposits: received or returned; tax: collected or refunded. */
  movement: 'received' | 'returned' | 'collected' | 'refunded';
  description: string;
  party: string;
  /** In (+) or out (−). */
  amount: number;
  documentType: 'invoice' | 'expense';
  documentId: number;
  paymentId: number | null;
}

/** Security deposits the business holds for the property's tenants: never income, never in the fee's base. */
export interface DepositsHeld {
  openingHeld: number;
  received: number;
  /** Applied to what a tenant owes (a payment from the deposit); nothing applies one yet (docs/reports.md). */
  applied: number;
  returned: number;
  /** openingHeld + received − applied − returned. */
  heldAtMonthEnd: number;
  lines: HeldLine[];
}

/** Tax collected on the property's invoices (the occupancy tax of stays): never income, no fee on it. */
export interface TaxHeld {
  openingHeld: number;
  /** Collected less what refunds gave back. */
  collected: number;
  /** Paid to the tax authority; nothing records a remittance yet (docs/reports.md). */
  remitted: number;
  /** openingHeld + collected − remitted: held by the business for remittance. */
  heldAtMonthEnd: number;
  lines: HeldLine[];
}

/** Open documents as of the statement date and what they still owe. */
export interface OpenDocuments {
  total: number;
  items: {
    documentType: 'invoice' | 'expense';
    documentId: number;
    date: string;
    dueDate: string;
    description: string;
    party: string;
    amountDue: number;
  }[];
}

export interface StatementRow {
  propertyId: number;
  name: string;
  type: string;
  managementFeePercent: number;
  feeCharged: boolean;
  openingBalance: number;
  income: number;
  expenses: number;
  managementFee: number;
  payouts: number;
  closingBalance: number;
  net: number;
  transactions: number;
  lines: StatementLine[];
  /** The least fee of a month by the property's terms (null: none). */
  managementFeeMinimum: number | null;
  /** The income the month's fee was charged on (null until the month is closed). */
  managementFeeBase: number | null;
  /** The month's fee rule in words (null until the month is closed). */
  managementFeeRule: string | null;
  deposits: DepositsHeld;
  occupancyTax: TaxHeld;
  /** The property's owner reserve (0: none). */
  reserve: number;
  /** What of the closing balance the reserve keeps: the reserve, at most the balance, never below 0. */
  reserveHeld: number;
  /** closingBalance − reserveHeld: what may be paid out to the owner. */
  availableForPayout: number;
  unpaidBills: OpenDocuments;
  unpaidRent: OpenDocuments;
}

export interface StatementTotals {
  openingBalance: number;
  income: number;
  expenses: number;
  managementFee: number;
  payouts: number;
  closingBalance: number;
  net: number;
}

/** The totals' figures of what is held apart and of the open documents. */
export interface StatementHeldTotals {
  deposits: Omit<DepositsHeld, 'lines'>;
  occupancyTax: Omit<TaxHeld, 'lines'>;
  reserveHeld: number;
  availableForPayout: number;
  unpaidBills: number;
  unpaidRent: number;
}

export interface StatementHead {
  month: string;
  dateFrom: string;
  dateTo: string;
  /** The day the statement was made (site date): what "as of" the open documents means. */
  statementDate: string;
  landlord: number;
  landlordName: string;
  /** The landlord's mailing address (admin profile `adminAddress`; '' when none is on file). */
  landlordAddress: string;
}

export interface OwnerStatement extends StatementHead {
  items: StatementRow[];
  totals: StatementTotals & StatementHeldTotals;
}

/** Figures of the account in cents (a row's or the totals'). */
interface Figures {
  openingCents: number;
  incomeCents: number;
  expensesCents: number;
  feeCents: number;
  payoutsCents: number;
  transactions: number;
  depositOpeningCents: number;
  depositReceivedCents: number;
  depositReturnedCents: number;
  taxOpeningCents: number;
  taxCollectedCents: number;
  reserveHeldCents: number;
  unpaidBillsCents: number;
  unpaidRentCents: number;
}

const zero = (): Figures => ({
  openingCents: 0,
  incomeCents: 0,
  expensesCents: 0,
  feeCents: 0,
  payoutsCents: 0,
  transactions: 0,
  depositOpeningCents: 0,
  depositReceivedCents: 0,
  depositReturnedCents: 0,
  taxOpeningCents: 0,
  taxCollectedCents: 0,
  reserveHeldCents: 0,
  unpaidBillsCents: 0,
  unpaidRentCents: 0,
});

/** Nothing applies a deposit and nothing records a remittance yet (docs/reports.md "Deposits and tax"). */
const APPLIED_CENTS = 0;
const REMITTED_CENTS = 0;

const depositHeldAtEnd = (f: Figures) =>
  f.depositOpeningCents + f.depositReceivedCents - APPLIED_CENTS - f.depositReturnedCents;
const taxHeldAtEnd = (f: Figures) => f.taxOpeningCents + f.taxCollectedCents - REMITTED_CENTS;

const closingOf = (f: Figures) =>
  f.openingCents + f.incomeCents - f.expensesCents - f.feeCents - f.payoutsCents;

const FIELD_OF: Record<StatementCategory, keyof Figures> = {
  income: 'incomeCents',
  expense: 'expensesCents',
  fee: 'feeCents',
  payout: 'payoutsCents',
};

/** What a negative amount of a category is. */
const NEGATIVE_PREFIX: Record<StatementCategory, string> = {
  income: 'Refund: ',
  expense: 'Refunded to us: ',
  fee: 'Reversed: ',
  payout: 'From the owner: ',
};

/**
 * `Rent for May 2031 (rent invoice 12)`, `Fix leaking tap (service expense 2)`, `Refund: 3 nights (booking
 * invoice 2)`: the document's title when it names its month, else its first line, and its kind and number.
 */
export function lineDescription(
  category: StatementCategory,
  amountCents: number,
  entry: Pick<StatementEntry, 'documentType' | 'documentId'>,
  documentKind: string,
  facts: Pick<DocumentFacts, 'firstLine' | 'title' | 'kindWords'>,
): string {
  const kind = facts.kindWords ?? documentKindWords(entry.documentType, { description: documentKind });
  const document = `${kind ? `${kind} ` : ''}${entry.documentType} ${entry.documentId}`;
  const what = facts.title?.trim() || facts.firstLine.trim();
  const prefix = amountCents < 0 ? NEGATIVE_PREFIX[category] : '';
  return what
    ? `${prefix}${what} (${document})`
    : `${prefix}${document.charAt(0).toUpperCase()}${document.slice(1)}`;
}

/** A held movement's line (a deposit received or returned, tax collected or refunded). */
function heldLine(
  entry: StatementEntry,
  cents: number,
  movement: HeldLine['movement'],
  description: string,
  party: string,
): HeldLine {
  return {
    date: entry.date,
    movement,
    description,
    party,
    amount: toAmount(cents),
    documentType: entry.documentType,
    documentId: entry.documentId,
    paymentId: entry.paymentId ?? null,
  };
}

/** The base and rule of a fee line, when its invoice is a month's management fee. */
function feeLineFacts(month: PropertyMonth, documentId: number): Pick<StatementLine, 'base' | 'rule'> {
  const fee = month.feeRows?.find((r) => r.invoiceId === documentId);
  return fee ? { base: toAmount(fee.baseCents), rule: feeRule(fee) } : {};
}

/** What the property's month holds apart: its deposit and tax lines, and their figures added to `figures`. */
function heldOf(
  entry: StatementEntry,
  effect: { depositCents: number; taxCents: number },
  what: { documentKind: string; facts: DocumentFacts | undefined },
  figures: Figures,
  out: { deposits: HeldLine[]; tax: HeldLine[] },
): void {
  const party = what.facts?.party ?? '';
  const describe = (cents: number) =>
    lineDescription('income', cents, entry, what.documentKind, what.facts ?? { firstLine: '' });
  if (effect.depositCents !== 0) {
    const cents = effect.depositCents;
    if (cents > 0) figures.depositReceivedCents += cents;
    else figures.depositReturnedCents -= cents;
    const words = describe(cents).replace(/^Refund: /, 'Returned: ');
    out.deposits.push(heldLine(entry, cents, cents > 0 ? 'received' : 'returned', words, party));
  }
  if (effect.taxCents !== 0) {
    figures.taxCollectedCents += effect.taxCents;
    const words = `Tax on ${describe(effect.taxCents).replace(/^Refund: /, 'a refund of ')}`;
    out.tax.push(
      heldLine(entry, effect.taxCents, effect.taxCents > 0 ? 'collected' : 'refunded', words, party),
    );
  }
}

/** The open documents' view and their total, in cents. */
function openOf(items: readonly OpenDocument[] | undefined): { view: OpenDocuments; cents: number } {
  const list = [...(items ?? [])].sort((a, b) =>
    a.date === b.date ? a.documentId - b.documentId : a.date < b.date ? -1 : 1,
  );
  const cents = list.reduce((t, d) => t + d.dueCents, 0);
  return {
    cents,
    view: {
      total: toAmount(cents),
      items: list.map((d) => ({
        documentType: d.documentType,
        documentId: d.documentId,
        date: d.date,
        dueDate: d.dueDate,
        description: d.description,
        party: d.party,
        amountDue: toAmount(d.dueCents),
      })),
    },
  };
}

/** One property's row: its lines in date order and its figures. */
function propertyRow(
  month: PropertyMonth,
  statementMonth: string,
  factsOf: (entry: StatementEntry) => DocumentFacts | undefined,
): { row: StatementRow; figures: Figures } {
  const figures = {
    ...zero(),
    openingCents: month.openingBalanceCents,
    depositOpeningCents: month.openingHeld?.depositCents ?? 0,
    taxOpeningCents: month.openingHeld?.taxCents ?? 0,
  };
  const lines: StatementLine[] = [];
  const held = { deposits: [] as HeldLine[], tax: [] as HeldLine[] };
  const ordered = [...month.entries].sort((a, b) =>
    a.date === b.date ? a.entryId - b.entryId : a.date < b.date ? -1 : 1,
  );
  for (const entry of ordered) {
    const facts = factsOf(entry);
    const documentKind = entry.documentKind ?? facts?.documentKind ?? '';
    const effect = ownerEffect({
      documentType: entry.documentType,
      documentKind,
      lines: entry.lines,
      taxShareCents: entry.taxShareCents,
      depositCents: entry.depositCents,
    });
    if (!effect) continue;
    if (effect.movesCash) figures.transactions += 1;
    heldOf(entry, effect, { documentKind, facts }, figures, held);
    if (effect.amountCents === 0) continue;
    figures[FIELD_OF[effect.category]] += effect.amountCents;
    lines.push({
      date: entry.date,
      category: effect.category,
      description: lineDescription(
        effect.category,
        effect.amountCents,
        entry,
        documentKind,
        facts ?? { firstLine: '' },
      ),
      party: facts?.party ?? '',
      amount: toAmount(effect.amountCents),
      documentType: entry.documentType,
      documentId: entry.documentId,
      paymentId: entry.paymentId ?? null,
      ...(effect.category === 'fee' ? feeLineFacts(month, entry.documentId) : {}),
    });
  }
  const reserveCents = month.reserveCents ?? 0;
  const reserve = reserveHeld(closingOf(figures), reserveCents);
  figures.reserveHeldCents = reserve.heldCents;
  const bills = openOf(month.unpaidBills);
  const rent = openOf(month.unpaidRent);
  figures.unpaidBillsCents = bills.cents;
  figures.unpaidRentCents = rent.cents;
  const fee = month.feeRows?.find((r) => r.month === statementMonth);
  const p = month.property;
  return {
    figures,
    row: {
      propertyId: p.propertyId,
      name: p.propertyName,
      type: p.type,
      managementFeePercent: month.feePercent,
      feeCharged: month.feeCharged,
      ...amountsOf(figures),
      transactions: figures.transactions,
      lines,
      managementFeeMinimum: month.feeTerms?.minimumCents ? toAmount(month.feeTerms.minimumCents) : null,
      managementFeeBase: fee ? toAmount(fee.baseCents) : null,
      managementFeeRule: fee ? feeRule(fee) : null,
      deposits: { ...depositsOf(figures), lines: held.deposits },
      occupancyTax: { ...taxOf(figures), lines: held.tax },
      reserve: toAmount(reserveCents),
      reserveHeld: toAmount(reserve.heldCents),
      availableForPayout: toAmount(reserve.availableCents),
      unpaidBills: bills.view,
      unpaidRent: rent.view,
    },
  };
}

const depositsOf = (f: Figures): Omit<DepositsHeld, 'lines'> => ({
  openingHeld: toAmount(f.depositOpeningCents),
  received: toAmount(f.depositReceivedCents),
  applied: toAmount(APPLIED_CENTS),
  returned: toAmount(f.depositReturnedCents),
  heldAtMonthEnd: toAmount(depositHeldAtEnd(f)),
});

const taxOf = (f: Figures): Omit<TaxHeld, 'lines'> => ({
  openingHeld: toAmount(f.taxOpeningCents),
  collected: toAmount(f.taxCollectedCents),
  remitted: toAmount(REMITTED_CENTS),
  heldAtMonthEnd: toAmount(taxHeldAtEnd(f)),
});

const amountsOf = (f: Figures): StatementTotals => ({
  openingBalance: toAmount(f.openingCents),
  income: toAmount(f.incomeCents),
  expenses: toAmount(f.expensesCents),
  managementFee: toAmount(f.feeCents),
  payouts: toAmount(f.payoutsCents),
  closingBalance: toAmount(closingOf(f)),
  net: toAmount(f.incomeCents - f.expensesCents),
});

/**
 * The statement of one landlord's properties for one month: a row per property in id order (an archived one
 * only when it has a line or a balance), and the totals, all summed in cents. `factsOf` gives what the entry's
 * document says (its type, first line, party); the figures need only the entries.
 */
export function ownerStatement(
  head: StatementHead,
  months: readonly PropertyMonth[],
  factsOf: (entry: StatementEntry) => DocumentFacts | undefined,
): OwnerStatement {
  const totals = zero();
  const items: StatementRow[] = [];
  for (const month of [...months].sort((a, b) => a.property.propertyId - b.property.propertyId)) {
    const { row, figures } = propertyRow(month, head.month, factsOf);
    const quiet =
      row.lines.length === 0 &&
      figures.openingCents === 0 &&
      figures.transactions === 0 &&
      depositHeldAtEnd(figures) === 0 &&
      taxHeldAtEnd(figures) === 0;
    if (month.property.isArchived === 1 && quiet) continue;
    for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += figures[key];
    items.push(row);
  }
  return {
    ...head,
    items,
    totals: {
      ...amountsOf(totals),
      deposits: depositsOf(totals),
      occupancyTax: taxOf(totals),
      reserveHeld: toAmount(totals.reserveHeldCents),
      availableForPayout: toAmount(closingOf(totals) - totals.reserveHeldCents),
      unpaidBills: toAmount(totals.unpaidBillsCents),
      unpaidRent: toAmount(totals.unpaidRentCents),
    },
  };
}
