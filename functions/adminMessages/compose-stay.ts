/**
 * The guest mails of a stay, composed from the announced reservation (the event's `data`, as the admin API
 * shows it) and what else each template needs: the property (1 read), and for a confirmation the booking's
 * invoice through its order (2 reads) and its payment link's token (1 read, while something is due).
 */

import { readDocument } from '../../shared/data/money-documents-repo.js';
import { getOrder } from '../../shared/data/orders-repo.js';
import { revealPayToken } from '../../shared/data/pay-tokens-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import type { ReservationRecord, StayGuests } from '../../shared/domain/booking/reservation.js';
import { nightCount } from '../../shared/domain/booking/stay.js';
import { bookingConfirmation } from '../../shared/domain/messages/templates/booking-confirmation.js';
import { cancellation } from '../../shared/domain/messages/templates/cancellation.js';
import { holdExpired } from '../../shared/domain/messages/templates/hold-expired.js';
import { preArrival } from '../../shared/domain/messages/templates/pre-arrival.js';
import type { PropertyFacts, StayFacts } from '../../shared/domain/messages/templates/stay.js';
import { toAmount } from '../../shared/domain/money.js';
import { amountDueCents } from '../../shared/domain/money-document/figures.js';
import type { PropertyRecord } from '../../shared/domain/property.js';
import { paymentPageOf, paymentUrlOf } from '../../shared/workflows/money-document/pay-link.js';
import type { Composed, MailContext } from './compose-types.js';

/** The reservation as the event announces it (functions/adminReservations/schemas.ts adminReservation). */
export interface AnnouncedStay {
  reservationId: number;
  propertyId: number;
  name: string;
  email: string;
  dateFrom: string;
  dateTo: string;
  nights: number;
  totalPrice: number;
  orderId: number | null;
  holdUntil: string | null;
  guests: StayGuests | null;
}

export const announcedStay = (data: Readonly<Record<string, unknown>>): AnnouncedStay => ({
  reservationId: Number(data.reservationId),
  propertyId: Number(data.propertyId),
  name: String(data.name ?? ''),
  email: String(data.email ?? ''),
  dateFrom: String(data.dateFrom),
  dateTo: String(data.dateTo),
  nights: Number(data.nights),
  totalPrice: Number(data.totalPrice ?? 0),
  orderId: typeof data.orderId === 'number' ? data.orderId : null,
  holdUntil: typeof data.holdUntil === 'string' ? data.holdUntil : null,
  guests: (data.guests as StayGuests | null | undefined) ?? null,
});

export const stayOfRecord = (r: ReservationRecord): AnnouncedStay => ({
  ...r,
  nights: nightCount(r),
  totalPrice: toAmount(r.totalPriceCents),
  holdUntil: r.holdUntil ?? null,
  guests: r.guests ?? null,
});

export const stayFacts = (s: AnnouncedStay): StayFacts => ({
  reservationId: s.reservationId,
  guestName: s.name,
  dateFrom: s.dateFrom,
  dateTo: s.dateTo,
  nights: s.nights,
  guests: s.guests,
});

const propertyFacts = (p: PropertyRecord): PropertyFacts => ({
  name: p.propertyName,
  address: p.propertyAddress,
  location: p.propertyLocation,
});

const aboutStay = (s: AnnouncedStay) => ({
  to: s.email,
  recordType: 'reservation',
  recordId: String(s.reservationId),
});

/** The property of a stay; undefined when it is gone (nothing to write about). */
async function propertyOf(s: AnnouncedStay): Promise<PropertyRecord | undefined> {
  return (await getProperty(s.propertyId))?.record;
}

/** The booking's invoice and what it says is due, with its payment link while something is. */
async function priceOf(s: AnnouncedStay, ctx: MailContext) {
  const order = s.orderId === null ? undefined : await getOrder(s.orderId);
  const invoice =
    order?.invoiceId === null || order === undefined
      ? undefined
      : await readDocument('invoice', order.invoiceId);
  if (!invoice) return undefined;
  const { record } = invoice;
  const dueCents = amountDueCents(record);
  const token = dueCents > 0 ? await revealPayToken(record.invoiceId) : undefined;
  return {
    price: {
      lines: [
        ...invoice.lines.map((l) => ({ label: l.description, amount: toAmount(l.amountCents * l.quantity) })),
        ...(record.taxCents !== 0 ? [{ label: 'Tax', amount: toAmount(record.taxCents) }] : []),
      ],
      total: toAmount(record.totalCents),
    },
    amountDue: toAmount(dueCents),
    paymentUrl:
      token === undefined ? null : paymentUrlOf(paymentPageOf(ctx.settings), record.invoiceId, token),
  };
}

export async function confirmationOf(s: AnnouncedStay, ctx: MailContext): Promise<Composed | undefined> {
  const [property, priced] = await Promise.all([propertyOf(s), priceOf(s, ctx)]);
  if (!property) return undefined;
  // Announced as a hold and paid in full before this mail went out (the job was behind): the payment's own
  // bookingPaid mail confirms the booking with its receipt, so the guest gets one "confirmed" mail, not two.
  const paidHold = s.holdUntil !== null && priced !== undefined && priced.amountDue === 0;
  const mail = bookingConfirmation(ctx.site, {
    stay: stayFacts(s),
    property: propertyFacts(property),
    // A stay staff booked without an invoice: its total, nothing said of payment.
    ...(priced ?? {
      price: { lines: [], total: s.totalPrice },
      amountDue: null,
      paymentUrl: null,
    }),
    holdUntil: priced && priced.amountDue > 0 ? s.holdUntil : null,
    cancellationPolicy: ctx.settings.cancellationPolicy,
  });
  return {
    ...aboutStay(s),
    mail,
    ...(paidHold
      ? { supersededBy: 'the hold was paid in full first: the bookingPaid mail confirms it' }
      : {}),
  };
}

export async function holdExpiredOf(s: AnnouncedStay, ctx: MailContext): Promise<Composed | undefined> {
  const property = await propertyOf(s);
  if (!property) return undefined;
  return {
    ...aboutStay(s),
    mail: holdExpired(ctx.site, { stay: stayFacts(s), property: propertyFacts(property) }),
  };
}

export async function cancellationOf(s: AnnouncedStay, ctx: MailContext): Promise<Composed | undefined> {
  const property = await propertyOf(s);
  if (!property) return undefined;
  const mail = cancellation(ctx.site, {
    stay: stayFacts(s),
    property: propertyFacts(property),
    cancellationPolicy: ctx.settings.cancellationPolicy,
  });
  return { ...aboutStay(s), mail };
}

export async function preArrivalOf(s: AnnouncedStay, ctx: MailContext, known?: PropertyRecord) {
  const property = known ?? (await propertyOf(s));
  if (!property) return undefined;
  const mail = preArrival(ctx.site, {
    stay: stayFacts(s),
    property: propertyFacts(property),
    checkInInstructions: property.checkInInstructions ?? '',
  });
  return { ...aboutStay(s), mail };
}
