/**
 * A new reservation or block, the one way every source makes one (docs/reservations.md "The reservation
 * workflow"): the website's booking, an admin, the channel manager and an iCal import. One transaction holds
 * the reservation, a claim per night, the property's reservationSeq guard, the guest's tenant, the change
 * record (`reservation.created`) and whatever the caller adds (the booking's order, invoice and coupon use; the
 * channel's mapping; the iCal event). Free units are picked from one read of the nights; losing a claim to a
 * concurrent writer reads them again, so exactly one writer wins the last unit.
 */

import { jitteredBackoff } from '../../backoff.js';
import { emitBusinessMetric } from '../../business-metrics.js';
import { changePart } from '../../data/changes-repo.js';
import { claimLost, nightClaims } from '../../data/night-claims-repo.js';
import { reservationSeqPart, type StoredProperty } from '../../data/properties-repo.js';
import { holdPart, insertReservationParts } from '../../data/reservations-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { nextId } from '../../db/counters.js';
import { ServiceBusy } from '../../db/throttling.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import { checkBookable, unitsOf } from '../../domain/booking/bookable.js';
import {
  isOverbooked,
  MAX_NIGHTS_PER_TRANSACTION,
  type NightClaim,
  pickUnits,
  pickUnitsOrOverflow,
  type UnitPick,
} from '../../domain/booking/capacity.js';
import {
  isHeld,
  RESERVATION_STATUS,
  type ReservationRecord,
  type ReservationStatus,
  reservationChange,
} from '../../domain/booking/reservation.js';
import { nightsOf, type Stay, stayOf } from '../../domain/booking/stay.js';
import { todayIn } from '../../domain/dates.js';
import { BadRequest, Conflict } from '../../errors.js';
import { pausedForRetry, type RetryPolicy } from '../../retry-policy.js';
import { overbookingConflictParts } from '../conflicts/index.js';
import { type Guest, guestTenant, guestTenantChanged, type KnownGuest } from '../tenants/guest-tenant.js';
import { bookableProperty, StayUnavailable } from './stay-checks.js';
import { isArchivedMeanwhile, isTransient, type WriteContext } from './write-context.js';

/**
 * Which rules a new stay must meet besides free units:
 * - `website`: every bookable rule of pricing.md for these guests (the booking); a broken one is the 409;
 * - `admin`: the same but "on the website" and the guests (an admin books what the site hides); a 400;
 * - `units`: only free units (the channel and iCal: the other system decided); a full night is StayUnavailable;
 * - `overbook`: none: a full night takes an overflow unit, and the stay is recorded as a conflict and
 *   announced `reservation.overbooked` (a super admin's skipAvailabilityCheck).
 */
export type StayRules =
  | { kind: 'website'; adults: number; children: number; pets: number }
  | { kind: 'admin' }
  | { kind: 'units' }
  | { kind: 'overbook' };

/** Whose stay it is: a known tenant (a session's, one an admin linked, none for a block) or a guest's. */
export type StayGuest =
  | { kind: 'tenant'; tenantId: number | null }
  /** Found by e-mail or created inactive; `known` is a lookup the caller already made. */
  | { kind: 'guest'; guest: Guest; known?: KnownGuest };

export interface NewStay {
  propertyId: number;
  dateFrom: string;
  dateTo: string;
  status: ReservationStatus;
  name: string;
  email: string;
  guest: StayGuest;
  totalPriceCents: number;
  rules: StayRules;
  /** The website's booking: its order and the coupon it used. */
  orderId?: number | null;
  couponCode?: string | null;
  /** An unpaid website booking held until then (status "0", DESIGN.md "Bookings that are not paid yet"). */
  holdUntil?: string | null;
}

/** What the caller read already (the booking reads it all in one round trip with its prices). */
export interface KnownBeforehand {
  property: StoredProperty;
  /** The site's today. */
  today: string;
  claims: readonly NightClaim[];
  reservationId: number;
}

export interface CreateOptions {
  /** Parts committed in the same transaction (an order, a mapping, an iCal event); their failure is rethrown. */
  extraParts?: (record: ReservationRecord) => TxPart[];
  known?: KnownBeforehand;
}

/**
 * Tries of the transaction, each after a jittered wait and a new read of the nights (a claim lost to a
 * concurrent writer, or DynamoDB too busy to decide) or of the guest's tenant (taken or removed meanwhile).
 * When they are used up the nights are read once more: full, the answer is the stay's "not available"; not
 * full, a 503 with Retry-After (nothing was booked, and trying again may well succeed).
 */
export const CLAIM_ATTEMPTS = 8;

/** The tries and the jittered waits between them (shared/retry-policy.ts): up to about 3 s in all. */
const CLAIM_RETRY: RetryPolicy = { maxTries: CLAIM_ATTEMPTS, backoff: jitteredBackoff(20, 1_000) };

/** The rules of `rules` on the claims read; throws the caller's refusal. Units only when the rules say so. */
function checkRules(
  rules: StayRules,
  property: StoredProperty,
  stay: Stay,
  today: string,
  claims: readonly NightClaim[],
) {
  if (rules.kind === 'units' || rules.kind === 'overbook') return;
  const website = rules.kind === 'website';
  const verdict = checkBookable({
    property: website ? property.record : { ...property.record, onWebsite: 1 },
    stay,
    today,
    adults: website ? rules.adults : 0,
    children: website ? rules.children : 0,
    pets: website ? rules.pets : 0,
    claims,
  });
  if (verdict.available) return;
  if (website) throw new Conflict(verdict.message);
  throw new BadRequest(verdict.message, [{ field: 'dateFrom', message: verdict.message }]);
}

function picksFor(rules: StayRules, property: StoredProperty, stay: Stay, claims: readonly NightClaim[]) {
  const nights = nightsOf(stay);
  const units = unitsOf(property.record);
  if (rules.kind === 'overbook') return pickUnitsOrOverflow(nights, units, claims);
  const picks = pickUnits(nights, units, claims);
  if (!picks) throw new StayUnavailable(stay);
  return picks;
}

async function guestOf(stay: StayGuest, ctx: WriteContext, fresh: boolean) {
  if (stay.kind === 'tenant') return { tenantId: stay.tenantId, parts: [] };
  return guestTenant(stay.guest, ctx.by, ctx.now, fresh ? undefined : stay.known);
}

/** The property, the site's today and the id, read here unless the caller read them. */
async function beforehand(input: NewStay, ctx: WriteContext, known: KnownBeforehand | undefined) {
  if (known) return known;
  const [property, settings, reservationId] = await Promise.all([
    bookableProperty(input.propertyId),
    getSettings(),
    nextId('reservation'),
  ]);
  return { property, today: todayIn(settings.systemTimeZone, ctx.now), claims: undefined, reservationId };
}

/** An overbooking's conflict record and announcement: parts of the new stay's own transaction (newStayParts). */
function overbookingParts(record: ReservationRecord, ctx: WriteContext): TxPart[] {
  return [
    ...overbookingConflictParts(
      {
        source: 'overbooking',
        reference: String(record.reservationId),
        propertyId: record.propertyId,
        dateFrom: record.dateFrom,
        dateTo: record.dateTo,
        detail: `Reservation ${record.reservationId} was made on full nights on purpose (skipAvailabilityCheck): the property holds more stays than units on some of ${record.dateFrom} to ${record.dateTo}`,
      },
      ctx.by,
      ctx.now,
    ),
    changePart(reservationChange('overbooked', undefined, record), ctx.by, ctx.now, true),
  ];
}

/**
 * Every part of a new stay's transaction: the reservation and its claims, the property's reservationSeq
 * guard, the change record, an overbooking's conflict, the guest's tenant and the caller's parts. Pure, so a
 * test can build a whole booking and make any one part fail.
 */
export function newStayParts(
  record: ReservationRecord,
  ctx: WriteContext,
  more: { overbooked: boolean; guest: readonly TxPart[]; extra: readonly TxPart[] },
): TxPart[] {
  return [
    ...insertReservationParts(record),
    ...(isHeld(record) ? [holdPart(record)] : []),
    reservationSeqPart(record.propertyId),
    changePart(reservationChange('created', undefined, record), ctx.by, ctx.now),
    ...(more.overbooked ? overbookingParts(record, ctx) : []),
    ...more.guest,
    ...more.extra,
  ];
}

/**
 * Creates the reservation and claims its nights. Throws BadRequest (property not bookable, stay invalid, an
 * admin rule broken), Conflict (a website rule broken, the property closed meanwhile, too many rivals),
 * StayUnavailable (a full night under `units` rules), or the TransactionFailed of a failed extra part.
 */
export async function createReservationWithNights(
  input: NewStay,
  ctx: WriteContext,
  options: CreateOptions = {},
): Promise<ReservationRecord> {
  const stay = stayOf(input.dateFrom, input.dateTo, MAX_NIGHTS_PER_TRANSACTION);
  const before = await beforehand(input, ctx, options.known);
  const { property, today, reservationId } = before;
  let claims = before.claims;
  let guest = await guestOf(input.guest, ctx, false);
  const iso = ctx.now.toISOString();
  for (let attempt = 1; ; attempt++) {
    claims ??= await nightClaims(property.record.propertyId, stay.dateFrom, stay.dateTo);
    checkRules(input.rules, property, stay, today, claims);
    const picks: UnitPick[] = picksFor(input.rules, property, stay, claims);
    const record: ReservationRecord = {
      reservationId,
      propertyId: property.record.propertyId,
      tenantId: guest.tenantId,
      dateFrom: stay.dateFrom,
      dateTo: stay.dateTo,
      name: input.name,
      email: input.email,
      status: input.status,
      totalPriceCents: input.totalPriceCents,
      orderId: input.orderId ?? null,
      couponCode: input.couponCode ?? null,
      holdUntil: input.holdUntil ?? null,
      guests:
        input.rules.kind === 'website'
          ? { adults: input.rules.adults, children: input.rules.children, pets: input.rules.pets }
          : null,
      source: ctx.source,
      nightUnits: picks,
      dateCreated: iso,
      dateUpdated: iso,
    };
    const overbooked = isOverbooked(picks);
    try {
      // One send per try: a lost claim means another writer is taking these nights right now, so the
      // nights are read again (and usually answered "not available") instead of sending the same parts.
      await commit(
        newStayParts(record, ctx, {
          overbooked,
          guest: guest.parts,
          extra: options.extraParts?.(record) ?? [],
        }),
        { attempts: 1 },
      );
      // The dashboard's bookings per hour: every stay made through here (website, staff, channel, iCal), not blocks.
      if (record.status !== RESERVATION_STATUS.adminBlock) emitBusinessMetric('Bookings');
      return record;
    } catch (error) {
      const retry = retryOf(error, input);
      if (!(await pausedForRetry(CLAIM_RETRY, attempt))) {
        throw await triesUsedUp(input.rules, property, stay, today, error);
      }
      if (retry === 'guest') guest = await guestOf(input.guest, ctx, true);
      claims = undefined;
    }
  }
}

/** What a failed try reads again before the next one: the nights, or the guest's tenant too; else it throws. */
function retryOf(error: unknown, input: NewStay): 'claims' | 'guest' {
  if (isArchivedMeanwhile(error)) throw closedMeanwhile(input, input.propertyId);
  // DynamoDB throttled the write, or (DynamoDB Local) gave up waiting for an item's lock: nothing was written.
  if (error instanceof ServiceBusy) return 'claims';
  const lostClaim = claimLost(error) || isTransient(error);
  const staleGuest = input.guest.kind === 'guest' && guestTenantChanged(error);
  if (!(error instanceof TransactionFailed) || !(lostClaim || staleGuest)) throw error;
  return staleGuest ? 'guest' : 'claims';
}

/**
 * The answer once every try lost: the nights read again decide. Full (or no longer bookable for these guests),
 * the caller's "not available" is thrown by the same checks as a first try's; otherwise the rivals have not
 * taken them, and the honest answer is "busy, try again" (503 with Retry-After).
 */
async function triesUsedUp(
  rules: StayRules,
  property: StoredProperty,
  stay: Stay,
  today: string,
  lastError: unknown,
): Promise<ServiceBusy> {
  const claims = await nightClaims(property.record.propertyId, stay.dateFrom, stay.dateTo);
  checkRules(rules, property, stay, today, claims);
  picksFor(rules, property, stay, claims);
  return new ServiceBusy(lastError);
}

function closedMeanwhile(input: NewStay, propertyId: number) {
  if (input.rules.kind === 'website') return new Conflict('This property cannot be booked online');
  return new BadRequest(`Property ${propertyId} is archived`, [
    { field: 'propertyId', message: 'is archived' },
  ]);
}
