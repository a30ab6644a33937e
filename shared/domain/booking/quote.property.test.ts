/**
 * The quote against an independent reference: docs/pricing.md computed again here, in BigInt cents, with
 * percentages as whole ten-thousandths of a percent and its own date arithmetic, sharing no code with quote.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Case, caseArb, dateOf, reference } from '../../../test/support/quote-reference.js';
import { computeQuote, type QuoteInput } from './quote.js';

function toInput(c: Case): QuoteInput {
  const datePrices = new Map<string, number>();
  for (const [index, price] of c.datePrices)
    if (index < c.nights) datePrices.set(dateOf(c.start + index), price);
  const tax = (units: number | null) => (units === null ? null : units / 10_000);
  return {
    property: {
      propertyId: 2001,
      propertyRateCents: c.rate,
      propertyWeekendRateCents: c.weekendRate,
      housekeepingFeeCents: c.cleaning,
      propertyBookingFeeCents: c.bookingFee,
      damageWaiverCents: c.waiver,
      baseGuests: c.baseGuests,
      extraGuestFeeCents: c.extraGuestFee,
      petFeeCents: c.petFee,
      taxRate: tax(c.propertyTax[0]),
      taxRate2: tax(c.propertyTax[1]),
    },
    settings: { vrTaxRate: c.siteTax[0] / 10_000, vrTaxRate2: c.siteTax[1] / 10_000 },
    stay: { dateFrom: dateOf(c.start), dateTo: dateOf(c.start + c.nights) },
    datePrices,
    adults: c.adults,
    children: c.children,
    pets: c.pets,
    extraRoomsCents: c.extraRooms,
    coupon:
      c.coupon === null
        ? undefined
        : c.coupon.type === 'abs'
          ? { type: 'abs', amountCents: c.coupon.cents, percent: 0 }
          : { type: 'percent', amountCents: 0, percent: c.coupon.tenThousandths / 10_000 },
  };
}

describe('quote = the reference computation of docs/pricing.md', () => {
  it('over random stays, rates, date prices, fees, guests, pets, rooms, coupons and tax rates', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q = computeQuote(toInput(c));
        const expected = reference(c);
        const actual = Object.fromEntries(Object.keys(expected).map((k) => [k, q[k as keyof typeof q]]));
        // A string comparison per run keeps 5000 runs fast; a mismatch is shown as a diff.
        if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
        expect(q.lineItems.reduce((t, l) => t + l.amountCents, 0)).toBe(q.totalCents);
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds exact halves away from zero, once per figure', () => {
    // 1 night at 1.00 with 0.5 % tax: 0.5 cent → 1 cent; 10 nights at 0.01 with 5 % tax: 0.5 cent → 1.
    const c = (over: Partial<Case>): Case => ({
      start: 0,
      nights: 1,
      rate: 100,
      weekendRate: 0,
      datePrices: [],
      cleaning: 0,
      bookingFee: 0,
      waiver: 0,
      baseGuests: null,
      extraGuestFee: 0,
      adults: 1,
      children: 0,
      pets: 0,
      petFee: 0,
      extraRooms: [],
      coupon: null,
      propertyTax: [5_000, null],
      siteTax: [0, 0],
      ...over,
    });
    expect(computeQuote(toInput(c({}))).taxCents).toBe(1);
    expect(computeQuote(toInput(c({ nights: 10, rate: 1, propertyTax: [50_000, null] }))).taxCents).toBe(1);
    expect(reference(c({})).taxCents).toBe(1);
  });
});
