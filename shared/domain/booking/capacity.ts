/**
 * Units and nights: how many units of a property are free on each night, `spots` of a stay, which unit a
 * booking claims, and the longest stay one write transaction can hold.
 *
 * A claim is one unit of one night (`NIGHT#<date>#<unit>`, written put-if-absent), so two bookings that pick
 * the same unit of the same night cannot both commit; a booking only picks units 1..units, so no night ever
 * holds more claims than the property has units. Together: exactly one winner for the last unit.
 */

/**
 * DynamoDB's limit of items in one TransactWriteItems. Restated here because the domain may not import
 * shared/db (test/layers.test.ts); capacity.test.ts checks it equals shared/db/transaction.ts MAX_PARTS.
 */
export const TRANSACTION_MAX_PARTS = 100;

/**
 * Parts of a booking besides its night claims: reservation, order, invoice header and up to 8 lines, coupon
 * use, tenant (record, e-mail guard, count), the property's reservationSeq, change items (reservation, order,
 * invoice, tenant), with a margin for what later issues add (turnover request, webhook outbox).
 */
export const BOOKING_PARTS_BESIDES_NIGHTS = 24;

/**
 * Parts of a stay moved by an admin besides its nights: reservation update, reservationSeq, change item,
 * invoice and turnover updates, with a margin. A move releases the old nights and claims the new ones in the
 * same transaction, so it holds up to twice a stay's nights.
 */
export const MOVE_PARTS_BESIDES_NIGHTS = 8;

/** The longest stay a booking and a move of it can write in one transaction (46). */
export const MAX_NIGHTS_PER_TRANSACTION = Math.min(
  TRANSACTION_MAX_PARTS - BOOKING_PARTS_BESIDES_NIGHTS,
  Math.floor((TRANSACTION_MAX_PARTS - MOVE_PARTS_BESIDES_NIGHTS) / 2),
);

/** One claimed unit of one night, as read from the property's NIGHT# range. */
export interface NightClaim {
  date: string;
  unit: number;
  reservationId: number;
  kind: ClaimKind;
}

/** A claim of a guest reservation (any status but cancelled and block) or of an admin block. */
export type ClaimKind = 'reserved' | 'blocked';

/** The units of each night that are taken (only units 1..units count: a unit removed since is no capacity). */
function takenUnitsByNight(claims: readonly NightClaim[]): Map<string, Set<number>> {
  const taken = new Map<string, Set<number>>();
  for (const c of claims) {
    const units = taken.get(c.date) ?? new Set<number>();
    units.add(c.unit);
    taken.set(c.date, units);
  }
  return taken;
}

/**
 * Overflow units, held only by an explicit overbooking, are numbered from here: far above any property's
 * units (at most 50, property-schemas.ts), so a claim left above a property's units after it shrank is not
 * taken for one.
 */
export const OVERFLOW_UNIT_BASE = 1001;

const isOverflowUnit = (unit: number) => unit >= OVERFLOW_UNIT_BASE;

/**
 * Free units of each night: units 1..units not claimed, less one for each overflow claim on that night (while
 * an overbooking stands, the night is that much fuller, so a unit freed by a cancellation does not let the
 * website book past the property's units).
 */
export function freeUnitsByNight(
  nights: readonly string[],
  units: number,
  claims: readonly NightClaim[],
): Map<string, number[]> {
  const taken = takenUnitsByNight(claims);
  return new Map(
    nights.map((date) => {
      const claimed = taken.get(date);
      const free: number[] = [];
      for (let unit = 1; unit <= units; unit++) if (!claimed?.has(unit)) free.push(unit);
      const overflow = [...(claimed ?? [])].filter(isOverflowUnit).length;
      return [date, free.slice(0, Math.max(0, free.length - overflow))];
    }),
  );
}

/** `spots`: the fewest free units over the nights (0 when any night is full). */
export function spotsOf(nights: readonly string[], units: number, claims: readonly NightClaim[]): number {
  if (nights.length === 0) return 0;
  const free = freeUnitsByNight(nights, units, claims);
  return Math.min(...nights.map((date) => free.get(date)?.length ?? 0));
}

/** The first night with no free unit, if any. */
export function firstFullNight(
  nights: readonly string[],
  units: number,
  claims: readonly NightClaim[],
): string | undefined {
  const free = freeUnitsByNight(nights, units, claims);
  return nights.find((date) => (free.get(date)?.length ?? 0) === 0);
}

export interface UnitPick {
  date: string;
  unit: number;
}

/**
 * The unit a booking claims on each night: the lowest free one (from the claims read just before). Units may
 * differ from night to night; a guest's stay is one booking whatever unit each night lands on. Returns
 * undefined when a night is full. `ignoreReservationId` treats that reservation's own claims as free (a move).
 */
export function pickUnits(
  nights: readonly string[],
  units: number,
  claims: readonly NightClaim[],
  ignoreReservationId?: number,
): UnitPick[] | undefined {
  const others =
    ignoreReservationId === undefined
      ? claims
      : claims.filter((c) => c.reservationId !== ignoreReservationId);
  const own = new Map(
    claims.filter((c) => c.reservationId === ignoreReservationId).map((c) => [c.date, c.unit] as const),
  );
  const free = freeUnitsByNight(nights, units, others);
  const picks: UnitPick[] = [];
  for (const date of nights) {
    const candidates = free.get(date) ?? [];
    // A move keeps the unit it already holds on a night it keeps, so that night needs no write.
    const kept = own.get(date);
    const unit = kept !== undefined && candidates.includes(kept) ? kept : candidates[0];
    if (unit === undefined) return undefined;
    picks.push({ date, unit });
  }
  return picks;
}

/**
 * An explicit overbooking (a super admin's skipAvailabilityCheck): each night takes a free unit when it has
 * one, else the lowest overflow unit not claimed yet, so the stay is held and shown like any
 * other, and two overbookings of one night still claim different items.
 */
export function pickUnitsOrOverflow(
  nights: readonly string[],
  units: number,
  claims: readonly NightClaim[],
): UnitPick[] {
  const free = freeUnitsByNight(nights, units, claims);
  const taken = takenUnitsByNight(claims);
  return nights.map((date) => {
    const regular = free.get(date)?.[0];
    if (regular !== undefined) return { date, unit: regular };
    let unit = OVERFLOW_UNIT_BASE;
    while (taken.get(date)?.has(unit)) unit++;
    return { date, unit };
  });
}

/** Whether any of the picks is an overflow unit (the stay is an overbooking). */
export const isOverbooked = (picks: readonly UnitPick[]): boolean =>
  picks.some((p) => isOverflowUnit(p.unit));
