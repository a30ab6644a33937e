/**
 * The owner statement (beyond the spec; DESIGN.md "Owner statement"): per landlord and month, each property's
 * settled income, expenses and net, from the journal. Settled means cash: a property's income is the money
 * its invoices brought into `cash` (payments received less refunds issued), its expenses the money its
 * expenses took out of `cash` (paid less refunded). Reading the cash account of every entry, rather than a
 * list of entry kinds, keeps the statement right for any entry that moves cash, and postings and reversals
 * (receivable/revenue, expense/payable) move none, so an invoiced but unpaid rent is not income.
 */
import { toAmount } from '../money.js';

/** The journal's accounts (money data contract). */
export type Account = 'receivable' | 'revenue' | 'taxPayable' | 'cash' | 'expense' | 'payable';

export interface JournalLine {
  account: Account | string;
  debitCents: number;
  creditCents: number;
}

/** What the statement needs of a journal entry item (money data contract). */
export interface StatementEntry {
  entryId: number;
  kind: string;
  date: string;
  documentType: 'invoice' | 'expense';
  documentId: number;
  propertyId: number | null;
  lines: JournalLine[];
}

export interface PropertyFigures {
  incomeCents: number;
  expensesCents: number;
  /** Entries that moved cash (payments and refunds, both sides). */
  transactions: number;
}

/** Cash into the business by one entry: debits to cash less credits to it. */
const cashInOf = (entry: StatementEntry): number =>
  entry.lines.reduce((t, l) => (l.account === 'cash' ? t + l.debitCents - l.creditCents : t), 0);

export function propertyFigures(entries: readonly StatementEntry[]): PropertyFigures {
  const figures: PropertyFigures = { incomeCents: 0, expensesCents: 0, transactions: 0 };
  for (const entry of entries) {
    const cashIn = cashInOf(entry);
    const movesCash = entry.lines.some((l) => l.account === 'cash');
    if (!movesCash) continue;
    figures.transactions += 1;
    if (entry.documentType === 'expense') figures.expensesCents -= cashIn;
    else figures.incomeCents += cashIn;
  }
  return figures;
}

export interface StatementProperty {
  propertyId: number;
  propertyName: string;
  type: string;
  isArchived: 0 | 1;
}

export interface StatementRow {
  propertyId: number;
  name: string;
  type: string;
  income: number;
  expenses: number;
  net: number;
  transactions: number;
}

export interface OwnerStatement {
  month: string;
  dateFrom: string;
  dateTo: string;
  landlord: number;
  landlordName: string;
  items: StatementRow[];
  totals: { income: number; expenses: number; net: number };
}

/**
 * The statement of one landlord's properties for one month: a row per property (an archived one only when
 * something moved in the month), in property id order, and the totals, all summed in cents.
 */
export function ownerStatement(
  head: { month: string; dateFrom: string; dateTo: string; landlord: number; landlordName: string },
  properties: readonly StatementProperty[],
  entriesOf: ReadonlyMap<number, readonly StatementEntry[]>,
): OwnerStatement {
  let income = 0;
  let expenses = 0;
  const items: StatementRow[] = [];
  for (const p of [...properties].sort((a, b) => a.propertyId - b.propertyId)) {
    const f = propertyFigures(entriesOf.get(p.propertyId) ?? []);
    if (p.isArchived === 1 && f.transactions === 0) continue;
    income += f.incomeCents;
    expenses += f.expensesCents;
    items.push({
      propertyId: p.propertyId,
      name: p.propertyName,
      type: p.type,
      income: toAmount(f.incomeCents),
      expenses: toAmount(f.expensesCents),
      net: toAmount(f.incomeCents - f.expensesCents),
      transactions: f.transactions,
    });
  }
  return {
    ...head,
    items,
    totals: { income: toAmount(income), expenses: toAmount(expenses), net: toAmount(income - expenses) },
  };
}
