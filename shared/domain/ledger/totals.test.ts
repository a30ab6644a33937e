import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, divideRounded, lineTotalCents, type MoneyLine, TotalsError } from './totals.js';

const line = (amountCents: number, quantity = 1, taxed = true): MoneyLine => ({
  amountCents,
  quantity,
  taxed,
});

describe('totals', () => {
  it('adds lines, taxes the taxed ones with both rates and rounds the tax once', () => {
    // 2 × 10.00 + 5.00 untaxed; taxed base 20.00 × (6.5 + 1.25)% = 1.55
    expect(computeTotals([line(1000, 2), line(500, 1, false)], 6.5, 1.25)).toEqual({
      subtotalCents: 2500,
      taxableCents: 2000,
      taxCents: 155,
      totalCents: 2655,
    });
  });

  it('rounds the tax on the sum, not per line or per rate', () => {
    // Three lines of 0.05 at 10% + 5%: per line 0.0075 → 0.01 each (0.03); once: 0.0225 → 0.02
    expect(computeTotals([line(5), line(5), line(5)], 10, 5).taxCents).toBe(2);
  });

  it('rounds halves away from zero', () => {
    expect(computeTotals([line(1000)], 6.75).taxCents).toBe(68); // 67.5
    expect(computeTotals([line(-1000)], 6.75).taxCents).toBe(-68);
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
  });

  it('takes fractional quantities with 2 decimals and rates with 3', () => {
    expect(lineTotalCents(line(3333, 1.5))).toBe(5000); // 4999.5 → 5000
    expect(computeTotals([line(10000)], 7.125).taxCents).toBe(713); // 712.5
    expect(computeTotals([line(1999, 0.1)], 0.001).totalCents).toBe(200);
  });

  it('has no float drift: 0.1 + 0.2 style sums stay exact', () => {
    const lines = Array.from({ length: 10 }, () => line(10, 0.1, true));
    expect(computeTotals(lines, 0).subtotalCents).toBe(10);
  });

  it('refuses negative or over-precise quantities and rates', () => {
    expect(() => computeTotals([line(100, -1)], 0)).toThrow(TotalsError);
    expect(() => computeTotals([line(100, 1.005)], 0)).toThrow(TotalsError);
    expect(() => computeTotals([line(100)], 1.0005)).toThrow(TotalsError);
    expect(() => computeTotals([line(100)], -1)).toThrow(TotalsError);
    expect(() => computeTotals([line(1.5)], 0)).toThrow(TotalsError);
    expect(() => computeTotals([line(Number.MAX_SAFE_INTEGER, 2)], 0)).toThrow(TotalsError);
  });

  it('an empty document is zero', () => {
    expect(computeTotals([], 10, 5)).toEqual({
      subtotalCents: 0,
      taxableCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
  });
});

/**
 * An independent reference: exact rationals built from the decimal text of each figure (no scaling by
 * Math.round), rounded by comparing twice the remainder with the denominator.
 */
interface Ratio {
  n: bigint;
  d: bigint;
}
function parseDecimal(value: number): Ratio {
  const [whole, fraction = ''] = String(value).split('.');
  return { n: BigInt(`${whole}${fraction}`), d: 10n ** BigInt(fraction.length) };
}
function roundHalfAway({ n, d }: Ratio): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  const q = a / d;
  const r = a - q * d;
  const rounded = 2n * r >= d ? q + 1n : q;
  return negative ? -rounded : rounded;
}
function reference(lines: readonly MoneyLine[], tax: number, tax2: number) {
  let subtotal = 0n;
  let taxable = 0n;
  for (const l of lines) {
    const q = parseDecimal(l.quantity);
    const cents = roundHalfAway({ n: BigInt(l.amountCents) * q.n, d: q.d });
    subtotal += cents;
    if (l.taxed) taxable += cents;
  }
  const r1 = parseDecimal(tax);
  const r2 = parseDecimal(tax2);
  // taxable × (r1 + r2) / 100 as one fraction
  const rate = { n: r1.n * r2.d + r2.n * r1.d, d: r1.d * r2.d };
  const taxCents = roundHalfAway({ n: taxable * rate.n, d: rate.d * 100n });
  return {
    subtotalCents: Number(subtotal),
    taxableCents: Number(taxable),
    taxCents: Number(taxCents),
    totalCents: Number(subtotal + taxCents),
  };
}

const lineArb = fc.record({
  amountCents: fc.integer({ min: -5_000_000, max: 50_000_000 }),
  quantity: fc.integer({ min: 0, max: 100_000 }).map((h) => h / 100),
  taxed: fc.boolean(),
});
const rateArb = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 30_000 }).map((t) => t / 1000),
  fc.integer({ min: 0, max: 30 }),
);

describe('totals against an independent rational reference (fast-check)', () => {
  it('matches cent for cent over random lines, quantities, flags and two rates', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), rateArb, rateArb, (lines, tax, tax2) => {
        expect(computeTotals(lines, tax, tax2)).toEqual(reference(lines, tax, tax2));
      }),
      { numRuns: 3000 },
    );
  });

  it('the total is always the subtotal plus the tax, and the tax of an untaxed document is 0', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), rateArb, rateArb, (lines, tax, tax2) => {
        const t = computeTotals(lines, tax, tax2);
        expect(t.totalCents).toBe(t.subtotalCents + t.taxCents);
        const untaxed = computeTotals(
          lines.map((l) => ({ ...l, taxed: false })),
          tax,
          tax2,
        );
        expect(untaxed.taxCents).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});
