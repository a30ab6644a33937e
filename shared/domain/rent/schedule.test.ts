import { describe, expect, it } from 'vitest';
import { chargesDueBy, prorate, type RentPeriod, rentPeriods } from './schedule.js';

const terms = (rentCents: number, dueDay = 1, issueDaysBefore = 14) => ({
  rentCents,
  dueDay,
  issueDaysBefore,
});
const brief = (periods: RentPeriod[]) =>
  periods.map((p) => [p.month, p.firstDay, p.lastDay, p.daysCovered, p.amountCents, p.dueDate, p.issueDate]);

describe('the rent of each month of a lease', () => {
  it('prorates a first month begun mid-month (31 days), due on the start date, then whole months', () => {
    const periods = rentPeriods({ startDate: '2027-03-15', endDate: '' }, terms(150_000), '2027-05-10');
    expect(brief(periods)).toEqual([
      // 150000 × 17 / 31 = 82258.06
      ['2027-03', '2027-03-15', '2027-03-31', 17, 82_258, '2027-03-15', '2027-03-01'],
      ['2027-04', '2027-04-01', '2027-04-30', 30, 150_000, '2027-04-01', '2027-03-18'],
      ['2027-05', '2027-05-01', '2027-05-31', 31, 150_000, '2027-05-01', '2027-04-17'],
    ]);
    expect(periods.map((p) => p.daysInMonth)).toEqual([31, 30, 31]);
  });

  it('charges one day of a lease that starts on the 31st, then whole months through a 28-day February', () => {
    const periods = rentPeriods(
      { startDate: '2027-01-31', endDate: '2027-04-30' },
      terms(100_000, 5),
      '2020-01-01',
    );
    expect(brief(periods)).toEqual([
      // 100000 / 31 = 3225.81
      ['2027-01', '2027-01-31', '2027-01-31', 1, 3_226, '2027-01-31', '2027-01-17'],
      ['2027-02', '2027-02-01', '2027-02-28', 28, 100_000, '2027-02-05', '2027-01-22'],
      ['2027-03', '2027-03-01', '2027-03-31', 31, 100_000, '2027-03-05', '2027-02-19'],
      ['2027-04', '2027-04-01', '2027-04-30', 30, 100_000, '2027-04-05', '2027-03-22'],
    ]);
  });

  it('divides February by 29 days in the leap year 2028 and by 28 in 2027', () => {
    const leap = rentPeriods({ startDate: '2028-02-10', endDate: '2028-02-20' }, terms(145_000, 15), '');
    expect(brief(leap)).toEqual([
      ['2028-02', '2028-02-10', '2028-02-20', 11, 55_000, '2028-02-15', '2028-02-01'],
    ]);
    expect(leap[0]?.daysInMonth).toBe(29);
    const common = rentPeriods({ startDate: '2027-02-10', endDate: '2027-02-20' }, terms(145_000, 15), '');
    // 145000 × 11 / 28 = 56964.29
    expect(common.map((p) => [p.daysInMonth, p.amountCents])).toEqual([[28, 56_964]]);
  });

  it('prorates a last month ended mid-month (30 days) and charges nothing after it', () => {
    const periods = rentPeriods(
      { startDate: '2027-06-01', endDate: '2027-09-10' },
      terms(120_000),
      '2030-01-01',
    );
    expect(brief(periods).at(-1)).toEqual([
      '2027-09',
      '2027-09-01',
      '2027-09-10',
      10,
      40_000,
      '2027-09-01',
      '2027-08-18',
    ]);
    expect(periods.map((p) => p.amountCents)).toEqual([120_000, 120_000, 120_000, 40_000]);
  });

  it('is due on the due day when it is later than the start day of the first month', () => {
    const [april] = rentPeriods({ startDate: '2027-04-10', endDate: '' }, terms(120_000, 15), '2027-04-10');
    // 120000 × 21 / 30
    expect(april).toMatchObject({
      daysCovered: 21,
      amountCents: 84_000,
      dueDate: '2027-04-15',
      issueDate: '2027-04-01',
    });
  });

  it('still charges a lease that ends before its first due day, due on the start date', () => {
    const periods = rentPeriods({ startDate: '2027-04-03', endDate: '2027-04-10' }, terms(120_000, 15), '');
    expect(brief(periods)).toEqual([
      ['2027-04', '2027-04-03', '2027-04-10', 8, 32_000, '2027-04-03', '2027-03-20'],
    ]);
  });

  it('makes a last month that ends before its due day due on its 1st', () => {
    const periods = rentPeriods({ startDate: '2027-04-15', endDate: '2027-06-10' }, terms(120_000, 20), '');
    expect(brief(periods).at(-1)).toEqual([
      '2027-06',
      '2027-06-01',
      '2027-06-10',
      10,
      40_000,
      '2027-06-01',
      '2027-05-18',
    ]);
  });

  it('charges a one-day lease, and a whole month for a lease from the 1st to the last day', () => {
    expect(rentPeriods({ startDate: '2027-07-04', endDate: '2027-07-04' }, terms(310_000), '')).toMatchObject(
      [{ daysCovered: 1, amountCents: 10_000, dueDate: '2027-07-04' }],
    );
    expect(rentPeriods({ startDate: '2027-07-01', endDate: '2027-07-31' }, terms(123_457), '')).toMatchObject(
      [{ daysCovered: 31, amountCents: 123_457, dueDate: '2027-07-01' }],
    );
  });

  it('rounds an exact half cent away from zero', () => {
    // 150015 × 15 / 30 = 75007.5
    const [april] = rentPeriods({ startDate: '2027-04-16', endDate: '' }, terms(150_015), '2027-04-16');
    expect(april?.amountCents).toBe(75_008);
    expect(prorate(45, 1, 30)).toBe(2);
    expect(prorate(-45, 1, 30)).toBe(-2);
    expect(prorate(44, 1, 30)).toBe(1);
  });

  it('crosses the year: December and January of an open-ended lease through the month of `through`', () => {
    const periods = rentPeriods({ startDate: '2027-12-20', endDate: '' }, terms(100_000), '2028-01-05');
    expect(brief(periods)).toEqual([
      // 100000 × 12 / 31 = 38709.68
      ['2027-12', '2027-12-20', '2027-12-31', 12, 38_710, '2027-12-20', '2027-12-06'],
      ['2028-01', '2028-01-01', '2028-01-31', 31, 100_000, '2028-01-01', '2027-12-18'],
    ]);
  });

  it('has no months for an open-ended lease through a day before its start, nor for an end before the start', () => {
    expect(rentPeriods({ startDate: '2027-05-01', endDate: '' }, terms(1000), '2027-04-30')).toEqual([]);
    expect(
      rentPeriods({ startDate: '2027-05-10', endDate: '2027-05-09' }, terms(1000), '2027-06-01'),
    ).toEqual([]);
  });
});

describe('the months a run issues by a day', () => {
  const lease = { startDate: '2027-03-15', endDate: '' };

  it('are those issued on or before the day, the first late ones included', () => {
    expect(chargesDueBy(lease, terms(150_000), '2027-02-28')).toEqual([]);
    expect(chargesDueBy(lease, terms(150_000), '2027-03-01').map((p) => p.month)).toEqual(['2027-03']);
    expect(chargesDueBy(lease, terms(150_000), '2027-04-17').map((p) => p.month)).toEqual([
      '2027-03',
      '2027-04',
      '2027-05',
    ]);
  });

  it('reach months ahead when invoices are issued long before a late due day', () => {
    const due = chargesDueBy({ startDate: '2027-03-01', endDate: '' }, terms(1000, 28, 60), '2027-03-02');
    expect(due.map((p) => [p.month, p.dueDate, p.issueDate])).toEqual([
      ['2027-03', '2027-03-28', '2027-01-27'],
      ['2027-04', '2027-04-28', '2027-02-27'],
    ]);
  });

  it('stop at the end of a fixed-term lease', () => {
    const due = chargesDueBy(
      { startDate: '2027-03-15', endDate: '2027-04-05' },
      terms(150_000),
      '2027-12-31',
    );
    expect(due.map((p) => [p.month, p.amountCents])).toEqual([
      ['2027-03', 82_258],
      ['2027-04', 25_000],
    ]);
  });
});

describe('the rent calendar has an end: no date makes a run endless', () => {
  it('stops at the run’s horizon for a lease ending in 9999-12 (a "no end" sentinel)', () => {
    const due = chargesDueBy(
      { startDate: '2027-01-15', endDate: '9999-12-31' },
      terms(100_000),
      '2027-03-01',
    );
    expect(due.map((p) => p.month)).toEqual(['2027-01', '2027-02', '2027-03']);
  });

  it('charges the last months of the calendar and nothing after them, on a run dated in 9999-12', () => {
    const due = chargesDueBy({ startDate: '9999-11-15', endDate: '' }, terms(100_000, 1, 60), '9999-12-01');
    expect(due.map((p) => [p.month, p.dueDate])).toEqual([
      ['9999-11', '9999-11-15'],
      ['9999-12', '9999-12-01'],
    ]);
    expect(
      rentPeriods({ startDate: '9999-10-01', endDate: '9999-12-31' }, terms(100_000), '').map((p) => p.month),
    ).toEqual(['9999-10', '9999-11', '9999-12']);
  });

  it('begins at the month asked for: the months before it are not worked out', () => {
    const due = chargesDueBy({ startDate: '2027-01-01', endDate: '' }, terms(1000), '2027-05-01', '2027-04');
    expect(due.map((p) => p.month)).toEqual(['2027-04', '2027-05']);
  });
});
