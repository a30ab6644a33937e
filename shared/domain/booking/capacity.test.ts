import { describe, expect, it } from 'vitest';
import { MAX_PARTS } from '../../db/transaction-failure.js';
import {
  BOOKING_PARTS_BESIDES_NIGHTS,
  MAX_NIGHTS_PER_TRANSACTION,
  MOVE_PARTS_BESIDES_NIGHTS,
  type NightClaim,
  pickUnits,
  spotsOf,
  TRANSACTION_MAX_PARTS,
} from './capacity.js';

const claim = (date: string, unit: number, reservationId: number): NightClaim => ({
  date,
  unit,
  reservationId,
  kind: 'reserved',
});

describe('the longest stay one transaction holds', () => {
  it('restates the transaction builder limit (the domain may not import shared/db)', () => {
    expect(TRANSACTION_MAX_PARTS).toBe(MAX_PARTS);
  });

  it('a booking and a move of the longest stay both fit in one transaction', () => {
    expect(MAX_NIGHTS_PER_TRANSACTION + BOOKING_PARTS_BESIDES_NIGHTS).toBeLessThanOrEqual(MAX_PARTS);
    expect(2 * MAX_NIGHTS_PER_TRANSACTION + MOVE_PARTS_BESIDES_NIGHTS).toBeLessThanOrEqual(MAX_PARTS);
    expect(MAX_NIGHTS_PER_TRANSACTION).toBe(46);
  });
});

describe('spots and units', () => {
  const nights = ['2027-08-01', '2027-08-02', '2027-08-03'];

  it('spots = the fewest free units over the nights', () => {
    expect(spotsOf(nights, 3, [])).toBe(3);
    expect(
      spotsOf(nights, 3, [claim('2027-08-02', 1, 7), claim('2027-08-02', 3, 8), claim('2027-08-03', 2, 9)]),
    ).toBe(1);
    expect(spotsOf(nights, 1, [claim('2027-08-03', 1, 7)])).toBe(0);
    // Claims of other nights and of units above `units` (the property shrank) take nothing from this stay.
    expect(spotsOf(nights, 2, [claim('2027-07-31', 1, 7), claim('2027-08-01', 5, 8)])).toBe(2);
  });

  it('a booking picks the lowest free unit of each night', () => {
    expect(
      pickUnits(nights, 3, [claim('2027-08-01', 1, 7), claim('2027-08-02', 1, 7), claim('2027-08-02', 2, 8)]),
    ).toEqual([
      { date: '2027-08-01', unit: 2 },
      { date: '2027-08-02', unit: 3 },
      { date: '2027-08-03', unit: 1 },
    ]);
    expect(pickUnits(nights, 1, [claim('2027-08-02', 1, 7)])).toBeUndefined();
  });

  it('a move keeps the units it already holds and may take the nights it frees', () => {
    const held = [claim('2027-08-01', 2, 7), claim('2027-08-02', 2, 7), claim('2027-08-02', 1, 8)];
    expect(pickUnits(['2027-08-02', '2027-08-03'], 2, held, 7)).toEqual([
      { date: '2027-08-02', unit: 2 },
      { date: '2027-08-03', unit: 1 },
    ]);
    // Unit 1 of every night is taken by 8; the stay itself (7) holds unit 2: the move fits, a booking would not.
    const full = [claim('2027-08-01', 1, 8), claim('2027-08-01', 2, 7)];
    expect(pickUnits(['2027-08-01'], 2, full, 7)).toEqual([{ date: '2027-08-01', unit: 2 }]);
    expect(pickUnits(['2027-08-01'], 2, full)).toBeUndefined();
  });
});
