/**
 * What each kind of record needs done in QuickBooks, decided from the record as it is now (docs/accounting.md
 * "What is pushed"): the documents' bodies come from shared/domain/accounting (the mapping of our records to
 * QuickBooks entities), the names they refer to from references.ts, and the records they need first (a
 * Customer, the Invoice a Payment is applied to) are pushed before them through `ctx.ensure`.
 */
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { readDocument } from '../../shared/data/money-documents-repo.js';
import { paymentFromItem } from '../../shared/data/payments-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import {
  customerBody,
  findByOwnIdQuery,
  ownIdSuffix,
  vendorBody,
} from '../../shared/domain/accounting/name-lists.js';
import {
  billBody,
  billPaymentBody,
  vendorRefundBody,
} from '../../shared/domain/accounting/purchase-documents.js';
import { type QboRef, quoted } from '../../shared/domain/accounting/qbo-types.js';
import {
  invoiceBody,
  paymentBody,
  refundReceiptBody,
  type SalesRefs,
} from '../../shared/domain/accounting/sales-documents.js';
import type { SyncRef, SyncState } from '../../shared/domain/accounting/sync-state.js';
import { EXPENSE, INVOICE, isClosed } from '../../shared/domain/money-document/kind.js';
import type { ExpenseRecord, InvoiceRecord } from '../../shared/domain/money-document/record.js';
import { DependencyMissing, type Plan, type SyncContext } from './sync-context.js';

export function planOf(ctx: SyncContext, state: SyncState): Promise<Plan> {
  switch (state.recordType) {
    case 'invoice':
      return invoicePlan(ctx, Number(state.recordId), state);
    case 'expense':
      return expensePlan(ctx, Number(state.recordId), state);
    case 'payment':
      return paymentPlan(ctx, state);
    case 'tenant':
    case 'admin':
      return customerPlan(ctx, state.recordType, state.recordId);
    case 'payee':
      return vendorPlan(ctx, state.recordId);
  }
}

/** The QuickBooks id of a record another one needs, pushing it first; DependencyMissing when it is not there. */
async function qboIdOf(ctx: SyncContext, ref: SyncRef): Promise<QboRef> {
  const state = await ctx.ensure(ref);
  if (state.status === 'synced' && state.qboId && !state.closed) return { value: state.qboId };
  const why = state.error ? `${state.status}: ${state.error.message}` : (state.note ?? state.status);
  throw new DependencyMissing(ref, why);
}

/** The Customer an invoice is made out to: its tenant, the admin invoiced, or one for invoices with neither. */
function customerOf(ctx: SyncContext, invoice: InvoiceRecord): Promise<QboRef> {
  if (invoice.tenantId) return qboIdOf(ctx, { recordType: 'tenant', recordId: String(invoice.tenantId) });
  if (invoice.adminId) return qboIdOf(ctx, { recordType: 'admin', recordId: String(invoice.adminId) });
  return qboIdOf(ctx, { recordType: 'admin', recordId: '0' });
}

const findOne = (ctx: SyncContext, entity: 'Invoice' | 'Bill', select: string) => async () =>
  (await ctx.api.query(entity, select))[0];

async function salesRefs(ctx: SyncContext, invoice: InvoiceRecord): Promise<SalesRefs> {
  const placement = await ctx.refs.classPlacement();
  return {
    customer: await customerOf(ctx, invoice),
    item: await ctx.refs.item(ctx.mapping.invoiceTypes[invoice.description]),
    tax: await ctx.refs.item(ctx.mapping.tax),
    classRef: await ctx.refs.classOf(invoice.propertyId),
    placement,
  };
}

async function invoicePlan(ctx: SyncContext, invoiceId: number, state: SyncState): Promise<Plan> {
  const doc = await readDocument('invoice', invoiceId);
  if (!doc) return { kind: 'skip', note: 'no such invoice' };
  const invoice = doc.record;
  if (invoice.status === INVOICE.status.draft)
    return state.qboId
      ? { kind: 'keep', note: 'a draft again: QuickBooks keeps the invoice as it was issued' }
      : { kind: 'skip', note: 'a draft: pushed once it is issued' };
  if (isClosed(INVOICE, invoice.status)) {
    if (!state.qboId) return { kind: 'skip', note: 'cancelled before it reached QuickBooks' };
    // The RefundReceipt already undid the sale there: voiding the Invoice would undo it twice.
    if ((invoice.refundedCents ?? 0) > 0)
      return {
        kind: 'keep',
        note: 'cancelled after a refund: the refund already undid the sale in QuickBooks',
      };
    return { kind: 'close', entity: 'Invoice', op: 'void' };
  }
  const refs = await salesRefs(ctx, invoice);
  return {
    kind: 'upsert',
    entity: 'Invoice',
    body: invoiceBody(invoice, doc.lines, refs),
    used: [refs.item, refs.tax, refs.classRef],
    findAgain: findOne(
      ctx,
      'Invoice',
      `select * from Invoice where DocNumber = ${quoted(String(invoiceId))}`,
    ),
  };
}

async function expensePlan(ctx: SyncContext, expenseId: number, state: SyncState): Promise<Plan> {
  const doc = await readDocument('expense', expenseId);
  if (!doc) return { kind: 'skip', note: 'no such expense' };
  const expense = doc.record;
  if (expense.status === EXPENSE.status.draft)
    return state.qboId
      ? { kind: 'keep', note: 'a draft again: QuickBooks keeps the bill as it was' }
      : { kind: 'skip', note: 'a draft: pushed once it is issued' };
  if (isClosed(EXPENSE, expense.status)) {
    if (!state.qboId) return { kind: 'skip', note: 'cancelled before it reached QuickBooks' };
    // QuickBooks voids invoices but only deletes bills; a cancelled expense had no payment left.
    return { kind: 'close', entity: 'Bill', op: 'delete' };
  }
  const refs = await purchaseRefs(ctx, expense);
  return {
    kind: 'upsert',
    entity: 'Bill',
    body: billBody(expense, doc.lines, refs),
    used: [refs.account, refs.classRef],
    findAgain: findOne(ctx, 'Bill', `select * from Bill where DocNumber = ${quoted(String(expenseId))}`),
  };
}

async function purchaseRefs(ctx: SyncContext, expense: ExpenseRecord) {
  return {
    vendor: await qboIdOf(ctx, { recordType: 'payee', recordId: expense.paytoId }),
    account: await ctx.refs.account(ctx.mapping.expenseTypes[expense.description]),
    classRef: await ctx.refs.classOf(expense.propertyId),
  };
}

async function paymentPlan(ctx: SyncContext, state: SyncState): Promise<Plan> {
  const { documentType, documentId } = state;
  if (!documentType || documentId === undefined) return { kind: 'skip', note: 'its document is unknown' };
  const doc = await readDocument(documentType, documentId);
  const item = doc?.payments.find((p) => Number(p.paymentId) === Number(state.recordId));
  if (!doc || !item) return { kind: 'skip', note: 'no such payment' };
  const payment = paymentFromItem(item);
  const ref = { recordType: documentType, recordId: String(documentId) } as const;
  const document = await qboIdOf(ctx, ref);
  const depositAccount = await ctx.refs.account(ctx.mapping.depositAccount);
  if (documentType === 'invoice') {
    const invoice = doc.record as InvoiceRecord;
    const customer = await customerOf(ctx, invoice);
    if (payment.amountCents > 0)
      return {
        kind: 'upsert',
        entity: 'Payment',
        immutable: true,
        body: paymentBody(payment, documentId, { customer, invoice: document.value, depositAccount }),
        used: [depositAccount],
      };
    const refs = { ...(await salesRefs(ctx, invoice)), depositAccount };
    return {
      kind: 'upsert',
      entity: 'RefundReceipt',
      immutable: true,
      body: refundReceiptBody(payment, invoice, refs),
      used: [refs.item, refs.tax, refs.classRef, depositAccount],
    };
  }
  const expense = doc.record as ExpenseRecord;
  const refs = await purchaseRefs(ctx, expense);
  const payFrom = await ctx.refs.account(ctx.mapping.payFromAccount);
  if (payment.amountCents > 0)
    return {
      kind: 'upsert',
      entity: 'BillPayment',
      immutable: true,
      body: billPaymentBody(payment, documentId, { vendor: refs.vendor, bill: document.value, payFrom }),
      used: [payFrom],
    };
  return {
    kind: 'upsert',
    entity: 'Deposit',
    immutable: true,
    body: vendorRefundBody(payment, documentId, { ...refs, payFrom }),
    used: [refs.account, refs.classRef, payFrom],
  };
}

async function customerPlan(
  ctx: SyncContext,
  recordType: 'tenant' | 'admin',
  recordId: string,
): Promise<Plan> {
  const person = await personOf(recordType, recordId);
  const suffix = ownIdSuffix(recordType, recordId);
  return {
    kind: 'upsert',
    entity: 'Customer',
    body: customerBody(recordType, recordId, person),
    used: [],
    findAgain: async () => (await ctx.api.query('Customer', findByOwnIdQuery('Customer', suffix)))[0],
  };
}

async function personOf(recordType: 'tenant' | 'admin', recordId: string) {
  if (recordType === 'tenant') {
    const tenant = await getTenant(Number(recordId));
    return tenant
      ? { firstName: tenant.tenantFirstName, lastName: tenant.tenantLastName, email: tenant.tenantEmail }
      : { firstName: 'Tenant', lastName: recordId };
  }
  // Admin 0 is no one: the Customer of invoices made out to neither a tenant nor an admin.
  const admin = recordId === '0' ? undefined : await getAdminProfile(Number(recordId));
  return admin
    ? { firstName: admin.adminFirstName, lastName: admin.adminLastName, email: admin.adminEmail ?? null }
    : { firstName: 'No', lastName: 'invoicee' };
}

async function vendorPlan(ctx: SyncContext, paytoId: string): Promise<Plan> {
  const admin = /^\d+$/.test(paytoId) ? await getAdminProfile(Number(paytoId)) : undefined;
  const suffix = ownIdSuffix('payee', paytoId);
  return {
    kind: 'upsert',
    entity: 'Vendor',
    body: vendorBody(
      paytoId,
      admin ? { firstName: admin.adminFirstName, lastName: admin.adminLastName } : undefined,
    ),
    used: [],
    findAgain: async () => (await ctx.api.query('Vendor', findByOwnIdQuery('Vendor', suffix)))[0],
  };
}
