/**
 * The owner statement (beyond the spec; DESIGN.md "Owner statement", docs/reports.md): per landlord and month,
 * for each property and in total, the owner's account (owner-account.ts) as property managers send it: the
 * opening balance, every income and expense line of the month with its date, what it was and the tenant or
 * vendor, the management fee, the payouts to the owner and the closing balance, where
 * opening + income − expenses − fee − payouts = closing. All from the journal, summed in cents.
 * `net` (income − expenses) and `transactions` (entries that moved cash) are kept as before.
 */
import { toAmount } from '../money.js';
import { documentKindWords } from '../money-document/words.js';
import { type AccountLine, ownerEffect, type StatementCategory } from './owner-account.js';

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

/** One property's month as the caller read it. */
export interface PropertyMonth {
  property: StatementProperty;
  /** The property's fee percent (its own, else the site's). */
  feePercent: number;
  /** Whether the month's management fee is charged already (the month was closed). */
  feeCharged: boolean;
  openingBalanceCents: number;
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

export interface StatementHead {
  month: string;
  dateFrom: string;
  dateTo: string;
  landlord: number;
  landlordName: string;
}

export interface OwnerStatement extends StatementHead {
  items: StatementRow[];
  totals: StatementTotals;
}

/** Figures of the account in cents (a row's or the totals'). */
interface Figures {
  openingCents: number;
  incomeCents: number;
  expensesCents: number;
  feeCents: number;
  payoutsCents: number;
  transactions: number;
}

const zero = (): Figures => ({
  openingCents: 0,
  incomeCents: 0,
  expensesCents: 0,
  feeCents: 0,
  payoutsCents: 0,
  transactions: 0,
});

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

/** One property's row: its lines in date order and its figures. */
function propertyRow(
  month: PropertyMonth,
  factsOf: (entry: StatementEntry) => DocumentFacts | undefined,
): { row: StatementRow; figures: Figures } {
  const figures = { ...zero(), openingCents: month.openingBalanceCents };
  const lines: StatementLine[] = [];
  const ordered = [...month.entries].sort((a, b) =>
    a.date === b.date ? a.entryId - b.entryId : a.date < b.date ? -1 : 1,
  );
  for (const entry of ordered) {
    const facts = factsOf(entry);
    const documentKind = entry.documentKind ?? facts?.documentKind ?? '';
    const effect = ownerEffect({ documentType: entry.documentType, documentKind, lines: entry.lines });
    if (!effect) continue;
    if (effect.movesCash) figures.transactions += 1;
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
    });
  }
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
    },
  };
}

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
    const { row, figures } = propertyRow(month, factsOf);
    const quiet = row.lines.length === 0 && figures.openingCents === 0 && figures.transactions === 0;
    if (month.property.isArchived === 1 && quiet) continue;
    for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += figures[key];
    items.push(row);
  }
  return { ...head, items, totals: amountsOf(totals) };
}
