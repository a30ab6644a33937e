/**
 * The quote ENDPOINT against the independent reference of docs/pricing.md (test/support/quote-reference.ts):
 * random stays, nightly and weekend rates, date prices, fees, guests, pets, extra rooms, coupons and property
 * and site tax rates, each made as an admin would (property through the admin API, site tax through the
 * settings) or planted as the other slices store them (day prices, coupons), then priced over HTTP. Every
 * figure must equal the reference to the cent. Fewer runs than the domain's test: each is a few requests.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKING, plantCoupon, plantDayPrice } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { Client, signedIn, unique } from './support/client.js';
import { type Case, caseArb, dateOf, reference } from './support/quote-reference.js';

const SETTINGS = '/API/adminSettings/V1/settings.json';
const amount = (cents: number) => cents / 100;
const percentOf = (tenThousandths: number) => tenThousandths / 10_000;

async function propertyOf(c: Case): Promise<number> {
  const [tax1, tax2] = c.propertyTax;
  return createVrProperty({
    propertyRate: amount(c.rate),
    propertyWeekendRate: amount(c.weekendRate),
    housekeepingFee: amount(c.cleaning),
    propertyBookingFee: amount(c.bookingFee),
    damageWaiver: amount(c.waiver),
    extraGuestFee: amount(c.extraGuestFee),
    petFee: amount(c.petFee),
    ...(c.baseGuests === null ? {} : { baseGuests: c.baseGuests }),
    ...(tax1 === null ? {} : { taxRate: percentOf(tax1) }),
    ...(tax2 === null ? {} : { taxRate2: percentOf(tax2) }),
  });
}

async function couponOf(c: Case): Promise<string | undefined> {
  if (c.coupon === null) return undefined;
  const code = unique('PBT').replace(/ /g, '').toUpperCase();
  await plantCoupon(
    c.coupon.type === 'abs'
      ? { code, type: 'abs', amountCents: c.coupon.cents }
      : { code, type: 'percent', percent: percentOf(c.coupon.tenThousandths) },
  );
  return code;
}

/** The reference in the API's amounts. */
function expectedView(c: Case) {
  const r = reference(c);
  return {
    nights: r.nights,
    subtotal: amount(r.subtotalCents),
    discount: amount(r.discountCents),
    couponApplied: r.couponApplied,
    cleaningFee: amount(r.cleaningFeeCents),
    damageWaiver: amount(r.damageWaiverCents),
    bookingFee: amount(r.bookingFeeCents),
    peopleFees: amount(r.peopleFeesCents),
    petFee: amount(r.petFeeCents),
    taxRate: r.taxRate,
    tax: amount(r.taxCents),
    total: amount(r.totalCents),
    lineItems: r.lineItems.map((l) => ({ label: l.label, amount: amount(l.amountCents) })),
    nightRates: r.nightRates.map((n) => ({ date: n.date, rate: amount(n.rateCents) })),
  };
}

describe('the quote endpoint = the reference computation of docs/pricing.md', () => {
  afterAll(async () => {
    await (await signedIn('super')).put(SETTINGS, { vrTaxRate: 0, vrTaxRate2: 0 });
  });

  it('over random stays, rates, date prices, fees, guests, pets, rooms, coupons and tax rates', async () => {
    const admin = await signedIn('super');
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        // A visitor per case: 60 cases (more while shrinking) from one address would meet the quote limits.
        const client = new Client();
        const [propertyId, couponCode] = await Promise.all([propertyOf(c), couponOf(c)]);
        const settings = await admin.put(SETTINGS, {
          vrTaxRate: percentOf(c.siteTax[0]),
          vrTaxRate2: percentOf(c.siteTax[1]),
        });
        expect(settings.status, settings.text).toBe(200);
        const prices = new Map<number, number>();
        for (const [index, cents] of c.datePrices) if (index < c.nights) prices.set(index, cents);
        await Promise.all(
          [...prices].map(([index, cents]) => plantDayPrice(propertyId, dateOf(c.start + index), cents)),
        );

        const res = await client.post(`${BOOKING}/quote.json`, {
          propertyId,
          dateFrom: dateOf(c.start),
          dateTo: dateOf(c.start + c.nights),
          adults: c.adults,
          children: c.children,
          pets: c.pets,
          extraRooms: c.extraRooms.map(amount),
          ...(couponCode ? { couponCode } : {}),
        });
        expect(res.status, res.text).toBe(200);
        const { propertyId: _id, dateFrom: _from, dateTo: _to, ...figures } = res.body;
        expect(figures).toEqual(expectedView(c));
      }),
      { numRuns: 60 },
    );
  }, 300_000);
});
