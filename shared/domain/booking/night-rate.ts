/**
 * The rate of one night (docs/pricing.md "The rate of one night"), the first that applies: the property's date
 * price for that date, the weekend rate on a Friday or Saturday night when it is above 0, the nightly rate.
 */
import type { PropertyRecord } from '../property.js';
import { weekdayOf } from './stay.js';

export type RateProperty = Pick<PropertyRecord, 'propertyRateCents' | 'propertyWeekendRateCents'>;

/** Date prices of a property in cents, by `YYYY-MM-DD` (P9 items of the range asked for). */
export type DatePrices = ReadonlyMap<string, number>;

const FRIDAY = 5;
const SATURDAY = 6;

/** A night is named by the date it begins on: Friday's and Saturday's nights are the weekend nights. */
export const isWeekendNight = (date: string): boolean => {
  const day = weekdayOf(date);
  return day === FRIDAY || day === SATURDAY;
};

export function nightRateCents(property: RateProperty, date: string, datePrices: DatePrices): number {
  const datePrice = datePrices.get(date);
  if (datePrice !== undefined) return datePrice;
  if (property.propertyWeekendRateCents > 0 && isWeekendNight(date)) return property.propertyWeekendRateCents;
  return property.propertyRateCents;
}

export interface NightRate {
  date: string;
  rateCents: number;
}

/** The rate of each night given, in the order given. */
export const nightRatesOf = (property: RateProperty, nights: readonly string[], datePrices: DatePrices) =>
  nights.map((date): NightRate => ({ date, rateCents: nightRateCents(property, date, datePrices) }));
