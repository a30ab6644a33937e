/**
 * POST book (spec "Book rules"; docs/booking.md): the site's policy decides who may book (a tenant session,
 * or a guest e-mail with a passed CAPTCHA); without a name or an e-mail nothing is booked and the answer is
 * the quote with requiresPortal; otherwise the reservation workflow writes the stay, with the booking's order,
 * invoice and coupon use as parts of the same transaction (booking-parts.ts).
 *
 * Round trips, one after the other (docs/booking.md "Round trips"): everything the booking reads goes in one
 * step beside the id counters it needs and a guest's CAPTCHA (so the ids are taken before it is known whether
 * the stay can be booked: a refused booking leaves gaps in the counters, never a second use of an id); the
 * transaction is the next.
 */

import type { TenantSession } from '../../shared/auth/session-types.js';
import { verifyCaptcha } from '../../shared/captcha/verify.js';
import { couponUseFailed, getCoupon } from '../../shared/data/coupons-repo.js';
import { dayPrices } from '../../shared/data/day-prices-repo.js';
import { guestTenantIdByEmail } from '../../shared/data/guest-tenants-repo.js';
import { newPayToken, payTokenPart } from '../../shared/data/pay-tokens-repo.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { type PropertyDays, propertyDays } from '../../shared/data/property-days-repo.js';
import { getRecentSettings, getSettings } from '../../shared/data/settings-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { TransactionFailed, type TxPart } from '../../shared/db/transaction.js';
import { MAX_NIGHTS_PER_TRANSACTION } from '../../shared/domain/booking/capacity.js';
import { applicableCoupon, publicCouponProblem } from '../../shared/domain/booking/coupon.js';
import { quoteView } from '../../shared/domain/booking/quote.js';
import { RESERVATION_STATUS } from '../../shared/domain/booking/reservation.js';
import { nightCount, stayOf, today } from '../../shared/domain/booking/stay.js';
import type { Actor } from '../../shared/domain/change.js';
import { Conflict, Unauthorized } from '../../shared/errors.js';
import { countMailTo } from '../../shared/http/mail-limit.js';
import { newJournalEntryId } from '../../shared/workflows/ledger/posting.js';
import { paymentPageOf, paymentUrlOf } from '../../shared/workflows/money-document/pay-link.js';
import { createReservationWithNights, type StayGuest } from '../../shared/workflows/reservations/index.js';
import { bookingParts } from './booking-parts.js';
import type { BookInput } from './schemas.js';
import { MAX_QUOTE_NIGHTS, onlineProperty, pricesOf, quoteOf } from './service.js';

export const PORTAL_MESSAGE =
  'A name and an e-mail address are needed to book: complete this booking in the guest portal.';
/**
 * The next steps. They depend on whether the caller is signed in, never on whether the guest's address has an
 * account (a guest booking says the same for every address: docs/booking.md "A guest never books into an
 * account").
 */
export const PAY_MESSAGE =
  'Booked. Next step: pay the invoice in the guest portal (the payment link, also in the confirmation e-mail).';
export const holdMessage = (holdUntil: string) =>
  `Held until ${holdUntil}. Next step: pay the invoice (the payment link, or the guest portal) to confirm the booking; unpaid, the nights are released then.`;
export const NOTHING_TO_PAY_MESSAGE = 'Booked. There is nothing to pay.';

export interface BookContext {
  tenant: TenantSession | undefined;
  ip: string;
  requestId: string;
  now: Date;
}

/** Spec "Book rules" 1: a tenant session, or guest checkout when the site allows it (then the CAPTCHA). */
function checkPolicy(
  settings: { apiBookingGuestEnabled: number; apiBookingRequireLogin: number },
  session?: TenantSession,
) {
  if (session) return;
  if (settings.apiBookingRequireLogin === 1)
    throw new Unauthorized('Log in as a tenant to book: this site requires a tenant session for bookings');
  if (settings.apiBookingGuestEnabled !== 1)
    throw new Unauthorized('Guest checkout is off on this site: log in as a tenant to book');
}

/**
 * What a booking reads, in parallel: settings, property, the stay's claims and prices, coupon, and a guest's
 * record by e-mail (among guest records only: whether the address has an account is never read, so it changes
 * neither the work nor the answer).
 */
async function readBooking(input: BookInput, ctx: BookContext) {
  const stay = stayOf(input.dateFrom, input.dateTo, MAX_QUOTE_NIGHTS);
  // The claims and prices in one Query; a stay too long to book still gets its price (the nights rule refuses it).
  const readDays = (): Promise<PropertyDays> =>
    nightCount(stay) <= MAX_NIGHTS_PER_TRANSACTION
      ? propertyDays(input.propertyId, stay.dateFrom, stay.dateTo)
      : dayPrices(input.propertyId, stay.dateFrom, stay.dateTo).then((prices) => ({ claims: [], prices }));
  const [settings, stored, { claims, prices }, coupon, knownTenantId] = await Promise.all([
    getSettings(),
    getProperty(input.propertyId),
    readDays(),
    input.couponCode ? getCoupon(input.couponCode) : undefined,
    ctx.tenant || !input.email ? undefined : guestTenantIdByEmail(input.email),
  ]);
  const online = onlineProperty(stored, input.propertyId);
  const property = online.record;
  const todayThere = today(settings.systemTimeZone, ctx.now);
  const couponContext = { propertyId: property.propertyId, today: todayThere, nights: nightCount(stay) };
  const applied = applicableCoupon(coupon?.record, couponContext);
  // A code that was given must apply: the guest is never charged other than what the code promised. Why not
  // is said as validateCoupon says it (a guesser learns nothing of codes that are not this property's).
  const couponRefusal = input.couponCode ? publicCouponProblem(coupon?.record, couponContext) : undefined;
  const quote = quoteOf(property, settings, stay, pricesOf(prices), input, applied);
  const couponCode = quote.couponApplied && applied ? applied.code : null;
  return { settings, property: online, claims, todayThere, quote, couponCode, couponRefusal, knownTenantId };
}

/**
 * The ids a booking may need, taken beside its reads: the reservation, the order, the invoice and its journal
 * entry, and a guest's new tenant (used only when the e-mail is not known yet).
 */
async function takeIds(guestCheckout: boolean) {
  const [reservationId, orderId, invoiceId, journalEntryId, tenantId] = await Promise.all([
    nextId('reservation'),
    nextId('order'),
    nextId('invoice'),
    newJournalEntryId(),
    guestCheckout ? nextId('tenant') : undefined,
  ]);
  return { reservationId, orderId, invoiceId, journalEntryId, tenantId };
}

/**
 * A guest's CAPTCHA, checked beside the reads (its provider from the settings copy of the last 5 s, like the
 * public reads: getRecentSettings). Awaited only after the policy and requiresPortal are decided, so their
 * answers come first; a refusal meanwhile is held, not unhandled.
 */
function guestCaptcha(input: BookInput, ctx: BookContext): Promise<void> | undefined {
  if (ctx.tenant) return undefined;
  const checked = getRecentSettings().then((settings) => verifyCaptcha(settings, input, ctx.ip, ctx.now));
  checked.catch(() => undefined);
  return checked;
}

type BookingReads = Awaited<ReturnType<typeof readBooking>>;
type BookingIds = Awaited<ReturnType<typeof takeIds>>;

/** Whose stay: the session's tenant, or the guest record found by e-mail (read beside the stay) or made now. */
function stayGuestOf(input: BookInput, ctx: BookContext, reads: BookingReads, ids: BookingIds): StayGuest {
  if (ctx.tenant) return { kind: 'tenant', tenantId: ctx.tenant.tenantId };
  return {
    kind: 'guest',
    guest: {
      name: input.name,
      email: input.email,
      contact: {
        tenantPhone: input.phone,
        tenantAddress: input.address,
        tenantCity: input.city,
        tenantState: input.state,
        tenantZip: input.zip,
      },
    },
    known: { tenantId: reads.knownTenantId, newTenantId: ids.tenantId },
  };
}

/**
 * DESIGN.md "Bookings that are not paid yet": something to pay makes a hold of the site's bookingHoldMinutes
 * (0 keeps the legacy way: confirmed at once), with the payment link's token of its invoice.
 */
function payment(reads: BookingReads, now: Date) {
  const invoiced = reads.quote.totalCents > 0;
  const minutes = reads.settings.bookingHoldMinutes;
  return {
    invoiced,
    holdUntil: invoiced && minutes > 0 ? new Date(now.getTime() + minutes * 60_000).toISOString() : null,
    token: invoiced ? newPayToken() : undefined,
  };
}

export async function book(input: BookInput, ctx: BookContext) {
  const bookable = Boolean(input.name && input.email);
  const captcha = bookable ? guestCaptcha(input, ctx) : undefined;
  const [reads, ids] = await Promise.all([
    readBooking(input, ctx),
    bookable ? takeIds(!ctx.tenant) : undefined,
  ]);
  checkPolicy(reads.settings, ctx.tenant);
  const answer = {
    success: false,
    requiresPortal: false,
    orderId: null as number | null,
    invoiceId: null as number | null,
    tenantId: ctx.tenant?.tenantId ?? null,
    reservationId: null as number | null,
    holdUntil: null as string | null,
    paymentUrl: null as string | null,
    quote: quoteView(reads.quote),
  };
  if (!ids) return { ...answer, requiresPortal: true, message: PORTAL_MESSAGE };
  await captcha;
  if (reads.couponRefusal) throw new Conflict(`The coupon cannot be used: ${reads.couponRefusal}`);
  // The booking's confirmation goes to the typed address, a tenant's booking too.
  await countMailTo(input.email, reads.settings, ctx.now);
  const { invoiced, holdUntil, token } = payment(reads, ctx.now);
  const record = await commitBooking(input, ctx, reads, ids, {
    holdUntil,
    extra: token === undefined ? [] : [await payTokenPart(ids.invoiceId, token, ctx.now)],
  });
  const invoiceId = invoiced ? ids.invoiceId : null;
  return {
    ...answer,
    success: true,
    orderId: ids.orderId,
    invoiceId,
    reservationId: record.reservationId,
    // A guest record's id would tell whoever typed the address whether it booked before (a repeat finds the
    // same record): only a signed-in tenant is told their own id (docs/booking.md).
    tenantId: ctx.tenant ? record.tenantId : null,
    holdUntil,
    paymentUrl:
      token === undefined ? null : paymentUrlOf(paymentPageOf(reads.settings), ids.invoiceId, token),
    message: invoiceId === null ? NOTHING_TO_PAY_MESSAGE : holdUntil ? holdMessage(holdUntil) : PAY_MESSAGE,
  };
}

/** The stay through the reservation workflow, with the booking's order, invoice and coupon use as its parts. */
async function commitBooking(
  input: BookInput,
  ctx: BookContext,
  reads: BookingReads,
  ids: BookingIds,
  more: { holdUntil: string | null; extra: TxPart[] },
) {
  const invoiced = reads.quote.totalCents > 0;
  const by: Actor = {
    actor: ctx.tenant ? `tenant:${ctx.tenant.tenantId}` : `guest:${ctx.ip}`,
    requestId: ctx.requestId,
  };
  const { property } = reads;
  try {
    return await createReservationWithNights(
      {
        propertyId: input.propertyId,
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        status: more.holdUntil ? RESERVATION_STATUS.pending : RESERVATION_STATUS.confirmed,
        name: input.name,
        email: input.email,
        guest: stayGuestOf(input, ctx, reads, ids),
        totalPriceCents: reads.quote.totalCents,
        rules: { kind: 'website', adults: input.adults, children: input.children, pets: input.pets },
        orderId: ids.orderId,
        couponCode: reads.couponCode,
        holdUntil: more.holdUntil,
      },
      { by, now: ctx.now, source: 'website' },
      {
        known: { property, today: reads.todayThere, claims: reads.claims, reservationId: ids.reservationId },
        extraParts: (reservation) => [
          ...more.extra,
          ...bookingParts({
            reservation,
            ids: invoiced ? ids : { ...ids, invoiceId: null, journalEntryId: null },
            property: property.record,
            settings: reads.settings,
            quote: reads.quote,
            today: reads.todayThere,
            by,
            now: ctx.now,
          }),
        ],
      },
    );
  } catch (error) {
    if (error instanceof TransactionFailed && couponUseFailed(error))
      throw new Conflict(`The coupon cannot be used: ${reads.couponCode} has been used up or deactivated`);
    throw error;
  }
}
