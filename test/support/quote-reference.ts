/**
 * An independent reference computation of docs/pricing.md's quote, in BigInt cents, with percentages as
 * whole ten-thousandths of a percent and its own date arithmetic, sharing no code with
 * shared/domain/booking/quote.ts. Used by the domain's property test (quote.property.test.ts) and by the
 * quote endpoint's (test/publicBooking-quote.test.ts). Night i of a case is `start + i` days after 2027-01-01.
 */
import fc from 'fast-check';

export interface Case {
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
// 0–30 %, in ten-thousandths of a percent but with at most 3 decimals, as every percentage the API takes
// (docs/decisions.md "Money, percentages and dates that come in").
const taxRate = fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths * 10);

export const caseArb: fc.Arbitrary<Case> = fc.record({
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
  propertyTax: fc.tuple(fc.option(taxRate, { nil: null }), fc.option(taxRate, { nil: null })),
  siteTax: fc.tuple(taxRate, taxRate),
});

const MS_PER_DAY = 86_400_000;
const BASE_MS = Date.UTC(2027, 0, 1);
export const dateOf = (day: number) => {
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

export function reference(c: Case) {
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
