/**
 * Admin housekeeping over HTTP (spec "Admin housekeeping"; docs/housekeeping.md): every endpoint and status,
 * the housekeeper's own requests, bad input, and the change items with their events.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { changesOf } from './support/changes.js';
import { ADMINS, type Client, problem, signedIn, unique } from './support/client.js';

const BASE = '/API/adminHousekeeping/V1';
const HOUSEKEEPER = ADMINS.housekeeper.adminId;

let admin: Client;
let rep: Client;
let keeper: Client;
let landlord: Client;

beforeAll(async () => {
  [admin, rep, keeper, landlord] = await Promise.all([
    signedIn('super'),
    signedIn('svcRep'),
    signedIn('housekeeper'),
    signedIn('landlord'),
  ]);
});

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post(`${BASE}/requests.json`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.requestId as number;
}

describe('create and read', () => {
  it('creates with requestDate defaulting to the site today (UTC in the fixture), 201 with the id', async () => {
    const title = unique('Deep clean');
    const res = await admin.post(`${BASE}/requests.json`, { propertyId: 2001, requestTitle: title });
    expect(res.status).toBe(201);
    const id = res.body.requestId as number;
    expect(res.body.request).toMatchObject({
      requestId: id,
      propertyId: 2001,
      requestTitle: title,
      requestDate: new Date().toISOString().slice(0, 10),
      requestStatus: 0,
      assignedTo: null,
    });
    const got = await rep.get(`${BASE}/requests/${id}.json`);
    expect(got.status).toBe(200);
    expect(got.body.requestTitle).toBe(title);
    const [change] = await changesOf('housekeeping', id);
    expect(change).toMatchObject({ action: 'created', actor: 'admin:1', event: 'housekeeping.created' });
  });

  it('refuses bad input with 400 (missing fields, unknown property, an assignee who is not a housekeeper)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ requestTitle: 'x' }, 'propertyId'],
      [{ propertyId: 2001 }, 'requestTitle'],
      [{ propertyId: 2001, requestTitle: '  ' }, 'requestTitle'],
      [{ propertyId: 999_999, requestTitle: 'x' }, 'propertyId'],
      [{ propertyId: 2004, requestTitle: 'x' }, 'propertyId'],
      [{ propertyId: 2001, requestTitle: 'x', requestDate: '2030-02-30' }, 'requestDate'],
      [{ propertyId: 2001, requestTitle: 'x', assignedTo: ADMINS.svcRep.adminId }, 'assignedTo'],
      [{ propertyId: 2001, requestTitle: 'x', assignedTo: 999 }, 'assignedTo'],
      [{ propertyId: 2001, requestTitle: 'x', assignedTo: 'me' }, 'assignedTo'],
      [{ propertyId: 2001, requestTitle: 'x', requestStatus: 6 }, 'requestStatus'],
      [{ propertyId: 2001, requestTitle: 'x', other: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post(`${BASE}/requests.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field)
        expect(
          problem(res).errors?.map((e) => e.field),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect((await admin.post(`${BASE}/requests.json`, undefined, { rawBody: '{bad' })).status).toBe(400);
  });

  it('404 for a missing id, 400 for a malformed one', async () => {
    expect((await admin.get(`${BASE}/requests/999999.json`)).status).toBe(404);
    expect((await admin.get(`${BASE}/requests/abc.json`)).status).toBe(400);
    expect((await admin.put(`${BASE}/requests/999999.json`, { requestTitle: 'x' })).status).toBe(404);
    expect((await admin.delete(`${BASE}/requests/999999.json`)).status).toBe(404);
  });
});

describe('list', () => {
  it('filters by property, status, assignee and request date; archived only when asked; pages', async () => {
    const tag = unique('List');
    const ids = {
      early: await create({ propertyId: 2003, requestTitle: `${tag} a`, requestDate: '2031-03-01' }),
      mid: await create({
        propertyId: 2003,
        requestTitle: `${tag} b`,
        requestDate: '2031-03-05',
        assignedTo: HOUSEKEEPER,
      }),
      late: await create({ propertyId: 2003, requestTitle: `${tag} c`, requestDate: '2031-03-09' }),
      gone: await create({ propertyId: 2003, requestTitle: `${tag} d`, requestDate: '2031-03-06' }),
    };
    expect((await admin.delete(`${BASE}/requests/${ids.gone}.json`)).status).toBe(200);
    const list = async (query: Record<string, string | number>) => {
      const res = await rep.get<{ items: { requestId: number }[]; total: number }>(`${BASE}/requests.json`, {
        query: { propertyId: 2003, dateFrom: '2031-03-01', dateTo: '2031-03-31', ...query },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.items.map((i) => i.requestId);
    };
    expect(await list({})).toEqual([ids.early, ids.mid, ids.late]);
    expect(await list({ status: 6 })).toEqual([ids.gone]);
    expect(await list({ status: 1 })).toEqual([ids.mid]);
    expect(await list({ assignedTo: HOUSEKEEPER })).toEqual([ids.mid]);
    expect(await list({ dateFrom: '2031-03-02', dateTo: '2031-03-08' })).toEqual([ids.mid]);
    expect(await list({ limit: 2, page: 2 })).toEqual([ids.late]);
    const all = await admin.get(`${BASE}/requests.json`, {
      query: { dateFrom: '2031-03-01', dateTo: '2031-03-31' },
    });
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    for (const query of [{ status: 'x' }, { dateFrom: '2031-13-01' }, { propertyId: 0 }, { limit: 0 }]) {
      expect((await rep.get(`${BASE}/requests.json`, { query })).status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('roles', () => {
  it('no landlord: 403 on every endpoint; no session: 401', async () => {
    expect((await landlord.get(`${BASE}/requests.json`)).status).toBe(403);
    expect((await landlord.get(`${BASE}/requests/1.json`)).status).toBe(403);
    expect((await rep.post(`${BASE}/requests.json`, { propertyId: 2001, requestTitle: 'x' })).status).toBe(
      403,
    );
    expect((await rep.put(`${BASE}/requests/1.json`, { requestTitle: 'x' })).status).toBe(403);
    expect((await keeper.delete(`${BASE}/requests/1.json`)).status).toBe(403);
  });

  it('a housekeeper lists and reads only their own requests and moves only their status', async () => {
    const tag = unique('Mine');
    const mine = await create({
      propertyId: 2001,
      requestTitle: tag,
      requestDate: '2032-01-10',
      assignedTo: HOUSEKEEPER,
    });
    const other = await create({ propertyId: 2001, requestTitle: `${tag} other`, requestDate: '2032-01-10' });
    const listed = await keeper.get<{ items: { requestId: number; assignedTo: number }[] }>(
      `${BASE}/requests.json`,
      {
        query: { dateFrom: '2032-01-10', dateTo: '2032-01-10' },
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((i) => i.requestId)).toEqual([mine]);
    const asking = await keeper.get<{ items: unknown[] }>(`${BASE}/requests.json`, {
      query: { assignedTo: 99 },
    });
    expect(asking.body.items).toEqual([]);
    expect((await keeper.get(`${BASE}/requests/${mine}.json`)).status).toBe(200);
    const foreign = await keeper.get(`${BASE}/requests/${other}.json`);
    const missing = await keeper.get(`${BASE}/requests/999999.json`);
    expect(foreign.status).toBe(404);
    expect(problem(foreign).detail).toBe(problem(missing).detail.replace('999999', String(other)));
    expect((await keeper.put(`${BASE}/requests/${other}.json`, { requestStatus: 2 })).status).toBe(404);

    const moved = await keeper.put(`${BASE}/requests/${mine}.json`, { requestStatus: 2 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.request).toMatchObject({ requestStatus: 2, statusName: 'in progress' });
    expect((await keeper.put(`${BASE}/requests/${mine}.json`, { requestTitle: 'x' })).status).toBe(403);
    expect(
      (await keeper.put(`${BASE}/requests/${mine}.json`, { requestStatus: 3, requestDate: '2032-01-11' }))
        .status,
    ).toBe(403);
    expect((await keeper.put(`${BASE}/requests/${mine}.json`, { requestStatus: 0 })).status).toBe(400);
    expect(
      (await keeper.put(`${BASE}/requests/${mine}.json`, { requestStatus: 3 })).body.request,
    ).toMatchObject({
      requestStatus: 3,
    });
    const changes = await changesOf('housekeeping', mine);
    expect(changes.map((c) => c.actor)).toEqual(['admin:1', `admin:${HOUSEKEEPER}`, `admin:${HOUSEKEEPER}`]);
  });
});

describe('update and archive', () => {
  it('updates fields, assigns (open → assigned) and unassigns, 400 for a non-housekeeper, no change writes nothing', async () => {
    const id = await create({ propertyId: 2001, requestTitle: unique('Upd') });
    const res = await admin.put(`${BASE}/requests/${id}.json`, {
      requestTitle: 'Windows',
      requestDesc: 'All of them',
      requestDate: '2033-04-04',
      assignedTo: String(HOUSEKEEPER),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.request).toMatchObject({
      requestTitle: 'Windows',
      requestDesc: 'All of them',
      requestDate: '2033-04-04',
      assignedTo: HOUSEKEEPER,
      requestStatus: 1,
    });
    expect(
      (await admin.put(`${BASE}/requests/${id}.json`, { assignedTo: ADMINS.landlord.adminId })).status,
    ).toBe(400);
    expect((await admin.put(`${BASE}/requests/${id}.json`, {})).status).toBe(400);
    expect((await admin.put(`${BASE}/requests/${id}.json`, { requestStatus: 9 })).status).toBe(400);
    expect((await admin.put(`${BASE}/requests/${id}.json`, { requestTitle: 'Windows' })).status).toBe(200);
    const unassigned = await admin.put(`${BASE}/requests/${id}.json`, { assignedTo: null });
    expect(unassigned.body.request).toMatchObject({ assignedTo: null, requestStatus: 0 });
    const actions = (await changesOf('housekeeping', id)).map((c) => c.action);
    expect(actions).toEqual(['created', 'updated', 'updated']);
  });

  it('DELETE archives (6), again is 409; an archived request is restored by giving a status', async () => {
    const id = await create({ propertyId: 2001, requestTitle: unique('Arch') });
    const res = await admin.delete(`${BASE}/requests/${id}.json`);
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({ requestStatus: 6, statusName: 'archived' });
    const again = await admin.delete(`${BASE}/requests/${id}.json`);
    expect(again.status).toBe(409);
    expect(problem(again).detail).toMatch(/already archived/);
    expect((await admin.put(`${BASE}/requests/${id}.json`, { requestTitle: 'x' })).status).toBe(409);
    const restored = await admin.put(`${BASE}/requests/${id}.json`, { requestStatus: 0 });
    expect(restored.body.request).toMatchObject({ requestStatus: 0 });
    const [, archived] = await changesOf('housekeeping', id);
    expect(archived).toMatchObject({ action: 'archived', event: 'housekeeping.archived' });
  });
});
