/** Day prices of a property (docs/data-model.md P9): `PRICE#<date>` items in the property's partition. */
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
  return { ...keys.dayPrice(price.propertyId, price.date), entity: 'dayPrice', ...price };
}

/** P9: the prices of the nights from `from` up to (not including) the check-out `toExclusive`. */
export async function dayPrices(propertyId: number, from: string, toExclusive: string): Promise<DayPrice[]> {
  const items = await queryPartition({
    pk: keys.propertyPartition(propertyId),
    // BETWEEN is inclusive; the end date is a check-out, so its own price is not part of the stay.
    sk: { between: [`${keys.dayPricePrefix}${from}`, `${keys.dayPricePrefix}${addDays(toExclusive, -1)}`] },
  });
  return items.map((i) => stripKeys<DayPrice>(i));
}

/** `put:dayPrice <date>`: sets (or replaces) the price of one date (adminRates PUT). */
export const putDayPricePart = (price: DayPrice): TxPart =>
  part.put(`put:dayPrice ${price.date}`, dayPriceItem(price));

/** `delete:dayPrice <date>`: clears the price of one date (gone already is fine). */
export const deleteDayPricePart = (propertyId: number, date: string): TxPart =>
  part.delete(`delete:dayPrice ${date}`, keys.dayPrice(propertyId, date));
