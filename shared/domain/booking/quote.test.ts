import { describe, expect, it } from 'vitest';
import type { CouponTerms } from './coupon.js';
import { computeQuote, type QuoteInput, type QuoteProperty, quoteView, taxRateOf } from './quote.js';

const property = (over: Partial<QuoteProperty> = {}): QuoteProperty => ({
  propertyId: 2001,
  propertyRateCents: 10000,
  propertyWeekendRateCents: 15000,
  housekeepingFeeCents: 7500,
  propertyBookingFeeCents: 2500,
  damageWaiverCents: 3900,
  baseGuests: 2,
  extraGuestFeeCents: 1000,
  petFeeCents: 2000,
  taxRate: null,
  taxRate2: null,
  ...over,
});

const input = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  property: property(),
  settings: { vrTaxRate: 6, vrTaxRate2: 1.5 },
  // Thu 5 Aug 2027 → Mon 9 Aug: nights Thu, Fri, Sat, Sun.
  stay: { dateFrom: '2027-08-05', dateTo: '2027-08-09' },
  datePrices: new Map([['2027-08-08', 20000]]),
  adults: 3,
  children: 1,
  pets: 1,
  extraRoomsCents: [4000],
  ...over,
});

describe('a quote, figure by figure (worked by hand from docs/pricing.md)', () => {
  it('every figure and line', () => {
    const coupon: CouponTerms = { type: 'percent', amountCents: 0, percent: 10 };
    const q = computeQuote(input({ coupon }));
    // Nights: Thu 100 (nightly), Fri 150 and Sat 150 (weekend), Sun 200 (date price beats the nightly rate).
    expect(q.nightRates).toEqual([
      { date: '2027-08-05', rateCents: 10000 },
      { date: '2027-08-06', rateCents: 15000 },
      { date: '2027-08-07', rateCents: 15000 },
      { date: '2027-08-08', rateCents: 20000 },
    ]);
    expect(q.nights).toBe(4);
    expect(q.nightsCents).toBe(60000);
    expect(q.extraRoomsCents).toBe(16000); // 40 × 4 nights
    expect(q.subtotalCents).toBe(76000);
    expect(q.discountCents).toBe(7600);
    expect(q.couponApplied).toBe(true);
    expect(q.peopleFeesCents).toBe(8000); // (4 − 2) guests × 10 × 4 nights
    expect(q.petFeeCents).toBe(2000);
    expect(q.taxRate).toBe(7.5);
    // (760 − 76 + 75 + 80 + 20) × 7.5 % = 859 × 7.5 % = 64.425 → 64.43; booking fee and waiver untaxed.
    expect(q.taxCents).toBe(6443);
    expect(q.totalCents).toBe(85900 + 2500 + 3900 + 6443);
    expect(q.lineItems).toEqual([
      { label: 'Nights', amountCents: 60000 },
      { label: 'Extra rooms', amountCents: 16000 },
      { label: 'Discount', amountCents: -7600 },
      { label: 'Cleaning', amountCents: 7500 },
      { label: 'Booking fee', amountCents: 2500 },
      { label: 'Damage waiver', amountCents: 3900 },
      { label: 'Extra guests', amountCents: 8000 },
      { label: 'Pets', amountCents: 2000 },
      { label: 'Tax', amountCents: 6443 },
    ]);
  });

  it('lines that are zero are left out; no coupon → couponApplied false', () => {
    const q = computeQuote(
      input({
        property: property({
          propertyWeekendRateCents: 0,
          housekeepingFeeCents: 0,
          damageWaiverCents: 0,
          baseGuests: null,
        }),
        datePrices: new Map(),
        extraRoomsCents: [],
        pets: 0,
        settings: { vrTaxRate: 0, vrTaxRate2: 0 },
      }),
    );
    expect(q.nightRates.map((n) => n.rateCents)).toEqual([10000, 10000, 10000, 10000]); // weekend rate 0: nightly
    expect(q.couponApplied).toBe(false);
    expect(q.lineItems).toEqual([
      { label: 'Nights', amountCents: 40000 },
      { label: 'Booking fee', amountCents: 2500 },
    ]);
    expect(q.totalCents).toBe(42500);
  });

  it('a fixed coupon takes at most the subtotal; a zero discount is not applied', () => {
    const big = computeQuote(input({ coupon: { type: 'abs', amountCents: 999999, percent: 0 } }));
    expect(big.discountCents).toBe(big.subtotalCents);
    const zero = computeQuote(input({ coupon: { type: 'abs', amountCents: 0, percent: 0 } }));
    expect(zero.couponApplied).toBe(false);
    expect(zero.lineItems.some((l) => l.label === 'Discount')).toBe(false);
  });

  it('people fees are 0 when baseGuests or the fee is unset, never negative', () => {
    expect(computeQuote(input({ property: property({ baseGuests: null }) })).peopleFeesCents).toBe(0);
    expect(computeQuote(input({ property: property({ extraGuestFeeCents: 0 }) })).peopleFeesCents).toBe(0);
    expect(computeQuote(input({ adults: 1, children: 0 })).peopleFeesCents).toBe(0);
  });

  it('the property tax rates when it has them, else the site ones; the two add up', () => {
    const site = { vrTaxRate: 6, vrTaxRate2: 1.5 };
    expect(taxRateOf({ taxRate: null, taxRate2: null }, site)).toBe(7.5);
    expect(taxRateOf({ taxRate: 5, taxRate2: null }, site)).toBe(5);
    expect(taxRateOf({ taxRate: null, taxRate2: 2 }, site)).toBe(2);
    expect(taxRateOf({ taxRate: 0, taxRate2: 0 }, site)).toBe(0);
    expect(taxRateOf({ taxRate: 0.1, taxRate2: 0.2 }, site)).toBe(0.3); // not 0.30000000000000004
  });

  it('the view shows amounts, a negative discount line and the rates of the nights', () => {
    const view = quoteView(computeQuote(input({ coupon: { type: 'abs', amountCents: 1050, percent: 0 } })));
    expect(view).toMatchObject({
      propertyId: 2001,
      dateFrom: '2027-08-05',
      dateTo: '2027-08-09',
      nights: 4,
      subtotal: 760,
      discount: 10.5,
      couponApplied: true,
      cleaningFee: 75,
      bookingFee: 25,
      damageWaiver: 39,
      peopleFees: 80,
      petFee: 20,
      taxRate: 7.5,
    });
    expect(view.lineItems[2]).toEqual({ label: 'Discount', amount: -10.5 });
    expect(view.nightRates[1]).toEqual({ date: '2027-08-06', rate: 150 });
    expect(view.lineItems.reduce((t, l) => t + Math.round(l.amount * 100), 0)).toBe(
      Math.round(view.total * 100),
    );
  });
});
