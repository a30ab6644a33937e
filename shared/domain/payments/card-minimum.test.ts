import { describe, expect, it } from 'vitest';
import { belowCardMinimum, cardMinimumCents } from './card-minimum.js';

describe('Stripe’s minimum card charge', () => {
  it('is USD 0.50 and GBP 0.30, in any case; unknown currencies have none', () => {
    expect(cardMinimumCents('usd')).toBe(50);
    expect(cardMinimumCents('GBP')).toBe(30);
    expect(cardMinimumCents('xyz')).toBeUndefined();
  });

  it('tells an amount below it, the minimum itself is chargeable', () => {
    expect(belowCardMinimum(30, 'usd')).toBe(true);
    expect(belowCardMinimum(49, 'USD')).toBe(true);
    expect(belowCardMinimum(50, 'usd')).toBe(false);
    expect(belowCardMinimum(1, 'xyz')).toBe(false);
  });
});
