/**
 * Booking storage against DynamoDB Local (this file's own table): the claims of a stay in one Query, exactly one
 * winner when 40 bookings race for the last unit-night, no night over capacity when overlapping stays race,
 * moves and releases, the reservationSeq bump and coupon uses counted under a condition.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from '../../test/support/in-process.js';
import { pickUnits } from '../domain/booking/capacity.js';
import type { CouponRecord } from '../domain/booking/coupon.js';
import { claimChanges, type ReservationRecord } from '../domain/booking/reservation.js';
import { nightsOf } from '../domain/booking/stay.js';

useLocalTable();
let tx: typeof import('../db/transaction.js');
let client: typeof import('../db/client.js');
let claims: typeof import('./night-claims-repo.js');
let reservations: typeof import('./reservations-repo.js');
let properties: typeof import('./properties-repo.js');
let coupons: typeof import('./coupons-repo.js');
let orders: typeof import('./orders-repo.js');
let days: typeof import('./property-days-repo.js');
let prices: typeof import('./day-prices-repo.js');

beforeAll(async () => {
  tx = await import('../db/transaction.js');
  client = await import('../db/client.js');
  claims = await import('./night-claims-repo.js');
  reservations = await import('./reservations-repo.js');
  properties = await import('./properties-repo.js');
  coupons = await import('./coupons-repo.js');
  orders = await import('./orders-repo.js');
  days = await import('./property-days-repo.js');
  prices = await import('./day-prices-repo.js');
});

let nextPropertyId = 5000;
let nextReservationId = 1;

/** A bare property item: what the claims and the reservationSeq bump need of it. */
async function property(isArchived: 0 | 1 = 0): Promise<number> {
  const propertyId = ++nextPropertyId;
  await client.ddb.send(
    new PutCommand({
      TableName: client.TABLE_NAME,
      Item: { PK: `PROPERTY#${propertyId}`, SK: 'PROPERTY', entity: 'property', propertyId, isArchived },
    }),
  );
  return propertyId;
}

const reservation = (propertyId: number, dateFrom: string, dateTo: string): ReservationRecord => ({
  reservationId: ++nextReservationId,
  propertyId,
  tenantId: 1,
  dateFrom,
  dateTo,
  name: 'Guest',
  email: 'guest@example.com',
  status: '1',
  totalPriceCents: 10000,
  orderId: null,
  couponCode: null,
  source: 'website',
  nightUnits: [],
  dateCreated: '2027-01-01T00:00:00.000Z',
  dateUpdated: '2027-01-01T00:00:00.000Z',
});

type Outcome = 'booked' | 'unavailable';

/**
 * A booking as the service makes it: read the stay's claims (one Query), pick the lowest free unit of each
 * night, commit the reservation, its claims and the reservationSeq bump; a lost claim (or conflicts that
 * outlasted the retries) means another booking came first: read again, until the stay is full.
 */
async function book(propertyId: number, units: number, dateFrom: string, dateTo: string): Promise<Outcome> {
  const nights = nightsOf({ dateFrom, dateTo });
  for (let attempt = 1; attempt <= 50; attempt++) {
    const held = await claims.nightClaims(propertyId, dateFrom, dateTo);
    const picks = pickUnits(nights, units, held);
    if (!picks) return 'unavailable';
    const record = { ...reservation(propertyId, dateFrom, dateTo), nightUnits: picks };
    try {
      await tx.commit([
        ...reservations.insertReservationParts(record),
        properties.reservationSeqPart(propertyId),
      ]);
      return 'booked';
    } catch (error) {
      const lostRace = claims.claimLost(error) || (error instanceof tx.TransactionFailed && error.transient);
      if (!lostRace) throw error;
    }
  }
  throw new Error('no answer after 50 attempts');
}

async function readItem(key: { PK: string; SK: string }) {
  const { Item } = await client.ddb.send(new GetCommand({ TableName: client.TABLE_NAME, Key: key }));
  return Item;
}

const tally = (outcomes: Outcome[]) => ({
  booked: outcomes.filter((o) => o === 'booked').length,
  unavailable: outcomes.filter((o) => o === 'unavailable').length,
});

describe('night claims', () => {
  it("a stay's claims and day prices are one Query of the day range; each repo reads only its own kind", async () => {
    const propertyId = await property();
    const r = { ...reservation(propertyId, '2027-07-01', '2027-07-03') };
    r.nightUnits = nightsOf(r).map((date) => ({ date, unit: 1 }));
    await tx.commit([
      ...reservations.insertReservationParts(r),
      prices.putDayPricePart({ propertyId, date: '2027-07-02', rateCents: 12_345 }),
      prices.putDayPricePart({ propertyId, date: '2027-07-03', rateCents: 99_999 }),
    ]);
    const read = await days.propertyDays(propertyId, '2027-07-01', '2027-07-03');
    expect(read.claims.map((c) => c.date)).toEqual(['2027-07-01', '2027-07-02']);
    // The check-out day's price is not part of the stay.
    expect(read.prices).toEqual([{ propertyId, date: '2027-07-02', rateCents: 12_345 }]);
    expect(await prices.dayPrices(propertyId, '2027-07-01', '2027-07-03')).toEqual(read.prices);
    expect(await claims.nightClaims(propertyId, '2027-07-01', '2027-07-03')).toEqual(read.claims);
  });

  it("a stay's claims are one Query of the day range: not the check-out night, not other items", async () => {
    const propertyId = await property();
    const other = await property();
    const r = { ...reservation(propertyId, '2027-08-01', '2027-08-04') };
    r.nightUnits = nightsOf(r).map((date) => ({ date, unit: 1 }));
    const blocked = { ...reservation(propertyId, '2027-08-03', '2027-08-05'), status: '4' as const };
    blocked.nightUnits = nightsOf(blocked).map((date) => ({ date, unit: 2 }));
    await tx.commit([
      ...reservations.insertReservationParts(r),
      ...reservations.insertReservationParts(blocked),
    ]);
    const elsewhere = {
      ...reservation(other, '2027-08-01', '2027-08-02'),
      nightUnits: [{ date: '2027-08-01', unit: 1 }],
    };
    await tx.commit(reservations.insertReservationParts(elsewhere));

    const read = await claims.nightClaims(propertyId, '2027-08-02', '2027-08-04');
    expect(read).toEqual([
      { date: '2027-08-02', unit: 1, reservationId: r.reservationId, kind: 'reserved' },
      { date: '2027-08-03', unit: 1, reservationId: r.reservationId, kind: 'reserved' },
      { date: '2027-08-03', unit: 2, reservationId: blocked.reservationId, kind: 'blocked' },
    ]);
    expect(await claims.nightClaims(propertyId, '2027-08-04', '2027-08-04')).toEqual([]);
    expect((await reservations.getReservation(r.reservationId))?.record).toEqual(r);
  });

  it('40 concurrent transactions claiming the same last unit-night: exactly one commits', async () => {
    const propertyId = await property();
    const pick = { date: '2027-09-01', unit: 1 };
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => {
        const record = { ...reservation(propertyId, '2027-09-01', '2027-09-02'), nightUnits: [pick] };
        return tx.commit([
          ...reservations.insertReservationParts(record),
          properties.reservationSeqPart(propertyId),
        ]);
      }),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // Every loser is a named transaction failure (its claim lost, or conflicts past the retries), never another error.
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(tx.TransactionFailed);
    expect(results.some((r) => r.status === 'rejected' && claims.claimLost(r.reason))).toBe(true);
    expect(await claims.nightClaims(propertyId, '2027-09-01', '2027-09-02')).toHaveLength(1);
    expect((await readItem({ PK: `PROPERTY#${propertyId}`, SK: 'PROPERTY' }))?.reservationSeq).toBe(1);
  });

  it('40 concurrent bookings of the same last unit-night: exactly one commits, the others answer unavailable', async () => {
    const propertyId = await property();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => book(propertyId, 1, '2027-09-10', '2027-09-11')),
    );
    expect(tally(outcomes)).toEqual({ booked: 1, unavailable: 39 });
    const held = await claims.nightClaims(propertyId, '2027-09-10', '2027-09-11');
    expect(held).toHaveLength(1);
    const winner = await reservations.getReservation(held[0]?.reservationId ?? 0);
    expect(winner?.record.nightUnits).toEqual([{ date: '2027-09-10', unit: 1 }]);
    expect((await readItem({ PK: `PROPERTY#${propertyId}`, SK: 'PROPERTY' }))?.reservationSeq).toBe(1);
  });

  it('40 concurrent bookings of overlapping stays on 3 units: no night over capacity, every booking whole', async () => {
    const propertyId = await property();
    const units = 3;
    const stays = Array.from({ length: 40 }, (_, i) => {
      const from = 1 + (i % 6);
      const day = (n: number) => `2027-10-${String(n).padStart(2, '0')}`;
      return [day(from), day(from + 1 + (i % 3))] as const;
    });
    const outcomes = await Promise.all(stays.map(([from, to]) => book(propertyId, units, from, to)));
    const held = await claims.nightClaims(propertyId, '2027-10-01', '2027-10-31');
    const perNight = new Map<string, number>();
    for (const c of held) perNight.set(c.date, (perNight.get(c.date) ?? 0) + 1);
    expect(Math.max(...perNight.values())).toBeLessThanOrEqual(units);
    // Every winner holds all its nights; losers hold none.
    const byReservation = new Map<number, number>();
    for (const c of held) byReservation.set(c.reservationId, (byReservation.get(c.reservationId) ?? 0) + 1);
    expect(byReservation.size).toBe(tally(outcomes).booked);
    for (const [reservationId, count] of byReservation) {
      const stored = await reservations.getReservation(reservationId);
      expect(stored?.record.nightUnits).toHaveLength(count);
    }
    // Nothing is left that a later booking could still take: each loser's stay really is full somewhere.
    for (const [index, [from, to]] of stays.entries()) {
      if (outcomes[index] === 'unavailable')
        expect(pickUnits(nightsOf({ dateFrom: from, dateTo: to }), units, held)).toBeUndefined();
    }
  });

  it('a move keeps its held nights, releases the old and claims the new in one transaction; cancel releases all', async () => {
    const propertyId = await property();
    const r = reservation(propertyId, '2027-11-01', '2027-11-04');
    r.nightUnits = nightsOf(r).map((date) => ({ date, unit: 1 }));
    await tx.commit(reservations.insertReservationParts(r));
    const current = (await reservations.getReservation(r.reservationId)) as NonNullable<
      Awaited<ReturnType<typeof reservations.getReservation>>
    >;

    const moved = { ...r, dateFrom: '2027-11-03', dateTo: '2027-11-06', status: '4' as const };
    const held = await claims.nightClaims(propertyId, moved.dateFrom, moved.dateTo);
    moved.nightUnits = pickUnits(nightsOf(moved), 1, held, r.reservationId) ?? [];
    const changes = claimChanges(r.nightUnits, moved.nightUnits, true);
    const parts = reservations.replaceReservationParts(current, moved, changes);
    expect(parts.map((p) => p.label)).toEqual([
      `update:reservation ${r.reservationId}`,
      'release:night 2027-11-01 unit 1',
      'release:night 2027-11-02 unit 1',
      'claim:night 2027-11-04 unit 1',
      'claim:night 2027-11-05 unit 1',
      'relabel:night 2027-11-03 unit 1',
    ]);
    await tx.commit(parts);
    expect(await claims.nightClaims(propertyId, '2027-11-01', '2027-11-10')).toEqual(
      ['2027-11-03', '2027-11-04', '2027-11-05'].map((date) => ({
        date,
        unit: 1,
        reservationId: r.reservationId,
        kind: 'blocked',
      })),
    );

    // The same stale read again: the version condition names the reservation.
    const stale = await tx.commit(parts).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(reservations.reservationChanged(stale, r.reservationId)).toBe(true);

    const again = (await reservations.getReservation(r.reservationId)) as typeof current;
    const cancelled = { ...again.record, status: '3' as const, nightUnits: [] };
    await tx.commit(
      reservations.replaceReservationParts(
        again,
        cancelled,
        claimChanges(again.record.nightUnits, [], false),
      ),
    );
    expect(await claims.nightClaims(propertyId, '2027-11-01', '2027-11-10')).toEqual([]);
  });

  it('a change is never built onto another property: its claims would be released and taken there', async () => {
    const propertyId = await property();
    const elsewhere = await property();
    const r = reservation(propertyId, '2027-12-01', '2027-12-02');
    r.nightUnits = [{ date: '2027-12-01', unit: 1 }];
    await tx.commit(reservations.insertReservationParts(r));
    const current = (await reservations.getReservation(r.reservationId)) as NonNullable<
      Awaited<ReturnType<typeof reservations.getReservation>>
    >;
    const moved = { ...r, propertyId: elsewhere };
    expect(() =>
      reservations.replaceReservationParts(current, moved, claimChanges(r.nightUnits, r.nightUnits, false)),
    ).toThrow(/cannot move to property/);
  });

  it('the reservationSeq bump refuses an archived or missing property', async () => {
    const archived = await property(1);
    for (const propertyId of [archived, 999_999]) {
      const error = await tx.commit([properties.reservationSeqPart(propertyId)]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(tx.TransactionFailed);
      expect(
        (error as InstanceType<typeof tx.TransactionFailed>).conditionFailed(
          properties.RESERVATION_SEQ_LABEL,
        ),
      ).toBe(true);
    }
  });
});

describe('orders and coupons', () => {
  const coupon = (over: Partial<CouponRecord>): CouponRecord => ({
    code: 'Race3',
    type: 'percent',
    amountCents: 0,
    percent: 10,
    isActive: 1,
    validFrom: null,
    validTo: null,
    propertyIds: [],
    minNights: null,
    maxUses: 3,
    uses: 0,
    ...over,
  });

  it('an order is written once and read back', async () => {
    const order = {
      orderId: 77,
      reservationId: 5,
      propertyId: 2001,
      tenantId: 9,
      invoiceId: null,
      totalCents: 0,
      couponCode: null,
      dateCreated: '2027-01-01T00:00:00.000Z',
    };
    await tx.commit([orders.insertOrderPart(order)]);
    expect(await orders.getOrder(77)).toEqual(order);
    await expect(tx.commit([orders.insertOrderPart(order)])).rejects.toBeInstanceOf(tx.TransactionFailed);
  });

  it('codes match whatever their case; a code taken in another case is refused', async () => {
    await tx.commit([coupons.insertCouponPart(coupon({ code: 'Summer' }))]);
    expect((await coupons.getCoupon('sUMMER'))?.record).toMatchObject({
      code: 'Summer',
      maxUses: 3,
      validFrom: null,
    });
    await expect(tx.commit([coupons.insertCouponPart(coupon({ code: 'SUMMER' }))])).rejects.toBeInstanceOf(
      tx.TransactionFailed,
    );
  });

  it('10 concurrent uses of a coupon with 3 uses: exactly 3 count', async () => {
    await tx.commit([coupons.insertCouponPart(coupon({ code: 'Race3' }))]);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => tx.commit([coupons.useCouponPart('race3')], { attempts: 20 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected') expect(coupons.couponUseFailed(r.reason)).toBe(true);
    expect((await coupons.getCoupon('RACE3'))?.record.uses).toBe(3);
  });

  it('an admin edit keeps the use count and removes cleared fields; a stale edit fails', async () => {
    await tx.commit([coupons.insertCouponPart(coupon({ code: 'Edit1', validTo: '2027-12-31' }))]);
    await tx.commit([coupons.useCouponPart('EDIT1')]);
    const read = (await coupons.getCoupon('edit1')) as NonNullable<
      Awaited<ReturnType<typeof coupons.getCoupon>>
    >;
    const edit = coupons.updateCouponPart(read, { ...read.record, percent: 15, validTo: null, uses: 0 });
    await tx.commit([edit]);
    expect((await coupons.getCoupon('EDIT1'))?.record).toMatchObject({ percent: 15, validTo: null, uses: 1 });
    await expect(tx.commit([edit])).rejects.toBeInstanceOf(tx.TransactionFailed);
    expect((await coupons.allCoupons()).map((c) => c.record.code)).toContain('Edit1');
  });

  it('a deactivated coupon cannot be used', async () => {
    await tx.commit([coupons.insertCouponPart(coupon({ code: 'Off1', isActive: 0, maxUses: null }))]);
    const error = await tx.commit([coupons.useCouponPart('off1')]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(coupons.couponUseFailed(error)).toBe(true);
  });
});
