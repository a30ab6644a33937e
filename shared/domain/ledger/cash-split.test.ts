/**
 * The cash split of a payment (cash-split.ts): the tax share of each payment or refund in proportion to the
 * invoice's tax, rounded so the shares of payments that pay an invoice in full add up to its tax exactly
 * (fast-check), and a DEPOSIT's cash held as the deposit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashSplitOf, taxShareCents } from './cash-split.js';

describe('the cash split of a payment', () => {
  it('the tax share follows the tax in proportion to the total; none without tax', () => {
    const booking = { taxCents: 4_920, totalCents: 66_420 };
    expect(taxShareCents(booking, 0, 66_420)).toBe(4_920);
    expect(taxShareCents(booking, 0, 33_210)).toBe(2_460);
    expect(taxShareCents(booking, 66_420, 61_420)).toBe(-370);
    expect(taxShareCents({ taxCents: 0, totalCents: 1_000 }, 0, 1_000)).toBe(0);
  });

  it('any payments and refunds that end with the invoice paid in full: the shares add up to its tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 12 }),
        (subtotal, perMille, cuts) => {
          const taxCents = Math.round((subtotal * perMille) / 10_000);
          const total = subtotal + taxCents;
          // Paid figures along the way (payments up, refunds down), ending paid in full.
          const path = [...cuts.map((c) => Math.round((total * c) / 1_000)), total];
          let paid = 0;
          let shares = 0;
          for (const next of path) {
            if (next === paid) continue;
            shares += taxShareCents({ taxCents, totalCents: total }, paid, next);
            paid = next;
          }
          expect(shares).toBe(taxCents);
        },
      ),
    );
  });

  it('holds a DEPOSIT’s cash as the deposit (the tax aside), and splits nothing of an expense', () => {
    const deposit = {
      documentType: 'invoice' as const,
      documentKind: 'DEPOSIT',
      taxCents: 0,
      totalCents: 1_000,
    };
    expect(cashSplitOf(deposit, 0, 1_000)).toEqual({ depositCents: 1_000 });
    expect(cashSplitOf(deposit, 1_000, 400)).toEqual({ depositCents: -600 });
    const rent = { documentType: 'invoice' as const, documentKind: 'RENT', taxCents: 0, totalCents: 1_000 };
    expect(cashSplitOf(rent, 0, 1_000)).toEqual({});
    const stay = {
      documentType: 'invoice' as const,
      documentKind: 'BOOKING',
      taxCents: 80,
      totalCents: 1_080,
    };
    expect(cashSplitOf(stay, 0, 1_080)).toEqual({ taxShareCents: 80 });
    const bill = {
      documentType: 'expense' as const,
      documentKind: 'SERVICE',
      taxCents: 80,
      totalCents: 1_080,
    };
    expect(cashSplitOf(bill, 0, 1_080)).toEqual({});
  });
});
