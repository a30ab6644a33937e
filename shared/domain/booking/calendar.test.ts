import { describe, expect, it } from 'vitest';
import {
  calendarDayPrices,
  calendarMonths,
  calendarRanges,
  calendarView,
  calendarWindow,
} from './calendar.js';
import type { NightClaim } from './capacity.js';

const claim = (
  date: string,
  reservationId: number,
  unit = 1,
  kind: NightClaim['kind'] = 'reserved',
): NightClaim => ({
  date,
  unit,
  reservationId,
  kind,
});

describe('the calendar window', () => {
  it('months default 12, at most 24, at least 1', () => {
    expect(calendarMonths(undefined)).toBe(12);
    expect(calendarMonths(30)).toBe(24);
    expect(calendarMonths(0)).toBe(1);
    expect(calendarWindow('2027-01-31', undefined)).toEqual({ today: '2027-01-31', until: '2028-01-31' });
    expect(calendarWindow('2027-01-31', 1)).toEqual({ today: '2027-01-31', until: '2027-02-28' });
  });
});

describe('ranges from the claims', () => {
  const window = { today: '2027-08-01', until: '2027-09-01' };

  it('one range per reservation, end = check-out, whatever unit each night is on; blocks as blocked', () => {
    const claims = [
      claim('2027-08-03', 7, 1),
      claim('2027-08-04', 7, 2),
      claim('2027-08-05', 7, 1),
      claim('2027-08-04', 8, 1, 'blocked'),
      claim('2027-08-02', 9, 3),
    ];
    expect(calendarRanges(claims, window)).toEqual([
      { start: '2027-08-02', end: '2027-08-03', type: 'reserved' },
      { start: '2027-08-03', end: '2027-08-06', type: 'reserved' },
      { start: '2027-08-04', end: '2027-08-05', type: 'blocked' },
    ]);
  });

  it('clipped to the window: a stay under way shows from today; nights past until are left out', () => {
    const claims = [
      claim('2027-07-31', 7),
      claim('2027-08-01', 7),
      claim('2027-08-31', 8),
      claim('2027-09-01', 8),
    ];
    expect(calendarRanges(claims, window)).toEqual([
      { start: '2027-08-01', end: '2027-08-02', type: 'reserved' },
      { start: '2027-08-31', end: '2027-09-01', type: 'reserved' },
    ]);
  });

  it('a gap in one reservation nights makes two ranges', () => {
    expect(calendarRanges([claim('2027-08-03', 7), claim('2027-08-05', 7)], window)).toHaveLength(2);
  });
});

describe('day prices', () => {
  it('every date from today up to until, by the night-rate rule', () => {
    const property = { propertyId: 2001, propertyRateCents: 10000, propertyWeekendRateCents: 12550 };
    const window = { today: '2027-08-05', until: '2027-08-09' };
    const prices = calendarDayPrices(property, new Map([['2027-08-08', 9999]]), window);
    expect([...prices]).toEqual([
      ['2027-08-05', 10000],
      ['2027-08-06', 12550],
      ['2027-08-07', 12550],
      ['2027-08-08', 9999],
    ]);
    expect(calendarView(property, window, [], prices)).toEqual({
      propertyId: 2001,
      today: '2027-08-05',
      until: '2027-08-09',
      ranges: [],
      baseRate: 100,
      weekendRate: 125.5,
      dayPrices: { '2027-08-05': 100, '2027-08-06': 125.5, '2027-08-07': 125.5, '2027-08-08': 99.99 },
    });
  });

  it('24 months of prices is 731 dates or so, computed fast', () => {
    const property = { propertyRateCents: 1, propertyWeekendRateCents: 2 };
    const prices = calendarDayPrices(property, new Map(), calendarWindow('2027-03-01', 24));
    expect(prices.size).toBe(731);
  });
});
