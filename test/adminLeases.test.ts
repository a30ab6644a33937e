/**
 * Leases over HTTP (docs/leases.md): create with the property's defaults and the DEPOSIT invoice posted in the
 * same transaction, list with filters and the landlord scope, one lease, new terms, the end, every refusal
 * (bad terms 400, an unknown tenant, a VR or archived property, overlaps 409 — two creates at once included),
 * the lease's ledger with a payment recorded through adminPayments, and the tenant's me.json following the
 * lease active today.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createLtrProperty, createTenant, createVrProperty, tenantSession } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { type ApiResponse, type Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { documentJournal } from './support/money-documents.js';

const BASE = '/API/adminLeases/V1';
/** A site day `n` days from today (the fixture's site time zone is UTC). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Lease {
  leaseId: number;
  tenantId: number;
  propertyId: number;
  status: string;
  startDate: string;
  endDate: string;
  rent: number;
  deposit: number;
  dueDay: number;
  graceDays: number;
  lateFee: {
    flat: number;
    percent: number;
    percentOfRent: number;
    daily: number;
    weekly: number;
    maxPerMonth: number | null;
  };
  issueDaysBefore: number;
  depositInvoiceId: number | null;
}
type Paged = { items: Lease[]; total: number };

let admin: Client;
let landlord: Client;

beforeAll(async () => {
  [admin, landlord] = await Promise.all([signedIn('super'), signedIn('landlord')]);
});

const create = (body: Record<string, unknown>) => admin.post(`${BASE}/leases.json`, body);
const leaseOf = (res: ApiResponse) => (res.body as { lease: Lease }).lease;

/** A new LTR property (landlord 2 unless given) and tenant. */
async function parties(property: Record<string, unknown> = {}) {
  const [propertyId, tenant] = await Promise.all([
    createLtrProperty({ landlord: 2, ...property }),
    createTenant({ isActive: 1 }),
  ]);
  return { propertyId, tenant, tenantId: tenant.tenantId };
}

async function made(body: Record<string, unknown>): Promise<Lease> {
  const res = await create(body);
  expect(res.status, res.text).toBe(201);
  return leaseOf(res);
}

describe('create', () => {
  it('takes the property’s figures and the defaults for terms left out, and invoices the deposit (posted)', async () => {
    const { propertyId, tenantId } = await parties();
    const res = await create({ tenantId, propertyId, startDate: day(10) });
    expect(res.status, res.text).toBe(201);
    const lease = leaseOf(res);
    expect(res.body.leaseId).toBe(lease.leaseId);
    expect(lease).toMatchObject({
      tenantId,
      propertyId,
      status: 'upcoming',
      startDate: day(10),
      endDate: '',
      rent: 1200,
      deposit: 1200,
      dueDay: 1,
      graceDays: 5,
      lateFee: { flat: 50, percent: 0, percentOfRent: 0, daily: 0, weekly: 0, maxPerMonth: null },
      issueDaysBefore: 14,
      applicationId: null,
    });
    expect(await admin.get(`${BASE}/leases/${lease.leaseId}.json`).then((r) => r.body)).toEqual(lease);

    const invoiceId = lease.depositInvoiceId as number;
    const invoice = await admin.get(`/API/adminInvoices/V1/invoices/${invoiceId}.json`);
    expect(invoice.body).toMatchObject({
      description: 'DEPOSIT',
      tenantId,
      propertyId,
      leaseId: lease.leaseId,
      totalComputed: 1200,
      amountDue: 1200,
      status: 0,
      dueDate: day(10),
      invoiceDate: day(0),
    });
    const { balance } = await documentJournal('invoice', invoiceId);
    expect(Object.values(balance).some((cents) => Math.abs(cents) === 120_000)).toBe(true);
    const [change] = await changesOf('lease', lease.leaseId);
    expect(change).toMatchObject({ action: 'created', event: 'lease.created' });
    expect((await changesOf('invoice', invoiceId))[0]).toMatchObject({ event: 'invoice.created' });
  });

  it('takes every term given; no deposit invoice for a deposit of 0', async () => {
    const { propertyId, tenantId } = await parties();
    const lease = await made({
      tenantId,
      propertyId,
      startDate: day(-20),
      endDate: day(345),
      rent: '1450.50',
      deposit: 0,
      dueDay: 28,
      graceDays: 3,
      lateFee: { flat: 25, percent: '2.5', percentOfRent: 1.25, daily: 5, weekly: '15.00', maxPerMonth: 100 },
      issueDaysBefore: 7,
    });
    expect(lease).toMatchObject({
      status: 'active',
      endDate: day(345),
      rent: 1450.5,
      deposit: 0,
      dueDay: 28,
      graceDays: 3,
      lateFee: { flat: 25, percent: 2.5, percentOfRent: 1.25, daily: 5, weekly: 15, maxPerMonth: 100 },
      issueDaysBefore: 7,
      depositInvoiceId: null,
    });
  });

  it('refuses bad terms with a 400 naming the field', async () => {
    const { propertyId, tenantId } = await parties();
    const base = { tenantId, propertyId, startDate: day(5) };
    const cases: [Record<string, unknown>, string][] = [
      [{ dueDay: 0 }, 'dueDay'],
      [{ dueDay: 29 }, 'dueDay'],
      [{ rent: -1 }, 'rent'],
      [{ deposit: '-5.00' }, 'deposit'],
      [{ endDate: day(4) }, 'endDate'],
      [{ lateFee: { percent: 101 } }, 'lateFee.percent'],
      // A percentage takes 3 decimals, like every other one (docs/decisions.md).
      [{ lateFee: { percent: 2.5555 } }, 'lateFee.percent'],
      [{ lateFee: { daily: -1 } }, 'lateFee.daily'],
      [{ graceDays: -1 }, 'graceDays'],
      [{ startDate: '2027-02-30' }, 'startDate'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [extra, field] of cases) {
      const res = await create({ ...base, ...extra });
      expect(res.status, `${JSON.stringify(extra)}: ${res.text}`).toBe(400);
      const fields = (problem(res).errors ?? []).map((e) => e.field);
      expect(
        fields.some((f) => f === field || f.startsWith(field)),
        `${field} in ${fields}`,
      ).toBe(true);
    }
    expect((await admin.get(`${BASE}/leases.json`, { query: { propertyId } })).body).toMatchObject({
      total: 0,
    });
  });

  it('is a 4xx, never a lease, for an unknown tenant, an unknown, VR or archived property', async () => {
    const { propertyId, tenantId } = await parties();
    const vr = await createVrProperty();
    const archived = await createLtrProperty();
    expect((await admin.delete(`/API/adminProperties/V1/properties/${archived}.json`)).status).toBe(200);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ tenantId: 999_999, propertyId }, 'tenantId', /Tenant 999999 does not exist/],
      [{ tenantId, propertyId: 999_999 }, 'propertyId', /does not exist/],
      [{ tenantId, propertyId: vr }, 'propertyId', /vacation rental/],
      [{ tenantId, propertyId: archived }, 'propertyId', /archived/],
    ];
    for (const [body, field, detail] of cases) {
      const res = await create({ ...body, startDate: day(1) });
      expect(res.status, res.text).toBe(400);
      expect(problem(res).detail).toMatch(detail);
      expect(problem(res).errors?.[0]?.field).toBe(field);
    }
    const listed = await admin.get<Paged>(`${BASE}/leases.json`, { query: { tenantId } });
    expect(listed.body.total).toBe(0);
  });
});

describe('leases of one property never overlap', () => {
  it('refuses a lease covering a day of another (409), takes one after the other’s last day', async () => {
    const { propertyId, tenantId } = await parties();
    const first = await made({ tenantId, propertyId, startDate: day(10), endDate: day(100) });
    for (const [startDate, endDate] of [
      [day(100), day(200)],
      [day(0), day(10)],
      [day(50), ''],
      [day(-30), undefined],
    ]) {
      const res = await create({
        tenantId,
        propertyId,
        startDate,
        ...(endDate === undefined ? {} : { endDate }),
      });
      expect(res.status, `${startDate}..${endDate}: ${res.text}`).toBe(409);
      expect(problem(res).detail).toContain(`Lease ${first.leaseId}`);
    }
    await made({ tenantId, propertyId, startDate: day(101) });
    await made({ tenantId, propertyId, startDate: day(0), endDate: day(9) });
    // Moving the first lease's end onto the next lease is refused too.
    const moved = await admin.put(`${BASE}/leases/${first.leaseId}.json`, { endDate: day(101) });
    expect(moved.status, moved.text).toBe(409);
  });

  it('two admins creating overlapping leases at once: one 201, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { propertyId, tenantId } = await parties();
      const other = await createTenant({ isActive: 1 });
      const answers = await Promise.all([
        create({ tenantId, propertyId, startDate: day(30), endDate: day(60) }),
        create({ tenantId: other.tenantId, propertyId, startDate: day(45) }),
      ]);
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([201, 409]);
      const listed = await admin.get<Paged>(`${BASE}/leases.json`, { query: { propertyId } });
      expect(listed.body.total).toBe(1);
    }
  });
});

describe('list and landlord scope', () => {
  let own: Lease;
  let foreign: Lease;
  let ended: Lease;

  beforeAll(async () => {
    const a = await parties({ landlord: 2 });
    const b = await parties({ landlord: 5 });
    own = await made({ tenantId: a.tenantId, propertyId: a.propertyId, startDate: day(-10) });
    ended = await made({
      tenantId: b.tenantId,
      propertyId: b.propertyId,
      startDate: day(-60),
      endDate: day(-31),
    });
    foreign = await made({ tenantId: b.tenantId, propertyId: b.propertyId, startDate: day(5) });
  });

  it('filters by property, tenant and status (upcoming, active, ended: the site’s today)', async () => {
    const byTenant = await admin.get<Paged>(`${BASE}/leases.json`, { query: { tenantId: foreign.tenantId } });
    expect(byTenant.body.items.map((l) => [l.leaseId, l.status])).toEqual([
      [foreign.leaseId, 'upcoming'],
      [ended.leaseId, 'ended'],
    ]);
    const endedOnly = await admin.get<Paged>(`${BASE}/leases.json`, {
      query: { propertyId: foreign.propertyId, status: 'ended' },
    });
    expect(endedOnly.body.items.map((l) => l.leaseId)).toEqual([ended.leaseId]);
    const active = await admin.get<Paged>(`${BASE}/leases.json`, { query: { status: 'active', limit: 100 } });
    expect(active.body.items.every((l) => l.status === 'active')).toBe(true);
    expect(active.body.items.map((l) => l.leaseId)).toContain(own.leaseId);
    const paged = await admin.get<Paged>(`${BASE}/leases.json`, {
      query: { tenantId: foreign.tenantId, limit: 1, page: 2 },
    });
    expect(paged.body).toMatchObject({ total: 2, items: [{ leaseId: ended.leaseId }] });
    const bad = await admin.get(`${BASE}/leases.json`, { query: { status: 'pending' } });
    expect(bad.status).toBe(400);
  });

  it('a landlord sees the leases of its own properties only; another’s is the 404 of a missing lease', async () => {
    const all = await landlord.get<Paged>(`${BASE}/leases.json`, { query: { limit: 100 } });
    const ids = all.body.items.map((l) => l.leaseId);
    expect(ids).toContain(own.leaseId);
    expect(ids).not.toContain(foreign.leaseId);
    const byForeignProperty = await landlord.get<Paged>(`${BASE}/leases.json`, {
      query: { propertyId: foreign.propertyId },
    });
    expect(byForeignProperty.body.total).toBe(0);
    const byForeignTenant = await landlord.get<Paged>(`${BASE}/leases.json`, {
      query: { tenantId: foreign.tenantId },
    });
    expect(byForeignTenant.body.total).toBe(0);
    expect((await landlord.get(`${BASE}/leases/${own.leaseId}.json`)).status).toBe(200);
    for (const path of [`leases/${foreign.leaseId}.json`, `leases/${foreign.leaseId}/ledger.json`]) {
      const res = await landlord.get(`${BASE}/${path}`);
      expect(res.status).toBe(404);
      expect(problem(res).detail).toBe(`Lease ${foreign.leaseId} not found`);
    }
    const write = await landlord.post(`${BASE}/leases.json`, {
      tenantId: own.tenantId,
      propertyId: own.propertyId,
      startDate: day(900),
    });
    expect(write.status).toBe(403);
  });
});

describe('update and end', () => {
  it('PUT changes the terms sent and keeps the others; the change is announced', async () => {
    const { propertyId, tenantId } = await parties();
    const lease = await made({ tenantId, propertyId, startDate: day(-40) });
    const res = await admin.put(`${BASE}/leases/${lease.leaseId}.json`, {
      rent: 1300,
      lateFee: { percent: 5, maxPerMonth: 150 },
      endDate: day(300),
    });
    expect(res.status, res.text).toBe(200);
    expect(leaseOf(res)).toMatchObject({
      rent: 1300,
      deposit: 1200,
      lateFee: { flat: 50, percent: 5, daily: 0, maxPerMonth: 150 },
      endDate: day(300),
      dueDay: 1,
    });
    const cleared = await admin.put(`${BASE}/leases/${lease.leaseId}.json`, {
      endDate: '',
      lateFee: { maxPerMonth: null },
    });
    expect(leaseOf(cleared)).toMatchObject({ endDate: '', lateFee: { maxPerMonth: null } });
    const changes = await changesOf('lease', lease.leaseId);
    expect(changes.map((c) => c.action)).toEqual(['created', 'updated', 'updated']);
    // Nothing to change writes nothing.
    await admin.put(`${BASE}/leases/${lease.leaseId}.json`, { rent: 1300 });
    expect(await changesOf('lease', lease.leaseId)).toHaveLength(3);
  });

  it('PUT refuses a start moved after the lease began (409), an end before the start (400), no field (400), the deposit (400)', async () => {
    const { propertyId, tenantId } = await parties();
    const lease = await made({ tenantId, propertyId, startDate: day(-5), endDate: day(30) });
    const path = `${BASE}/leases/${lease.leaseId}.json`;
    expect((await admin.put(path, { startDate: day(-4) })).status).toBe(409);
    expect((await admin.put(path, { endDate: day(-6) })).status).toBe(400);
    expect((await admin.put(path, {})).status).toBe(400);
    expect((await admin.put(path, { deposit: 5 })).status).toBe(400);
    expect((await admin.put(`${BASE}/leases/999999.json`, { rent: 5 })).status).toBe(404);
    const upcoming = await made({ tenantId, propertyId, startDate: day(40) });
    const moved = await admin.put(`${BASE}/leases/${upcoming.leaseId}.json`, { startDate: day(45) });
    expect(moved.status, moved.text).toBe(200);
    expect(leaseOf(moved).startDate).toBe(day(45));
  });

  it('DELETE ends the lease on endDate (default today); before the start 400, after its end 409, again no change', async () => {
    const { propertyId, tenantId } = await parties();
    const lease = await made({ tenantId, propertyId, startDate: day(-30) });
    const path = `${BASE}/leases/${lease.leaseId}.json`;
    const early = await admin.delete(path, { query: { endDate: day(-31) } });
    expect(early.status).toBe(400);
    expect(problem(early).errors?.[0]?.field).toBe('endDate');
    const ended = await admin.delete(path);
    expect(ended.status, ended.text).toBe(200);
    expect(leaseOf(ended)).toMatchObject({ endDate: day(0), status: 'active' });
    expect((await admin.delete(path, { query: { endDate: day(1) } })).status).toBe(409);
    const again = await admin.delete(path, { body: { endDate: day(0) } });
    expect(again.status).toBe(200);
    const earlier = await admin.delete(path, { query: { endDate: day(-1) } });
    expect(leaseOf(earlier)).toMatchObject({ endDate: day(-1), status: 'ended' });
    expect((await changesOf('lease', lease.leaseId)).map((c) => c.action)).toEqual([
      'created',
      'ended',
      'ended',
    ]);
    const disagree = await admin.delete(path, { query: { endDate: day(-1) }, body: { endDate: day(-2) } });
    expect(disagree.status).toBe(400);
    // The freed days take a new lease.
    await made({ tenantId, propertyId, startDate: day(0) });
  });
});

describe('ledger', () => {
  it('lists the deposit charge and a payment recorded through adminPayments with the running balance', async () => {
    const { propertyId, tenantId } = await parties({ propertyDeposit: '800' });
    const lease = await made({ tenantId, propertyId, startDate: day(-3) });
    const invoiceId = lease.depositInvoiceId as number;
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: 300,
      method: 'check',
      date: day(0),
    });
    expect(paid.status, paid.text).toBe(201);
    // Another invoice of the same tenant, not of the lease, stays out.
    const other = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: day(10),
      tenantId,
      lineItems: [{ description: 'Keys', amount: 20 }],
    });
    expect(other.status).toBe(201);
    const ledger = await admin.get(`${BASE}/leases/${lease.leaseId}/ledger.json`);
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body).toEqual({
      leaseId: lease.leaseId,
      tenantId,
      propertyId,
      items: [
        {
          date: day(0),
          kind: 'charge',
          invoiceId,
          paymentId: null,
          description: 'Security deposit',
          invoiceType: 'DEPOSIT',
          method: null,
          amount: 800,
          refunded: null,
          balance: 800,
        },
        {
          date: day(0),
          kind: 'payment',
          invoiceId,
          paymentId: expect.any(Number),
          description: 'Check',
          invoiceType: 'DEPOSIT',
          method: 'check',
          amount: -300,
          refunded: null,
          balance: 500,
        },
      ],
      balance: 500,
    });
    expect((await admin.get(`${BASE}/leases/999999/ledger.json`)).status).toBe(404);
  });
});

describe('the tenant’s session follows the lease active today', () => {
  it('me.json shows the active lease, not an upcoming or ended one', async () => {
    const { propertyId, tenant } = await parties();
    const client = await tenantSession({ email: tenant.tenantEmail, password: tenant.password });
    const me = async () => (await client.get('/API/publicAuth/V1/me.json')).body;
    expect(await me()).toMatchObject({ propertyId: null, leaseId: null });
    const upcoming = await made({ tenantId: tenant.tenantId, propertyId, startDate: day(20) });
    expect(await me()).toMatchObject({ propertyId: null, leaseId: null });
    const current = await made({
      tenantId: tenant.tenantId,
      propertyId,
      startDate: day(-5),
      endDate: day(19),
    });
    expect(await me()).toMatchObject({ propertyId, leaseId: current.leaseId });
    expect(
      (await admin.delete(`${BASE}/leases/${current.leaseId}.json`, { query: { endDate: day(-1) } })).status,
    ).toBe(200);
    expect(await me()).toMatchObject({ propertyId: null, leaseId: null });
    expect(upcoming.status).toBe('upcoming');
  });
});

describe('fixture kind leases', () => {
  it('takes the terms in the API’s names and relative dates, reloads in place, and refuses an overlap', async () => {
    useLocalTable();
    const { loadFixture } = await import('../infra/local/fixture/index.js');
    const { propertyId, tenantId } = await parties();
    const leaseId = 900_000 + Math.floor(Math.random() * 90_000);
    const lease = {
      leaseId,
      tenantId,
      propertyId,
      startDate: '-45d',
      rent: '1500',
      dueDay: 5,
      lateFee: { percent: 5, maxPerMonth: 120 },
      issueDaysBefore: 10,
    };
    await loadFixture({ leases: [lease] });
    await loadFixture({ leases: [lease] });
    const read = await admin.get(`${BASE}/leases/${leaseId}.json`);
    expect(read.body).toMatchObject({
      status: 'active',
      startDate: day(-45),
      endDate: '',
      rent: 1500,
      deposit: 1200,
      dueDay: 5,
      graceDays: 5,
      lateFee: { flat: 50, percent: 5, daily: 0, maxPerMonth: 120 },
      issueDaysBefore: 10,
      depositInvoiceId: null,
    });
    await expect(
      loadFixture({ leases: [{ ...lease, leaseId: leaseId + 1, startDate: '+10d' }] }),
    ).rejects.toThrow(`overlaps its lease ${leaseId}`);
    expect((await create({ tenantId, propertyId, startDate: day(1) })).status).toBe(409);
  });
});

describe('rentRun.json', () => {
  it('refuses a day after the site’s today with a 400 naming date; runs today or a day before it', async () => {
    // Two days ahead of UTC is after the site's today in any time zone.
    for (const date of [day(2), '9999-12-01']) {
      const res = await admin.post(`${BASE}/rentRun.json`, { date });
      expect(res.status, `${date}: ${res.text}`).toBe(400);
      expect(problem(res).errors?.[0]?.field).toBe('date');
    }
    const backDated = await admin.post<{ date: string; autopay: unknown[] }>(`${BASE}/rentRun.json`, {
      date: day(-3),
    });
    expect(backDated.status, backDated.text).toBe(200);
    expect(backDated.body).toMatchObject({ date: day(-3), autopay: [] });
    const today = await admin.post<{ date: string }>(`${BASE}/rentRun.json`, {});
    expect(today.status, today.text).toBe(200);
    expect(today.body.date).toBe(day(0));
  });
});
