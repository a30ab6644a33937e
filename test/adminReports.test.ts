/**
 * Admin reports over HTTP (spec "Admin reports", and the owner statement beyond it): income, occupancy and
 * the owner statement; every status, the roles, a landlord's own and another's statement, date bounds, and
 * cent-exact sums with refunds. Payments and journal entries are planted as the money data contract's items
 * (docs/data-model.md I5, PROPPAY, PROPLEDGER) in years no other test uses, so the figures are exact; the
 * reservations go through the admin API. test/fixture-money.test.ts reads reports of records written through
 * the ledger itself.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLtrProperty, createVrProperty, uniqueEmail } from './support/builders.js';
import { type ApiResponse, Client, problem, signedIn } from './support/client.js';
import { readPdf } from './support/pdf-text.js';
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
        GSI1PK: 'PAYMENTS#settled',
        GSI1SK: `${p.date}#${pad(paymentId)}`,
        ...(p.propertyId === null
          ? {}
          : { GSI2PK: `PROPPAY#${p.propertyId}`, GSI2SK: `${p.date}#${pad(paymentId)}` }),
      },
    }),
  );
}

const cashLine = (cents: number) => ({
  account: 'cash',
  debitCents: Math.max(cents, 0),
  creditCents: Math.max(-cents, 0),
});
const otherLine = (account: string, cents: number) => ({
  account,
  debitCents: Math.max(-cents, 0),
  creditCents: Math.max(cents, 0),
});

/** A journal entry item of a property (money data contract): `cashIn` cents into cash, balanced by `against`. */
async function plantEntry(e: {
  propertyId: number;
  date: string;
  documentType: 'invoice' | 'expense';
  kind: string;
  cashIn?: number;
  posted?: number;
}): Promise<void> {
  const entryId = nextId++;
  const documentId = nextId++;
  const lines =
    e.posted !== undefined
      ? [otherLine('revenue', e.posted), { account: 'receivable', debitCents: e.posted, creditCents: 0 }]
      : [
          cashLine(e.cashIn ?? 0),
          otherLine(e.documentType === 'invoice' ? 'receivable' : 'payable', e.cashIn ?? 0),
        ];
  await rawTable.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `${e.documentType.toUpperCase()}#${documentId}`,
        SK: `JOURNAL#${pad(entryId)}`,
        entity: 'journal',
        entryId,
        kind: e.kind,
        date: e.date,
        documentType: e.documentType,
        documentId,
        propertyId: e.propertyId,
        lines,
        GSI3PK: `PROPLEDGER#${e.propertyId}`,
        GSI3SK: `${e.date}#${pad(entryId)}`,
      },
    }),
  );
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let superAdmin: Client;
let rep: Client;
let landlord: Client;
let otherLandlord: Client;
let housekeeper: Client;

beforeAll(async () => {
  [superAdmin, rep, landlord, otherLandlord, housekeeper] = await Promise.all([
    signedIn('super'),
    signedIn('svcRep'),
    signedIn('landlord'),
    signedIn('otherLandlord'),
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

describe('owner statement', () => {
  beforeAll(async () => {
    // Landlord 2 owns 2001, 2003 and 11; landlord 5 owns 2002, 2004 and 12 (test/fixtures/base.json).
    await plantEntry({
      propertyId: 2001,
      date: '2031-05-01',
      documentType: 'invoice',
      kind: 'invoicePosted',
      posted: 500_00,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-05-01',
      documentType: 'invoice',
      kind: 'paymentReceived',
      cashIn: 333_33,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-05-31',
      documentType: 'invoice',
      kind: 'paymentReceived',
      cashIn: 166_67,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-05-15',
      documentType: 'invoice',
      kind: 'refundIssued',
      cashIn: -10_01,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-05-20',
      documentType: 'expense',
      kind: 'expensePaid',
      cashIn: -75_50,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-05-21',
      documentType: 'expense',
      kind: 'expenseRefunded',
      cashIn: 5,
    });
    await plantEntry({
      propertyId: 11,
      date: '2031-05-03',
      documentType: 'invoice',
      kind: 'paymentReceived',
      cashIn: 1200_00,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-04-30',
      documentType: 'invoice',
      kind: 'paymentReceived',
      cashIn: 1_00,
    });
    await plantEntry({
      propertyId: 2001,
      date: '2031-06-01',
      documentType: 'invoice',
      kind: 'paymentReceived',
      cashIn: 2_00,
    });
    await plantEntry({
      propertyId: 2002,
      date: '2031-05-10',
      documentType: 'invoice',
      kind: 'paymentReceived',
      cashIn: 999_00,
    });
  });

  const expected = {
    month: '2031-05',
    dateFrom: '2031-05-01',
    dateTo: '2031-05-31',
    landlord: 2,
    landlordName: 'Lou Landlord',
    items: [
      {
        propertyId: 11,
        name: 'Fixture Elm Apartment',
        type: 'ltr',
        income: 1200,
        expenses: 0,
        net: 1200,
        transactions: 1,
      },
      {
        propertyId: 2001,
        name: 'Fixture Beach House',
        type: 'vr',
        income: 489.99,
        expenses: 75.45,
        net: 414.54,
        transactions: 5,
      },
      {
        propertyId: 2003,
        name: 'Fixture Hidden Cabin',
        type: 'vr',
        income: 0,
        expenses: 0,
        net: 0,
        transactions: 0,
      },
    ],
    totals: { income: 1689.99, expenses: 75.45, net: 1614.54 },
  };

  it('a landlord reads their own month: per property settled income, expenses and net, cent-exact', async () => {
    const own = await landlord.get(`${BASE}/ownerStatement.json`, { query: { month: '2031-05' } });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual(expected);
    const named = await landlord.get(`${BASE}/ownerStatement.json`, {
      query: { month: '2031-05', landlord: 2 },
    });
    expect(named.body).toEqual(expected);
  });

  it('super_admin and svc_rep read any landlord’s, which they must name', async () => {
    for (const who of [superAdmin, rep]) {
      const res = await who.get(`${BASE}/ownerStatement.json`, { query: { month: '2031-05', landlord: 2 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
      const other = await who.get(`${BASE}/ownerStatement.json`, {
        query: { month: '2031-05', landlord: 5 },
      });
      // Landlord 5's archived 2004 has nothing this month, so no row.
      expect((other.body.items as { propertyId: number }[]).map((r) => r.propertyId)).toEqual([12, 2002]);
      expect(other.body.totals).toEqual({ income: 999, expenses: 0, net: 999 });
      const missing = await who.get(`${BASE}/ownerStatement.json`, { query: { month: '2031-05' } });
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing)).toEqual(['landlord']);
    }
  });

  it('403 for another landlord’s statement and for housekeepers; 401 without a session', async () => {
    const res = await otherLandlord.get(`${BASE}/ownerStatement.json`, {
      query: { month: '2031-05', landlord: 2 },
    });
    expect(res.status).toBe(403);
    expect(problem(res).status).toBe(403);
    expect(
      (await housekeeper.get(`${BASE}/ownerStatement.json`, { query: { month: '2031-05' } })).status,
    ).toBe(403);
    expect(
      (await new Client().get(`${BASE}/ownerStatement.json`, { query: { month: '2031-05' } })).status,
    ).toBe(401);
  });

  it('400 for a bad or missing month and for a landlord who is not one', async () => {
    for (const month of ['2031-13', '2031-5', 'May', '2031-05-01']) {
      const res = await superAdmin.get(`${BASE}/ownerStatement.json`, { query: { month, landlord: 2 } });
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['month']);
    }
    expect((await landlord.get(`${BASE}/ownerStatement.json`)).status).toBe(400);
    for (const id of [3, 999_999]) {
      const res = await superAdmin.get(`${BASE}/ownerStatement.json`, {
        query: { month: '2031-05', landlord: id },
      });
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['landlord']);
    }
  });

  it('an empty month is zeros', async () => {
    const res = await landlord.get(`${BASE}/ownerStatement.json`, { query: { month: '2030-01' } });
    expect(res.body.totals).toEqual({ income: 0, expenses: 0, net: 0 });
  });

  describe('as a PDF', () => {
    const pdf = (who: Client, query: Record<string, string | number>) =>
      who.get(`${BASE}/ownerStatement.pdf`, { query, headers: { accept: 'application/pdf' } });

    it('draws the JSON’s figures: each property’s row and the totals, with two decimals', async () => {
      const json = await landlord.get(`${BASE}/ownerStatement.json`, { query: { month: '2031-05' } });
      expect(json.body.totals).toEqual({ income: 1689.99, expenses: 75.45, net: 1614.54 });
      const res = await pdf(landlord, { month: '2031-05' });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('inline; filename="owner-statement-2-2031-05.pdf"');
      expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-');
      const read = await readPdf(res.bytes);
      expect(read.pageCount).toBe(1);
      const strings = read.pages[0] ?? [];
      // The letterhead: the fixture's settings name no business, so the site's name stands in.
      expect(strings.slice(0, 2)).toEqual(['Test Rentals', 'Owner statement May 2031']);
      expect(strings).toContain('Landlord: Lou Landlord (admin 2)');
      expect(strings).toContain('Amounts in USD');
      const cells = (label: string) => strings.slice(strings.indexOf(label), strings.indexOf(label) + 5);
      expect(cells('Fixture Elm Apartment')).toEqual([
        'Fixture Elm Apartment',
        'LTR',
        '1,200.00',
        '0.00',
        '1,200.00',
      ]);
      expect(cells('Fixture Beach House')).toEqual([
        'Fixture Beach House',
        'VR',
        '489.99',
        '75.45',
        '414.54',
      ]);
      expect(cells('Fixture Hidden Cabin')).toEqual(['Fixture Hidden Cabin', 'VR', '0.00', '0.00', '0.00']);
      expect(cells('Total')).toEqual(['Total', '', '1,689.99', '75.45', '1,614.54']);
    });

    it('follows the JSON’s rules: staff name the landlord, a landlord reads only their own', async () => {
      for (const who of [superAdmin, rep]) {
        const res = await pdf(who, { month: '2031-05', landlord: 5 });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toContain('owner-statement-5-2031-05.pdf');
        const strings = (await readPdf(res.bytes)).pages[0] ?? [];
        expect(strings.slice(strings.indexOf('Total'), strings.indexOf('Total') + 5)).toEqual([
          'Total',
          '',
          '999.00',
          '0.00',
          '999.00',
        ]);
        const missing = await pdf(who, { month: '2031-05' });
        expect(missing.status).toBe(400);
        expect(fieldsOf(missing)).toEqual(['landlord']);
      }
      expect((await pdf(landlord, { month: '2031-05', landlord: 2 })).status).toBe(200);
      const other = await pdf(otherLandlord, { month: '2031-05', landlord: 2 });
      expect(other.status).toBe(403);
      expect(problem(other).status).toBe(403);
      expect((await pdf(housekeeper, { month: '2031-05' })).status).toBe(403);
      expect((await pdf(new Client(), { month: '2031-05' })).status).toBe(401);
    });

    it('400 for a bad month or a landlord who is not one, as problem+json', async () => {
      for (const month of ['2031-13', 'May']) {
        const res = await pdf(superAdmin, { month, landlord: 2 });
        expect(res.status).toBe(400);
        expect(fieldsOf(res)).toEqual(['month']);
      }
      const notLandlord = await pdf(superAdmin, { month: '2031-05', landlord: 3 });
      expect(notLandlord.status).toBe(400);
      expect(fieldsOf(notLandlord)).toEqual(['landlord']);
    });
  });
});
