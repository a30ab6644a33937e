import { describe, expect, it } from 'vitest';
import {
  type BookableInput,
  type BookableProperty,
  bookingHorizon,
  checkBookable,
  maxNightsOf,
} from './bookable.js';
import type { NightClaim } from './capacity.js';

const property = (over: Partial<BookableProperty> = {}): BookableProperty => ({
  type: 'vr',
  onWebsite: 1,
  isArchived: 0,
  minNights: 2,
  maxNights: 14,
  maxGuests: 4,
  petsAllowed: 0,
  units: 2,
  ...over,
});

const input = (over: Partial<BookableInput> = {}): BookableInput => ({
  property: property(),
  stay: { dateFrom: '2027-08-01', dateTo: '2027-08-04' },
  today: '2027-07-01',
  adults: 2,
  children: 1,
  pets: 0,
  claims: [],
  ...over,
});

const claim = (date: string, unit: number): NightClaim => ({
  date,
  unit,
  reservationId: unit,
  kind: 'reserved',
});

describe('the bookable rules, in order', () => {
  it('a stay that keeps every rule is available, with its spots', () => {
    expect(checkBookable(input({ claims: [claim('2027-08-02', 1)] }))).toEqual({
      available: true,
      message: 'Available',
      nights: 3,
      spots: 1,
    });
  });

  it.each<[string, Partial<BookableInput>, string, string]>([
    [
      'an LTR property',
      { property: property({ type: 'ltr' }) },
      'property',
      'This property cannot be booked online',
    ],
    [
      'off the website',
      { property: property({ onWebsite: 0 }) },
      'property',
      'This property cannot be booked online',
    ],
    [
      'archived',
      { property: property({ isArchived: 1 }) },
      'property',
      'This property cannot be booked online',
    ],
    [
      'too short',
      { stay: { dateFrom: '2027-08-01', dateTo: '2027-08-02' } },
      'nights',
      'The stay must be at least 2 nights',
    ],
    [
      'too long',
      { stay: { dateFrom: '2027-08-01', dateTo: '2027-08-16' } },
      'nights',
      'The stay can be at most 14 nights',
    ],
    ['in the past', { today: '2027-08-02' }, 'dates', 'The stay cannot begin before today (2027-08-02)'],
    ['beyond 24 months', { today: '2025-07-01' }, 'dates', 'The stay must end by 2027-07-01'],
    ['too many guests', { adults: 3, children: 2 }, 'guests', 'This property takes at most 4 guests'],
    ['pets where none are allowed', { pets: 1 }, 'guests', 'Pets are not allowed at this property'],
    [
      'a full night',
      { claims: [claim('2027-08-03', 1), claim('2027-08-03', 2)] },
      'units',
      'Not available: the night of 2027-08-03 is fully booked',
    ],
  ])('%s', (_name, over, rule, message) => {
    expect(checkBookable(input(over))).toMatchObject({ available: false, rule, message });
  });

  it('names the first rule broken when several are', () => {
    const several = input({
      property: property({ isArchived: 1 }),
      stay: { dateFrom: '2027-06-01', dateTo: '2027-06-02' },
      pets: 2,
      claims: [claim('2027-06-01', 1), claim('2027-06-01', 2)],
    });
    expect(checkBookable(several)).toMatchObject({ rule: 'property', spots: 0 });
    expect(checkBookable({ ...several, property: property() })).toMatchObject({ rule: 'nights' });
  });

  it('a stay starting today is fine; one ending exactly at the horizon is fine', () => {
    expect(checkBookable(input({ today: '2027-08-01' })).available).toBe(true);
    expect(bookingHorizon('2025-08-04')).toBe('2027-08-04');
    expect(checkBookable(input({ today: '2025-08-04' })).available).toBe(true);
  });

  it('defaults: minNights 1, maxNights 30, units 1, maxGuests and pets as set; never above one transaction', () => {
    const defaults = property({ minNights: 0, maxNights: 0, units: 0, maxGuests: null, petsAllowed: 1 });
    expect(
      checkBookable(
        input({
          property: defaults,
          stay: { dateFrom: '2027-08-01', dateTo: '2027-08-02' },
          adults: 9,
          pets: 3,
        }),
      ),
    ).toMatchObject({ available: true, spots: 1 });
    expect(maxNightsOf({ maxNights: 0 })).toBe(30);
    expect(maxNightsOf({ maxNights: 90 })).toBe(46);
  });

  it('a stay of years is refused by length without listing its nights', () => {
    const years = checkBookable(input({ stay: { dateFrom: '2027-08-01', dateTo: '9999-12-31' } }));
    expect(years).toMatchObject({ available: false, rule: 'nights', spots: 0 });
  });
});
