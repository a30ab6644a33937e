/**
 * Exactly one winner for the last unit (docs/pricing.md, docs/data-model.md "How a booking picks its units"):
 * 40 and 200 concurrent guest bookings of the same stay, and 40 of overlapping stays, against properties of
 * 2 and 3 units made through the admin API. Every answer is 200 (booked) or 409 (not available), never a 5xx,
 * and the table holds exactly the winners: no night ever holds more claims than the property has units.
 */
import { describe, expect, it } from 'vitest';
import { BOOKING, claimsOf, guestBody, reservationsOf, siteDay, solvedCaptcha } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { type ApiResponse, Client } from './support/client.js';

/** Guests with their CAPTCHA answered beforehand (in batches), so the bookings themselves start together. */
async function readyGuests(count: number) {
  const guests: { client: Client; captcha: { captcha: string; captcha_sum: string } }[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, async () => {
        const client = new Client();
        return { client, captcha: await solvedCaptcha(client) };
      }),
    );
    guests.push(...batch);
  }
  return guests;
}

async function bookTogether(bodies: Record<string, unknown>[]): Promise<ApiResponse[]> {
  const guests = await readyGuests(bodies.length);
  return Promise.all(
    bodies.map((body, i) => {
      const guest = guests[i] as (typeof guests)[number];
      return guest.client.post(`${BOOKING}/book.json`, { ...body, ...guest.captcha });
    }),
  );
}

function expectOnly200And409(answers: ApiResponse[]) {
  const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 409);
  expect(unexpected.map((a) => `${a.status} ${a.text}`)).toEqual([]);
}

/** Claims per night never exceed the units, and every claim belongs to a reservation that was booked. */
async function expectCapacityHeld(propertyId: number, units: number, bookedIds: Set<number>) {
  const claims = await claimsOf(propertyId);
  const perNight = new Map<string, Set<number>>();
  for (const c of claims) {
    expect(bookedIds.has(Number(c.reservationId))).toBe(true);
    const set = perNight.get(String(c.date)) ?? new Set<number>();
    set.add(Number(c.unit));
    perNight.set(String(c.date), set);
  }
  for (const [night, taken] of perNight) {
    expect(taken.size, night).toBeLessThanOrEqual(units);
    for (const unit of taken) expect(unit).toBeLessThanOrEqual(units);
  }
  return { claims, perNight };
}

async function sameStay(count: number, units: number) {
  const propertyId = await createVrProperty({ propertyRate: '99', units });
  const from = siteDay(30);
  const to = siteDay(33);
  const started = Date.now();
  const answers = await bookTogether(Array.from({ length: count }, () => guestBody(propertyId, from, to)));
  const elapsed = Date.now() - started;
  expectOnly200And409(answers);
  const won = answers.filter((a) => a.status === 200);
  expect(won).toHaveLength(units);
  for (const lost of answers.filter((a) => a.status === 409))
    expect(String(lost.body.detail)).toMatch(/fully booked/);
  const reservations = await reservationsOf(propertyId);
  expect(reservations).toHaveLength(units);
  const bookedIds = new Set(won.map((a) => Number(a.body.reservationId)));
  expect(new Set(reservations.map((r) => Number(r.reservationId)))).toEqual(bookedIds);
  const { claims, perNight } = await expectCapacityHeld(propertyId, units, bookedIds);
  expect(claims).toHaveLength(units * 3);
  expect([...perNight.values()].every((s) => s.size === units)).toBe(true);
  return elapsed;
}

describe('the last unit under concurrency', () => {
  it('40 concurrent bookings of the same stay of a 2-unit property: exactly 2 win', async () => {
    await sameStay(40, 2);
  }, 120_000);

  // STRESS=1 only: the local runtime serves every request in one process over the SDK's 50 sockets, and on the
  // clean 2-core CI machine 200 bookings at once queued there for minutes (in the cloud each request is its own
  // Lambda). The 40-booking races above run in every `npm test`.
  it.runIf(process.env.STRESS === '1')(
    '200 concurrent bookings of the same stay of a 3-unit property: exactly 3 win, in bounded time',
    async () => {
      const elapsed = await sameStay(200, 3);
      expect(elapsed).toBeLessThan(100_000);
    },
    180_000,
  );

  it('40 concurrent bookings of overlapping stays never put more than the units on a night', async () => {
    const units = 2;
    const propertyId = await createVrProperty({ propertyRate: '99', units });
    const start = 40;
    const bodies = Array.from({ length: 40 }, (_, i) => {
      const first = start + (i % 5);
      const nights = 1 + (i % 4);
      return guestBody(propertyId, siteDay(first), siteDay(first + nights));
    });
    const answers = await bookTogether(bodies);
    expectOnly200And409(answers);
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(units);
    const bookedIds = new Set(won.map((a) => Number(a.body.reservationId)));
    expect(await reservationsOf(propertyId)).toHaveLength(won.length);
    const { claims } = await expectCapacityHeld(propertyId, units, bookedIds);
    // Every winner holds one unit on each of its nights, nothing more.
    const nightsWon = won.reduce((t, a) => t + Number((a.body.quote as { nights: number }).nights), 0);
    expect(claims).toHaveLength(nightsWon);
  }, 120_000);
});
