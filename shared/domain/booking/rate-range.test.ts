import { describe, expect, it } from 'vitest';
import { BadRequest } from '../../errors.js';
import { chunksOf, datesOf, daysIn, RATE_RANGE_MAX_DAYS, rateRange, settableRange } from './rate-range.js';

describe('date price ranges', () => {
  it('include both dates', () => {
    expect(daysIn({ dateFrom: '2027-02-27', dateTo: '2027-03-01' })).toBe(3);
    expect(datesOf({ dateFrom: '2028-02-28', dateTo: '2028-03-01' })).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('default to today up to the day before the 24-month horizon', () => {
    expect(rateRange({}, '2026-11-23')).toEqual({ dateFrom: '2026-11-23', dateTo: '2028-11-22' });
  });

  it('refuse a reversed or too long range, and prices set before today or past the horizon', () => {
    expect(() => rateRange({ dateFrom: '2027-01-02', dateTo: '2027-01-01' }, '2026-11-23')).toThrow(
      BadRequest,
    );
    expect(() => rateRange({ dateFrom: '2027-01-01', dateTo: '2029-01-03' }, '2026-11-23')).toThrow(
      String(RATE_RANGE_MAX_DAYS),
    );
    expect(() => settableRange({ dateFrom: '2026-11-22', dateTo: '2026-11-30' }, '2026-11-23')).toThrow(
      /from today/,
    );
    expect(() => settableRange({ dateFrom: '2027-01-01', dateTo: '2028-11-23' }, '2026-11-23')).toThrow(
      /horizon/,
    );
    expect(settableRange({ dateFrom: '2026-11-23', dateTo: '2028-11-22' }, '2026-11-23').dateTo).toBe(
      '2028-11-22',
    );
  });

  it('split into transactions of 99', () => {
    expect(chunksOf([...Array(250).keys()]).map((c) => c.length)).toEqual([99, 99, 52]);
  });
});
