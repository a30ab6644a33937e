/**
 * Admin reports over HTTP (spec "Admin reports"): income and occupancy; every status, the roles, date bounds,
 * and cent-exact sums with refunds. Payments are planted as the money data contract's items (docs/data-model.md
 * I5, PROPPAY) in years no other test uses, so the figures are exact; the reservations go through the admin
 * API. The owner statement (beyond the spec) is test/adminReports-statement.test.ts; test/fixture-money.test.ts
 * reads reports of records written through the ledger itself.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexKeys } from '../shared/db/keys.js';
import { createLtrProperty, createVrProperty, uniqueEmail } from './support/builders.js';
import { type ApiResponse, Client, problem, signedIn } from './support/client.js';
import { rawTable, TABLE } from './support/table.js';

const BASE = '/API/adminReports/V1';
const pad = (n: number) => String(n).padStart(10, '0');
let nextId = 900_000;

/** A settled payment item (money data contract); a refund is a negative amount. */
async function plantPayment(p: {
  amountCents: number;
  date: string;
  propertyId: number | null;
  direction?: 'in' | 'out';
}): Promise<void> {
  const paymentId = nextId++;
  const direction = p.direction ?? 'in';
  const documentType = direction === 'in' ? 'invoice' : 'expense';
  const documentId = nextId++;
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `${documentType.toUpperCase()}#${documentId}`,
        SK: `PAYMENT#${pad(paymentId)}`,
        entity: 'payment',
        paymentId,
        documentType,
        documentId,
        propertyId: p.propertyId,
        direction,
        amountCents: p.amountCents,
        method: 'cash',
        date: p.date,
        reference: '',
        createdAt: `${p.date}T12:00:00.000Z`,
        // I5's partition as the key builder gives it (the unspread `PAYMENTS#settled` this planted before is
        // read no more: an older store's items are moved by `npm run migrate:shards`, docs/data-model.md "Spread").
        GSI1PK: indexKeys.settledPayments(paymentId),
        GSI1SK: `${p.date}#${pad(paymentId)}`,
        ...(p.propertyId === null
          ? {}
          : { GSI2PK: `PROPPAY#${p.propertyId}`, GSI2SK: `${p.date}#${pad(paymentId)}` }),
      },
    }),
  );
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let superAdmin: Client;
let rep: Client;
let landlord: Client;
let housekeeper: Client;

beforeAll(async () => {
  [superAdmin, rep, landlord, housekeeper] = await Promise.all([
    signedIn('super'),
    signedIn('svcRep'),
    signedIn('landlord'),
    signedIn('housekeeper'),
  ]);
});

const fieldsOf = (res: ApiResponse) => (problem(res).errors ?? []).map((e) => e.field);

describe('income report', () => {
  beforeAll(async () => {
    // 2031: sums that float addition would get wrong (0.1 + 0.2 …), refunds, money out, and the range's edges.
    for (const [amountCents, date, propertyId] of [
      [10, '2031-03-01', 2001],
      [20, '2031-03-15', 2001],
      [123_456_78, '2031-03-31', 2002],
      [-5, '2031-03-20', 2001],
      [-1_000_00, '2031-03-21', null],
      [99_99, '2031-02-28', 2001], // the day before
      [77_77, '2031-04-01', 2001], // the day after
    ] as const)
      await plantPayment({ amountCents, date, propertyId });
    await plantPayment({ amountCents: 50_000_00, date: '2031-03-10', propertyId: 2001, direction: 'out' });
  });

  it('sums settled incoming payments less refunds, cent-exact, both days included; money out is not income', async () => {
    for (const who of [superAdmin, rep]) {
      const res = await who.get(`${BASE}/income.json`, {
        query: { dateFrom: '2031-03-01', dateTo: '2031-03-31' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        dateFrom: '2031-03-01',
        dateTo: '2031-03-31',
        propertyId: null,
        totalIncome: 122_457.03,
        transactionCount: 5,
        refunds: 1000.05,
        refundCount: 2,
        depositsReceived: 0,
        depositsReturned: 0,
        depositCount: 0,
      });
    }
    const oneDay = await superAdmin.get(`${BASE}/income.json`, {
      query: { dateFrom: '2031-03-31', dateTo: '2031-03-31' },
    });
    expect(oneDay.body).toMatchObject({ totalIncome: 123_456.78, transactionCount: 1 });
    const none = await superAdmin.get(`${BASE}/income.json`, {
      query: { dateFrom: '2032-01-01', dateTo: '2032-12-31' },
    });
    expect(none.body).toMatchObject({ totalIncome: 0, transactionCount: 0, refundCount: 0 });
  });

  it('narrows to one property with propertyId', async () => {
    const res = await superAdmin.get(`${BASE}/income.json`, {
      query: { dateFrom: '2031-03-01', dateTo: '2031-03-31', propertyId: 2001 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      propertyId: 2001,
      totalIncome: 0.25,
      transactionCount: 3,
      refunds: 0.05,
    });
  });

  it('400 without either date, with a bad or reversed range, or an unknown property', async () => {
    const missing = await superAdmin.get(`${BASE}/income.json`);
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(['dateFrom', 'dateTo']));
    const noTo = await superAdmin.get(`${BASE}/income.json`, { query: { dateFrom: '2031-03-01' } });
    expect(noTo.status).toBe(400);
    expect(fieldsOf(noTo)).toEqual(['dateTo']);
    for (const query of [
      { dateFrom: '2031-02-30', dateTo: '2031-03-31' },
      { dateFrom: 'yesterday', dateTo: '2031-03-31' },
      { dateFrom: '2031-03-01', dateTo: '2031-03-31', propertyId: 'x' },
      { dateFrom: '2031-03-01', dateTo: '2031-03-31', propertyId: 0 },
    ])
      expect((await superAdmin.get(`${BASE}/income.json`, { query })).status).toBe(400);
    const reversed = await superAdmin.get(`${BASE}/income.json`, {
      query: { dateFrom: '2031-03-02', dateTo: '2031-03-01' },
    });
    expect(reversed.status).toBe(400);
    expect(fieldsOf(reversed)).toEqual(['dateTo']);
    const unknown = await superAdmin.get(`${BASE}/income.json`, {
      query: { dateFrom: '2031-03-01', dateTo: '2031-03-31', propertyId: 999_999 },
    });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['propertyId']);
  });

  it('401 without a session, 403 for landlords and housekeepers', async () => {
    const query = { dateFrom: '2031-03-01', dateTo: '2031-03-31' };
    expect((await new Client().get(`${BASE}/income.json`, { query })).status).toBe(401);
    for (const who of [landlord, housekeeper]) {
      expect((await who.get(`${BASE}/income.json`, { query })).status).toBe(403);
      expect((await who.get(`${BASE}/occupancy.json`, { query })).status).toBe(403);
    }
  });
});

describe('occupancy report', () => {
  let vr: number;
  let vr2: number;
  beforeAll(async () => {
    vr = await createVrProperty({ units: 5, maxNights: 40 });
    vr2 = await createVrProperty();
    const book = async (
      propertyId: number,
      from: number,
      to: number,
      extra: Record<string, unknown> = {},
    ) => {
      const res = await superAdmin.post('/API/adminReservations/V1/reservations.json', {
        propertyId,
        dateFrom: day(from),
        dateTo: day(to),
        name: 'Occupancy Guest',
        email: uniqueEmail('occupancy'),
        totalPrice: '100.10',
        ...extra,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.reservationId as number;
    };
    await book(vr, 200, 203); // 3 nights, check-out on the range's first day
    await book(vr, 195, 210); // 15 nights, began before the range
    await book(vr, 215, 220); // check-out on the range's last day
    await book(vr, 219, 221); // check-out after the range
    await book(vr, 205, 207, { adminBlock: '1' });
    await book(vr, 205, 207, { status: '0' });
    const cancelled = await book(vr, 205, 207);
    expect((await superAdmin.delete(`/API/adminReservations/V1/reservations/${cancelled}.json`)).status).toBe(
      200,
    );
    await book(vr2, 201, 202);
  });

  it('counts confirmed stays by check-out in the range, whole, per VR property', async () => {
    const res = await rep.get(`${BASE}/occupancy.json`, { query: { dateFrom: day(203), dateTo: day(220) } });
    expect(res.status, res.text).toBe(200);
    const rows = res.body.items as { propertyId: number }[];
    expect(rows.find((r) => r.propertyId === vr)).toEqual({
      propertyId: vr,
      name: expect.any(String),
      units: 5,
      reservations: 3,
      nights: 23,
      totalPrice: 300.3,
    });
    expect(rows.find((r) => r.propertyId === vr2)).toMatchObject({ reservations: 0, nights: 0 });
    // Every unarchived VR property has a row; the fixture's archived one (2004) has none without stays.
    expect(rows.map((r) => r.propertyId)).toEqual(expect.arrayContaining([2001, 2002, 2003]));
    expect(rows.map((r) => r.propertyId)).not.toContain(2004);
    expect(rows.map((r) => r.propertyId)).not.toContain(11);
    expect(res.body.totalNights).toBe(23);
    expect(res.body.totalReservations).toBe(3);
  });

  it('narrows to one VR property; an LTR or unknown property is a 400', async () => {
    const res = await superAdmin.get(`${BASE}/occupancy.json`, {
      query: { dateFrom: day(201), dateTo: day(202), propertyId: vr2 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ propertyId: vr2, totalNights: 1, totalReservations: 1 });
    expect((res.body.items as unknown[]).length).toBe(1);
    const ltr = await createLtrProperty();
    for (const propertyId of [ltr, 999_999]) {
      const bad = await superAdmin.get(`${BASE}/occupancy.json`, {
        query: { dateFrom: day(1), dateTo: day(2), propertyId },
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad)).toEqual(['propertyId']);
    }
  });

  it('400 without dates or with a reversed range; 401 without a session', async () => {
    expect((await superAdmin.get(`${BASE}/occupancy.json`)).status).toBe(400);
    expect((await superAdmin.get(`${BASE}/occupancy.json`, { query: { dateTo: day(1) } })).status).toBe(400);
    expect(
      (await superAdmin.get(`${BASE}/occupancy.json`, { query: { dateFrom: day(2), dateTo: day(1) } }))
        .status,
    ).toBe(400);
    expect(
      (await new Client().get(`${BASE}/occupancy.json`, { query: { dateFrom: day(1), dateTo: day(2) } }))
        .status,
    ).toBe(401);
  });
});
