/**
 * Expenses (docs/data-model.md E1–E3): the header `EXPENSE#<id> / EXPENSE` with its index keys (E2 every
 * expense by date, E3 a property's) and one `LINE#<pad n>` item per line in the same partition, so the
 * header, lines, payments and journal entries are one Query. Amounts are integer cents. As for invoices, the
 * header carries `version` (every write conditioned on the version read) and the settlement figures
 * `paidCents` / `refundedCents`, which only the ledger's settlement parts move.
 */
import { indexKeys, keys } from '../db/keys.js';
import { type IndexName, type Item, type PartitionQuery, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { ExpenseType } from '../domain/expense/status.js';
import type { DocumentLine } from '../domain/invoice/line-items.js';
import { type DateRange, dateRangeKey, documentOf } from './invoices-repo.js';

export type { DateRange } from './invoices-repo.js';
export type ExpenseLine = DocumentLine;

export interface ExpenseRecord {
  expenseId: number;
  description: ExpenseType;
  /** The payee: an admin id or a vendor id (spec: string). */
  paytoId: string;
  propertyId: number | null;
  /** The day it was created (site date): the list's date. */
  expenseDate: string;
  dueDate: string;
  /** Tax rates in percent (beyond the spec's inputs; 0 unless sent). */
  tax: number;
  tax2: number;
  status: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Settled payments less refunds, and refunds (shared/workflows/ledger settlement parts). */
  paidCents: number;
  refundedCents: number;
  dateCreated: string;
  dateUpdated: string;
}

export interface StoredExpense {
  record: ExpenseRecord;
  version: number;
}

export interface ExpenseDocument extends StoredExpense {
  lines: ExpenseLine[];
  payments: Item[];
  journal: Item[];
}

function headerItem(expense: ExpenseRecord): Item {
  const order = indexKeys.expenseOrder(expense.expenseDate, expense.expenseId);
  return {
    ...keys.expense(expense.expenseId),
    entity: 'expense',
    ...expense,
    version: 1,
    GSI1PK: indexKeys.expenses(),
    GSI1SK: order,
    ...(expense.propertyId === null
      ? {}
      : { GSI2PK: indexKeys.expensesByProperty(expense.propertyId), GSI2SK: order }),
  };
}

/** `put:expense <id> line <n>` for each line, numbered from `firstLineNo` (lines are only appended). */
export function expenseLineParts(
  expenseId: number,
  lines: readonly ExpenseLine[],
  firstLineNo = 1,
): TxPart[] {
  return lines.map((line, index) =>
    part.putIfAbsent(`put:expense ${expenseId} line ${firstLineNo + index}`, {
      ...keys.expenseLine(expenseId, firstLineNo + index),
      entity: 'expenseLine',
      expenseId,
      lineNo: firstLineNo + index,
      description: line.description,
      amountCents: line.amountCents,
      quantity: line.quantity,
      taxed: line.taxed,
    }),
  );
}

/** A new expense: `put:expense <id>` and its lines. */
export function insertExpenseParts(expense: ExpenseRecord, lines: readonly ExpenseLine[]): TxPart[] {
  return [
    part.putIfAbsent(`put:expense ${expense.expenseId}`, headerItem(expense)),
    ...expenseLineParts(expense.expenseId, lines),
  ];
}

function recordOf(item: Item): ExpenseRecord {
  const record = stripKeys<ExpenseRecord>(item);
  return { ...record, paidCents: record.paidCents ?? 0, refundedCents: record.refundedCents ?? 0 };
}

/** E1: the whole partition in one Query. */
export async function getExpenseDocument(expenseId: number): Promise<ExpenseDocument | undefined> {
  return documentOf(await queryPartition({ pk: keys.expensePartition(expenseId) }), 'EXPENSE', recordOf);
}

async function headersOf(query: PartitionQuery): Promise<ExpenseRecord[]> {
  return (await queryPartition(query)).map(recordOf);
}

const ranged = (index: IndexName, pk: string, range: DateRange): PartitionQuery => {
  const sk = dateRangeKey(range);
  return { index, pk, ...(sk ? { sk } : {}) };
};

/** E2: every expense in an expense-date range, in date order. */
export const expensesByDate = (range: DateRange) =>
  headersOf(ranged(INDEX.gsi1, indexKeys.expenses(), range));

/** E3: a property's expenses in an expense-date range (landlord scope). */
export const expensesOfProperty = (propertyId: number, range: DateRange) =>
  headersOf(ranged(INDEX.gsi2, indexKeys.expensesByProperty(propertyId), range));

/** The header fields an admin change writes (never the settlement figures). */
export type ExpenseChanges = Partial<
  Pick<
    ExpenseRecord,
    | 'description'
    | 'paytoId'
    | 'dueDate'
    | 'tax'
    | 'tax2'
    | 'status'
    | 'subtotalCents'
    | 'taxCents'
    | 'totalCents'
  >
> & { dateUpdated: string };

export const EXPENSE_UPDATE_LABEL = 'update:expense';

/** `update:expense <id>`: the changed header fields, conditioned on the version read. */
export function updateExpensePart(current: StoredExpense, changes: ExpenseChanges): TxPart {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':read': current.version, ':one': 1 };
  const sets = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
  return part.update(
    `${EXPENSE_UPDATE_LABEL} ${current.record.expenseId}`,
    keys.expense(current.record.expenseId),
    `SET ${sets.join(', ')} ADD version :one`,
    { condition: 'version = :read', names, values },
  );
}

/** Whether a transaction failed because the expense header changed since it was read. */
export const expenseChangedMeanwhile = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(EXPENSE_UPDATE_LABEL);
