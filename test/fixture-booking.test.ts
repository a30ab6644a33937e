/**
 * The fixture kinds of the booking slice (docs/fixtures.md): coupons and reservations, dates relative to the
 * site's today (`+5d`), night claims like a booking, a reload that moves a stay, and the demo store's booking
 * records loading into a store whose properties and tenant they name.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from './support/in-process.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

type Loader = typeof import('../infra/local/fixture/index.js');
type Reservations = typeof import('../shared/data/reservations-repo.js');
type Claims = typeof import('../shared/data/night-claims-repo.js');
type Coupons = typeof import('../shared/data/coupons-repo.js');
let fixture: Loader;
let reservations: Reservations;
let claims: Claims;
let coupons: Coupons;

beforeAll(async () => {
  useLocalTable();
  fixture = await import('../infra/local/fixture/index.js');
  reservations = await import('../shared/data/reservations-repo.js');
  claims = await import('../shared/data/night-claims-repo.js');
  coupons = await import('../shared/data/coupons-repo.js');
});

describe('fixture: coupons and reservations', () => {
  it('loads relative dates against the site’s today, claims the nights, and a reload moves the stay', async () => {
    const load = (from: string, to: string) =>
      fixture.loadFixture({
        // `code`, the alias of couponCode (the demo store's coupons below use couponCode).
        coupons: [{ code: 'fixt10', type: 'percent', value: 10, validTo: '+30d', uses: 2 }],
        reservations: [
          {
            reservationId: 9001,
            propertyId: 2002,
            dateFrom: from,
            dateTo: to,
            name: 'Fix Ture',
            email: 'fix@example.test',
          },
          { reservationId: 9002, propertyId: 2002, dateFrom: '+20d', dateTo: '+22d', adminBlock: '1' },
        ],
      });
    expect(await load('+5d', '+8d')).toEqual({ coupons: 1, reservations: 2 });
    const stored = await reservations.getReservation(9001);
    expect(stored?.record).toMatchObject({ dateFrom: day(5), dateTo: day(8), status: '1', source: 'admin' });
    expect((await claims.nightClaims(2002, day(5), day(8))).map((c) => c.date)).toEqual([
      day(5),
      day(6),
      day(7),
    ]);
    expect((await claims.nightClaims(2002, day(20), day(22))).every((c) => c.kind === 'blocked')).toBe(true);
    const coupon = await coupons.getCoupon('FIXT10');
    expect(coupon?.record).toMatchObject({ code: 'fixt10', percent: 10, validTo: day(30), uses: 2 });

    await load('+6d', '+10d');
    expect((await reservations.getReservation(9001))?.record).toMatchObject({
      dateFrom: day(6),
      dateTo: day(10),
    });
    expect(
      (await claims.nightClaims(2002, day(4), day(11)))
        .filter((c) => c.reservationId === 9001)
        .map((c) => c.date),
    ).toEqual([day(6), day(7), day(8), day(9)]);
  });

  it('refuses a full night, an unknown property and a percent coupon above 100', async () => {
    const full = {
      reservations: [
        { reservationId: 9101, propertyId: 2001, dateFrom: '+60d', dateTo: '+61d', name: 'A' },
        { reservationId: 9102, propertyId: 2001, dateFrom: '+60d', dateTo: '+62d', name: 'B' },
      ],
    };
    await expect(fixture.loadFixture(full)).rejects.toThrow(/fully booked/);
    await expect(
      fixture.loadFixture({ reservations: [{ propertyId: 999_999, dateFrom: '+1d', dateTo: '+2d' }] }),
    ).rejects.toThrow(/no such VR property/);
    await expect(
      fixture.loadFixture({ coupons: [{ code: 'BIG', type: 'percent', value: 150 }] }),
    ).rejects.toThrow();
    await expect(
      fixture.loadFixture({ reservations: [{ propertyId: 2001, dateFrom: 'soon', dateTo: '+2d' }] }),
    ).rejects.toThrow(/relative to today/);
  });

  it('the demo store’s coupons and reservations load and make a calendar', async () => {
    const demo = JSON.parse(
      readFileSync(new URL('../infra/local/fixtures/demo.json', import.meta.url), 'utf8'),
    );
    const summary = await fixture.loadFixture({
      settings: { systemTimeZone: 'UTC' },
      properties: demo.properties,
      coupons: demo.coupons,
      reservations: demo.reservations,
    });
    expect(summary.coupons).toBeGreaterThanOrEqual(3);
    expect(summary.reservations).toBeGreaterThanOrEqual(3);
    const taken = await claims.nightClaims(2001, day(0), day(60));
    expect(taken.some((c) => c.kind === 'reserved')).toBe(true);
    expect(taken.some((c) => c.kind === 'blocked')).toBe(true);
  });
});
