import { describe, expect, it } from 'vitest';
import { firstLateDay, lateFeeOwedCents, lateFeeToPost } from './late-fee.js';

const rules = {
  flatCents: 5_000,
  percent: 10,
  dailyCents: 1_000,
  maxPerMonthCents: 30_000 as number | null,
  graceDays: 5,
};
const rent = { dueDate: '2027-04-01', issueDate: '2027-03-18', baseCents: 150_000 };

describe('the late fee a rent invoice owes', () => {
  it('is nothing through the due date plus the grace days', () => {
    expect(firstLateDay(rent, 5)).toBe('2027-04-07');
    expect(lateFeeOwedCents(rules, rent, '2027-04-01')).toBe(0);
    expect(lateFeeOwedCents(rules, rent, '2027-04-06')).toBe(0);
  });

  it('is flat + percent of the rent due on the first late day, then grows by the daily fee up to the cap', () => {
    expect(lateFeeOwedCents(rules, rent, '2027-04-07')).toBe(20_000); // 5000 + 10% of 150000
    expect(lateFeeOwedCents(rules, rent, '2027-04-08')).toBe(21_000);
    expect(lateFeeOwedCents(rules, rent, '2027-04-16')).toBe(29_000);
    expect(lateFeeOwedCents(rules, rent, '2027-04-17')).toBe(30_000);
    expect(lateFeeOwedCents(rules, rent, '2027-05-31')).toBe(30_000);
  });

  it('has no cap when maxPerMonth is null, and counts across a month end', () => {
    // 20000 + 1000 × 24 days from 04-07 to 05-01
    expect(lateFeeOwedCents({ ...rules, maxPerMonthCents: null }, rent, '2027-05-01')).toBe(44_000);
  });

  it('counts a February of 29 days in 2028', () => {
    const feb = { dueDate: '2028-02-27', issueDate: '2028-02-13', baseCents: 100_000 };
    // first late day 2028-02-28 (grace 0); 02-29, 03-01 are two further days
    const owed = lateFeeOwedCents({ ...rules, graceDays: 0, maxPerMonthCents: null }, feb, '2028-03-01');
    expect(owed).toBe(5_000 + 10_000 + 2 * 1_000);
  });

  it('stops growing on the day the rent was paid, and is nothing when it was paid in time', () => {
    expect(lateFeeOwedCents(rules, rent, '2027-04-20', '2027-04-09')).toBe(22_000);
    expect(lateFeeOwedCents(rules, rent, '2027-04-20', '2027-04-06')).toBe(0);
    expect(lateFeeOwedCents(rules, rent, '2027-04-08', '2027-04-30')).toBe(21_000);
  });

  it('counts the late days from the issue date when the invoice was issued after its due date', () => {
    // A lease recorded mid-month: April's rent, due 04-01, issued on 04-20 → grace runs from 04-20.
    const late = { ...rent, issueDate: '2027-04-20' };
    expect(firstLateDay(late, 5)).toBe('2027-04-26');
    expect(lateFeeOwedCents(rules, late, '2027-04-20')).toBe(0);
    expect(lateFeeOwedCents(rules, late, '2027-04-25')).toBe(0);
    expect(lateFeeOwedCents(rules, late, '2027-04-26')).toBe(20_000);
    expect(lateFeeOwedCents(rules, late, '2027-04-27')).toBe(21_000);
    // Issued before the due date (the usual case): counted from the due date.
    expect(firstLateDay({ dueDate: '2027-04-01', issueDate: '2027-03-18' }, 0)).toBe('2027-04-02');
  });

  it('is nothing when nothing of the rent is due, and nothing with a cap of 0', () => {
    expect(lateFeeOwedCents(rules, { ...rent, baseCents: 0 }, '2027-04-20')).toBe(0);
    expect(lateFeeOwedCents({ ...rules, maxPerMonthCents: 0 }, rent, '2027-04-20')).toBe(0);
  });

  it('rounds the percent fee half away from zero, once', () => {
    const pct = { flatCents: 0, percent: 10, dailyCents: 0, maxPerMonthCents: null, graceDays: 0 };
    expect(
      lateFeeOwedCents(
        pct,
        { dueDate: '2027-04-01', issueDate: '2027-04-01', baseCents: 150_005 },
        '2027-04-02',
      ),
    ).toBe(15_001);
    expect(
      lateFeeOwedCents(
        { ...pct, percent: 2.5 },
        { dueDate: '2027-04-01', issueDate: '2027-04-01', baseCents: 1_234 },
        '2027-04-02',
      ),
    ).toBe(
      31, // 30.85
    );
  });
});

describe('what a run posts', () => {
  it('is what is owed less what is posted: a later run catches up, a repeated run posts nothing', () => {
    const owedOn = (day: string) => lateFeeOwedCents(rules, rent, day);
    const first = lateFeeToPost({
      owedCents: owedOn('2027-04-07'),
      postedCents: 0,
      paid: false,
      processing: false,
    });
    expect(first).toBe(20_000);
    expect(
      lateFeeToPost({ owedCents: owedOn('2027-04-07'), postedCents: 20_000, paid: false, processing: false }),
    ).toBe(0);
    // runs of 04-08 and 04-09 missed: the run of 04-10 posts their days and its own
    expect(
      lateFeeToPost({ owedCents: owedOn('2027-04-10'), postedCents: 20_000, paid: false, processing: false }),
    ).toBe(3_000);
  });

  it('is nothing once paid or while a payment is processing, and never negative', () => {
    expect(lateFeeToPost({ owedCents: 9_000, postedCents: 0, paid: true, processing: false })).toBe(0);
    expect(lateFeeToPost({ owedCents: 9_000, postedCents: 0, paid: false, processing: true })).toBe(0);
    expect(lateFeeToPost({ owedCents: 9_000, postedCents: 10_000, paid: false, processing: false })).toBe(0);
  });
});
