import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { timestamp } from './content/fields.js';
import { amountCents, centsOf, isoDate, isoMonth, moneyToCents, percent } from './values.js';

/** The first issue's message, or the output. */
function outcome(schema: v.GenericSchema, input: unknown): unknown {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? result.output : result.issues[0]?.message;
}

describe('the money schema (DESIGN.md "Money inputs")', () => {
  it('takes numbers and decimal strings with at most 2 decimals into exact cents', () => {
    const cases: [unknown, number][] = [
      [0, 0],
      [125.5, 12_550],
      ['125.50', 12_550],
      [' 7 ', 700],
      [1.15, 115],
      ['1.15', 115],
      [0.29, 29],
      [4.35, 435],
      [99_999_999, 9_999_999_900],
    ];
    for (const [input, cents] of cases) expect(outcome(moneyToCents, input), String(input)).toBe(cents);
  });

  it('refuses more than 2 decimals instead of rounding them (0.004 is not 0, 1.005 is not 1.00)', () => {
    for (const input of [0.004, '0.004', 1.005, '1.005', 0.1 + 0.2, 1e-7, '12.000001'])
      expect(outcome(moneyToCents, input), String(input)).toBe('must have at most 2 decimals');
  });

  it('names what else is wrong: the form, a negative, the bound', () => {
    expect(outcome(moneyToCents, 'abc')).toBe('must be an amount such as 125.50');
    expect(outcome(moneyToCents, '1e3')).toBe('must be an amount such as 125.50');
    expect(outcome(moneyToCents, null)).toBe('must be an amount such as 125.50');
    expect(outcome(moneyToCents, Number.NaN)).toBe('must be an amount such as 125.50');
    expect(outcome(moneyToCents, -1)).toBe('must not be negative');
    expect(outcome(moneyToCents, '-0.001')).toBe('must not be negative');
    expect(outcome(moneyToCents, '-0.00')).toBe('must not be negative');
    expect(outcome(moneyToCents, 100_000_000)).toBe('must be at most 99999999');
    expect(outcome(moneyToCents, 1e21)).toBe('must be at most 99999999');
  });

  it('takes the bounds a field gives: signed, at least a cent, not zero', () => {
    const signed = amountCents({ min: -50, max: 50, nonZero: true });
    expect(outcome(signed, -12.34)).toBe(-1234);
    expect(outcome(signed, '-0.5')).toBe(-50);
    expect(outcome(signed, 0)).toBe('must not be 0');
    expect(outcome(signed, -50.01)).toBe('must be at least -50');
    expect(outcome(signed, '-0.005')).toBe('must have at most 2 decimals');
    expect(outcome(amountCents({ min: 0.01 }), 0)).toBe('must be at least 0.01');
  });

  it('turns decimal text into cents digit by digit', () => {
    expect([centsOf('0.1'), centsOf(19.99), centsOf('-3'), centsOf(1234567.89)]).toEqual([
      10, 1999, -300, 123_456_789,
    ]);
    expect(() => centsOf(0.001)).toThrow(RangeError);
  });
});

describe('the percentage schema', () => {
  it('takes 0 to 100 with at most 3 decimals, as a number or a string', () => {
    expect([8.875, '8.875', 0, '100', 12.5].map((p) => outcome(percent, p))).toEqual([
      8.875, 8.875, 0, 100, 12.5,
    ]);
  });

  it('refuses more decimals, negatives, more than 100 and text', () => {
    expect(outcome(percent, 7.1234)).toBe('must have at most 3 decimals');
    expect(outcome(percent, '7.1234')).toBe('must have at most 3 decimals');
    expect(outcome(percent, -1)).toBe('must not be negative');
    expect(outcome(percent, '-1')).toBe('must not be negative');
    expect(outcome(percent, 100.5)).toBe('must be at most 100');
    expect(outcome(percent, 'ten')).toBe('must be a percentage');
  });
});

describe('the date schemas', () => {
  it('take calendar dates from 2000-01-01 to 2100-12-31', () => {
    expect(['2000-01-01', '2028-02-29', '2100-12-31'].map((d) => outcome(isoDate, d))).toEqual([
      '2000-01-01',
      '2028-02-29',
      '2100-12-31',
    ]);
    for (const d of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])
      expect(outcome(isoDate, d), d).toBe('must be between 2000-01-01 and 2100-12-31');
    expect(outcome(isoDate, '2027-02-29')).toBe('is not a calendar date');
    expect(outcome(isoDate, '27-02-01')).toBe('must be a date YYYY-MM-DD');
  });

  it('take months from 2000-01 to 2100-12', () => {
    expect(outcome(isoMonth, '2027-06')).toBe('2027-06');
    for (const m of ['0000-01', '1999-12', '2101-01'])
      expect(outcome(isoMonth, m), m).toBe('must be between 2000-01 and 2100-12');
    expect(outcome(isoMonth, '2027-13')).toBe('must be a month YYYY-MM');
  });

  it('keep content timestamps in the same window', () => {
    expect(outcome(timestamp, '2027-06-01')).toBe('2027-06-01T00:00:00.000Z');
    expect(outcome(timestamp, '0000-01-01')).toBe('must be between 2000-01-01 and 2100-12-31');
    expect(outcome(timestamp, '2101-01-01T10:00:00Z')).toBe('must be between 2000-01-01 and 2100-12-31');
  });
});
