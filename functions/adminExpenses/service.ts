/**
 * Admin expense writes (docs/invoices-expenses.md): create, update and cancel, each ONE transaction of the
 * header (conditioned on the version read), the appended lines, the journal entry of what changed
 * (shared/workflows/ledger/posting.ts: Dr expense / Cr payable) and the change item. A rival write since the read (a
 * payment, a cancel, another update) fails the header's condition and the service reads again.
 */
import { type ChangeInput, changePart } from '../../shared/data/changes-repo.js';
import * as repo from '../../shared/data/expenses-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { EXPENSE_STATUS, isPostedExpense } from '../../shared/domain/expense/status.js';
import {
  type ExpensePlan,
  type ExpenseState,
  planExpenseCancel,
  planExpenseUpdate,
} from '../../shared/domain/expense/update.js';
import { expenseView } from '../../shared/domain/expense/view.js';
import { documentFigures, type Figures } from '../../shared/domain/invoice/figures.js';
import { BadRequest } from '../../shared/errors.js';
import { adjustmentParts } from '../../shared/workflows/ledger/posting.js';
import { notFound } from './queries.js';
import type { CreateExpenseInput, UpdateExpenseInput } from './schemas.js';

const siteToday = async (now: Date) => todayIn((await getSettings()).systemTimeZone, now);

const nonZero = (f: Figures): Figures | null =>
  f.subtotalCents === 0 && f.taxCents === 0 && f.totalCents === 0 ? null : f;

/** The journal entry moving what the journal holds for this expense by `delta` (shared/workflows/ledger adjustmentParts). */
const journalParts = (
  expense: Pick<repo.ExpenseRecord, 'expenseId' | 'propertyId'>,
  delta: Figures | null,
  date: string,
  now: Date,
): Promise<TxPart[]> =>
  adjustmentParts(
    { documentType: 'expense', documentId: expense.expenseId, propertyId: expense.propertyId },
    delta,
    date,
    now,
  );

const expenseChange = (
  action: string,
  before: ReturnType<typeof expenseView> | undefined,
  after: ReturnType<typeof expenseView>,
): ChangeInput => ({ recordType: 'expense', recordId: after.expenseId, action, before, after });

/** A new expense is unpaid (0, the default) or a draft (9): paid comes from payments. */
function createdStatus(status: number | undefined): number {
  const s = status ?? EXPENSE_STATUS.unpaid;
  if (s !== EXPENSE_STATUS.unpaid && s !== EXPENSE_STATUS.draft)
    throw new BadRequest('A new expense is unpaid (0) or a draft (9)', [
      { field: 'status', message: 'must be 0 or 9 on create (payments set 1; cancel with DELETE)' },
    ]);
  return s;
}

export async function createExpense(input: CreateExpenseInput, by: Actor, now: Date) {
  const status = createdStatus(input.status);
  const figures = documentFigures(input.lineItems, input.tax, input.tax2);
  if (input.propertyId !== undefined && !(await getProperty(input.propertyId)))
    throw new BadRequest(`Property ${input.propertyId} does not exist`, [
      { field: 'propertyId', message: 'no such property' },
    ]);
  const [expenseId, today] = await Promise.all([nextId('expense'), siteToday(now)]);
  const iso = now.toISOString();
  const record: repo.ExpenseRecord = {
    expenseId,
    description: input.description,
    paytoId: input.paytoId,
    propertyId: input.propertyId ?? null,
    expenseDate: today,
    dueDate: input.dueDate,
    tax: input.tax,
    tax2: input.tax2,
    status,
    ...figures,
    paidCents: 0,
    refundedCents: 0,
    dateCreated: iso,
    dateUpdated: iso,
  };
  const view = expenseView(record, input.lineItems);
  await commit([
    ...repo.insertExpenseParts(record, input.lineItems),
    ...(await journalParts(record, isPostedExpense(status) ? nonZero(figures) : null, today, now)),
    changePart(expenseChange('created', undefined, view), by, now),
  ]);
  return { success: true, expenseId, expense: view };
}

const stateOf = (r: repo.ExpenseRecord): ExpenseState => ({
  expenseId: r.expenseId,
  description: r.description,
  paytoId: r.paytoId,
  dueDate: r.dueDate,
  tax: r.tax,
  tax2: r.tax2,
  status: r.status,
  subtotalCents: r.subtotalCents,
  taxCents: r.taxCents,
  totalCents: r.totalCents,
  paidCents: r.paidCents,
  refundedCents: r.refundedCents,
});

async function commitPlan(doc: repo.ExpenseDocument, plan: ExpensePlan, by: Actor, now: Date) {
  const { next } = plan;
  const changes = {
    description: next.description,
    paytoId: next.paytoId,
    dueDate: next.dueDate,
    tax: next.tax,
    tax2: next.tax2,
    status: next.status,
    subtotalCents: next.subtotalCents,
    taxCents: next.taxCents,
    totalCents: next.totalCents,
    dateUpdated: now.toISOString(),
  };
  const record: repo.ExpenseRecord = { ...doc.record, ...changes };
  const before = expenseView(doc.record, doc.lines);
  const after = expenseView(record, [...doc.lines, ...plan.appended]);
  const { expenseId } = record;
  const parts = [
    repo.updateExpensePart(doc, changes),
    ...repo.expenseLineParts(expenseId, plan.appended, doc.lines.length + 1),
    ...(await journalParts(record, plan.posting, await siteToday(now), now)),
    changePart(expenseChange(plan.action, before, after), by, now),
  ];
  try {
    await commit(parts);
  } catch (error) {
    const stale =
      error instanceof TransactionFailed &&
      (error.transient ||
        repo.expenseChangedMeanwhile(error) ||
        error.conditionFailed(`put:expense ${expenseId} line`));
    if (stale) throw new StaleRecord();
    throw error;
  }
  return { success: true, expense: after };
}

export async function updateExpense(expenseId: number, input: UpdateExpenseInput, by: Actor, now: Date) {
  return retryStale(`Expense ${expenseId}`, async () => {
    const doc = await repo.getExpenseDocument(expenseId);
    if (!doc) throw notFound(expenseId);
    return commitPlan(doc, planExpenseUpdate(stateOf(doc.record), doc.lines, input), by, now);
  });
}

export async function cancelExpense(expenseId: number, by: Actor, now: Date) {
  return retryStale(`Expense ${expenseId}`, async () => {
    const doc = await repo.getExpenseDocument(expenseId);
    if (!doc) throw notFound(expenseId);
    return commitPlan(doc, planExpenseCancel(stateOf(doc.record)), by, now);
  });
}
