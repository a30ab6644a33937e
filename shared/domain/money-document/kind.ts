/**
 * The kinds of money document (docs/invoices-expenses.md): an invoice and an expense are the same document — a
 * header with lines, payments and journal entries, one status table, one update and cancel plan — and differ
 * only in the data below. Each kind's status table is the spec's ("Status codes"), defined here once; a
 * status's label is its name in words ("Unpaid"); codes a table does not name are refused. Paid, Refunded and
 * Processing are payment states: payments decide them (DESIGN.md "Invoice status after payment events").
 */
import type { DocumentType } from '../ledger/journal.js';

/** Status name → the spec's code: the four every kind has, and the payment and closing states of invoices. */
export interface StatusTable {
  readonly unpaid: number;
  readonly paid: number;
  readonly cancelled: number;
  readonly draft: number;
  readonly refunded?: number;
  readonly processing?: number;
  readonly void?: number;
}

/** The outbound events a kind's changes announce (none for expenses: their changes are audit only). */
export interface KindEvents {
  readonly created?: string;
  readonly cancelled?: string;
  readonly paid?: string;
  readonly refunded?: string;
  /** Announced with every payment on the document (the payment's own change). */
  readonly paymentSucceeded?: string;
}

export interface MoneyKind<T extends DocumentType = DocumentType> {
  readonly type: T;
  /** The word in messages ("Invoice 7 not found") and its plural (paths, route names). */
  readonly noun: string;
  readonly plural: string;
  /** The header's id and date fields (`invoiceId`, `invoiceDate`). */
  readonly idField: `${T}Id`;
  readonly dateField: `${T}Date`;
  readonly status: StatusTable;
  /** Spec "Invoice types" / "Expense types": the `description` field. */
  readonly types: readonly string[];
  readonly events: KindEvents;
  /** The admin list leaves drafts out unless asked for them (spec "Transitions": invoices only). */
  readonly listHidesDrafts: boolean;
}

export const INVOICE = {
  type: 'invoice',
  noun: 'Invoice',
  plural: 'invoices',
  idField: 'invoiceId',
  dateField: 'invoiceDate',
  status: { unpaid: 0, paid: 1, refunded: 2, processing: 3, cancelled: 5, void: 7, draft: 9 },
  types: ['RENT', 'BOOKING', 'HOUSEKEEPING', 'SERVICE', 'DEPOSIT', 'ADJUSTMENT', 'OWNER'],
  events: {
    created: 'invoice.created',
    cancelled: 'invoice.cancelled',
    paid: 'invoice.paid',
    refunded: 'invoice.refunded',
    paymentSucceeded: 'payment.succeeded',
  },
  listHidesDrafts: true,
} as const satisfies MoneyKind<'invoice'>;

export const EXPENSE = {
  type: 'expense',
  noun: 'Expense',
  plural: 'expenses',
  idField: 'expenseId',
  dateField: 'expenseDate',
  status: { unpaid: 0, paid: 1, cancelled: 3, draft: 9 },
  types: ['RENT', 'BOOKING', 'HOUSEKEEPING', 'SERVICE', 'OWNER', 'ADJUSTMENT'],
  events: {},
  listHidesDrafts: false,
} as const satisfies MoneyKind<'expense'>;

/** The status tables by name, for code that speaks of one kind (`INVOICE_STATUS.unpaid`). */
export const INVOICE_STATUS = INVOICE.status;
export const EXPENSE_STATUS = EXPENSE.status;

/** The invoice statuses that take a payment while something is due: unpaid, and processing (an attempt under way). */
export const PAYABLE_STATUSES: readonly number[] = [INVOICE_STATUS.unpaid, INVOICE_STATUS.processing];
export const isPayableStatus = (status: number): boolean => PAYABLE_STATUSES.includes(status);
export type InvoiceType = (typeof INVOICE.types)[number];
export type ExpenseType = (typeof EXPENSE.types)[number];

export const MONEY_KINDS: { readonly [T in DocumentType]: MoneyKind<T> } = {
  invoice: INVOICE,
  expense: EXPENSE,
};

export const kindOf = <T extends DocumentType>(type: T): MoneyKind<T> => MONEY_KINDS[type];

/** The kind's codes, ascending. */
export const statusCodes = (kind: MoneyKind): number[] =>
  Object.values(kind.status)
    .filter((code): code is number => code !== undefined)
    .sort((a, b) => a - b);

export const isStatus = (kind: MoneyKind, code: number): boolean => statusCodes(kind).includes(code);

/** The spec's `statusLabel`: the status's name in words ("Unknown" only for a code written elsewhere). */
export function statusLabel(kind: MoneyKind, code: number): string {
  const name = Object.entries(kind.status).find(([, c]) => c === code)?.[0];
  return name ? `${name[0]?.toUpperCase()}${name.slice(1)}` : 'Unknown';
}

/** Cancelled and void documents are closed: the journal holds nothing of them and they take no payment. */
export const isClosed = (kind: MoneyKind, status: number): boolean =>
  status === kind.status.cancelled || status === kind.status.void;

/** Whether the journal holds the document's figures: every status but draft and the closed ones. */
export const isPosted = (kind: MoneyKind, status: number): boolean =>
  status !== kind.status.draft && !isClosed(kind, status);
