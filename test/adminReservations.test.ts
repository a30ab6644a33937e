/**
 * Admin reservations over HTTP (spec "Admin reservations"; docs/reservations.md): the list's filters and
 * landlord scope, one reservation (and the singular alias), create / block / update / cancel with their
 * statuses, the night claims they hold, the change items they write, and two admins racing for one night.
 * The fixture's site time zone is UTC, so "today" here is the UTC date.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { BOOKING, claimsOf, getItem, guestBody, guestBook, siteDay } from './support/booking.js';
import { createTenant, createVrProperty } from './support/builders.js';
import { type ChangeItem, changesOf } from './support/changes.js';
import { type ApiResponse, Client, problem, signedIn, unique } from './support/client.js';
import { rawTable, TABLE } from './support/table.js';

const BASE = '/API/adminReservations/V1';

/** A date `n` days after today (UTC). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Reservation {
  reservationId: number;
  propertyId: number;
  tenantId: number | null;
  dateFrom: string;
  dateTo: string;
  nights: number;
  name: string;
  email: string;
  status: string;
  statusName: string;
  adminBlock: number;
  totalPrice: number;
  source: string;
}
interface Created {
  success: boolean;
  reservationId: number;
  reservation: Reservation;
}
interface Listed {
  items: Reservation[];
  page: number;
  limit: number;
  total: number;
}

const guest = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Guest'),
  email: `${unique('g').replace(/\W/g, '')}@example.test`,
  ...overrides,
});

async function create(admin: Client, body: Record<string, unknown>): Promise<ApiResponse> {
  return admin.post(`${BASE}/reservations.json`, { ...guest(), ...body });
}

async function created(admin: Client, body: Record<string, unknown>): Promise<Reservation> {
  const res = await create(admin, body);
  expect(res.status, res.text).toBe(201);
  return (res.body as unknown as Created).reservation;
}

/** The calendar's view of occupancy: a property's claims as the admin list sees its active stays. */
async function activeOn(admin: Client, propertyId: number): Promise<Reservation[]> {
  const res = await admin.get<Listed>(`${BASE}/reservations.json`, { query: { propertyId, limit: 100 } });
  return res.body.items.filter((r) => r.status !== '3');
}

describe('admin reservations: create', () => {
  it('creates a confirmed reservation (201 with its id), readable with its stay dates on both paths', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const res = await create(admin, { propertyId, dateFrom: day(10), dateTo: day(13), totalPrice: '450.50' });
    expect(res.status).toBe(201);
    const { reservationId } = res.body as unknown as Created;
    expect(reservationId).toBeGreaterThan(0);
    for (const path of [
      `${BASE}/reservations/${reservationId}.json`,
      `${BASE}/reservation/${reservationId}.json`,
    ]) {
      const one = await admin.get<Reservation>(path);
      expect(one.status, path).toBe(200);
      expect(one.body).toMatchObject({
        reservationId,
        propertyId,
        dateFrom: day(10),
        dateTo: day(13),
        nights: 3,
        status: '1',
        statusName: 'confirmed',
        adminBlock: 0,
        totalPrice: 450.5,
        source: 'admin',
      });
    }
    const [change] = await changesOf('reservation', reservationId);
    expect(change).toMatchObject({ action: 'created', actor: 'admin:1' });
    expect((change as unknown as { event: string }).event).toBe('reservation.created');
  });

  it('links the guest to the tenant with that e-mail', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const tenant = await createTenant();
    const r = await created(admin, {
      propertyId,
      dateFrom: day(5),
      dateTo: day(6),
      email: tenant.tenantEmail.toUpperCase(),
    });
    expect(r.tenantId).toBe(tenant.tenantId);
  });

  it('adminBlock makes a block (status 4, shown as blocked); name and e-mail are optional for it', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const res = await admin.post<Created>(`${BASE}/reservations.json`, {
      propertyId,
      dateFrom: day(20),
      dateTo: day(22),
      adminBlock: '1',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.reservation).toMatchObject({
      status: '4',
      statusName: 'blocked',
      adminBlock: 1,
      tenantId: null,
    });
    // The blocked nights are taken.
    const again = await create(admin, { propertyId, dateFrom: day(21), dateTo: day(23) });
    expect(again.status).toBe(400);
  });

  it('400 when a night is taken (units 1), and when the stay breaks a booking rule; a 2-unit property takes two', async () => {
    const admin = await signedIn('super');
    const single = await createVrProperty();
    await created(admin, { propertyId: single, dateFrom: day(30), dateTo: day(33) });
    const taken = await create(admin, { propertyId: single, dateFrom: day(32), dateTo: day(34) });
    expect(taken.status).toBe(400);
    expect(problem(taken).detail).toMatch(/not available/i);
    // Back to back is fine: the check-out day is not a night.
    await created(admin, { propertyId: single, dateFrom: day(33), dateTo: day(35) });

    const double = await createVrProperty({ units: 2 });
    await created(admin, { propertyId: double, dateFrom: day(30), dateTo: day(32) });
    await created(admin, { propertyId: double, dateFrom: day(30), dateTo: day(32) });
    expect((await create(admin, { propertyId: double, dateFrom: day(31), dateTo: day(32) })).status).toBe(
      400,
    );

    const past = await create(admin, { propertyId: single, dateFrom: day(-3), dateTo: day(-1) });
    expect(past.status).toBe(400);
    expect(problem(past).detail).toMatch(/before today/);
    const minNights = await createVrProperty({ minNights: 3 });
    expect((await create(admin, { propertyId: minNights, dateFrom: day(5), dateTo: day(6) })).status).toBe(
      400,
    );
  });

  it('skipAvailabilityCheck skips the booking rules, and on full nights is an explicit overbooking: stored, listed, shown, recorded as a conflict and announced', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty({ minNights: 3 });
    await created(admin, { propertyId, dateFrom: day(-3), dateTo: day(-2), skipAvailabilityCheck: true });
    const first = await created(admin, {
      propertyId,
      dateFrom: day(40),
      dateTo: day(41),
      skipAvailabilityCheck: 'true',
    });
    // Without the flag nothing changes: a full night is the 400, never more stays than units.
    const refused = await create(admin, { propertyId, dateFrom: day(40), dateTo: day(44) });
    expect(refused.status).toBe(400);
    const over = await created(admin, {
      propertyId,
      dateFrom: day(40),
      dateTo: day(42),
      skipAvailabilityCheck: true,
    });
    expect(over.status).toBe('1');
    expect((await activeOn(admin, propertyId)).map((r) => r.reservationId)).toContain(over.reservationId);
    const claims = await claimsOf(propertyId);
    expect(claims.filter((c) => c.reservationId === over.reservationId).map((c) => c.date)).toEqual([
      day(40),
      day(41),
    ]);
    const calendar = await new Client().get<{ ranges: { start: string; end: string }[] }>(
      `${BOOKING}/calendar/${propertyId}.json`,
      { query: { months: 3 } },
    );
    expect(calendar.body.ranges).toContainEqual(expect.objectContaining({ start: day(40), end: day(42) }));
    const conflicts = await admin.get<{ items: { reference: string; source: string; status: string }[] }>(
      '/API/adminIcal/V1/conflicts.json',
      { query: { source: 'overbooking', propertyId } },
    );
    expect(conflicts.body.items).toEqual([
      expect.objectContaining({
        source: 'overbooking',
        reference: String(over.reservationId),
        status: 'open',
      }),
    ]);
    const announced = (await changesOf('reservation', over.reservationId)) as (ChangeItem & {
      event?: string;
    })[];
    expect(announced.map((c) => c.event).sort()).toEqual(['reservation.created', 'reservation.overbooked']);
    // The website still sees the night full after the first stay is cancelled: the overbooking holds it.
    expect((await admin.delete(`${BASE}/reservations/${first.reservationId}.json`)).status).toBe(200);
    const booking = await guestBook(guestBody(propertyId, day(40), day(41)));
    expect(booking.status).toBe(409);
    // Cancelling the overbooking resolves its conflict.
    expect((await admin.delete(`${BASE}/reservations/${over.reservationId}.json`)).status).toBe(200);
    const after = await admin.get<{ items: { status: string }[] }>('/API/adminIcal/V1/conflicts.json', {
      query: { source: 'overbooking', propertyId },
    });
    expect(after.body.items.map((c) => c.status)).toEqual(['resolved']);
  });

  it('400 for bad input: missing fields, no stay, unknown or cancelled status, an LTR or archived or missing property', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const bad: Record<string, unknown>[] = [
      {},
      { propertyId, dateFrom: day(5) },
      { propertyId, dateFrom: day(5), dateTo: day(5) },
      { propertyId, dateFrom: day(5), dateTo: day(4) },
      { propertyId, dateFrom: '2027-02-30', dateTo: day(4) },
      { propertyId, dateFrom: day(5), dateTo: day(80) },
      { propertyId, dateFrom: day(5), dateTo: day(6), status: '9' },
      { propertyId, dateFrom: day(5), dateTo: day(6), status: '3' },
      { propertyId, dateFrom: day(5), dateTo: day(6), totalPrice: -1 },
      { propertyId: 12, dateFrom: day(5), dateTo: day(6) },
      { propertyId: 2004, dateFrom: day(5), dateTo: day(6) },
      { propertyId: 999_999, dateFrom: day(5), dateTo: day(6) },
      { propertyId: 'x', dateFrom: day(5), dateTo: day(6) },
    ];
    for (const body of bad) {
      const res = await create(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const noGuest = await admin.post(`${BASE}/reservations.json`, {
      propertyId,
      dateFrom: day(5),
      dateTo: day(6),
    });
    expect(noGuest.status).toBe(400);
    expect(
      problem(noGuest)
        .errors?.map((e) => e.field)
        .sort(),
    ).toEqual(['email', 'name']);
    const malformed = await admin.request('POST', `${BASE}/reservations.json`, { rawBody: '{"propertyId":' });
    expect(malformed.status).toBe(400);
  });

  it('honours Idempotency-Key: the same body twice creates one reservation', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const body = { ...guest(), propertyId, dateFrom: day(50), dateTo: day(52) };
    const headers = { 'idempotency-key': unique('key').replace(/\W/g, '') };
    const first = await admin.post<Created>(`${BASE}/reservations.json`, body, { headers });
    const second = await admin.post<Created>(`${BASE}/reservations.json`, body, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.reservationId).toBe(first.body.reservationId);
    expect(await activeOn(admin, propertyId)).toHaveLength(1);
  });
});

describe('admin reservations: update and cancel', () => {
  it('moves a stay: the old nights are released and the new ones taken; 409 onto taken nights', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const a = await created(admin, { propertyId, dateFrom: day(10), dateTo: day(12) });
    const b = await created(admin, { propertyId, dateFrom: day(14), dateTo: day(16) });
    const moved = await admin.put<{ reservation: Reservation }>(
      `${BASE}/reservations/${a.reservationId}.json`,
      {
        dateFrom: day(11),
        dateTo: day(14),
        totalPrice: 300,
      },
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.reservation).toMatchObject({
      dateFrom: day(11),
      dateTo: day(14),
      nights: 3,
      totalPrice: 300,
    });
    // day(10) is free again; day(11)-day(13) are taken.
    await created(admin, { propertyId, dateFrom: day(10), dateTo: day(11) });
    const onto = await admin.put(`${BASE}/reservation/${a.reservationId}.json`, { dateTo: day(15) });
    expect(onto.status).toBe(409);
    expect(problem(onto).detail).toMatch(/not available/i);
    // b unchanged, a unchanged by the refused move.
    expect((await admin.get<Reservation>(`${BASE}/reservations/${a.reservationId}.json`)).body.dateTo).toBe(
      day(14),
    );
    expect((await admin.get<Reservation>(`${BASE}/reservations/${b.reservationId}.json`)).body.dateFrom).toBe(
      day(14),
    );
    const changes = await changesOf('reservation', a.reservationId);
    expect(changes.map((c) => c.action)).toEqual(['created', 'modified']);
    expect(changes[1]?.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['dateFrom', 'dateTo', 'nights', 'totalPrice']),
    );
  });

  it('status changes: a block becomes a reservation, a cancelled one comes back only onto free nights', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const block = await created(admin, { propertyId, dateFrom: day(60), dateTo: day(62), adminBlock: 'yes' });
    const asGuest = await admin.put<{ reservation: Reservation }>(
      `${BASE}/reservations/${block.reservationId}.json`,
      {
        status: '1',
      },
    );
    expect(asGuest.body.reservation.statusName).toBe('confirmed');
    const byPut = await admin.put<{ reservation: Reservation }>(
      `${BASE}/reservations/${block.reservationId}.json`,
      {
        status: '3',
      },
    );
    expect(byPut.body.reservation.status).toBe('3');
    const other = await created(admin, { propertyId, dateFrom: day(61), dateTo: day(63) });
    expect(
      (await admin.put(`${BASE}/reservations/${block.reservationId}.json`, { status: '1' })).status,
    ).toBe(409);
    expect(
      (
        await admin.put(`${BASE}/reservations/${block.reservationId}.json`, {
          status: '0',
          dateFrom: day(58),
          dateTo: day(61),
        })
      ).status,
    ).toBe(200);
    expect(other.status).toBe('1');
    expect(
      (await admin.put(`${BASE}/reservations/${block.reservationId}.json`, { status: '7' })).status,
    ).toBe(400);
    expect((await admin.put(`${BASE}/reservations/${block.reservationId}.json`, {})).status).toBe(400);
    expect(
      (await admin.put(`${BASE}/reservations/${block.reservationId}.json`, { dateTo: day(50) })).status,
    ).toBe(400);
    expect((await admin.put(`${BASE}/reservations/999999.json`, { status: '1' })).status).toBe(404);
    const events = (await changesOf('reservation', block.reservationId)).map(
      (c) => (c as unknown as { event: string }).event,
    );
    expect(events).toEqual([
      'reservation.created',
      'reservation.modified',
      'reservation.cancelled',
      'reservation.modified',
    ]);
  });

  it('DELETE cancels (status 3) and frees the nights; again is 409; a missing id 404', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const r = await created(admin, { propertyId, dateFrom: day(70), dateTo: day(73) });
    const del = await admin.delete<{ reservation: Reservation }>(
      `${BASE}/reservations/${r.reservationId}.json`,
    );
    expect(del.status).toBe(200);
    expect(del.body.reservation).toMatchObject({ status: '3', statusName: 'cancelled' });
    await created(admin, { propertyId, dateFrom: day(70), dateTo: day(73) });
    const again = await admin.delete(`${BASE}/reservation/${r.reservationId}.json`);
    expect(again.status).toBe(409);
    expect((await admin.delete(`${BASE}/reservations/999999.json`)).status).toBe(404);
    const last = (await changesOf('reservation', r.reservationId)).at(-1);
    expect(last).toMatchObject({ action: 'cancelled' });
  });

  it('cancelling a website booking cancels its unpaid invoice and keeps a paid one (DELETE and PUT status 3)', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty({ propertyRate: '100.00' });
    const book = async (from: number) => {
      const res = await guestBook(guestBody(propertyId, siteDay(from), siteDay(from + 2)));
      expect(res.status, res.text).toBe(200);
      return res.body as Record<string, number>;
    };
    const status = async (invoiceId: number) =>
      Number((await getItem(`INVOICE#${invoiceId}`, 'INVOICE'))?.status);

    const unpaid = await book(10);
    expect(await status(Number(unpaid.invoiceId))).toBe(0);
    expect((await admin.delete(`${BASE}/reservations/${unpaid.reservationId}.json`)).status).toBe(200);
    expect(await status(Number(unpaid.invoiceId))).toBe(5);
    const [invoiceChange] = await changesOf('invoice', Number(unpaid.invoiceId)).then((c) =>
      c.filter((x) => x.action === 'cancelled'),
    );
    expect(invoiceChange?.fields).toEqual([{ field: 'status', old: 0, new: 5 }]);

    const paid = await book(20);
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `INVOICE#${paid.invoiceId}`, SK: 'INVOICE' },
        UpdateExpression: 'SET #s = :paid',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':paid': 1 },
      }),
    );
    expect((await admin.put(`${BASE}/reservations/${paid.reservationId}.json`, { status: '3' })).status).toBe(
      200,
    );
    expect(await status(Number(paid.invoiceId))).toBe(1);
    // The nights of both are free again.
    await created(admin, {
      propertyId,
      dateFrom: siteDay(10),
      dateTo: siteDay(22),
      skipAvailabilityCheck: true,
    });
  });

  it('two admins moving stays onto the same free nights: exactly one wins, the other is 409', async () => {
    const [one, two] = await Promise.all([signedIn('super'), signedIn('super')]);
    const propertyId = await createVrProperty();
    const a = await created(one, { propertyId, dateFrom: day(80), dateTo: day(82) });
    const b = await created(two, { propertyId, dateFrom: day(90), dateTo: day(92) });
    for (let round = 0; round < 3; round++) {
      const target = { dateFrom: day(100 + round * 10), dateTo: day(103 + round * 10) };
      const results = await Promise.all([
        one.put(`${BASE}/reservations/${a.reservationId}.json`, target),
        two.put(`${BASE}/reservations/${b.reservationId}.json`, target),
      ]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join(' | ')).toEqual([200, 409]);
      const onTarget = (await activeOn(one, propertyId)).filter((r) => r.dateFrom === target.dateFrom);
      expect(onTarget).toHaveLength(1);
    }
  });
});

describe('admin reservations: list and roles', () => {
  it('filters by property (alias serviceID), tenant, status, dates and search, and pages', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const tenant = await createTenant();
    const name = unique('Findme');
    const r1 = await created(admin, { propertyId, dateFrom: day(200), dateTo: day(202), name });
    const r2 = await created(admin, {
      propertyId,
      dateFrom: day(203),
      dateTo: day(205),
      email: tenant.tenantEmail,
    });
    const r3 = await created(admin, { propertyId, dateFrom: day(206), dateTo: day(208), adminBlock: '1' });
    const list = (query: Record<string, string | number>) =>
      admin.get<Listed>(`${BASE}/reservations.json`, { query: { limit: 100, ...query } });
    const ids = (res: ApiResponse<Listed>) => res.body.items.map((r) => r.reservationId);

    expect(ids(await list({ propertyId }))).toEqual([r1.reservationId, r2.reservationId, r3.reservationId]);
    expect(ids(await list({ serviceID: propertyId }))).toEqual([
      r1.reservationId,
      r2.reservationId,
      r3.reservationId,
    ]);
    expect(ids(await list({ tenantId: tenant.tenantId }))).toEqual([r2.reservationId]);
    expect(ids(await list({ propertyId, status: '4' }))).toEqual([r3.reservationId]);
    expect(ids(await list({ propertyId, dateFrom: day(203) }))).toEqual([r2.reservationId, r3.reservationId]);
    expect(ids(await list({ propertyId, dateTo: day(205) }))).toEqual([r1.reservationId, r2.reservationId]);
    expect(ids(await list({ dateFrom: day(200), dateTo: day(205) }))).toEqual(
      expect.arrayContaining([r1.reservationId, r2.reservationId]),
    );
    expect(ids(await list({ dateFrom: day(200), dateTo: day(205) }))).not.toContain(r3.reservationId);
    expect(ids(await list({ search: name.toLowerCase() }))).toEqual([r1.reservationId]);
    expect(ids(await list({ search: tenant.tenantEmail.slice(0, 12) }))).toContain(r2.reservationId);
    expect(ids(await list({ search: String(r3.reservationId), propertyId }))).toEqual([r3.reservationId]);
    const paged = await admin.get<Listed>(`${BASE}/reservations.json`, {
      query: { propertyId, limit: 2, page: 2 },
    });
    expect(paged.body).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.body.items.map((r) => r.reservationId)).toEqual([r3.reservationId]);
    const clamped = await admin.get<Listed>(`${BASE}/reservations.json`, { query: { limit: 1000 } });
    expect(clamped.body.limit).toBe(100);
    for (const query of [{ dateFrom: 'soon' }, { propertyId: 'x' }, { page: 0 }, { status: 'toolong' }]) {
      expect((await admin.get(`${BASE}/reservations.json`, { query })).status, JSON.stringify(query)).toBe(
        400,
      );
    }
  });

  it('a landlord sees only their properties’ reservations; another landlord’s answers the 404 of a missing id', async () => {
    const admin = await signedIn('super');
    const landlord = await signedIn('landlord');
    const own = await created(admin, { propertyId: 2001, dateFrom: day(300), dateTo: day(301) });
    const foreign = await created(admin, { propertyId: 2002, dateFrom: day(300), dateTo: day(301) });
    const listed = await landlord.get<Listed>(`${BASE}/reservations.json`, { query: { limit: 100 } });
    const ids = listed.body.items.map((r) => r.reservationId);
    expect(ids).toContain(own.reservationId);
    expect(ids).not.toContain(foreign.reservationId);
    expect(listed.body.items.every((r) => [2001, 2003, 11].includes(r.propertyId))).toBe(true);
    expect((await landlord.get(`${BASE}/reservations/${own.reservationId}.json`)).status).toBe(200);
    const missing = problem(await landlord.get(`${BASE}/reservations/999999.json`));
    const other = await landlord.get(`${BASE}/reservations/${foreign.reservationId}.json`);
    expect(other.status).toBe(404);
    expect(problem(other).detail).toBe(missing.detail.replace('999999', String(foreign.reservationId)));
  });

  it('roles: no session 401; a housekeeper 403; svc_rep and landlord read but do not write', async () => {
    expect((await new Client().get(`${BASE}/reservations.json`)).status).toBe(401);
    expect((await (await signedIn('housekeeper')).get(`${BASE}/reservations.json`)).status).toBe(403);
    for (const who of ['svcRep', 'landlord'] as const) {
      const client = await signedIn(who);
      expect((await client.get(`${BASE}/reservations.json`)).status).toBe(200);
      expect((await create(client, { propertyId: 2001, dateFrom: day(5), dateTo: day(6) })).status).toBe(403);
      expect((await client.delete(`${BASE}/reservations/1.json`)).status).toBe(403);
    }
  });
});
