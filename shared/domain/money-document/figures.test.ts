import { describe, expect, it } from 'vitest';
import { amountDueCents } from './figures.js';

describe('amountDueCents', () => {
  it('is the total less the net paid', () => {
    expect(amountDueCents({ totalCents: 10_000, paidCents: 2_500 })).toBe(7_500);
    expect(amountDueCents({ totalCents: 10_000, paidCents: 10_000 })).toBe(0);
  });

  it('reads a header without paidCents as nothing paid', () => {
    expect(amountDueCents({ totalCents: 4_200 })).toBe(4_200);
    expect(amountDueCents({ totalCents: 4_200, paidCents: undefined })).toBe(4_200);
  });

  it('is never below 0, whatever was overpaid', () => {
    expect(amountDueCents({ totalCents: 100, paidCents: 150 })).toBe(0);
    expect(amountDueCents({ totalCents: 0 })).toBe(0);
  });
});
