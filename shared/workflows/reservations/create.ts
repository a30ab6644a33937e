/**
 * A new reservation or block with its night claims, in one transaction with the property's reservationSeq
 * guard, the change record and whatever the caller adds (docs/channel.md "Shared reservation writes").
 * Free units are picked from one read of the nights; losing a claim to a concurrent writer re-reads them, so
 * exactly one writer wins the last unit and a full night is a StayUnavailable, never an overbooking.
 */
import { changePart } from '../../data/changes-repo.js';
import { claimLost, nightClaims } from '../../data/night-claims-repo.js';
import { reservationSeqPart, type StoredProperty } from '../../data/properties-repo.js';
import { insertReservationParts } from '../../data/reservations-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { nextId } from '../../db/counters.js';
import { commit, type TxPart } from '../../db/transaction.js';
import { checkBookable } from '../../domain/booking/bookable.js';
import { type NightClaim, pickUnits } from '../../domain/booking/capacity.js';
import type { ReservationRecord, ReservationStatus } from '../../domain/booking/reservation.js';
import { nightsOf, type Stay } from '../../domain/booking/stay.js';
import { todayIn } from '../../domain/dates.js';
import { BadRequest } from '../../errors.js';
import { bookableProperty, checkedStay, StayUnavailable, unitsOf } from './stay-checks.js';
import { isArchivedMeanwhile, isTransient, reservationChange, type WriteContext } from './write-context.js';

export interface NewStay {
  propertyId: number;
  dateFrom: string;
  dateTo: string;
  status: ReservationStatus;
  name: string;
  email: string;
  tenantId: number | null;
  totalPriceCents: number;
  /**
   * Whether the website's booking rules (minimum stay, lead time, horizon …; not "on the website") are
   * checked as well as free units: the admin create without skipAvailabilityCheck. Channel and iCal stays
   * are the other system's decision: only free units are checked.
   */
  checkRules: boolean;
}

export interface CreateOptions {
  /** Parts committed in the same transaction (a mapping item, a tenant, a guard); their failure is rethrown. */
  extraParts?: (record: ReservationRecord) => TxPart[];
}

/** How many times a create re-reads the nights after losing a claim to a concurrent writer. */
const CLAIM_ATTEMPTS = 6;

/** The website's booking rules but the one about being on the website: an admin books what the site hides. */
function checkRules(property: StoredProperty, stay: Stay, today: string, claims: readonly NightClaim[]) {
  const rules = checkBookable({
    property: { ...property.record, onWebsite: 1 },
    stay,
    today,
    adults: 0,
    children: 0,
    pets: 0,
    claims,
  });
  if (!rules.available) throw new BadRequest(rules.message, [{ field: 'dateFrom', message: rules.message }]);
}

/**
 * Creates the reservation and claims its nights. Throws BadRequest (property not bookable, stay invalid, a
 * rule broken), StayUnavailable (a full night), or the TransactionFailed of a failed extra part.
 */
export async function createReservationWithNights(
  input: NewStay,
  ctx: WriteContext,
  options: CreateOptions = {},
): Promise<ReservationRecord> {
  const property = await bookableProperty(input.propertyId);
  const stay = checkedStay(input.dateFrom, input.dateTo);
  const today = todayIn((await getSettings()).systemTimeZone, ctx.now);
  const iso = ctx.now.toISOString();
  const base: Omit<ReservationRecord, 'nightUnits'> = {
    reservationId: await nextId('reservation'),
    propertyId: property.record.propertyId,
    tenantId: input.tenantId,
    dateFrom: stay.dateFrom,
    dateTo: stay.dateTo,
    name: input.name,
    email: input.email,
    status: input.status,
    totalPriceCents: input.totalPriceCents,
    orderId: null,
    couponCode: null,
    source: ctx.source,
    dateCreated: iso,
    dateUpdated: iso,
  };
  for (let attempt = 1; ; attempt++) {
    const claims = await nightClaims(property.record.propertyId, stay.dateFrom, stay.dateTo);
    if (input.checkRules) checkRules(property, stay, today, claims);
    const picks = pickUnits(nightsOf(stay), unitsOf(property), claims);
    if (!picks) throw new StayUnavailable(stay);
    const record: ReservationRecord = { ...base, nightUnits: picks };
    if (await committedNew(record, ctx, options, attempt < CLAIM_ATTEMPTS)) return record;
  }
}

/**
 * Writes a new reservation: true when committed, false when another writer took a unit this read saw free
 * and `mayRetry` (read again: a full night is then StayUnavailable).
 */
async function committedNew(
  record: ReservationRecord,
  ctx: WriteContext,
  options: CreateOptions,
  mayRetry: boolean,
) {
  try {
    await commit([
      ...insertReservationParts(record),
      reservationSeqPart(record.propertyId),
      changePart(reservationChange('created', undefined, record), ctx.by, ctx.now),
      ...(options.extraParts?.(record) ?? []),
    ]);
    return true;
  } catch (error) {
    if (isArchivedMeanwhile(error))
      throw new BadRequest(`Property ${record.propertyId} is archived`, [
        { field: 'propertyId', message: 'is archived' },
      ]);
    if (mayRetry && (claimLost(error) || isTransient(error))) return false;
    throw error;
  }
}
