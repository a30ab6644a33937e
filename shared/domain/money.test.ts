import { describe, expect, it } from 'vitest';
import { percentOfCents, toAmount } from './money.js';

describe('money', () => {
  it('rounds a percentage once, half away from zero', () => {
    expect(percentOfCents(1000, 6.75)).toBe(68); // 67.5 → 68
    expect(percentOfCents(-1000, 6.75)).toBe(-68);
    expect(percentOfCents(12345, 10)).toBe(1235); // 1234.5 → 1235
    expect(percentOfCents(100, 33.333)).toBe(33);
    expect(percentOfCents(0, 12)).toBe(0);
  });

  it('shows cents as an amount with at most two decimals', () => {
    expect(toAmount(12345)).toBe(123.45);
    expect(toAmount(100)).toBe(1);
  });
});
