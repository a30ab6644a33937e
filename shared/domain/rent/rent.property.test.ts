/**
 * The rent rules against an independent reference: the calendar walked one day at a time over dates held as
 * [year, month, day] (its own leap-year rule, no Date), rents prorated and percentages taken in BigInt cents,
 * due dates by the words of DESIGN.md and late fees summed day by day. It shares no code with the modules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lateFeeOwedCents, lateFeeToPost } from './late-fee.js';
import { chargesDueBy, rentPeriods } from './schedule.js';

type Day = readonly [number, number, number];

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) =>
  m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
const text = ([y, m, d]: Day) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const parse = (s: string): Day => [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
function next([y, m, d]: Day): Day {
  if (d < monthLength(y, m)) return [y, m, d + 1];
  return m < 12 ? [y, m + 1, 1] : [y + 1, 1, 1];
}
function previous([y, m, d]: Day): Day {
  if (d > 1) return [y, m, d - 1];
  return m > 1 ? [y, m - 1, monthLength(y, m - 1)] : [y - 1, 12, 31];
}
const step = (s: string, days: number): string => {
  let day = parse(s);
  for (let i = 0; i < Math.abs(days); i++) day = days > 0 ? next(day) : previous(day);
  return text(day);
};
const halfAwayDiv = (numerator: bigint, denominator: bigint) =>
  Number((2n * numerator + denominator) / (2n * denominator));

interface RefPeriod {
  month: string;
  firstDay: string;
  lastDay: string;
  daysCovered: number;
  daysInMonth: number;
  amountCents: number;
  dueDate: string;
  issueDate: string;
}

/** Each covered day counted into its month; then each month's charge as DESIGN.md words it. */
function referencePeriods(
  start: string,
  end: string,
  through: string,
  t: { rentCents: number; dueDay: number; issueDaysBefore: number },
): RefPeriod[] {
  const [ty, tm] = parse(through);
  const last = end === '' ? text([ty, tm, monthLength(ty, tm)]) : end;
  const months = new Map<string, { first: string; last: string; days: number }>();
  for (let day = start; day <= last; day = text(next(parse(day)))) {
    const key = day.slice(0, 7);
    const seen = months.get(key);
    if (seen) months.set(key, { ...seen, last: day, days: seen.days + 1 });
    else months.set(key, { first: day, last: day, days: 1 });
  }
  return [...months].map(([month, covered], i) => {
    const [y, m] = parse(`${month}-01`);
    const length = monthLength(y, m);
    const dueDay = `${month}-${String(t.dueDay).padStart(2, '0')}`;
    // The first month's due date is the later of its due day and the start; rent is never due after the end.
    let due = i === 0 && start > dueDay ? start : dueDay;
    if (end !== '' && due > end) due = covered.first;
    return {
      month,
      firstDay: covered.first,
      lastDay: covered.last,
      daysCovered: covered.days,
      daysInMonth: length,
      amountCents: halfAwayDiv(BigInt(t.rentCents) * BigInt(covered.days), BigInt(length)),
      dueDate: due,
      issueDate: step(due, -t.issueDaysBefore),
    };
  });
}

/**
 * The late fee summed one day at a time up to today (or the day it was paid), the grace days counted from the
 * due date, or from the day the invoice was issued when that came later (DESIGN.md "Money inputs").
 */
function referenceLateFee(
  r: {
    flatCents: number;
    hundredths: number;
    dailyCents: number;
    maxPerMonthCents: number | null;
    graceDays: number;
  },
  dueDate: string,
  baseCents: number,
  today: string,
  paidOn: string | undefined,
  issueDate: string = dueDate,
): number {
  if (baseCents <= 0) return 0;
  const stop = paidOn !== undefined && paidOn < today ? paidOn : today;
  const percentFee = halfAwayDiv(BigInt(baseCents) * BigInt(r.hundredths), 10_000n);
  let fee = 0;
  let sinceDue = 0;
  for (let day = issueDate > dueDate ? issueDate : dueDate; day < stop; day = text(next(parse(day)))) {
    sinceDue += 1;
    if (sinceDue === r.graceDays + 1) fee += r.flatCents + percentFee;
    else if (sinceDue > r.graceDays + 1) fee += r.dailyCents;
    if (r.maxPerMonthCents !== null) fee = Math.min(fee, r.maxPerMonthCents);
  }
  return fee;
}

/** Dates biased to month ends (a day past the month's length falls on its last day) over leap and common years. */
const dateArb = fc
  .record({
    y: fc.oneof(fc.constantFrom(2000, 2028, 2100), fc.integer({ min: 2025, max: 2031 })),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(1, 28, 29, 30, 31)),
  })
  .map(({ y, m, d }) => text([y, m, Math.min(d, monthLength(y, m))]));
const centsArb = fc.oneof(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 9_999_999_900 }));
const termsArb = fc.record({
  rentCents: centsArb,
  dueDay: fc.integer({ min: 1, max: 28 }),
  issueDaysBefore: fc.integer({ min: 0, max: 60 }),
});
const leaseArb = fc.record({
  start: dateArb,
  openEnded: fc.boolean(),
  length: fc.oneof(fc.integer({ min: 0, max: 62 }), fc.integer({ min: 0, max: 800 })),
  throughOffset: fc.integer({ min: -40, max: 800 }),
});

describe('rent periods = the day-by-day reference', () => {
  it('over random starts, ends (or open-ended through a day), rents, due days and issue days', () => {
    fc.assert(
      fc.property(leaseArb, termsArb, (l, t) => {
        const end = l.openEnded ? '' : step(l.start, l.length);
        const through = step(l.start, l.throughOffset);
        const actual = rentPeriods({ startDate: l.start, endDate: end }, t, through);
        const expected = referencePeriods(l.start, end, through, t);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
        if (end !== '') expect(actual.reduce((n, p) => n + p.daysCovered, 0)).toBe(l.length + 1);
      }),
      { numRuns: 600 },
    );
  });

  it('whole months cost the rent exactly, so a lease from a 1st to a month end costs rent × months', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 30 }), termsArb, (day, months, t) => {
        const [y, m] = parse(day);
        const start = text([y, m, 1]);
        let [ey, em] = [y, m];
        for (let i = 1; i < months; i++) [ey, em] = em === 12 ? [ey + 1, 1] : [ey, em + 1];
        const periods = rentPeriods(
          { startDate: start, endDate: text([ey, em, monthLength(ey, em)]) },
          t,
          '',
        );
        expect(periods).toHaveLength(months);
        expect(periods.every((p) => p.amountCents === t.rentCents)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the months a run issues by a day are the reference months issued on or before it', () => {
    fc.assert(
      fc.property(leaseArb, termsArb, fc.integer({ min: -90, max: 900 }), (l, t, todayOffset) => {
        const end = l.openEnded ? '' : step(l.start, l.length);
        const today = step(l.start, todayOffset);
        const actual = chargesDueBy({ startDate: l.start, endDate: end }, t, today).map((p) => p.month);
        // Far enough ahead that no month issued by today is missed.
        const expected = referencePeriods(l.start, end, step(today, 100), t)
          .filter((p) => p.issueDate <= today)
          .map((p) => p.month);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

const feeArb = fc.record({
  flatCents: fc.integer({ min: 0, max: 100_000 }),
  hundredths: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 50, 250, 1_000, 10_000)),
  dailyCents: fc.integer({ min: 0, max: 20_000 }),
  maxPerMonthCents: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: null }),
  graceDays: fc.integer({ min: 0, max: 60 }),
});
type FeeCase = typeof feeArb extends fc.Arbitrary<infer R> ? R : never;
const rulesOf = (r: FeeCase) => ({
  flatCents: r.flatCents,
  percent: r.hundredths / 100,
  dailyCents: r.dailyCents,
  maxPerMonthCents: r.maxPerMonthCents,
  graceDays: r.graceDays,
});

describe('late fees = the day-by-day reference', () => {
  it('owed as of any day, paid or not, over random due dates, bases, grace days and fee terms', () => {
    fc.assert(
      fc.property(
        feeArb,
        dateArb,
        centsArb,
        fc.integer({ min: -5, max: 150 }),
        fc.option(fc.integer({ min: -5, max: 150 }), { nil: undefined }),
        // Issued before the due date (the usual case), on it, or after it (a late run, a lease recorded late).
        fc.integer({ min: -60, max: 40 }),
        (r, dueDate, baseCents, todayOffset, paidOffset, issueOffset) => {
          const today = step(dueDate, todayOffset);
          const paidOn = paidOffset === undefined ? undefined : step(dueDate, paidOffset);
          const issueDate = step(dueDate, issueOffset);
          const actual = lateFeeOwedCents(rulesOf(r), { dueDate, issueDate, baseCents }, today, paidOn);
          expect(actual).toBe(referenceLateFee(r, dueDate, baseCents, today, paidOn, issueDate));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('runs on any days post in all what is owed by the last run, never more, none while processing or once paid', () => {
    const runArb = fc.uniqueArray(
      fc.record({ offset: fc.integer({ min: 0, max: 90 }), processing: fc.boolean() }),
      { selector: (run) => run.offset, maxLength: 30 },
    );
    fc.assert(
      fc.property(
        feeArb,
        dateArb,
        centsArb,
        runArb,
        fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
        (r, dueDate, baseCents, runs, paidOffset) => {
          let posted = 0;
          for (const run of [...runs].sort((a, b) => a.offset - b.offset)) {
            const today = step(dueDate, run.offset);
            const paid = paidOffset !== undefined && run.offset >= paidOffset;
            const owedCents = lateFeeOwedCents(rulesOf(r), { dueDate, issueDate: dueDate, baseCents }, today);
            const post = lateFeeToPost({ owedCents, postedCents: posted, paid, processing: run.processing });
            expect(post).toBeGreaterThanOrEqual(0);
            posted += post;
            const owedNow = referenceLateFee(r, dueDate, baseCents, today, undefined);
            expect(posted).toBeLessThanOrEqual(owedNow);
            if (!paid && !run.processing) expect(posted).toBe(owedNow);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the months a run issues always end, and never exceed the lease’s', () => {
  const anyYearDate = fc
    .record({
      y: fc.integer({ min: 1999, max: 2101 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ y, m, d }) => text([y, m, Math.min(d, monthLength(y, m))]));
  // An end: none, a day of the window, or the "no end" sentinels stored leases carry.
  const endArb = fc.oneof(
    fc.constant(''),
    anyYearDate,
    fc.constantFrom('9999-12-31', '9999-12-01', '2999-12-31'),
  );
  const monthNo = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

  it('over random starts, ends, run days (years 1999–2101) and terms', () => {
    fc.assert(
      fc.property(anyYearDate, endArb, anyYearDate, termsArb, (start, end, today, t) => {
        const due = chargesDueBy({ startDate: start, endDate: end }, t, today);
        const months = due.map((p) => monthNo(p.month));
        // Strictly increasing: each month once, in order.
        expect(months.every((m, i) => i === 0 || m === (months[i - 1] as number) + 1)).toBe(true);
        if (end !== '' && end < start) expect(due).toEqual([]);
        const lastOfLease = end === '' ? Number.POSITIVE_INFINITY : monthNo(end);
        const horizon = monthNo(step(today, t.issueDaysBefore));
        const outside = due.filter(
          (p) =>
            monthNo(p.month) < monthNo(start) ||
            monthNo(p.month) > Math.min(lastOfLease, horizon) ||
            p.issueDate > today ||
            p.daysCovered <= 0,
        );
        expect(outside).toEqual([]);
        // Within the years a run can be dated in, a sentinel end charges as an open end does.
        if (end.startsWith('9999') || end.startsWith('2999')) {
          const open = chargesDueBy({ startDate: start, endDate: '' }, t, today);
          expect(due).toEqual(open);
        }
      }),
      { numRuns: 400 },
    );
  });
});
