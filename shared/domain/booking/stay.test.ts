import { describe, expect, it } from 'vitest';
import { addMonths, checkStay, isCalendarDate, nightCount, nightsOf, today, weekdayOf } from './stay.js';

describe('today in the site time zone', () => {
  it('is the site date, not the UTC date, when the two disagree', () => {
    const now = new Date('2027-03-01T03:30:00Z'); // 22:30 on Feb 28 in New York
    expect(today('America/New_York', now)).toBe('2027-02-28');
    expect(today('UTC', now)).toBe('2027-03-01');
    expect(today('Asia/Tokyo', new Date('2027-02-28T16:00:00Z'))).toBe('2027-03-01');
  });
});

describe('stays and nights', () => {
  it('the nights are dateFrom <= d < dateTo, across a month end', () => {
    expect(nightsOf({ dateFrom: '2027-01-30', dateTo: '2027-02-02' })).toEqual([
      '2027-01-30',
      '2027-01-31',
      '2027-02-01',
    ]);
    expect(nightCount({ dateFrom: '2027-01-30', dateTo: '2027-02-02' })).toBe(3);
  });

  it('counts nights across a daylight-saving change as whole days', () => {
    expect(nightCount({ dateFrom: '2027-03-13', dateTo: '2027-03-15' })).toBe(2);
  });

  it('a dateTo on or before dateFrom is no stay; dates must be calendar dates', () => {
    expect(checkStay('2027-05-02', '2027-05-02')).toEqual({
      ok: false,
      message: 'dateTo (check-out) must be after dateFrom (check-in)',
    });
    expect(checkStay('2027-05-02', '2027-05-01').ok).toBe(false);
    expect(checkStay('2027-02-30', '2027-03-02')).toEqual({
      ok: false,
      message: 'dateFrom must be a date YYYY-MM-DD',
    });
    expect(checkStay('2027-05-01', '27-05-03').ok).toBe(false);
    expect(checkStay('2027-05-01', '2027-05-03')).toEqual({
      ok: true,
      stay: { dateFrom: '2027-05-01', dateTo: '2027-05-03' },
      nights: 2,
    });
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });

  it('weekdays and months', () => {
    expect(weekdayOf('2027-08-06')).toBe(5); // a Friday
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-11-15', 24)).toBe('2029-11-15');
    expect(addMonths('2027-12-01', 1)).toBe('2028-01-01');
  });
});
