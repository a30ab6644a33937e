/**
 * POST book (spec "Book rules"; docs/booking.md): the site's policy decides who may book (a tenant session,
 * or a guest e-mail with a passed CAPTCHA); without a name or an e-mail nothing is booked and the answer is
 * the quote with requiresPortal; otherwise one transaction writes the whole booking (booking-parts.ts).
 *
 * Race: the units are picked from the claims read just before; a claim taken meanwhile fails the transaction
 * (nothing written), the claims are read again and the booking retried on the units still free, or answered
 * 409 with the bookable rule that now fails ("the night of … is fully booked").
 */

import type { TenantSession } from '../../shared/auth/session-types.js';
import { verifyCaptcha } from '../../shared/captcha/verify.js';
import { sealFields } from '../../shared/crypto/fields.js';
import { couponUseFailed, getCoupon } from '../../shared/data/coupons-repo.js';
import { dayPrices } from '../../shared/data/day-prices-repo.js';
import { nightClaims } from '../../shared/data/night-claims-repo.js';
import { getProperty, RESERVATION_SEQ_LABEL } from '../../shared/data/properties-repo.js';
import { type PropertyDays, propertyDays } from '../../shared/data/property-days-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { tenantIdByEmail } from '../../shared/data/tenants-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import { checkBookable, unitsOf } from '../../shared/domain/booking/bookable.js';
import {
  MAX_NIGHTS_PER_TRANSACTION,
  type NightClaim,
  pickUnits,
} from '../../shared/domain/booking/capacity.js';
import { applicableCoupon, couponProblem } from '../../shared/domain/booking/coupon.js';
import { quoteView } from '../../shared/domain/booking/quote.js';
import { nightCount, nightsOf, today } from '../../shared/domain/booking/stay.js';
import type { Actor } from '../../shared/domain/change.js';
import { contactAad, contactOf, type TenantRecord } from '../../shared/domain/tenant.js';
import { Conflict, Unauthorized } from '../../shared/errors.js';
import { type BookingTenant, bookingParts, tenantIdOf } from './booking-parts.js';
import type { BookInput } from './schemas.js';
import { MAX_QUOTE_NIGHTS, onlineProperty, pricesOf, quoteOf, stayOf } from './service.js';

/** Tries of the booking transaction (each after reading the claims again); then a 409 "try again". */
export const BOOK_ATTEMPTS = 4;

export const PORTAL_MESSAGE =
  'A name and an e-mail address are needed to book: complete this booking in the guest portal.';
export const PAY_MESSAGE =
  'Booked. Next step: pay the invoice in the guest portal (log in with this e-mail address, or register with it to claim the booking).';
export const NOTHING_TO_PAY_MESSAGE = 'Booked. There is nothing to pay; the stay is in the guest portal.';

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

/** "Ann Marie Smith" → first "Ann", last "Marie Smith"; one word is a first name. */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.split(/\s+/);
  return { first, last: rest.join(' ') };
}

/**
 * A guest without an account gets an inactive tenant record with no password (no one can log in with it).
 * An empty `activationHash` makes it a registration never activated (tenant.ts isReplaceableRegistration):
 * registering with the same e-mail later takes the record over, with its reservations, once the link is used.
 */
async function newGuestTenant(input: BookInput, tenantId: number, now: Date): Promise<TenantRecord> {
  const stamp = now.toISOString();
  const { first, last } = splitName(input.name);
  return {
    tenantId,
    tenantEmail: input.email,
    tenantFirstName: first,
    tenantLastName: last,
    isActive: 0,
    passwordHash: '',
    contact: await sealFields(
      contactOf({
        tenantPhone: input.phone,
        tenantAddress: input.address,
        tenantCity: input.city,
        tenantState: input.state,
        tenantZip: input.zip,
      }),
      contactAad(tenantId),
    ),
    dateCreated: stamp,
    dateUpdated: stamp,
    dateActivated: '',
    activationHash: '',
  };
}

async function bookingTenant(
  input: BookInput,
  ctx: BookContext,
  knownId: number | undefined,
): Promise<BookingTenant> {
  if (ctx.tenant) return { kind: 'existing', tenantId: ctx.tenant.tenantId };
  if (knownId !== undefined) return { kind: 'existing', tenantId: knownId };
  return { kind: 'new', record: await newGuestTenant(input, await nextId('tenant'), ctx.now) };
}

/** What a booking reads, in parallel: settings, property, the stay's claims and prices, coupon, tenant by e-mail. */
async function readBooking(input: BookInput, ctx: BookContext) {
  const stay = stayOf(input.dateFrom, input.dateTo, MAX_QUOTE_NIGHTS);
  const readable = nightCount(stay) <= MAX_NIGHTS_PER_TRANSACTION;
  const readClaims = (): Promise<NightClaim[]> =>
    readable ? nightClaims(input.propertyId, stay.dateFrom, stay.dateTo) : Promise.resolve([]);
  // The claims and prices in one Query; a stay too long to book still gets its price (the nights rule refuses it).
  const readDays = (): Promise<PropertyDays> =>
    readable
      ? propertyDays(input.propertyId, stay.dateFrom, stay.dateTo)
      : dayPrices(input.propertyId, stay.dateFrom, stay.dateTo).then((prices) => ({ claims: [], prices }));
  const [settings, stored, { claims, prices }, coupon, knownTenantId] = await Promise.all([
    getSettings(),
    getProperty(input.propertyId),
    readDays(),
    input.couponCode ? getCoupon(input.couponCode) : undefined,
    ctx.tenant || !input.email ? undefined : tenantIdByEmail(input.email),
  ]);
  const property = onlineProperty(stored?.record, input.propertyId);
  const todayThere = today(settings.systemTimeZone, ctx.now);
  const couponContext = { propertyId: property.propertyId, today: todayThere, nights: nightCount(stay) };
  const applied = applicableCoupon(coupon?.record, couponContext);
  // A code that was given must apply: the guest is never charged other than what the code promised.
  const couponRefusal = input.couponCode ? couponProblem(coupon?.record, couponContext) : undefined;
  const quote = quoteOf(property, settings, stay, pricesOf(prices), input, applied);
  const couponCode = quote.couponApplied && applied ? applied.code : null;
  return {
    stay,
    readClaims,
    settings,
    property,
    claims,
    todayThere,
    quote,
    couponCode,
    couponRefusal,
    knownTenantId,
  };
}

type BookingReads = Awaited<ReturnType<typeof readBooking>>;

export async function book(input: BookInput, ctx: BookContext) {
  const reads = await readBooking(input, ctx);
  checkPolicy(reads.settings, ctx.tenant);
  const answer = {
    success: false,
    requiresPortal: false,
    orderId: null as number | null,
    invoiceId: null as number | null,
    tenantId: ctx.tenant?.tenantId ?? null,
    reservationId: null as number | null,
    quote: quoteView(reads.quote),
  };
  if (!input.name || !input.email) return { ...answer, requiresPortal: true, message: PORTAL_MESSAGE };
  if (!ctx.tenant) await verifyCaptcha(reads.settings, input, ctx.ip, ctx.now);
  if (reads.couponRefusal) throw new Conflict(`The coupon cannot be used: ${reads.couponRefusal}`);
  checkAvailable(input, reads, reads.claims);
  const booked = await commitBooking(input, ctx, reads);
  return {
    ...answer,
    ...booked,
    success: true,
    message: booked.invoiceId === null ? NOTHING_TO_PAY_MESSAGE : PAY_MESSAGE,
  };
}

/** The bookable rules on the claims read; the first that fails is the 409's message. */
function checkAvailable(input: BookInput, reads: BookingReads, claims: readonly NightClaim[]): void {
  const verdict = checkBookable({
    property: reads.property,
    stay: reads.stay,
    today: reads.todayThere,
    adults: input.adults,
    children: input.children,
    pets: input.pets,
    claims,
  });
  if (!verdict.available) throw new Conflict(verdict.message);
}

/** Commits the booking, reading the claims (and the guest's tenant) again after a lost race. */
async function commitBooking(input: BookInput, ctx: BookContext, reads: BookingReads) {
  const invoiced = reads.quote.totalCents > 0;
  const [reservationId, orderId, invoiceId, journalEntryId] = await Promise.all([
    nextId('reservation'),
    nextId('order'),
    invoiced ? nextId('invoice') : null,
    invoiced ? nextId('journal') : null,
  ]);
  const by: Actor = {
    actor: ctx.tenant ? `tenant:${ctx.tenant.tenantId}` : `guest:${ctx.ip}`,
    requestId: ctx.requestId,
  };
  const nights = nightsOf(reads.stay);
  let claims = reads.claims;
  let tenant = await bookingTenant(input, ctx, reads.knownTenantId);
  for (let attempt = 1; ; attempt++) {
    const units = pickUnits(nights, unitsOf(reads.property), claims);
    if (!units) throw new Conflict('Not available: the stay was just booked');
    const parts = bookingParts({
      ids: { reservationId, orderId, invoiceId, journalEntryId },
      property: reads.property,
      settings: reads.settings,
      quote: reads.quote,
      couponCode: reads.couponCode,
      units,
      tenant,
      guest: { name: input.name, email: input.email },
      today: reads.todayThere,
      by,
      now: ctx.now,
    });
    try {
      // One send per try: a conflict means another booking is taking these nights right now, so this loop
      // re-reads the claims (and usually answers "not available") instead of resending the same transaction.
      await commit(parts, { attempts: 1 });
      return { orderId, invoiceId, reservationId, tenantId: tenantIdOf(tenant) };
    } catch (error) {
      throwUnlessRetryable(error, reads.couponCode, attempt);
      // The guest's e-mail was taken by another booking (or its tenant went away): read who holds it now.
      if (isTenantFailure(error))
        tenant = await bookingTenant(input, ctx, await tenantIdByEmail(input.email));
      claims = await reads.readClaims();
      checkAvailable(input, reads, claims);
    }
  }
}

const isTenantFailure = (error: unknown) =>
  error instanceof TransactionFailed &&
  (error.conditionFailed('guard:tenantEmail') || error.conditionFailed('check:tenant'));

/** A lost claim, a taken e-mail or a conflict are tried again (up to BOOK_ATTEMPTS); anything else is answered. */
function throwUnlessRetryable(error: unknown, couponCode: string | null, attempt: number): void {
  if (!(error instanceof TransactionFailed)) throw error;
  if (couponUseFailed(error))
    throw new Conflict(`The coupon cannot be used: ${couponCode} has been used up or deactivated`);
  if (error.conditionFailed(RESERVATION_SEQ_LABEL))
    throw new Conflict('This property cannot be booked online');
  if (attempt >= BOOK_ATTEMPTS)
    throw new Conflict('The stay is being booked by others at this moment; nothing was booked. Try again.');
}
