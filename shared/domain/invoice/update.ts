/**
 * What an admin's PUT and DELETE do to an invoice (spec "Transitions": the given status, totals refreshed,
 * payment state synchronized, given line items appended; DELETE → 5 with the journal reversed, 409 with
 * settled payments). Plain functions over the header's state; the service reads, plans and commits the plan
 * conditioned on the version it read. docs/invoices-expenses.md has the rules in words.
 */
import { Conflict } from '../../errors.js';
import { cancelRefusal } from '../ledger/settlement.js';
import { type Figures, postingDelta, refreshedFigures, sameFigures, ZERO } from './figures.js';
import type { DocumentLine } from './line-items.js';
import { INVOICE_STATUS, type InvoiceType, isClosedInvoice, isPostedInvoice } from './status.js';

export interface InvoiceState extends Figures {
  invoiceId: number;
  description: InvoiceType;
  dueDate: string;
  tax: number;
  tax2: number;
  status: number;
  paidCents: number;
  refundedCents: number;
}

export interface InvoiceUpdateInput {
  status?: number | undefined;
  tax?: number | undefined;
  tax2?: number | undefined;
  description?: InvoiceType | undefined;
  dueDate?: string | undefined;
  lineItems?: DocumentLine[] | undefined;
}

export interface InvoicePlan {
  next: InvoiceState;
  /** Lines to append after the existing ones. */
  appended: DocumentLine[];
  /** What the journal must post (the difference between what it held and must hold), or null. */
  posting: Figures | null;
  action: 'updated' | 'cancelled' | 'voided';
  /** The outbound event of the change, when there is one. */
  event?: string;
}

/** The figures the journal holds for an invoice in this state. */
export const postedFigures = (s: Figures & { status: number }): Figures =>
  isPostedInvoice(s.status) ? s : ZERO;

/**
 * The status after a PUT (spec: "payment state is synchronized"): draft, cancelled and void are kept as
 * given; otherwise the payments decide, as they do after a payment event (shared/domain/ledger/settlement.ts):
 * fully paid → 1, nothing paid but refunds → 2, a card payment processing → 3, else 0.
 */
export function syncedInvoiceStatus(
  requested: number,
  s: Pick<InvoiceState, 'totalCents' | 'paidCents' | 'refundedCents'>,
): number {
  if (requested === INVOICE_STATUS.draft || isClosedInvoice(requested)) return requested;
  if (s.paidCents > 0 && s.paidCents >= s.totalCents) return INVOICE_STATUS.paid;
  if (requested === INVOICE_STATUS.processing) return INVOICE_STATUS.processing;
  if (s.paidCents === 0 && s.refundedCents > 0) return INVOICE_STATUS.refunded;
  return INVOICE_STATUS.unpaid;
}

const hasMoney = (s: InvoiceState) => s.paidCents !== 0 || s.refundedCents !== 0;

/** Why an invoice in this state cannot be cancelled (409), in words; null when it can. */
export function invoiceCancelConflict(s: InvoiceState): string | null {
  const refusal = cancelRefusal({ documentType: 'invoice', ...s });
  if (refusal === 'alreadyCancelled')
    return `Invoice ${s.invoiceId} is already ${s.status === INVOICE_STATUS.void ? 'void' : 'cancelled'}`;
  if (refusal === 'settledPayments')
    return `Invoice ${s.invoiceId} has settled payments (${(s.paidCents / 100).toFixed(2)} paid): refund them before cancelling`;
  if (refusal === 'processing')
    return `Invoice ${s.invoiceId} has a card payment processing: it cannot be cancelled until that is settled`;
  return null;
}

/** DELETE: status 5 and the journal's figures reversed; 409 already cancelled, settled payments, processing. */
export function planInvoiceCancel(current: InvoiceState): InvoicePlan {
  const conflict = invoiceCancelConflict(current);
  if (conflict) throw new Conflict(conflict);
  const next = { ...current, status: INVOICE_STATUS.cancelled };
  return {
    next,
    appended: [],
    posting: postingDelta(postedFigures(current), ZERO),
    action: 'cancelled',
    event: 'invoice.cancelled',
  };
}

/**
 * PUT: header fields, appended lines, refreshed figures and the synced status. 409 on a cancelled or void
 * invoice (closed: DESIGN's reversal is final), on 5/7 when DELETE would refuse, on a draft with payments, and
 * when the new total would fall below what was paid.
 */
/** 409s of a PUT before anything is computed: a closed invoice, a cancel DELETE would refuse, a draft with money. */
function checkUpdateAllowed(current: InvoiceState, requested: number): void {
  if (isClosedInvoice(current.status))
    throw new Conflict(
      `Invoice ${current.invoiceId} is ${current.status === INVOICE_STATUS.void ? 'void' : 'cancelled'}: it takes no change`,
    );
  const conflict = isClosedInvoice(requested) ? invoiceCancelConflict(current) : null;
  if (conflict) throw new Conflict(conflict);
  if (requested === INVOICE_STATUS.draft && current.status !== INVOICE_STATUS.draft && hasMoney(current))
    throw new Conflict(`Invoice ${current.invoiceId} has payments: it cannot become a draft`);
}

function updateEvent(current: InvoiceState, status: number): Pick<InvoicePlan, 'action' | 'event'> {
  if (status === INVOICE_STATUS.void) return { action: 'voided', event: 'invoice.cancelled' };
  if (status === INVOICE_STATUS.cancelled) return { action: 'cancelled', event: 'invoice.cancelled' };
  if (status === INVOICE_STATUS.paid && current.status !== INVOICE_STATUS.paid)
    return { action: 'updated', event: 'invoice.paid' };
  return { action: 'updated' };
}

export function planInvoiceUpdate(
  current: InvoiceState,
  lines: readonly DocumentLine[],
  input: InvoiceUpdateInput,
): InvoicePlan {
  const requested = input.status ?? current.status;
  checkUpdateAllowed(current, requested);
  const appended = input.lineItems ?? [];
  const tax = input.tax ?? current.tax;
  const tax2 = input.tax2 ?? current.tax2;
  const figures = refreshedFigures(current, lines, appended, tax, tax2);
  const resync = input.status !== undefined || !sameFigures(figures, current);
  const status = resync ? syncedInvoiceStatus(requested, { ...current, ...figures }) : current.status;
  if (isPostedInvoice(status) && current.paidCents > figures.totalCents)
    throw new Conflict(
      `The new total ${(figures.totalCents / 100).toFixed(2)} is below the ${(current.paidCents / 100).toFixed(2)} already paid: refund first`,
    );
  const next: InvoiceState = {
    ...current,
    description: input.description ?? current.description,
    dueDate: input.dueDate ?? current.dueDate,
    tax,
    tax2,
    status,
    ...figures,
  };
  return {
    next,
    appended,
    posting: postingDelta(postedFigures(current), postedFigures(next)),
    ...updateEvent(current, status),
  };
}
