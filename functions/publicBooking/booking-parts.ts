/**
 * What a website booking adds to the reservation workflow's transaction (docs/booking.md "The booking
 * transaction"): the order, the BOOKING invoice with the quote's lines except tax and its journal posting
 * (only when the total is above 0), and the coupon use. Pure: the ids are decided by the caller, so a test can
 * build the parts of a booking and make any one of them fail.
 */
import { useCouponPart } from '../../shared/data/coupons-repo.js';
import { insertOrderPart } from '../../shared/data/orders-repo.js';
import type { TxPart } from '../../shared/db/transaction.js';
import type { OrderRecord } from '../../shared/domain/booking/order.js';
import type { LineLabel, Quote } from '../../shared/domain/booking/quote.js';
import type { ReservationRecord } from '../../shared/domain/booking/reservation.js';
import type { Actor } from '../../shared/domain/change.js';
import type { DocumentLine as InvoiceLine } from '../../shared/domain/money-document/line-items.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import type { SiteSettings } from '../../shared/domain/settings.js';
import { newInvoice, newInvoiceParts } from '../../shared/workflows/money-document/create.js';

export interface BookingIds {
  reservationId: number;
  orderId: number;
  /** The BOOKING invoice and its posting (docs/money.md): both, or both null when there is nothing to pay. */
  invoiceId: number | null;
  journalEntryId: number | null;
}

export interface BookingPlan {
  /** The reservation as the workflow writes it (its tenant, coupon and order). */
  reservation: ReservationRecord;
  ids: BookingIds;
  property: PropertyRecord;
  settings: Pick<SiteSettings, 'vrTaxRate' | 'vrTaxRate2'>;
  quote: Quote;
  /** The site's today (the invoice date and due date). */
  today: string;
  by: Actor;
  now: Date;
}

/** The tax base of pricing.md: nights, rooms, discount, cleaning, extra guests and pets; not the fees. */
const UNTAXED: ReadonlySet<LineLabel> = new Set(['Booking fee', 'Damage waiver']);

/** The quote's lines except tax, as invoice lines (quantity 1). */
export function invoiceLinesOf(quote: Quote): InvoiceLine[] {
  return quote.lineItems
    .filter((l) => l.label !== 'Tax')
    .map((l) => ({
      description: l.label,
      amountCents: l.amountCents,
      quantity: 1,
      taxed: UNTAXED.has(l.label) ? 0 : 1,
    }));
}

/** The two rates the quote's taxRate adds up: the property's own when it has either, else the site's. */
export function invoiceTaxRates(property: PropertyRecord, settings: BookingPlan['settings']) {
  if (property.taxRate !== null || property.taxRate2 !== null)
    return { tax: property.taxRate ?? 0, tax2: property.taxRate2 ?? 0 };
  return { tax: settings.vrTaxRate, tax2: settings.vrTaxRate2 };
}

const invoiceOf = (plan: BookingPlan, invoiceId: number) =>
  newInvoice({
    invoiceId,
    description: 'BOOKING',
    tenantId: plan.reservation.tenantId,
    propertyId: plan.property.propertyId,
    reservationId: plan.reservation.reservationId,
    invoiceDate: plan.today,
    // Payment is the next step (through the guest portal): due on the day of booking.
    dueDate: plan.today,
    ...invoiceTaxRates(plan.property, plan.settings),
    now: plan.now,
  });

/** The invoice, its posting (Dr receivable / Cr revenue + taxPayable) and its change, as every invoice is made. */
function invoiceParts(plan: BookingPlan, invoiceId: number, journalEntryId: number): TxPart[] {
  const lines = invoiceLinesOf(plan.quote);
  return newInvoiceParts(invoiceOf(plan, invoiceId), lines, {
    entryId: journalEntryId,
    by: plan.by,
    now: plan.now,
  });
}

export function bookingParts(plan: BookingPlan): TxPart[] {
  const { reservation, ids } = plan;
  if (reservation.tenantId === null) throw new Error("a booking is always some tenant's");
  const order: OrderRecord = {
    orderId: ids.orderId,
    reservationId: reservation.reservationId,
    propertyId: reservation.propertyId,
    tenantId: reservation.tenantId,
    invoiceId: ids.invoiceId,
    totalCents: plan.quote.totalCents,
    couponCode: reservation.couponCode,
    dateCreated: reservation.dateCreated,
  };
  return [
    insertOrderPart(order),
    ...(ids.invoiceId !== null && ids.journalEntryId !== null
      ? invoiceParts(plan, ids.invoiceId, ids.journalEntryId)
      : []),
    ...(reservation.couponCode !== null ? [useCouponPart(reservation.couponCode)] : []),
  ];
}
