/**
 * Public booking over HTTP: availability, calendar, quote, validateCoupon and book — every status of the
 * spec and docs/booking.md, the aliases, bad input never a 500, what a booking writes (reservation, claims,
 * order, invoice, tenant, coupon use, change record), idempotency and the per-IP limit. Tests that change the
 * site settings restore them.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../shared/domain/dates.js';
import {
  BOOKING,
  claimsOf,
  couponUses,
  getItem,
  guestBody,
  guestBook,
  partition,
  plantCoupon,
  plantDayPrice,
  reservationsOf,
  SITE_TIME_ZONE,
  siteDay,
  solvedCaptcha,
  stayTenantId,
} from './support/booking.js';
import { createLtrProperty, createVrProperty, signedInTenant, uniqueEmail } from './support/builders.js';
import { Client, problem, signedIn, unique } from './support/client.js';
import { rawTable, TABLE } from './support/table.js';

const SETTINGS = '/API/adminSettings/V1/settings.json';
const anon = new Client();
/** A unique coupon code (no spaces). */
const newCode = (prefix: string) => unique(prefix).replace(/ /g, '').toUpperCase();

async function setSettings(changes: Record<string, unknown>) {
  const res = await (await signedIn('super')).put(SETTINGS, changes);
  expect(res.status, res.text).toBe(200);
}

let propertyId: number;
let ltrId: number;

beforeAll(async () => {
  // 100.00 a night, 150.00 on Friday and Saturday nights, cleaning 50, booking fee 10, waiver 5,
  // 2 guests included then 20.00 per guest and night, pets 15 each, tax 10 % on the property.
  propertyId = await createVrProperty({
    propertyRate: '100.00',
    propertyWeekendRate: '150.00',
    housekeepingFee: '50',
    propertyBookingFee: '10',
    damageWaiver: '5',
    baseGuests: 2,
    extraGuestFee: '20',
    petFee: '15',
    petsAllowed: 1,
    maxGuests: 6,
    taxRate: 10,
    units: 2,
    onWebsite: 1,
  });
  ltrId = await createLtrProperty();
});

/** A Monday at least a week out (no weekend night in a 3-night stay). */
function nextMonday(minDays = 7): string {
  for (let d = minDays; ; d++) {
    const date = siteDay(d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return date;
  }
}
const plus = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('availability', () => {
  it('answers available with the price for one adult, the night rates, the nights and the free units', async () => {
    const from = nextMonday();
    const res = await anon.get(`${BOOKING}/availability/${propertyId}.json`, {
      query: { dateFrom: from, dateTo: plus(from, 3) },
    });
    expect(res.status).toBe(200);
    // 300 nights + 50 cleaning, tax 10 % of 350 = 35, + 10 + 5 = 400.
    expect(res.body).toEqual({
      available: true,
      message: 'Available',
      price: 400,
      nightRates: [0, 1, 2].map((i) => ({ date: plus(from, i), rate: 100 })),
      intervals: 3,
      spots: 2,
    });
    expect(res.headers.get('cache-control')).not.toMatch(/public/);
  });

  it('takes from/to as aliases of dateFrom/dateTo', async () => {
    const from = nextMonday(14);
    const res = await anon.get(`${BOOKING}/availability/${propertyId}.json`, {
      query: { from, to: plus(from, 2) },
    });
    expect(res.status).toBe(200);
    expect(res.body.intervals).toBe(2);
  });

  it('is a 400 without dates, with malformed dates, dateTo not after dateFrom, or a bad id', async () => {
    const path = `${BOOKING}/availability/${propertyId}.json`;
    const from = nextMonday();
    for (const query of [
      {},
      { dateFrom: from },
      { dateTo: from },
      { dateFrom: 'tomorrow', dateTo: from },
      { dateFrom: '2027-02-30', dateTo: '2027-03-02' },
      { dateFrom: from, dateTo: from },
      { dateFrom: plus(from, 2), dateTo: from },
    ]) {
      const res = await anon.get(path, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await anon.get(`${BOOKING}/availability/${id}.json`, {
        query: { dateFrom: from, dateTo: plus(from, 1) },
      });
      expect(res.status, id).toBe(400);
    }
  });

  it('names the first rule that fails', async () => {
    const from = nextMonday();
    const ask = (id: number, query: Record<string, string>) =>
      anon.get(`${BOOKING}/availability/${id}.json`, { query });
    const cases: [number, Record<string, string>, RegExp][] = [
      [ltrId, { dateFrom: from, dateTo: plus(from, 2) }, /cannot be booked online/],
      [987654, { dateFrom: from, dateTo: plus(from, 2) }, /cannot be booked online/],
      [propertyId, { dateFrom: from, dateTo: plus(from, 31) }, /at most 30 nights/],
      [propertyId, { dateFrom: siteDay(-2), dateTo: siteDay(1) }, /cannot begin before today/],
      [propertyId, { dateFrom: siteDay(800), dateTo: siteDay(802) }, /must end by/],
    ];
    for (const [id, query, message] of cases) {
      const res = await ask(id, query);
      expect(res.status).toBe(200);
      expect(res.body.available).toBe(false);
      expect(res.body.message).toMatch(message);
      expect(res.body.price).toBeNull();
    }
  });
});

describe('quote', () => {
  it('prices every figure by docs/pricing.md, with the spec aliases', async () => {
    // Thursday to Sunday: Thu 100, Fri 150, Sat 150 (weekend), one date price on Thursday.
    let thursday = siteDay(10);
    while (new Date(`${thursday}T00:00:00Z`).getUTCDay() !== 4) thursday = plus(thursday, 1);
    const special = await createVrProperty({
      propertyRate: '100.00',
      propertyWeekendRate: '150.00',
      housekeepingFee: '50',
      propertyBookingFee: '10',
      damageWaiver: '5',
      baseGuests: 2,
      extraGuestFee: '20',
      petFee: '15',
      petsAllowed: 1,
      taxRate: 7.5,
      taxRate2: 1.25,
    });
    await plantDayPrice(special, thursday, 12_345);
    await plantCoupon({ code: newCode('TENOFF'), type: 'percent', percent: 10 });
    const code = newCode('save').toLowerCase();
    await plantCoupon({ code: code.toUpperCase(), type: 'percent', percent: 10 });
    const res = await anon.post(`${BOOKING}/quote.json`, {
      serviceID: special,
      dateFrom: thursday,
      dateTo: plus(thursday, 3),
      bAdults: 3,
      bChildren: '1',
      bPets: 2,
      couponCode: code,
      extraRooms: [40, '10.50'],
    });
    expect(res.status, res.text).toBe(200);
    // nights 123.45 + 150 + 150 = 423.45; rooms 50.50 × 3 = 151.50; subtotal 574.95; discount 57.50 (57.495);
    // people (4 − 2) × 20 × 3 = 120; pets 30; taxable 574.95 − 57.50 + 50 + 120 + 30 = 717.45;
    // tax 8.75 % = 62.776875 → 62.78; total 717.45 + 10 + 5 + 62.78 = 795.23.
    expect(res.body).toEqual({
      propertyId: special,
      dateFrom: thursday,
      dateTo: plus(thursday, 3),
      nights: 3,
      subtotal: 574.95,
      discount: 57.5,
      couponApplied: true,
      cleaningFee: 50,
      damageWaiver: 5,
      bookingFee: 10,
      peopleFees: 120,
      petFee: 30,
      taxRate: 8.75,
      tax: 62.78,
      total: 795.23,
      lineItems: [
        { label: 'Nights', amount: 423.45 },
        { label: 'Extra rooms', amount: 151.5 },
        { label: 'Discount', amount: -57.5 },
        { label: 'Cleaning', amount: 50 },
        { label: 'Booking fee', amount: 10 },
        { label: 'Damage waiver', amount: 5 },
        { label: 'Extra guests', amount: 120 },
        { label: 'Pets', amount: 30 },
        { label: 'Tax', amount: 62.78 },
      ],
      nightRates: [
        { date: thursday, rate: 123.45 },
        { date: plus(thursday, 1), rate: 150 },
        { date: plus(thursday, 2), rate: 150 },
      ],
    });
  });

  it('takes an unknown or invalid coupon as no discount', async () => {
    const from = nextMonday();
    const inactive = newCode('OFF');
    await plantCoupon({ code: inactive, type: 'abs', amountCents: 5000, isActive: 0 });
    for (const couponCode of ['NO-SUCH-CODE', inactive]) {
      const res = await anon.post(`${BOOKING}/quote.json`, {
        propertyId,
        dateFrom: from,
        dateTo: plus(from, 1),
        couponCode,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ discount: 0, couponApplied: false });
    }
  });

  it('is a 400 for bad input and a 404 for a property not on the website, never a 500', async () => {
    const from = nextMonday();
    const ok = { propertyId, dateFrom: from, dateTo: plus(from, 1) };
    for (const body of [
      {},
      { ...ok, propertyId: undefined },
      { ...ok, propertyId: 'x' },
      { ...ok, dateFrom: undefined },
      { ...ok, dateTo: from },
      { ...ok, dateTo: plus(from, 800) },
      { ...ok, adults: -1 },
      { ...ok, adults: 1.5 },
      { ...ok, extraRooms: 'many' },
      { ...ok, extraRooms: [-5] },
      { ...ok, extraRooms: Array(11).fill(1) },
      { ...ok, couponCode: 'x'.repeat(65) },
      [],
      'text',
    ]) {
      const res = await anon.post(`${BOOKING}/quote.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await anon.post(`${BOOKING}/quote.json`, undefined, { rawBody: '{"propertyId":' });
    expect(raw.status).toBe(400);
    for (const id of [ltrId, 987654]) {
      const res = await anon.post(`${BOOKING}/quote.json`, { ...ok, propertyId: id });
      expect(res.status).toBe(404);
    }
  });
});

describe('quote limits', () => {
  it('limits quotes per IP: 60 a minute, counted before validation, then 429', async () => {
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await client.post(`${BOOKING}/quote.json`, {})).status);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
    const refused = await client.post(`${BOOKING}/quote.json`, {});
    expect(refused.headers.get('ratelimit-limit')).toBe('60');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('limits quotes that carry a coupon code per IP: 30 in 10 minutes; quotes without one go on', async () => {
    const client = new Client();
    const from = nextMonday();
    const stay = { propertyId, dateFrom: from, dateTo: plus(from, 1) };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await client.post(`${BOOKING}/quote.json`, { ...stay, couponCode: `G${i}` })).status);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    const refused = await client.post(`${BOOKING}/quote.json`, { ...stay, couponCode: 'ANOTHER' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-limit')).toBe('30');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await client.post(`${BOOKING}/quote.json`, stay)).status).toBe(200);
    expect((await client.post(`${BOOKING}/quote.json`, { ...stay, couponCode: ' ' })).status).toBe(200);
  });
});

describe('validateCoupon', () => {
  it('says whether a code applies; why not only for a code of this property that applies on a later day', async () => {
    const code = newCode('VC');
    await plantCoupon({ code, type: 'abs', amountCents: 2500, propertyIds: [propertyId] });
    const expired = newCode('OLD');
    await plantCoupon({ code: expired, type: 'percent', percent: 5, validTo: '2020-01-01' });
    const used = newCode('USED');
    await plantCoupon({ code: used, type: 'percent', percent: 5, maxUses: 2, uses: 2 });
    const inactive = newCode('OFF');
    await plantCoupon({ code: inactive, type: 'percent', percent: 5, isActive: 0 });
    const later = newCode('SOON');
    const from = siteDay(30);
    await plantCoupon({ code: later, type: 'percent', percent: 15, validFrom: from });
    // Within the limit of 10 checks per address (tested below).
    const visitor = new Client();
    const check = (body: Record<string, unknown>) => visitor.post(`${BOOKING}/validateCoupon.json`, body);

    expect((await check({ propertyId, couponCode: code.toLowerCase() })).body).toEqual({
      valid: true,
      type: 'abs',
      value: 25,
      message: 'The coupon applies',
    });
    expect((await check({ propertyId, couponCode: later })).body).toEqual({
      valid: false,
      type: 'percent',
      value: 15,
      message: `This coupon is valid from ${from}`,
    });
    // Unknown, another property's, expired, used up, inactive: one answer, so a guesser learns nothing.
    const notValid = {
      valid: false,
      type: null,
      value: null,
      message: 'Not a valid coupon code for this property',
    };
    for (const body of [
      { propertyId, couponCode: 'NOPE' },
      { propertyId: ltrId, couponCode: code },
      { propertyId, couponCode: expired },
      { propertyId, couponCode: used },
      { propertyId, couponCode: inactive },
    ]) {
      expect((await check(body)).body, JSON.stringify(body)).toEqual(notValid);
    }
    for (const body of [{}, { propertyId }, { couponCode: code }, { propertyId, couponCode: '  ' }]) {
      const res = await anon.post(`${BOOKING}/validateCoupon.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('limits checks per IP: 10 in 10 minutes, then 429 with Retry-After and RateLimit headers', async () => {
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await client.post(`${BOOKING}/validateCoupon.json`, {
        propertyId,
        couponCode: `GUESS${i}`,
      });
      statuses.push(res.status);
      if (i === 10) {
        expect(problem(res).status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(590);
        expect(res.headers.get('ratelimit-limit')).toBe('10');
        expect(res.headers.get('ratelimit-remaining')).toBe('0');
        expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(590);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Another address is not held up.
    const other = await new Client().post(`${BOOKING}/validateCoupon.json`, { propertyId, couponCode: 'X' });
    expect(other.status).toBe(200);
  });
});

describe('book', () => {
  it('books a guest stay: reservation, claims, order, invoice without tax lines, inactive tenant, change', async () => {
    const from = nextMonday(21);
    const email = uniqueEmail('guest');
    const res = await guestBook({
      ...guestBody(propertyId, from, plus(from, 3)),
      name: 'Ann Marie Guest',
      email,
      phone: '+1 555 010 2000',
      bAddress: '1 Main St',
      bCity: 'Springfield',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, requiresPortal: false, quote: { total: 400 } });
    expect(res.body.message).toMatch(/guest portal/);
    const { orderId, invoiceId, reservationId } = res.body as Record<string, number>;
    // Without a session the answer names no tenant (docs/booking.md); the stay is on the guest record.
    expect(res.body.tenantId).toBeNull();
    const tenantId = await stayTenantId(reservationId);
    expect(orderId).toBeGreaterThan(0);
    expect(invoiceId).toBeGreaterThan(0);
    // Something to pay: a hold (status "0") for the site's bookingHoldMinutes (default a day), with its link.
    const holdUntil = Date.parse(String(res.body.holdUntil));
    expect(Math.abs(holdUntil - (Date.now() + 1440 * 60_000))).toBeLessThan(60_000);
    expect(String(res.body.paymentUrl)).toMatch(
      new RegExp(`/pay\\?invoiceId=${invoiceId}&token=[\\w-]{43}$`),
    );

    const reservation = await getItem(`RESERVATION#${reservationId}`, 'RESERVATION');
    expect(reservation).toMatchObject({
      propertyId,
      tenantId,
      status: '0',
      holdUntil: res.body.holdUntil,
      dateFrom: from,
      dateTo: plus(from, 3),
      totalPriceCents: 40_000,
      orderId,
      source: 'website',
      email,
    });
    const claims = (await claimsOf(propertyId)).filter((c) => c.reservationId === reservationId);
    expect(claims.map((c) => c.date)).toEqual([from, plus(from, 1), plus(from, 2)]);
    expect(await getItem(`ORDER#${orderId}`, 'ORDER')).toMatchObject({
      reservationId,
      invoiceId,
      tenantId,
      totalCents: 40_000,
    });

    const invoice = await partition(`INVOICE#${invoiceId}`);
    expect(invoice.find((i) => i.SK === 'INVOICE')).toMatchObject({
      description: 'BOOKING',
      tenantId,
      propertyId,
      reservationId,
      tax: 10,
      tax2: 0,
      status: 0,
      subtotalCents: 36_500,
      taxCents: 3_500,
      totalCents: 40_000,
    });
    expect(
      invoice
        .filter((i) => String(i.SK).startsWith('LINE#'))
        .map((l) => [l.description, l.amountCents, l.taxed]),
    ).toEqual([
      ['Nights', 30_000, 1],
      ['Cleaning', 5_000, 1],
      ['Booking fee', 1_000, 0],
      ['Damage waiver', 500, 0],
    ]);

    const tenant = await getItem(`TENANT#${tenantId}`, 'TENANT');
    expect(tenant).toMatchObject({
      tenantEmail: email,
      tenantFirstName: 'Ann',
      tenantLastName: 'Marie Guest',
      isActive: 0,
    });
    expect(String((tenant?.contact as Record<string, string> | undefined)?.tenantPhone)).toMatch(/^v1:/);
  });

  it('books a second stay of the same e-mail on the same tenant', async () => {
    const from = nextMonday(28);
    const email = uniqueEmail('again');
    const first = await guestBook(guestBody(propertyId, from, plus(from, 1), { email }));
    const second = await guestBook(
      guestBody(propertyId, plus(from, 1), plus(from, 2), { email: email.toUpperCase() }),
    );
    expect(first.body.success && second.body.success).toBe(true);
    expect(await stayTenantId(second.body.reservationId)).toBe(await stayTenantId(first.body.reservationId));
  });

  it('answers requiresPortal with the quote when the name or the e-mail is missing, and books nothing', async () => {
    const from = nextMonday(35);
    const before = (await reservationsOf(propertyId)).length;
    for (const missing of [{ name: '' }, { email: undefined }, { name: '   ' }]) {
      const res = await anon.post(`${BOOKING}/book.json`, {
        ...guestBody(propertyId, from, plus(from, 2)),
        ...missing,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        requiresPortal: true,
        orderId: null,
        invoiceId: null,
        reservationId: null,
        quote: { nights: 2, total: 290 },
      });
    }
    expect((await reservationsOf(propertyId)).length).toBe(before);
  });

  it('needs the CAPTCHA from a guest (400), and refuses fields over their limits (400)', async () => {
    const from = nextMonday(42);
    const body = guestBody(propertyId, from, plus(from, 1));
    const none = await new Client().post(`${BOOKING}/book.json`, body);
    expect(none.status).toBe(400);
    const wrong = new Client();
    const captcha = await solvedCaptcha(wrong);
    const res = await wrong.post(`${BOOKING}/book.json`, {
      ...body,
      ...captcha,
      captcha: `${captcha.captcha}1`,
    });
    expect(res.status).toBe(400);
    for (const over of [
      { name: 'x'.repeat(129) },
      { phone: '1'.repeat(41) },
      { dateFrom: `${from} ` },
      { email: 'not-an-email' },
      { email: `${'x'.repeat(250)}@example.test` },
      { bZip: 'z'.repeat(21) },
      { adults: 'two' },
    ]) {
      const r = await guestBook({ ...body, ...over });
      expect(r.status, JSON.stringify(over).slice(0, 60)).toBe(400);
    }
  });

  it('needs at least one adult (400 naming adults, alias bAdults too) and books nothing', async () => {
    const from = nextMonday(45);
    const before = (await reservationsOf(propertyId)).length;
    for (const guests of [{ adults: 0, children: 0 }, { adults: '0', children: 2 }, { bAdults: 0 }]) {
      const res = await guestBook(guestBody(propertyId, from, plus(from, 1), guests));
      expect(res.status, JSON.stringify(guests)).toBe(400);
      expect(problem(res).errors).toContainEqual({
        field: 'adults',
        message: 'must be at least 1: a booking needs an adult',
      });
    }
    expect((await reservationsOf(propertyId)).length).toBe(before);
    // A quote may still price a stay before the guests are chosen (docs/booking.md).
    const quote = await anon.post(`${BOOKING}/quote.json`, {
      propertyId,
      dateFrom: from,
      dateTo: plus(from, 1),
      adults: 0,
    });
    expect(quote.status, quote.text).toBe(200);
  });

  it('answers 409 naming the rule when the stay cannot be booked, and 404 for a property not online', async () => {
    const from = nextMonday(49);
    const tooMany = await guestBook(guestBody(propertyId, from, plus(from, 1), { adults: 7 }));
    expect(tooMany.status).toBe(409);
    expect(problem(tooMany).detail).toMatch(/at most 6 guests/);
    const past = await guestBook(guestBody(propertyId, siteDay(-1), siteDay(1)));
    expect(problem(past).detail).toMatch(/cannot begin before today/);
    expect((await guestBook(guestBody(ltrId, from, plus(from, 1)))).status).toBe(404);

    // Two units: two bookings fill the night, the third is told which night is full.
    const night = nextMonday(56);
    expect((await guestBook(guestBody(propertyId, night, plus(night, 1)))).status).toBe(200);
    expect((await guestBook(guestBody(propertyId, night, plus(night, 1)))).status).toBe(200);
    const full = await guestBook(guestBody(propertyId, plus(night, -1), plus(night, 2)));
    expect(full.status).toBe(409);
    expect(problem(full).detail).toBe(`Not available: the night of ${night} is fully booked`);
    const availability = await anon.get(`${BOOKING}/availability/${propertyId}.json`, {
      query: { dateFrom: night, dateTo: plus(night, 1) },
    });
    expect(availability.body).toMatchObject({ available: false, spots: 0 });
  });

  it('sets no invoice when the total is 0, and counts a coupon use', async () => {
    const free = await createVrProperty({ propertyRate: '0' });
    const from = nextMonday(63);
    const res = await guestBook(guestBody(free, from, plus(from, 2)));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, invoiceId: null, quote: { total: 0 } });
    expect(res.body.message).toMatch(/nothing to pay/);

    const code = newCode('ONE');
    await plantCoupon({ code, type: 'abs', amountCents: 1000, maxUses: 5 });
    const withCoupon = await guestBook(
      guestBody(propertyId, from, plus(from, 1), { couponCode: code.toLowerCase() }),
    );
    expect(withCoupon.body).toMatchObject({ success: true, quote: { discount: 10, couponApplied: true } });
    expect(await couponUses(code)).toBe(1);
    const reservation = await getItem(`RESERVATION#${withCoupon.body.reservationId}`, 'RESERVATION');
    expect(reservation?.couponCode).toBe(code);
  });

  it('refuses a code that does not apply (409): why only when it is this property’s code', async () => {
    const from = nextMonday(66);
    const stay = guestBody(propertyId, from, plus(from, 1));
    const elsewhere = newCode('ELSE');
    await plantCoupon({ code: elsewhere, type: 'abs', amountCents: 1000, propertyIds: [ltrId] });
    const longer = newCode('LONG');
    await plantCoupon({ code: longer, type: 'abs', amountCents: 1000, minNights: 3 });
    for (const couponCode of ['NO-SUCH-CODE', elsewhere]) {
      const res = await guestBook({ ...stay, couponCode });
      expect(res.status, res.text).toBe(409);
      expect(problem(res).detail).toBe(
        'The coupon cannot be used: Not a valid coupon code for this property',
      );
    }
    const short = await guestBook({ ...stay, couponCode: longer });
    expect(short.status).toBe(409);
    expect(problem(short).detail).toBe(
      'The coupon cannot be used: This coupon needs a stay of at least 3 nights',
    );
  });

  it('replays the same Idempotency-Key and body, and refuses the key with another body (422)', async () => {
    const from = nextMonday(70);
    const client = new Client();
    const body = { ...guestBody(propertyId, from, plus(from, 1)), ...(await solvedCaptcha(client)) };
    const headers = { 'Idempotency-Key': unique('book') };
    const first = await client.post(`${BOOKING}/book.json`, body, { headers });
    const again = await client.post(`${BOOKING}/book.json`, body, { headers });
    expect(first.status, first.text).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const mine = (await reservationsOf(propertyId)).filter((r) => r.email === body.email);
    expect(mine).toHaveLength(1);
    const other = await client.post(`${BOOKING}/book.json`, { ...body, adults: 2 }, { headers });
    expect(other.status).toBe(422);
  });

  it('keeps the stored answer of an Idempotency-Key sealed: no pay link token in the table, the replay whole; an unsealed old record replays, a broken seal is a 500', async () => {
    const from = nextMonday(72);
    const client = new Client();
    const body = { ...guestBody(propertyId, from, plus(from, 1)), ...(await solvedCaptcha(client)) };
    const headers = { 'Idempotency-Key': unique('sealed') };
    // The partition holds the other tests' records too, in hash order: this test's record is the new one.
    const earlier = new Set((await partition('IDEMPOTENCY#publicBooking.book')).map((r) => String(r.SK)));
    const first = await client.post(`${BOOKING}/book.json`, body, { headers });
    expect(first.status, first.text).toBe(200);
    const paymentUrl = String(first.body.paymentUrl);
    const token = new URL(paymentUrl).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const records = (await partition('IDEMPOTENCY#publicBooking.book')).filter(
      (r) => !earlier.has(String(r.SK)),
    );
    const raw = JSON.stringify(records);
    expect(records).toHaveLength(1);
    expect(raw).not.toContain(token);
    expect(raw).not.toContain('paymentUrl');
    expect(raw).not.toContain(body.email);
    const again = await client.post(`${BOOKING}/book.json`, body, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // A record kept before answers were sealed (JSON text) still replays; a sealed one that does not open is
    // never taken for another request's answer: a 500, and nothing booked again.
    const [record] = records;
    if (!record) throw new Error('no idempotency record');
    const key = { PK: record.PK, SK: record.SK };
    const legacy = JSON.stringify({ body: { ...first.body, message: 'kept before sealing' } });
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: 'SET #data = :data',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: { ':data': { reply: legacy } },
      }),
    );
    const kept = await client.post(`${BOOKING}/book.json`, body, { headers });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe('kept before sealing');
    const moved = (record.data as { reply: string }).reply;
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: 'SET #data = :data',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: { ':data': { reply: `${moved.slice(0, -4)}AAAA` } },
      }),
    );
    expect((await client.post(`${BOOKING}/book.json`, body, { headers })).status).toBe(500);
    const mine = (await reservationsOf(propertyId)).filter((r) => r.email === body.email);
    expect(mine).toHaveLength(1);
  });

  it('limits bookings per IP (429)', async () => {
    const client = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client.post(`${BOOKING}/book.json`, {})).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('mails one address at most mailsPerAddressPerDay times, registrations included, from any IPs: then 429 and nothing booked', async () => {
    await setSettings({ mailsPerAddressPerDay: 2, bookingsPerIpPerHour: 3 });
    try {
      const email = uniqueEmail('mailcap');
      const register = await new Client().post('/API/publicAuth/V1/register.json', {
        tenantFirstName: 'Mia',
        tenantLastName: 'Cap',
        tenantEmail: email,
        password: 'a-good-password',
        password2: 'a-good-password',
      });
      expect(register.status, register.text).toBe(200);
      const from = nextMonday(84);
      // A booking refused by its own checks (no CAPTCHA) mails no one and counts nothing.
      const noCaptcha = await new Client().post(
        `${BOOKING}/book.json`,
        guestBody(propertyId, from, plus(from, 1), { email }),
      );
      expect(noCaptcha.status).toBe(400);
      const booked = await guestBook(guestBody(propertyId, from, plus(from, 1), { email }));
      expect(booked.status, booked.text).toBe(200);
      const refused = await guestBook(
        guestBody(propertyId, plus(from, 2), plus(from, 3), { email: email.toUpperCase() }),
      );
      expect(refused.status).toBe(429);
      expect(problem(refused).detail).toMatch(/e-mails to this address/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
      expect(refused.headers.get('ratelimit-limit')).toBe('2');
      const stays = (await reservationsOf(propertyId)).filter((r) => String(r.email).toLowerCase() === email);
      expect(stays.map((r) => r.dateFrom)).toEqual([from]);
      // The per-IP limit is a setting too.
      const client = new Client();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await client.post(`${BOOKING}/book.json`, {})).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await setSettings({ mailsPerAddressPerDay: 10, bookingsPerIpPerHour: 20 });
    }
  });
});

describe('calendar', () => {
  it('shows the reserved ranges and the rate of every date from today for 12 months by default', async () => {
    const cal = await createVrProperty({ propertyRate: '80', propertyWeekendRate: '90', units: 1 });
    const from = nextMonday(10);
    await plantDayPrice(cal, plus(from, 1), 9_999);
    expect((await guestBook(guestBody(cal, from, plus(from, 3)))).status).toBe(200);
    const res = await anon.get(`${BOOKING}/calendar/${cal}.json`);
    expect(res.status).toBe(200);
    const today = siteDay(0);
    expect(res.body).toMatchObject({ propertyId: cal, today, baseRate: 80, weekendRate: 90 });
    const [y, m] = today.split('-').map(Number) as [number, number];
    expect(String(res.body.until).slice(0, 7)).toBe(`${y + 1}-${String(m).padStart(2, '0')}`);
    expect(res.body.ranges).toEqual([{ start: from, end: plus(from, 3), type: 'reserved' }]);
    const prices = res.body.dayPrices as Record<string, number>;
    expect(prices[plus(from, 1)]).toBe(99.99);
    expect(prices[from]).toBe(80);
    expect(Object.keys(prices)[0]).toBe(today);
    expect(Object.keys(prices).length).toBeGreaterThanOrEqual(365);
  });

  it('takes months up to 24, caps a larger value at 24 and takes one below 1 as the default 12 (like limit); a non-number is a 400; a property not online is a 404', async () => {
    const long = await anon.get(`${BOOKING}/calendar/${propertyId}.json`, { query: { months: 24 } });
    expect(Object.keys(long.body.dayPrices as object).length).toBeGreaterThanOrEqual(730);
    const untilOf = async (months: string) => {
      const res = await anon.get(`${BOOKING}/calendar/${propertyId}.json`, { query: { months } });
      expect(res.status, months).toBe(200);
      return res.body.until;
    };
    const defaultUntil = (await anon.get(`${BOOKING}/calendar/${propertyId}.json`)).body.until;
    expect(await untilOf('99')).toBe(long.body.until);
    expect(await untilOf('25')).toBe(long.body.until);
    expect(await untilOf('0')).toBe(defaultUntil);
    expect(await untilOf('-1')).toBe(defaultUntil);
    for (const months of ['abc', '1.5', '']) {
      const res = await anon.get(`${BOOKING}/calendar/${propertyId}.json`, { query: { months } });
      expect(res.status, months).toBe(400);
    }
    expect((await anon.get(`${BOOKING}/calendar/${ltrId}.json`)).status).toBe(404);
    expect((await anon.get(`${BOOKING}/calendar/987654.json`)).status).toBe(404);
  });
});

// ---- site policy and time zone (settings changed; restored in afterAll) --------------------------------

describe('the site policy and time zone', () => {
  afterAll(async () => {
    await setSettings({
      apiBookingGuestEnabled: 1,
      apiBookingRequireLogin: 0,
      systemTimeZone: SITE_TIME_ZONE,
    });
  });

  it('requires a tenant session when apiBookingRequireLogin=1 or guest checkout is off (401); the session books', async () => {
    const from = nextMonday(77);
    await setSettings({ apiBookingRequireLogin: 1 });
    expect((await guestBook(guestBody(propertyId, from, plus(from, 1)))).status).toBe(401);
    const { client, tenant } = await signedInTenant();
    const { tenantId } = tenant;
    const res = await client.post(
      `${BOOKING}/book.json`,
      guestBody(propertyId, from, plus(from, 1), { tenantId: 1 }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenantId).toBe(tenantId);
    const reservation = await getItem(`RESERVATION#${res.body.reservationId}`, 'RESERVATION');
    expect(reservation?.tenantId).toBe(tenantId);

    await setSettings({ apiBookingRequireLogin: 0, apiBookingGuestEnabled: 0 });
    expect((await guestBook(guestBody(propertyId, from, plus(from, 1)))).status).toBe(401);
  });

  it('takes "today" and the nights in the site time zone, not UTC', async () => {
    // Pick the zone (UTC+14 or UTC-12) whose date differs from the UTC date right now.
    const now = new Date();
    const utc = now.toISOString().slice(0, 10);
    const zone = now.getUTCHours() >= 12 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const there = todayIn(zone, now);
    expect(there).not.toBe(utc);
    await setSettings({ systemTimeZone: zone, apiBookingGuestEnabled: 1 });
    const tz = await createVrProperty({ propertyRate: '100' });

    const cal = await anon.get(`${BOOKING}/calendar/${tz}.json`, { query: { months: 1 } });
    expect(cal.body.today).toBe(there);
    // A stay starting "today" there books; one starting the day before there does not.
    const booked = await guestBook(guestBody(tz, there, plus(there, 1)));
    expect(booked.status, booked.text).toBe(200);
    const before = await guestBook(guestBody(tz, plus(there, -1), plus(there, 1)));
    expect(before.status).toBe(409);
    expect(problem(before).detail).toBe(`The stay cannot begin before today (${there})`);
  });
});
