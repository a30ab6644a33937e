import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { incomeOf, incomeView, type SettledPayment } from './income.js';
import { occupancyRows } from './occupancy.js';
import { checkRange, dateKeyRange, isMonth, monthRange } from './period.js';

const payment = (over: Partial<SettledPayment>): SettledPayment => ({
  paymentId: 1,
  direction: 'in',
  amountCents: 1000,
  date: '2026-03-01',
  propertyId: 2001,
  ...over,
});

describe('periods', () => {
  it('gives month ranges, leap years included, and refuses other shapes', () => {
    expect(monthRange('2028-02')).toEqual({ dateFrom: '2028-02-01', dateTo: '2028-02-29' });
    expect(monthRange('2027-02')).toEqual({ dateFrom: '2027-02-01', dateTo: '2027-02-28' });
    expect(monthRange('2027-12')).toEqual({ dateFrom: '2027-12-01', dateTo: '2027-12-31' });
    for (const bad of ['2027-13', '2027-00', '2027-1', '27-01', '2027-01-01'])
      expect(isMonth(bad)).toBe(false);
    expect(() => monthRange('2027-13')).toThrow(/YYYY-MM/);
  });

  it('key range covers both days; an end before the start is a 400', () => {
    expect(dateKeyRange({ dateFrom: '2026-01-01', dateTo: '2026-01-31' })).toEqual([
      '2026-01-01',
      '2026-01-31#~',
    ]);
    expect('2026-01-31#0000000009' <= '2026-01-31#~').toBe(true);
    expect(() => checkRange({ dateFrom: '2026-02-01', dateTo: '2026-01-31' })).toThrow(/dateTo/);
    expect(checkRange({ dateFrom: '2026-02-01', dateTo: '2026-02-01' }).dateTo).toBe('2026-02-01');
  });
});

describe('income', () => {
  it('sums incoming payments less refunds and counts both; money paid out is not income', () => {
    const figures = incomeOf([
      payment({ amountCents: 10_010 }),
      payment({ paymentId: 2, amountCents: 20 }),
      payment({ paymentId: 3, amountCents: -3_005 }),
      payment({ paymentId: 4, direction: 'out', amountCents: 99_999 }),
    ]);
    expect(figures).toEqual({
      totalIncomeCents: 7_025,
      transactionCount: 3,
      refundCount: 1,
      refundedCents: 3_005,
      depositsReceivedCents: 0,
      depositsReturnedCents: 0,
      depositCount: 0,
    });
    expect(incomeView({ dateFrom: 'a', dateTo: 'b', propertyId: null }, figures)).toMatchObject({
      totalIncome: 70.25,
      transactionCount: 3,
      refunds: 30.05,
    });
  });

  it('holds a security deposit apart: received and returned, never income', () => {
    const figures = incomeOf([
      payment({ amountCents: 145_000, documentKind: 'RENT' }),
      payment({ paymentId: 2, amountCents: 145_000, documentKind: 'DEPOSIT' }),
      payment({ paymentId: 3, amountCents: -45_000, documentKind: 'DEPOSIT' }),
    ]);
    expect(figures).toMatchObject({
      totalIncomeCents: 145_000,
      transactionCount: 1,
      refundCount: 0,
      depositsReceivedCents: 145_000,
      depositsReturnedCents: 45_000,
      depositCount: 2,
    });
    expect(incomeView({ dateFrom: 'a', dateTo: 'b', propertyId: null }, figures)).toMatchObject({
      totalIncome: 1_450,
      depositsReceived: 1_450,
      depositsReturned: 450,
      depositCount: 2,
    });
  });

  it('is cent-exact for any payments (against a BigInt sum)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amountCents: fc.integer({ min: -9_999_999, max: 9_999_999 }),
            direction: fc.constantFrom('in' as const, 'out' as const),
          }),
          { maxLength: 200 },
        ),
        (list) => {
          const payments = list.map((p, i) => payment({ ...p, paymentId: i }));
          const reference = list
            .filter((p) => p.direction === 'in')
            .reduce((t, p) => t + BigInt(p.amountCents), 0n);
          const view = incomeView({ dateFrom: 'a', dateTo: 'b', propertyId: null }, incomeOf(payments));
          expect(Math.round(view.totalIncome * 100)).toBe(Number(reference));
          expect(String(view.totalIncome)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('occupancy', () => {
  const props = [
    { propertyId: 2002, propertyName: 'B', units: 2, isArchived: 0 as const },
    { propertyId: 2001, propertyName: 'A', units: 0, isArchived: 0 as const },
    { propertyId: 2009, propertyName: 'Old', units: 1, isArchived: 1 as const },
    { propertyId: 2010, propertyName: 'Old with stay', units: 1, isArchived: 1 as const },
  ];
  const stay = (id: number, propertyId: number, dateFrom: string, dateTo: string, status = '1') => ({
    reservationId: id,
    propertyId,
    status: status as '1',
    dateFrom,
    dateTo,
    totalPriceCents: 10_001,
  });

  it('counts confirmed stays by check-out in the range, whole; not blocks, cancelled or pending', () => {
    const report = occupancyRows(
      props,
      [
        stay(1, 2001, '2026-02-25', '2026-03-02'), // began before the range: all 5 nights
        stay(2, 2001, '2026-03-30', '2026-03-31'), // check-out on the last day
        stay(3, 2001, '2026-03-30', '2026-04-01'), // check-out after the range
        stay(4, 2002, '2026-03-10', '2026-03-12', '4'),
        stay(5, 2002, '2026-03-10', '2026-03-12', '3'),
        stay(6, 2002, '2026-03-10', '2026-03-12', '0'),
        stay(7, 2010, '2026-03-01', '2026-03-03'),
      ],
      { dateFrom: '2026-03-01', dateTo: '2026-03-31' },
    );
    expect(report.items).toEqual([
      { propertyId: 2001, name: 'A', units: 1, reservations: 2, nights: 6, totalPrice: 200.02 },
      { propertyId: 2002, name: 'B', units: 2, reservations: 0, nights: 0, totalPrice: 0 },
      { propertyId: 2010, name: 'Old with stay', units: 1, reservations: 1, nights: 2, totalPrice: 100.01 },
    ]);
    expect(report.totalNights).toBe(8);
    expect(report.totalReservations).toBe(3);
  });
});
