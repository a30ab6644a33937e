/**
 * The owner statement's records (owner-statement.ts computes them; docs/reports.md "Owner statement"): what it
 * reads of the journal and the documents, and the statement as `ownerStatement.json` answers it.
 */
import type { AccountLine, FeeRow, FeeTerms, StatementCategory } from './owner-account.js';

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
