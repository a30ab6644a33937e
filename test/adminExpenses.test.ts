/**
 * Admin expenses over HTTP (spec "Admin expenses"; docs/invoices-expenses.md): create with its journal
 * posting, the single expense with lines and computed totals (no singular alias), the list's filters and
 * paging, the landlord scope, update (header, appended lines, refreshed totals, payment state synced),
 * cancel (3 with the reversal; 409 with settled payments or already cancelled), bad input, and a cancel
 * racing an update. The fixture's site time zone is UTC.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVrProperty } from './support/builders.js';
import { type Client, problem, signedIn, unique } from './support/client.js';
import {
  documentEndpoints,
  documentJournal,
  type Listed as ListedOf,
  plantPaid as plantDocumentPaid,
} from './support/money-documents.js';
import { rawTable, TABLE } from './support/table.js';

const BASE = '/API/adminExpenses/V1';
const today = () => new Date().toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Expense {
  expenseId: number;
  description: string;
  paytoId: string;
  propertyId: number | null;
  expenseDate: string;
  dueDate: string;
  status: number;
  statusLabel: string;
  subtotalComputed: number;
  taxComputed: number;
  totalComputed: number;
  paidComputed: number;
  lineItems: { lineNo: number; description: string; lineTotal: number }[];
}
type Listed = ListedOf<Expense>;

let admin: Client;
/** A property of this file's own, so the list filters see only what these tests made. */
let property: number;

beforeAll(async () => {
  admin = await signedIn('super');
  property = await createVrProperty({ landlord: 2 });
});

const { create, created, read, list } = documentEndpoints<Expense>(
  { type: 'expense', collection: `${BASE}/expenses` },
  () => admin,
  () => ({ description: 'HOUSEKEEPING', paytoId: 'vendor-17', dueDate: day(14), propertyId: property }),
);

/** The expense's journal: entry kinds, and the expense and payable balances (each entry balanced). */
async function journalOf(expenseId: number) {
  const { kinds, balance } = await documentJournal('expense', expenseId);
  return { kinds, expense: balance.expense ?? 0, payable: balance.payable ?? 0 };
}

async function expectJournalHolds(e: Expense) {
  const j = await journalOf(e.expenseId);
  const held = [3, 9].includes(e.status) ? 0 : Math.round(e.totalComputed * 100);
  expect(j.expense).toBe(held);
  expect(j.payable || 0).toBe(held === 0 ? 0 : -held);
}

const plantPaid = (expenseId: number, paidCents: number) =>
  plantDocumentPaid('expense', expenseId, paidCents);

describe('admin expenses: create and read', () => {
  it('creates (201), reads with lines and computed totals, and posts Dr expense / Cr payable', async () => {
    const res = await create({
      lineItems: [
        { description: 'Cleaning', amount: '45.50', quantity: 2 },
        { description: 'Supplies', amount: 12.25, taxed: 1 },
      ],
      tax: 8,
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.expenseId as number;
    const expense = await read(id);
    expect(expense).toMatchObject({
      expenseId: id,
      description: 'HOUSEKEEPING',
      paytoId: 'vendor-17',
      propertyId: property,
      expenseDate: today(),
      dueDate: day(14),
      status: 0,
      statusLabel: 'Unpaid',
      // 91.00 + 12.25; tax 12.25 × 8% = 0.98
      subtotalComputed: 103.25,
      taxComputed: 0.98,
      totalComputed: 104.23,
      paidComputed: 0,
    });
    expect(expense.lineItems.map((l) => [l.lineNo, l.description, l.lineTotal])).toEqual([
      [1, 'Cleaning', 91],
      [2, 'Supplies', 12.25],
    ]);
    expect((await journalOf(id)).kinds).toEqual(['expensePosted']);
    await expectJournalHolds(expense);
    // Expenses have no singular alias (spec convention 6).
    expect((await admin.get(`${BASE}/expense/${id}.json`)).status).toBe(404);
  });

  it('takes a numeric paytoId as its digits, no property, and a draft without posting it', async () => {
    const e = await created({ paytoId: 3, propertyId: undefined, status: 9, description: 'service' });
    expect(e).toMatchObject({
      paytoId: '3',
      propertyId: null,
      status: 9,
      statusLabel: 'Draft',
      description: 'SERVICE',
    });
    expect((await journalOf(e.expenseId)).kinds).toEqual([]);
  });

  it('honours Idempotency-Key', async () => {
    const key = unique('exp').replace(/\W/g, '');
    const body = { description: 'OWNER', paytoId: '2', dueDate: day(1) };
    const first = await admin.post(`${BASE}/expenses.json`, body, { headers: { 'Idempotency-Key': key } });
    const again = await admin.post(`${BASE}/expenses.json`, body, { headers: { 'Idempotency-Key': key } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.expenseId).toBe(first.body.expenseId);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['no payee', { paytoId: undefined }, 'paytoId'],
    ['an empty payee', { paytoId: '  ' }, 'paytoId'],
    ['no due date', { dueDate: undefined }, 'dueDate'],
    ['no type', { description: undefined }, 'description'],
    ['DEPOSIT is no expense type', { description: 'DEPOSIT' }, 'description'],
    ['a property that does not exist', { propertyId: 999_999 }, 'propertyId'],
    ['a paid status on create', { status: 1 }, 'status'],
    ['status 5 is an invoice code', { status: 5 }, 'status'],
    ['an unknown field', { vendor: 'x' }, 'vendor'],
    ['a line of the wrong shape', { lineItems: [{ description: 'x', amount: true }] }, 'lineItems.0.amount'],
    [
      '51 lines',
      { lineItems: Array.from({ length: 51 }, () => ({ description: 'x', amount: 1 })) },
      'lineItems',
    ],
  ];
  it.each(bad)('400 for %s', async (_name, body, field) => {
    const res = await create(body);
    expect(res.status, res.text).toBe(400);
    expect(problem(res).errors?.map((e) => e.field) ?? []).toContain(field);
  });

  it('404 for a missing expense, 400 for a bad id', async () => {
    expect((await admin.get(`${BASE}/expenses/999999.json`)).status).toBe(404);
    expect((await admin.get(`${BASE}/expenses/0.json`)).status).toBe(400);
  });
});

describe('admin expenses: list', () => {
  const ids = { unpaid: 0, draft: 0, cancelled: 0 };
  beforeAll(async () => {
    ids.unpaid = (await created({ lineItems: [{ description: 'a', amount: 1 }] })).expenseId;
    ids.draft = (await created({ status: 9 })).expenseId;
    ids.cancelled = (await created()).expenseId;
    expect((await admin.delete(`${BASE}/expenses/${ids.cancelled}.json`)).status).toBe(200);
  });
  const idsOf = (l: Listed) => l.items.map((e) => e.expenseId);

  it('by property, newest first, every status unless filtered; statusLabel on each row', async () => {
    const all = idsOf(await list({ propertyId: property, limit: 100 }));
    expect(all.indexOf(ids.cancelled)).toBeLessThan(all.indexOf(ids.draft));
    expect(all.indexOf(ids.draft)).toBeLessThan(all.indexOf(ids.unpaid));
    expect(idsOf(await list({ propertyId: property, status: 9 }))).toEqual([ids.draft]);
    expect(idsOf(await list({ propertyId: property, status: 3 }))).toContain(ids.cancelled);
    expect(idsOf(await list({ propertyId: property, status: 3 }))).not.toContain(ids.unpaid);
    expect(
      (await list({ propertyId: property, status: 3 })).items.every((e) => e.statusLabel === 'Cancelled'),
    ).toBe(true);
    expect((await admin.get(`${BASE}/expenses.json`, { query: { status: 2 } })).status).toBe(400);
  });

  it('dateFrom/dateTo bound the expense date, inclusive; paging with the true total', async () => {
    expect(idsOf(await list({ dateFrom: today(), dateTo: today(), limit: 100 }))).toContain(ids.unpaid);
    expect(idsOf(await list({ dateFrom: day(1) }))).toEqual([]);
    expect(idsOf(await list({ propertyId: property, dateTo: day(-1) }))).toEqual([]);
    const whole = await list({ propertyId: property, limit: 100 });
    const page2 = await list({ propertyId: property, limit: 1, page: 2 });
    expect(page2).toMatchObject({ page: 2, limit: 1, total: whole.total });
    expect(idsOf(page2)).toEqual([whole.items[1]?.expenseId]);
    expect((await list({ limit: 101 })).limit).toBe(100);
  });
});

describe('admin expenses: landlord scope', () => {
  it('a landlord sees their properties’ expenses; another landlord’s and unassigned ones are a 404 and never listed', async () => {
    const landlord = await signedIn('landlord'); // owns `property`, 2001, 2003, 11
    const own = await created();
    const other = await created({ propertyId: 2002 });
    const none = await created({ propertyId: undefined });
    expect((await read(own.expenseId, landlord)).expenseId).toBe(own.expenseId);
    for (const id of [other.expenseId, none.expenseId]) {
      const res = await landlord.get(`${BASE}/expenses/${id}.json`);
      expect(res.status).toBe(404);
      expect(problem(res).detail).toBe(`Expense ${id} not found`);
    }
    const listed = (await list({ limit: 100 }, landlord)).items.map((e) => e.expenseId);
    expect(listed).toContain(own.expenseId);
    expect(listed).not.toContain(other.expenseId);
    expect(listed).not.toContain(none.expenseId);
    expect((await list({ propertyId: 2002 }, landlord)).items).toEqual([]);
    expect((await landlord.delete(`${BASE}/expenses/${own.expenseId}.json`)).status).toBe(403);
  });
});

describe('admin expenses: update and cancel', () => {
  it('updates the header, appends lines, refreshes totals and posts the difference', async () => {
    const e = await created({ lineItems: [{ description: 'Mop', amount: 20 }] });
    const res = await admin.put<{ expense: Expense }>(`${BASE}/expenses/${e.expenseId}.json`, {
      paytoId: 'vendor-99',
      dueDate: day(40),
      lineItems: [{ description: 'Bucket', amount: 5.5, quantity: 2 }],
    });
    expect(res.status, res.text).toBe(200);
    const after = await read(e.expenseId);
    expect(after).toMatchObject({ paytoId: 'vendor-99', dueDate: day(40), totalComputed: 31 });
    expect(after.lineItems.map((l) => l.lineNo)).toEqual([1, 2]);
    expect((await journalOf(e.expenseId)).kinds).toEqual(['expensePosted', 'expensePosted']);
    await expectJournalHolds(after);
    for (const body of [{}, { status: 5 }, { propertyId: 2001 }, { paytoId: '' }])
      expect(
        (await admin.put(`${BASE}/expenses/${e.expenseId}.json`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    expect((await admin.put(`${BASE}/expenses/999999.json`, { dueDate: day(1) })).status).toBe(404);
  });

  it('syncs paid with the payments; DELETE is a 409 with settled payments, else 3 with the reversal, then 409', async () => {
    const e = await created({ lineItems: [{ description: 'Repair', amount: 80 }] });
    const path = `${BASE}/expenses/${e.expenseId}.json`;
    await admin.put(path, { status: 1 });
    expect((await read(e.expenseId)).status).toBe(0); // nothing paid
    await plantPaid(e.expenseId, 8000);
    await admin.put(path, { status: 0 });
    expect(await read(e.expenseId)).toMatchObject({ status: 1, statusLabel: 'Paid', paidComputed: 80 });
    const refused = await admin.delete(path);
    expect(refused.status).toBe(409);
    expect(problem(refused).detail).toContain('settled payments');
    await plantPaid(e.expenseId, 0);
    const res = await admin.delete<{ expense: Expense }>(path);
    expect(res.status, res.text).toBe(200);
    expect(res.body.expense).toMatchObject({ status: 3, statusLabel: 'Cancelled' });
    expect((await journalOf(e.expenseId)).kinds).toEqual(['expensePosted', 'expenseReversed']);
    await expectJournalHolds(await read(e.expenseId));
    expect((await admin.delete(path)).status).toBe(409);
    // A cancelled expense takes a change (the spec's PUT has no 409) and stays cancelled, posting nothing.
    const changed = await admin.put<{ expense: Expense }>(path, { dueDate: day(2) });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.expense).toMatchObject({ status: 3, dueDate: day(2) });
    await expectJournalHolds(changed.body.expense);
    expect((await admin.delete(`${BASE}/expenses/999999.json`)).status).toBe(404);
  });

  it('a cancelled expense reopened (0) is posted again; cancelled again, reversed again', async () => {
    const e = await created({ lineItems: [{ description: 'Paint', amount: 60 }] });
    const path = `${BASE}/expenses/${e.expenseId}.json`;
    expect((await admin.delete(path)).status).toBe(200);
    const reopened = await admin.put<{ expense: Expense }>(path, {
      status: 0,
      lineItems: [{ description: 'Brush', amount: 4 }],
    });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.expense).toMatchObject({ status: 0, statusLabel: 'Unpaid', totalComputed: 64 });
    await expectJournalHolds(await read(e.expenseId));
    expect((await journalOf(e.expenseId)).kinds).toEqual([
      'expensePosted',
      'expenseReversed',
      'expensePosted',
    ]);
    const again = await admin.put<{ expense: Expense }>(path, { status: 3 });
    expect(again.body.expense).toMatchObject({ status: 3, statusLabel: 'Cancelled' });
    await expectJournalHolds(await read(e.expenseId));
    expect((await journalOf(e.expenseId)).kinds.at(-1)).toBe('expenseReversed');
  });

  it('a cancel racing an update: one consistent outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const e = await created({ lineItems: [{ description: 'Base', amount: 10 }] });
      const path = `${BASE}/expenses/${e.expenseId}.json`;
      const [put, del] = await Promise.all([
        admin.put(path, { lineItems: [{ description: 'Extra', amount: 3 }] }),
        admin.delete(path),
      ]);
      expect(del.status).toBe(200);
      expect([200, 409]).toContain(put.status);
      const final = await read(e.expenseId);
      expect(final.status).toBe(3);
      expect(final.lineItems).toHaveLength(put.status === 200 ? 2 : 1);
      await expectJournalHolds(final);
    }
  });
});

describe('admin expenses with recorded payments (adminPayments)', () => {
  it('paid through a recorded payment: 1; DELETE 409 until refunded; then 3 with every account back to 0', async () => {
    const e = await created({ lineItems: [{ description: 'Roof', amount: 250 }] });
    const pay = (amount: number) =>
      admin.post(`/API/adminPayments/V1/expenses/${e.expenseId}/payments.json`, {
        amount,
        method: 'bank_transfer',
        date: today(),
      });
    expect((await pay(250)).status).toBe(201);
    expect(await read(e.expenseId)).toMatchObject({ status: 1, paidComputed: 250 });
    expect((await admin.delete(`${BASE}/expenses/${e.expenseId}.json`)).status).toBe(409);
    expect((await pay(-250)).status).toBe(201);
    expect((await admin.delete(`${BASE}/expenses/${e.expenseId}.json`)).status).toBe(200);
    const { Items = [] } = await rawTable.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :j)',
        ExpressionAttributeValues: { ':pk': `EXPENSE#${e.expenseId}`, ':j': 'JOURNAL#' },
      }),
    );
    const balance: Record<string, number> = {};
    for (const entry of Items as { lines: { account: string; debitCents: number; creditCents: number }[] }[])
      for (const l of entry.lines)
        balance[l.account] = (balance[l.account] ?? 0) + l.debitCents - l.creditCents;
    for (const account of ['expense', 'payable', 'cash']) expect(balance[account] ?? 0).toBe(0);
  });
});
