/**
 * What a successful booking writes, as one transaction of labelled parts (docs/booking.md "The booking
 * transaction"): the reservation (status "1") and a claim per night, the property's reservationSeq, the
 * order, the BOOKING invoice with the quote's lines except tax (only when the total is above 0), the coupon
 * use, the guest's tenant (created inactive, or checked to still exist) and the change records (outbox).
 * Pure: the ids, the units and the tenant are decided by the caller, so a test can build the parts of a
 * booking and make any one of them fail.
 */
import { changePart } from '../../shared/data/changes-repo.js';
import { useCouponPart } from '../../shared/data/coupons-repo.js';
import { insertOrderPart, type OrderRecord } from '../../shared/data/orders-repo.js';
import { reservationSeqPart } from '../../shared/data/properties-repo.js';
import { insertReservationParts } from '../../shared/data/reservations-repo.js';
import { insertTenantParts } from '../../shared/data/tenants-repo.js';
import { keys } from '../../shared/db/keys.js';
import { part, type TxPart } from '../../shared/db/transaction.js';
import type { UnitPick } from '../../shared/domain/booking/capacity.js';
import type { LineLabel, Quote } from '../../shared/domain/booking/quote.js';
import { RESERVATION_STATUS, type ReservationRecord } from '../../shared/domain/booking/reservation.js';
import type { Actor } from '../../shared/domain/change.js';
import { INVOICE_STATUS } from '../../shared/domain/money-document/kind.js';
import type { DocumentLine as InvoiceLine } from '../../shared/domain/money-document/line-items.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import type { SiteSettings } from '../../shared/domain/settings.js';
import { CONTACT_FIELDS, type TenantRecord } from '../../shared/domain/tenant.js';
import { newInvoiceParts } from '../../shared/workflows/money-document/create.js';

/** The guest's tenant: an existing one (found by e-mail, or the session's), or a new inactive record. */
export type BookingTenant = { kind: 'existing'; tenantId: number } | { kind: 'new'; record: TenantRecord };

export interface BookingPlan {
  /** `journalEntryId`: the BOOKING invoice's posting (docs/money.md), with the invoice id or both null. */
  ids: { reservationId: number; orderId: number; invoiceId: number | null; journalEntryId: number | null };
  property: PropertyRecord;
  settings: Pick<SiteSettings, 'vrTaxRate' | 'vrTaxRate2'>;
  quote: Quote;
  /** The coupon's code as stored, when its discount was taken. */
  couponCode: string | null;
  units: UnitPick[];
  tenant: BookingTenant;
  guest: { name: string; email: string };
  /** The site's today (the invoice date and due date). */
  today: string;
  by: Actor;
  now: Date;
}

export const tenantIdOf = (t: BookingTenant) => (t.kind === 'existing' ? t.tenantId : t.record.tenantId);

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

export function reservationOf(plan: BookingPlan): ReservationRecord {
  const stamp = plan.now.toISOString();
  return {
    reservationId: plan.ids.reservationId,
    propertyId: plan.property.propertyId,
    tenantId: tenantIdOf(plan.tenant),
    dateFrom: plan.quote.dateFrom,
    dateTo: plan.quote.dateTo,
    name: plan.guest.name,
    email: plan.guest.email,
    status: RESERVATION_STATUS.confirmed,
    totalPriceCents: plan.quote.totalCents,
    orderId: plan.ids.orderId,
    couponCode: plan.couponCode,
    source: 'website',
    nightUnits: plan.units,
    dateCreated: stamp,
    dateUpdated: stamp,
  };
}

function invoiceOf(plan: BookingPlan, invoiceId: number, lines: readonly InvoiceLine[]): InvoiceRecord {
  return {
    invoiceId,
    description: 'BOOKING',
    tenantId: tenantIdOf(plan.tenant),
    propertyId: plan.property.propertyId,
    reservationId: plan.ids.reservationId,
    invoiceDate: plan.today,
    // Payment is the next step (through the guest portal): due on the day of booking.
    dueDate: plan.today,
    ...invoiceTaxRates(plan.property, plan.settings),
    status: INVOICE_STATUS.unpaid,
    subtotalCents: lines.reduce((t, l) => t + l.amountCents * l.quantity, 0),
    taxCents: plan.quote.taxCents,
    totalCents: plan.quote.totalCents,
    dateCreated: plan.now.toISOString(),
  };
}

/** The audit log records the booking, not the guest: the name and e-mail are masked. */
const GUEST_FIELDS = ['name', 'email'];

export function bookingParts(plan: BookingPlan): TxPart[] {
  const reservation = reservationOf(plan);
  const tenantId = tenantIdOf(plan.tenant);
  const order: OrderRecord = {
    orderId: plan.ids.orderId,
    reservationId: reservation.reservationId,
    propertyId: reservation.propertyId,
    tenantId,
    invoiceId: plan.ids.invoiceId,
    totalCents: plan.quote.totalCents,
    couponCode: plan.couponCode,
    dateCreated: reservation.dateCreated,
  };
  const { nightUnits: _units, ...logged } = reservation;
  const parts: TxPart[] = [
    ...insertReservationParts(reservation),
    reservationSeqPart(reservation.propertyId),
    insertOrderPart(order),
    changePart(
      {
        recordType: 'reservation',
        recordId: reservation.reservationId,
        action: 'created',
        after: logged,
        masked: GUEST_FIELDS,
        event: 'reservation.created',
      },
      plan.by,
      plan.now,
    ),
  ];
  if (plan.ids.invoiceId !== null) {
    const lines = invoiceLinesOf(plan.quote);
    const invoice = invoiceOf(plan, plan.ids.invoiceId, lines);
    // The invoice, its posting (Dr receivable / Cr revenue + taxPayable) and its change, in this transaction.
    parts.push(
      ...newInvoiceParts(invoice, lines, { entryId: plan.ids.journalEntryId, by: plan.by, now: plan.now }),
    );
  }
  if (plan.couponCode !== null) parts.push(useCouponPart(plan.couponCode));
  if (plan.tenant.kind === 'new') {
    const { passwordHash: _hash, contact: _contact, ...tenantFields } = plan.tenant.record;
    parts.push(
      ...insertTenantParts(plan.tenant.record),
      changePart(
        {
          recordType: 'tenant',
          recordId: tenantId,
          action: 'created',
          after: tenantFields,
          masked: [...CONTACT_FIELDS],
        },
        plan.by,
        plan.now,
      ),
    );
  } else {
    // A tenant found by e-mail before the transaction must still be there when it commits.
    parts.push(part.check(`check:tenant ${tenantId}`, keys.tenant(tenantId), 'attribute_exists(PK)'));
  }
  return parts;
}
