import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.js';
import { type LeaseSpan, overlappingLease, spansOverlap } from './spans.js';

describe('whether two leases of one property overlap', () => {
  const march = { startDate: '2027-03-01', endDate: '2027-03-31' };

  it('shares a day when one ends on the other’s start; the day after the last day is free', () => {
    expect(spansOverlap(march, { startDate: '2027-03-31', endDate: '' })).toBe(true);
    expect(spansOverlap(march, { startDate: '2027-04-01', endDate: '' })).toBe(false);
    expect(spansOverlap({ startDate: '2027-02-01', endDate: '2027-02-28' }, march)).toBe(false);
  });

  it('runs an open end forever', () => {
    expect(spansOverlap({ startDate: '2020-01-01', endDate: '' }, march)).toBe(true);
    expect(
      spansOverlap({ startDate: '2030-01-01', endDate: '' }, { startDate: '2020-01-01', endDate: '' }),
    ).toBe(true);
  });

  it('agrees with a day-by-day count over random spans (endDate inclusive)', () => {
    const day0 = '2027-01-01';
    const span = fc
      .tuple(fc.integer({ min: 0, max: 60 }), fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }))
      .map(
        ([start, length]): LeaseSpan => ({
          startDate: addDays(day0, start),
          endDate: length === undefined ? '' : addDays(day0, start + length),
        }),
      );
    const covers = (s: LeaseSpan, day: string) =>
      s.startDate <= day && (s.endDate === '' || day <= s.endDate);
    fc.assert(
      fc.property(span, span, (a, b) => {
        // Both start by day 60 and a closed one lasts at most 31 days: a shared day is before day 100.
        const shared = Array.from({ length: 100 }, (_, i) => addDays(day0, i)).some(
          (day) => covers(a, day) && covers(b, day),
        );
        expect(spansOverlap(a, b)).toBe(shared);
        expect(spansOverlap(b, a)).toBe(shared);
      }),
    );
  });
});

describe('the lease a candidate overlaps', () => {
  const spans = {
    '12': { startDate: '2027-05-01', endDate: '' },
    '7': { startDate: '2027-03-01', endDate: '2027-03-31' },
    '9': { startDate: '2027-04-01', endDate: '2027-04-30' },
  };

  it('is the lowest id it shares a day with, none when it fits between them', () => {
    expect(overlappingLease(spans, { startDate: '2027-03-15', endDate: '2027-06-01' })).toBe(7);
    expect(overlappingLease(spans, { startDate: '2027-02-01', endDate: '2027-02-28' })).toBeUndefined();
    expect(overlappingLease({}, { startDate: '2027-02-01', endDate: '' })).toBeUndefined();
  });

  it('leaves out the lease being changed', () => {
    expect(overlappingLease(spans, { startDate: '2027-03-10', endDate: '2027-03-31' }, 7)).toBeUndefined();
    expect(overlappingLease(spans, { startDate: '2027-03-10', endDate: '2027-04-02' }, 7)).toBe(9);
  });
});
