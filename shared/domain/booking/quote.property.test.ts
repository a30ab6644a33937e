/**
 * The quote against an independent reference: docs/pricing.md computed again here, in BigInt cents, with
 * percentages as whole ten-thousandths of a percent and its own date arithmetic, sharing no code with quote.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeQuote, type QuoteInput } from './quote.js';

interface Case {
  start: number; // days after 2027-01-01
  nights: number;
  rate: number;
  weekendRate: number;
  datePrices: [number, number][]; // [night index, cents]
  cleaning: number;
  bookingFee: number;
  waiver: number;
  baseGuests: number | null;
  extraGuestFee: number;
  adults: number;
  children: number;
  pets: number;
  petFee: number;
  extraRooms: number[];
  coupon: { type: 'abs'; cents: number } | { type: 'percent'; tenThousandths: number } | null;
  propertyTax: [number | null, number | null]; // ten-thousandths of a percent
  siteTax: [number, number];
}

const cents = (max: number) => fc.integer({ min: 0, max });
const rate4 = fc.integer({ min: 0, max: 300_000 }); // 0–30 %, 4 decimals

const caseArb: fc.Arbitrary<Case> = fc.record({
  start: fc.integer({ min: 0, max: 900 }),
  nights: fc.integer({ min: 1, max: 46 }),
  rate: cents(200_000),
  weekendRate: fc.oneof(fc.constant(0), cents(300_000)),
  datePrices: fc.array(fc.tuple(fc.integer({ min: 0, max: 45 }), cents(400_000)), { maxLength: 10 }),
  cleaning: cents(50_000),
  bookingFee: cents(20_000),
  waiver: cents(10_000),
  baseGuests: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
  extraGuestFee: fc.oneof(fc.constant(0), cents(10_000)),
  adults: fc.integer({ min: 1, max: 12 }),
  children: fc.integer({ min: 0, max: 8 }),
  pets: fc.integer({ min: 0, max: 4 }),
  petFee: cents(10_000),
  extraRooms: fc.array(cents(50_000), { maxLength: 3 }),
  coupon: fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('abs' as const), cents: cents(500_000) }),
    fc.record({
      type: fc.constant('percent' as const),
      tenThousandths: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  ),
  propertyTax: fc.tuple(fc.option(rate4, { nil: null }), fc.option(rate4, { nil: null })),
  siteTax: fc.tuple(rate4, rate4),
});

const MS_PER_DAY = 86_400_000;
const BASE_MS = Date.UTC(2027, 0, 1);
const dateOf = (day: number) => {
  const d = new Date(BASE_MS + day * MS_PER_DAY);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
};

/** n / d rounded half away from zero, n >= 0, d > 0 (all taxable bases here are >= 0). */
const roundDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** The rate of each night: date price, else the weekend rate on Friday and Saturday nights when above 0, else nightly. */
function referenceNightRates(c: Case) {
  const datePrice = new Map<number, number>();
  for (const [index, price] of c.datePrices) if (index < c.nights) datePrice.set(index, price); // last write wins
  const nightRates: { date: string; rateCents: number }[] = [];
  for (let i = 0; i < c.nights; i++) {
    const day = c.start + i;
    const weekday = new Date(BASE_MS + day * MS_PER_DAY).getUTCDay();
    let r: number;
    if (datePrice.has(i)) r = datePrice.get(i) as number;
    else if (c.weekendRate > 0 && (weekday === 5 || weekday === 6)) r = c.weekendRate;
    else r = c.rate;
    nightRates.push({ date: dateOf(day), rateCents: r });
  }
  return nightRates;
}

function referenceDiscount(c: Case, subtotal: bigint): bigint {
  if (c.coupon?.type === 'abs') return BigInt(c.coupon.cents) < subtotal ? BigInt(c.coupon.cents) : subtotal;
  if (c.coupon?.type === 'percent') return roundDiv(subtotal * BigInt(c.coupon.tenThousandths), 1_000_000n);
  return 0n;
}

function reference(c: Case) {
  const nightRates = referenceNightRates(c);
  const nightsTotal = nightRates.reduce((t, x) => t + BigInt(x.rateCents), 0n);
  const n = BigInt(c.nights);
  const rooms = c.extraRooms.reduce((t, x) => t + BigInt(x), 0n) * n;
  const subtotal = nightsTotal + rooms;
  const discount = referenceDiscount(c, subtotal);
  const extraGuests = c.baseGuests === null ? 0 : Math.max(0, c.adults + c.children - c.baseGuests);
  const people =
    c.baseGuests === null || c.extraGuestFee === 0 ? 0n : BigInt(extraGuests * c.extraGuestFee) * n;
  const pets = BigInt(c.pets * c.petFee);
  const [p1, p2] = c.propertyTax;
  const taxUnits = p1 !== null || p2 !== null ? (p1 ?? 0) + (p2 ?? 0) : c.siteTax[0] + c.siteTax[1];
  const taxable = subtotal - discount + BigInt(c.cleaning) + people + pets;
  const tax = roundDiv(taxable * BigInt(taxUnits), 1_000_000n);
  const total = taxable + BigInt(c.bookingFee) + BigInt(c.waiver) + tax;
  const lines = (
    [
      ['Nights', nightsTotal],
      ['Extra rooms', rooms],
      ['Discount', -discount],
      ['Cleaning', BigInt(c.cleaning)],
      ['Booking fee', BigInt(c.bookingFee)],
      ['Damage waiver', BigInt(c.waiver)],
      ['Extra guests', people],
      ['Pets', pets],
      ['Tax', tax],
    ] as const
  )
    .filter(([, amount]) => amount !== 0n)
    .map(([label, amount]) => ({ label, amountCents: Number(amount) }));
  return {
    nights: c.nights,
    nightRates,
    subtotalCents: Number(subtotal),
    discountCents: Number(discount),
    couponApplied: discount > 0n,
    cleaningFeeCents: c.cleaning,
    bookingFeeCents: c.bookingFee,
    damageWaiverCents: c.waiver,
    peopleFeesCents: Number(people),
    petFeeCents: Number(pets),
    taxRate: taxUnits / 10_000,
    taxCents: Number(tax),
    totalCents: Number(total),
    lineItems: lines,
  };
}

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
