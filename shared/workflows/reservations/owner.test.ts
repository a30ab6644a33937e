/**
 * The reservation workflow's own rules as its other writers use them, against DynamoDB Local (this file's own
 * table): the fixture loader's given stay (lowest free unit, a reload moves it, never to another property),
 * the ledger's hold confirmation (conditioned on the version read) and the hold-expiry job's expireHold
 * (expired, or an index entry forgotten).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from '../../../test/support/in-process.js';
import type { Actor } from '../../domain/change.js';
import { BadRequest } from '../../errors.js';

useLocalTable();
let tx: typeof import('../../db/transaction.js');
let repo: typeof import('../../data/reservations-repo.js');
let claims: typeof import('../../data/night-claims-repo.js');
let owner: typeof import('./index.js');

beforeAll(async () => {
  tx = await import('../../db/transaction.js');
  repo = await import('../../data/reservations-repo.js');
  claims = await import('../../data/night-claims-repo.js');
  owner = await import('./index.js');
});

const by: Actor = { actor: 'system:test', requestId: 'owner-test' };
const now = new Date('2030-01-10T12:00:00.000Z');
// Base fixture VR properties (test/fixtures/base.json) with one unit; dates far beyond the fixture's stays.
const ONE_UNIT = 2003;
const OTHER = 2002;
let nextId = 880_000;

const givenStay = (over: Partial<import('./index.js').GivenStay> = {}): import('./index.js').GivenStay => ({
  reservationId: ++nextId,
  propertyId: ONE_UNIT,
  tenantId: null,
  dateFrom: '2031-03-01',
  dateTo: '2031-03-03',
  name: 'Guest',
  email: 'guest@example.com',
  status: '1',
  totalPriceCents: 10_000,
  orderId: null,
  couponCode: null,
  source: 'admin',
  ...over,
});

/** Writes a stay as the fixture does: the owner's parts, change records left out. */
async function put(stay: import('./index.js').GivenStay) {
  const { record, parts } = await owner.givenStayParts(stay, { by, now });
  await tx.commit(parts.filter((p) => !p.label.startsWith('change:')));
  return record;
}

const heldBy = async (propertyId: number, from: string, to: string) =>
  (await claims.nightClaims(propertyId, from, to)).map((c) => `${c.date}#${c.unit}:${c.reservationId}`);

describe('givenStayParts (the fixture loader)', () => {
  it('claims the lowest free unit of each night, with the change record among the parts', async () => {
    const stay = givenStay({ dateFrom: '2031-04-01', dateTo: '2031-04-03' });
    const { parts } = await owner.givenStayParts(stay, { by, now });
    expect(parts.map((p) => p.label)).toEqual([
      `put:reservation ${stay.reservationId}`,
      'claim:night 2031-04-01 unit 1',
      'claim:night 2031-04-02 unit 1',
      `change:reservation ${stay.reservationId}`,
    ]);
    await tx.commit(parts);
    expect(await heldBy(ONE_UNIT, '2031-04-01', '2031-04-03')).toEqual([
      `2031-04-01#1:${stay.reservationId}`,
      `2031-04-02#1:${stay.reservationId}`,
    ]);
  });

  it('a reload moves the stay: the kept night stays its own, the old one is released, a new one claimed', async () => {
    const stay = givenStay({ dateFrom: '2031-05-01', dateTo: '2031-05-03' });
    await put(stay);
    const moved = await put({ ...stay, dateFrom: '2031-05-02', dateTo: '2031-05-04' });
    expect(moved.nightUnits).toEqual([
      { date: '2031-05-02', unit: 1 },
      { date: '2031-05-03', unit: 1 },
    ]);
    expect(await heldBy(ONE_UNIT, '2031-05-01', '2031-05-04')).toEqual([
      `2031-05-02#1:${stay.reservationId}`,
      `2031-05-03#1:${stay.reservationId}`,
    ]);
    expect((await repo.getReservation(stay.reservationId))?.version).toBe(2);
  });

  it('a reload naming another property is refused (a reservation never changes property); nothing moves', async () => {
    const stay = givenStay({ dateFrom: '2031-06-01', dateTo: '2031-06-02' });
    await put(stay);
    const refused = owner.givenStayParts({ ...stay, propertyId: OTHER }, { by, now });
    await expect(refused).rejects.toThrow(BadRequest);
    await expect(refused).rejects.toThrow(/cannot move to property 2002/);
    expect(await heldBy(OTHER, '2031-06-01', '2031-06-02')).toEqual([]);
    expect((await repo.getReservation(stay.reservationId))?.record.propertyId).toBe(ONE_UNIT);
  });

  it('a full night is StayUnavailable; a cancelled stay claims nothing', async () => {
    await put(givenStay({ dateFrom: '2031-07-01', dateTo: '2031-07-02' }));
    await expect(
      owner.givenStayParts(givenStay({ dateFrom: '2031-07-01', dateTo: '2031-07-02' }), { by, now }),
    ).rejects.toBeInstanceOf(owner.StayUnavailable);
    const cancelled = await put(givenStay({ dateFrom: '2031-07-01', dateTo: '2031-07-02', status: '3' }));
    expect(cancelled.nightUnits).toEqual([]);
  });

  it('refuses a property that is not a VR property of the store', async () => {
    await expect(owner.givenStayParts(givenStay({ propertyId: 11 }), { by, now })).rejects.toThrow(
      /no such VR property/,
    );
  });
});

describe('holds: confirmHoldParts (the ledger) and expireHold (the job)', () => {
  const hold = (from: string, to: string, holdUntil: string) =>
    put(givenStay({ dateFrom: from, dateTo: to, status: '0', holdUntil, source: 'website' }));

  it('a live hold is confirmed by its parts: status 1, its index entry gone, announced as modified', async () => {
    const record = await hold('2031-08-01', '2031-08-02', '2030-01-11T12:00:00.000Z');
    const stored = await repo.getReservation(record.reservationId);
    if (!stored) throw new Error('the hold was not stored');
    const parts = owner.confirmHoldParts(stored, by, now);
    expect(parts.map((p) => p.label)).toEqual([
      `update:reservation ${record.reservationId}`,
      `delete:hold ${record.reservationId}`,
      `change:reservation ${record.reservationId}`,
    ]);
    await tx.commit(parts);
    expect((await repo.getReservation(record.reservationId))?.record).toMatchObject({
      status: '1',
      holdUntil: null,
    });
    // Confirmed, it is no hold: nothing more to confirm, and the job has nothing to end.
    expect(owner.confirmHoldParts({ record: { ...record, status: '1' }, version: 2 }, by, now)).toEqual([]);
    const late = new Date('2030-01-12T00:00:00.000Z');
    expect((await repo.expiredHolds(late.toISOString(), 500)).map((h) => h.reservationId)).not.toContain(
      record.reservationId,
    );
  });

  it('confirming parts built on a stale read fail on the reservation (the payment reads again)', async () => {
    const record = await hold('2031-08-05', '2031-08-06', '2030-01-11T12:00:00.000Z');
    const stored = await repo.getReservation(record.reservationId);
    if (!stored) throw new Error('the hold was not stored');
    expect(await owner.expireHold(record.reservationId, new Date('2030-01-12T00:00:00.000Z'))).toBe(
      'expired',
    );
    const failed = await tx.commit(owner.confirmHoldParts(stored, by, now)).catch((error: unknown) => error);
    expect(repo.reservationChanged(failed, record.reservationId)).toBe(true);
    expect((await repo.getReservation(record.reservationId))?.record.status).toBe('3');
  });

  it('expireHold cancels a hold that ran out, releasing its nights', async () => {
    const record = await hold('2031-09-01', '2031-09-03', '2030-01-11T12:00:00.000Z');
    expect(await owner.expireHold(record.reservationId, new Date('2030-01-11T12:00:01.000Z'))).toBe(
      'expired',
    );
    expect((await repo.getReservation(record.reservationId))?.record).toMatchObject({
      status: '3',
      nightUnits: [],
    });
    expect(await heldBy(ONE_UNIT, '2031-09-01', '2031-09-03')).toEqual([]);
  });

  it('expireHold forgets an index entry left behind by a stay that is no hold (or no longer stored)', async () => {
    const confirmed = await put(givenStay({ dateFrom: '2031-10-01', dateTo: '2031-10-02' }));
    const due = '2030-01-11T12:00:00.000Z';
    await tx.commit([repo.holdPart({ ...confirmed, holdUntil: due })]);
    const late = new Date('2030-01-12T00:00:00.000Z');
    const listed = async () => (await repo.expiredHolds(late.toISOString(), 500)).map((h) => h.reservationId);
    expect(await listed()).toContain(confirmed.reservationId);
    expect(await owner.expireHold(confirmed.reservationId, late)).toBe('forgotten');
    expect(await listed()).not.toContain(confirmed.reservationId);
    expect((await repo.getReservation(confirmed.reservationId))?.record.status).toBe('1');
    expect(await owner.expireHold(999_999_999, late)).toBe('forgotten');
  });
});
