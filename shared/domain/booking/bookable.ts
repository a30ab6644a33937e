/**
 * When a stay can be booked (docs/pricing.md "When a stay can be booked"): every rule must hold; the answer
 * names the first rule that fails, in this order: the property, the length of the stay, its dates, the guests
 * and pets, free units on every night.
 */
import { DEFAULT_MAX_NIGHTS, DEFAULT_MIN_NIGHTS, type PropertyRecord } from '../property.js';
import { firstFullNight, MAX_NIGHTS_PER_TRANSACTION, type NightClaim, spotsOf } from './capacity.js';
import { addMonths, nightCount, nightsOf, type Stay } from './stay.js';

/** Stays may end at most this many months after today (the calendar's horizon). */
export const BOOKING_HORIZON_MONTHS = 24;

export type BookableProperty = Pick<
  PropertyRecord,
  'type' | 'onWebsite' | 'isArchived' | 'minNights' | 'maxNights' | 'maxGuests' | 'petsAllowed' | 'units'
>;

export interface BookableInput {
  property: BookableProperty;
  /** A stay of at least one night (stay.ts checkStay). */
  stay: Stay;
  /** The site's today. */
  today: string;
  adults: number;
  children: number;
  pets: number;
  /** The claims read for the stay's nights (one Query of the property's NIGHT# range). */
  claims: readonly NightClaim[];
}

export type BookableRule = 'property' | 'nights' | 'dates' | 'guests' | 'units';

export interface Bookability {
  available: boolean;
  /** The first rule that fails, when not available. */
  rule?: BookableRule;
  message: string;
  nights: number;
  /** The fewest free units over the stay's nights. */
  spots: number;
}

/** The units a property has (default 1). */
export const unitsOf = (p: Pick<PropertyRecord, 'units'>) => (p.units > 0 ? p.units : 1);
export const minNightsOf = (p: Pick<PropertyRecord, 'minNights'>) =>
  p.minNights > 0 ? p.minNights : DEFAULT_MIN_NIGHTS;
/** The property's maxNights (default 30), never above what one transaction can hold. */
export const maxNightsOf = (p: Pick<PropertyRecord, 'maxNights'>) =>
  Math.min(p.maxNights > 0 ? p.maxNights : DEFAULT_MAX_NIGHTS, MAX_NIGHTS_PER_TRANSACTION);

/** The last check-out date a stay may have: today plus the 24-month horizon. */
export const bookingHorizon = (today: string) => addMonths(today, BOOKING_HORIZON_MONTHS);

/** The stay's night count, and its nights listed (left empty when the stay is longer than any rule allows). */
interface StayNights {
  count: number;
  list: readonly string[];
}

type RuleCheck = (input: BookableInput, nights: StayNights) => string | undefined;

const RULES: [BookableRule, RuleCheck][] = [
  [
    'property',
    ({ property: p }) =>
      p.type === 'vr' && p.onWebsite === 1 && p.isArchived === 0
        ? undefined
        : 'This property cannot be booked online',
  ],
  [
    'nights',
    ({ property: p }, nights) => {
      if (nights.count < minNightsOf(p)) return `The stay must be at least ${minNightsOf(p)} nights`;
      if (nights.count > maxNightsOf(p)) return `The stay can be at most ${maxNightsOf(p)} nights`;
      return undefined;
    },
  ],
  [
    'dates',
    ({ stay, today }) => {
      if (stay.dateFrom < today) return `The stay cannot begin before today (${today})`;
      const horizon = bookingHorizon(today);
      return stay.dateTo > horizon ? `The stay must end by ${horizon}` : undefined;
    },
  ],
  [
    'guests',
    ({ property: p, adults, children, pets }) => {
      const guests = adults + children;
      if (p.maxGuests !== null && p.maxGuests > 0 && guests > p.maxGuests)
        return `This property takes at most ${p.maxGuests} guests`;
      return pets > 0 && p.petsAllowed !== 1 ? 'Pets are not allowed at this property' : undefined;
    },
  ],
  [
    'units',
    ({ property: p, claims }, nights) => {
      const full = firstFullNight(nights.list, unitsOf(p), claims);
      return full ? `Not available: the night of ${full} is fully booked` : undefined;
    },
  ],
];

/** Checks the rules in order and answers with the first that fails (or "Available"), the nights and spots. */
export function checkBookable(input: BookableInput): Bookability {
  const count = nightCount(input.stay);
  // A stay of years is refused by the nights rule; listing its nights first would only cost time.
  const list = count <= MAX_NIGHTS_PER_TRANSACTION ? nightsOf(input.stay) : [];
  const spots = spotsOf(list, unitsOf(input.property), input.claims);
  for (const [rule, check] of RULES) {
    const message = check(input, { count, list });
    if (message !== undefined) return { available: false, rule, message, nights: count, spots };
  }
  return { available: true, message: 'Available', nights: count, spots };
}
