/**
 * A property's per-day items (docs/data-model.md P9/P10): the night claims and the day prices of a date range
 * share the `DAY#<date>#` prefix in the property's partition, so availability, the calendar and a booking read
 * both in one Query instead of two.
 */
import { keys } from '../db/keys.js';
import { queryPartition } from '../db/query.js';
import type { NightClaim } from '../domain/booking/capacity.js';
import { addDays } from '../domain/dates.js';
import { DAY_PRICE_ENTITY, type DayPrice, dayPriceOf } from './day-prices-repo.js';
import { NIGHT_CLAIM_ENTITY, nightClaimOf } from './night-claims-repo.js';

export interface PropertyDays {
  claims: NightClaim[];
  prices: DayPrice[];
}

/** The claims and day prices of the nights from `from` up to, not including, `toExclusive`: one Query. */
export async function propertyDays(
  propertyId: number,
  from: string,
  toExclusive: string,
): Promise<PropertyDays> {
  if (toExclusive <= from) return { claims: [], prices: [] };
  const items = await queryPartition({
    pk: keys.propertyPartition(propertyId),
    sk: { between: keys.dayRange(from, addDays(toExclusive, -1)) },
  });
  return {
    claims: items.filter((i) => i.entity === NIGHT_CLAIM_ENTITY).map(nightClaimOf),
    prices: items.filter((i) => i.entity === DAY_PRICE_ENTITY).map(dayPriceOf),
  };
}
