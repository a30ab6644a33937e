/**
 * Day prices of a property (docs/data-model.md P9): `DAY#<date>#PRICE` items in the property's partition, beside
 * the night claims of the same day (property-days-repo.ts reads both in one Query).
 */
import { keys } from '../db/keys.js';
import { type Item, queryPartition, stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import { addDays } from '../domain/dates.js';

export interface DayPrice {
  propertyId: number;
  date: string;
  rateCents: number;
}

export function dayPriceItem(price: DayPrice): Item {
  return { ...keys.dayPrice(price.propertyId, price.date), entity: DAY_PRICE_ENTITY, ...price };
}

export const DAY_PRICE_ENTITY = 'dayPrice';

/** The record of a stored day price item. */
export const dayPriceOf = (item: Item): DayPrice => stripKeys<DayPrice>(item);

/**
 * P9: the prices of the nights from `from` up to (not including) the check-out `toExclusive`: one Query of the
 * day range, the claims of those days filtered out (they are few: at most units × nights).
 */
export async function dayPrices(propertyId: number, from: string, toExclusive: string): Promise<DayPrice[]> {
  if (toExclusive <= from) return [];
  const items = await queryPartition({
    pk: keys.propertyPartition(propertyId),
    // The end date is a check-out, so its own price is not part of the stay.
    sk: { between: keys.dayRange(from, addDays(toExclusive, -1)) },
    filter: {
      expression: '#entity = :entity',
      names: { '#entity': 'entity' },
      values: { ':entity': DAY_PRICE_ENTITY },
    },
  });
  return items.map(dayPriceOf);
}

/** `put:dayPrice <date>`: sets (or replaces) the price of one date (adminRates PUT). */
export const putDayPricePart = (price: DayPrice): TxPart =>
  part.put(`put:dayPrice ${price.date}`, dayPriceItem(price));

/** `delete:dayPrice <date>`: clears the price of one date (gone already is fine). */
export const deleteDayPricePart = (propertyId: number, date: string): TxPart =>
  part.delete(`delete:dayPrice ${date}`, keys.dayPrice(propertyId, date));
