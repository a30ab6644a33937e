/**
 * The tenant portal's rules as plain functions (docs/tenant-portal.md): which lease is the tenant's current
 * one, which invoices a tenant sees, and the views (amounts from cents, never staff-only fields).
 */

import { RESERVATION_STATUS, type ReservationRecord } from '../../shared/domain/booking/reservation.js';
import { nightCount } from '../../shared/domain/booking/stay.js';
import { type LeaseRecord, termsOf } from '../../shared/domain/lease.js';
import type { PaymentRecord } from '../../shared/domain/ledger/payment.js';
import { toAmount } from '../../shared/domain/money.js';
import { amountDueCents } from '../../shared/domain/money-document/figures.js';
import { INVOICE, INVOICE_STATUS, statusLabel } from '../../shared/domain/money-document/kind.js';
import type { DocumentLine } from '../../shared/domain/money-document/line-items.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import { lineViews } from '../../shared/domain/money-document/view.js';
import { invoiceTitle, methodWords } from '../../shared/domain/money-document/words.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import { activeLeaseAmong, type LeaseDateStatus, leaseStatusOn } from '../../shared/domain/rent/status.js';
import { termsView } from '../../shared/domain/rent/terms-input.js';

/**
 * The tenant's current lease: the one active today (activeLeaseAmong: the latest start among several, as a
 * renewal overlapping the old lease wins), else the next upcoming (earliest start), else the latest ended
 * (latest start). Where a lease stands is the admin answers' status (leaseStatusOn).
 */
export function currentLease(leases: readonly LeaseRecord[], today: string): LeaseRecord | undefined {
  const of = (status: LeaseDateStatus) => leases.filter((l) => leaseStatusOn(l, today) === status);
  const byStart = (a: LeaseRecord, b: LeaseRecord) =>
    a.startDate === b.startDate ? a.leaseId - b.leaseId : a.startDate < b.startDate ? -1 : 1;
  return (
    activeLeaseAmong(leases, today) ?? of('upcoming').sort(byStart)[0] ?? of('ended').sort(byStart).at(-1)
  );
}

/** The lease as the tenant reads it: terms as amounts (the admin view's names), its property's name and address. */
export function leaseView(lease: LeaseRecord, property: PropertyRecord | undefined, today: string) {
  const terms = termsOf(
    lease,
    property ?? { propertyRateCents: 0, propertyDepositCents: 0, latePenaltyCents: 0 },
  );
  return {
    leaseId: lease.leaseId,
    propertyId: lease.propertyId,
    status: lease.status,
    current: leaseStatusOn(lease, today),
    startDate: lease.startDate,
    endDate: lease.endDate,
    terms: termsView(terms),
    property: property
      ? {
          propertyId: property.propertyId,
          propertyName: property.propertyName,
          propertyAddress: property.propertyAddress,
          propertyLocation: property.propertyLocation,
        }
      : null,
  };
}

/** Whether the tenant sees the invoice: their own, and issued (a draft is not, yet). */
export const isTenantsInvoice = (invoice: InvoiceRecord, tenantId: number): boolean =>
  invoice.tenantId === tenantId && invoice.status !== INVOICE_STATUS.draft;

/** Whether the invoice owes anything in the ledger: neither a draft, nor cancelled or void. */
export const isOwed = (invoice: InvoiceRecord): boolean =>
  invoice.status !== INVOICE_STATUS.draft &&
  invoice.status !== INVOICE_STATUS.cancelled &&
  invoice.status !== INVOICE_STATUS.void;

/** Whether a payment item may be on the invoice: nothing paid and nothing refunded means none. */
export const mayHavePayments = (invoice: InvoiceRecord): boolean =>
  (invoice.paidCents ?? 0) !== 0 || (invoice.refundedCents ?? 0) !== 0;

/** An invoice row as the tenant reads it (no staff fields: anomalies, disputes, the admin invoicee). */
export function invoiceRowView(r: InvoiceRecord) {
  const paidCents = r.paidCents ?? 0;
  return {
    invoiceId: r.invoiceId,
    description: r.description,
    title: invoiceTitle(r),
    propertyId: r.propertyId,
    reservationId: r.reservationId,
    invoiceDate: r.invoiceDate,
    dueDate: r.dueDate,
    status: r.status,
    statusLabel: statusLabel(INVOICE, r.status),
    subtotalComputed: toAmount(r.subtotalCents),
    taxComputed: toAmount(r.taxCents),
    totalComputed: toAmount(r.totalCents),
    paidComputed: toAmount(paidCents),
    refundedComputed: toAmount(r.refundedCents ?? 0),
    amountDue: toAmount(amountDueCents(r)),
  };
}

/** The single invoice: the row, its lines, and its payments and refunds oldest first. */
export function invoiceView(
  r: InvoiceRecord,
  lines: readonly DocumentLine[],
  payments: readonly PaymentRecord[],
) {
  return {
    ...invoiceRowView(r),
    lineItems: lineViews(lines),
    payments: [...payments]
      .sort((a, b) => (a.date === b.date ? a.paymentId - b.paymentId : a.date < b.date ? -1 : 1))
      .map((p) => ({
        paymentId: p.paymentId,
        amount: toAmount(p.amountCents),
        method: p.method,
        methodLabel: methodWords(p.method),
        date: p.date,
      })),
  };
}

/** Newest invoice date first, then the higher id. */
export const newestInvoiceFirst = (a: InvoiceRecord, b: InvoiceRecord): number =>
  a.invoiceDate === b.invoiceDate ? b.invoiceId - a.invoiceId : a.invoiceDate < b.invoiceDate ? 1 : -1;

const STATUS_NAMES: Readonly<Record<string, string>> = { '0': 'pending', '1': 'confirmed', '3': 'cancelled' };

/** The tenant's stays as a guest (a block is no stay of theirs): latest check-in first. */
export function stayViews(
  reservations: readonly ReservationRecord[],
  propertyNames: ReadonlyMap<number, string>,
) {
  return reservations
    .filter((r) => r.status !== RESERVATION_STATUS.adminBlock)
    .sort((a, b) =>
      a.dateFrom === b.dateFrom ? b.reservationId - a.reservationId : a.dateFrom < b.dateFrom ? 1 : -1,
    )
    .map((r) => ({
      reservationId: r.reservationId,
      propertyId: r.propertyId,
      propertyName: propertyNames.get(r.propertyId) ?? null,
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      nights: nightCount(r),
      status: r.status,
      statusName: STATUS_NAMES[r.status] ?? r.status,
      totalPrice: toAmount(r.totalPriceCents),
      holdUntil: r.status === RESERVATION_STATUS.pending ? (r.holdUntil ?? null) : null,
      dateCreated: r.dateCreated,
    }));
}
