/**
 * Payments recorded by hand over HTTP (DESIGN.md "Payments recorded by hand"; docs/money.md): payments and
 * refunds on invoices and expenses, the status and figures after each, the payment items with their index
 * keys, the balanced journal and the announced events, every refusal (400, 404, 409), Idempotency-Key, two
 * payments racing for the last amount due, and payments racing a cancel (never a paid invoice cancelled).
 * Invoices and expenses are made through the adminInvoices / adminExpenses endpoints.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexKeys } from '../shared/db/keys.js';
import { addDays, todayIn } from '../shared/domain/dates.js';
import { type BuiltTenant, createTenant } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { type ApiResponse, type Client, problem, signedIn, unique } from './support/client.js';
import { rawTable, TABLE } from './support/table.js';

const BASE = '/API/adminPayments/V1';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let admin: Client;
let tenant: BuiltTenant;

beforeAll(async () => {
  admin = await signedIn('super');
  tenant = await createTenant({ tenantFirstName: 'Paula', tenantLastName: unique('Payer').replace(' ', '') });
});

/** An invoice of `amount` (one untaxed line), status 0 unless given. */
async function invoiceOf(amount: number | string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/API/adminInvoices/V1/invoices.json', {
    description: 'RENT',
    dueDate: day(30),
    tenantId: tenant.tenantId,
    propertyId: 2001,
    lineItems: [{ description: 'Rent', amount, quantity: 1, taxed: false }],
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return Number(res.body.invoiceId);
}

async function expenseOf(amount: number): Promise<number> {
  const res = await admin.post('/API/adminExpenses/V1/expenses.json', {
    description: 'SERVICE',
    paytoId: 'vendor-7',
    dueDate: day(10),
    propertyId: 2001,
    lineItems: [{ description: 'Plumber', amount, quantity: 1, taxed: false }],
  });
  expect(res.status, res.text).toBe(201);
  return Number(res.body.expenseId);
}

const pay = (kind: 'invoices' | 'expenses', id: number, body: Record<string, unknown>, headers = {}) =>
  admin.post(`${BASE}/${kind}/${id}/payments.json`, body, { headers });
const cash = (amount: number | string, extra: Record<string, unknown> = {}) => ({
  amount,
  method: 'cash',
  date: day(0),
  ...extra,
});

async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const out = await rawTable.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as Record<string, unknown>[];
}

interface Line {
  account: string;
  debitCents: number;
  creditCents: number;
}
/** The journal of a document: every entry balances; the answer is each account's balance (debits − credits). */
async function ledger(pk: string): Promise<Record<string, number>> {
  const entries = (await partition(pk)).filter((i) => String(i.SK).startsWith('JOURNAL#'));
  const balance: Record<string, number> = {};
  for (const e of entries) {
    const lines = e.lines as Line[];
    expect(lines.reduce((t, l) => t + l.debitCents - l.creditCents, 0)).toBe(0);
    for (const l of lines) balance[l.account] = (balance[l.account] ?? 0) + l.debitCents - l.creditCents;
  }
  return balance;
}

const header = async (pk: string) => (await partition(pk)).find((i) => !String(i.SK).includes('#'));

describe('payments on an invoice', () => {
  it('settles payments and refunds: status, figures, items, journal and events', async () => {
    const id = await invoiceOf(100);
    const partial = await pay('invoices', id, cash('40.00', { reference: 'receipt 17' }));
    expect(partial.status, partial.text).toBe(201);
    expect(partial.body).toMatchObject({
      success: true,
      documentType: 'invoice',
      documentId: id,
      amount: 40,
      method: 'cash',
      reference: 'receipt 17',
      status: 0,
      statusLabel: expect.any(String),
      totalComputed: 100,
      paidComputed: 40,
      refundedComputed: 0,
      amountDue: 60,
    });
    const single = await admin.get(`/API/adminInvoices/V1/invoices/${id}.json`);
    expect(single.body).toMatchObject({ paidComputed: 40, status: 0 });

    const rest = await pay('invoices', id, { amount: 60, method: 'check', date: day(-1) });
    expect(rest.body).toMatchObject({ status: 1, paidComputed: 100, amountDue: 0 });
    const partRefund = await pay('invoices', id, { amount: -30, method: 'bank_transfer', date: day(0) });
    // A refund of an invoice paid in full is money returned (docs/money.md "What is owed"): nothing is owed again.
    expect(partRefund.body).toMatchObject({
      status: 1,
      paidComputed: 70,
      refundedComputed: 30,
      amountDue: 0,
    });
    const fullRefund = await pay('invoices', id, cash(-70));
    expect(fullRefund.body).toMatchObject({
      status: 2,
      paidComputed: 0,
      refundedComputed: 100,
      amountDue: 0,
    });

    const pk = `INVOICE#${id}`;
    expect(await header(pk)).toMatchObject({
      status: 2,
      paidCents: 0,
      refundedCents: 10000,
      returnedCents: 10000,
    });
    const payments = (await partition(pk)).filter((i) => String(i.SK).startsWith('PAYMENT#'));
    expect(payments.map((p) => p.amountCents)).toEqual([4000, 6000, -3000, -7000]);
    expect(payments[0]).toMatchObject({
      entity: 'payment',
      direction: 'in',
      documentType: 'invoice',
      propertyId: 2001,
      // I5 spread by the payment's id (docs/data-model.md "Spread"), as the key builder gives it (it was a
      // hand-computed shard).
      GSI1PK: indexKeys.settledPayments(Number(payments[0]?.paymentId)),
      GSI2PK: 'PROPPAY#2001',
      actor: expect.stringMatching(/^admin:/),
    });
    expect(String(payments[1]?.GSI1SK)).toMatch(new RegExp(`^${day(-1)}#`));
    // Posted 100, paid 100, refunded 100: still owed 100, no cash kept.
    expect(await ledger(pk)).toMatchObject({ receivable: 10000, cash: 0, revenue: -10000 });

    const events = (await changesOf('payment'))
      .concat(await changesOf('invoice', id))
      .map((c) => (c as unknown as { event?: string }).event)
      .filter(Boolean);
    expect(events).toEqual(expect.arrayContaining(['payment.succeeded', 'invoice.paid', 'invoice.refunded']));
  });

  it('refuses: 409 beyond the amount due, a refund beyond what was paid, a cancelled or draft invoice', async () => {
    const id = await invoiceOf(50);
    expect((await pay('invoices', id, cash(50.01))).status).toBe(409);
    expect((await pay('invoices', id, cash(-1))).status).toBe(409);
    expect(problem(await pay('invoices', id, cash(-1))).detail).toMatch(/refund/);
    const cancelled = await invoiceOf(20);
    expect((await admin.delete(`/API/adminInvoices/V1/invoices/${cancelled}.json`)).status).toBe(200);
    const onCancelled = await pay('invoices', cancelled, cash(20));
    expect(onCancelled.status).toBe(409);
    expect(problem(onCancelled).detail).toMatch(/cancelled/);
    const draft = await invoiceOf(20, { status: 9 });
    expect((await pay('invoices', draft, cash(20))).status).toBe(409);
    expect((await partition(`INVOICE#${id}`)).some((i) => String(i.SK).startsWith('PAYMENT#'))).toBe(false);
  });

  it('a missing invoice or expense is a 404; bad input is a 400, never a 500', async () => {
    expect((await pay('invoices', 987_654, cash(1))).status).toBe(404);
    expect((await pay('expenses', 987_654, cash(1))).status).toBe(404);
    const id = await invoiceOf(10);
    const bad: unknown[] = [
      cash(0),
      cash('0.00'),
      cash('abc'),
      cash(1.234),
      cash('1.234'),
      cash(1e12),
      { ...cash(1), amount: null },
      cash(1, { method: 'bitcoin' }),
      cash(1, { date: '2026-02-30' }),
      cash(1, { date: 'yesterday' }),
      cash(1, { reference: 'x'.repeat(201) }),
      cash(1, { reference: 5 }),
      cash(1, { extra: true }),
      { amount: 1, method: 'cash' },
      {},
      [],
    ];
    for (const body of bad) {
      const res = await pay('invoices', id, body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post(`${BASE}/invoices/abc/payments.json`, cash(1))).status).toBe(400);
    expect((await admin.post(`${BASE}/invoices/0/payments.json`, cash(1))).status).toBe(400);
  });

  it('refuses a payment dated after tomorrow in the site time zone (400 naming date); an old date is fine', async () => {
    const id = await invoiceOf(100);
    const exp = await expenseOf(100);
    for (const [kind, docId] of [
      ['invoices', id],
      ['expenses', exp],
    ] as const) {
      for (const date of ['2099-01-01', day(2)]) {
        const res = await pay(kind, docId, cash(1, { date }));
        expect(res.status, `${kind} ${date}`).toBe(400);
        expect(problem(res).errors).toEqual([
          { field: 'date', message: `must not be after ${day(1)} (tomorrow in the site time zone)` },
        ]);
      }
      expect((await pay(kind, docId, cash(1, { date: day(1) }))).status).toBe(201);
      // Back-filling the books: a payment received long ago may be recorded now.
      expect((await pay(kind, docId, cash(1, { date: '2001-03-15' }))).status).toBe(201);
    }
    expect(
      (await partition(`INVOICE#${id}`))
        .filter((i) => String(i.SK).startsWith('PAYMENT#'))
        .map((p) => p.date)
        .sort(),
    ).toEqual(['2001-03-15', day(1)].sort());
  });

  it('takes "tomorrow" in the site time zone, not the server’s', async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its tomorrow is often two UTC days ahead
    const settings = '/API/adminSettings/V1/settings.json';
    expect((await admin.put(settings, { systemTimeZone: zone })).status).toBe(200);
    try {
      const id = await invoiceOf(100);
      const latest = addDays(todayIn(zone, new Date()), 1);
      expect((await pay('invoices', id, cash(1, { date: addDays(latest, 1) }))).status).toBe(400);
      expect((await pay('invoices', id, cash(1, { date: latest }))).status).toBe(201);
    } finally {
      expect((await admin.put(settings, { systemTimeZone: 'UTC' })).status).toBe(200);
    }
  });

  it('replays the same Idempotency-Key: one payment, the same answer', async () => {
    const id = await invoiceOf(80);
    const key = { 'idempotency-key': unique('pay').replace(/\W/g, '') };
    const first = await pay('invoices', id, cash(30), key);
    const again = await pay('invoices', id, cash(30), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.paymentId).toBe(first.body.paymentId);
    expect((await pay('invoices', id, cash(31), key)).status).toBe(422);
    const payments = (await partition(`INVOICE#${id}`)).filter((i) => String(i.SK).startsWith('PAYMENT#'));
    expect(payments).toHaveLength(1);
  });
});

describe('races', () => {
  it('two payments racing for the last amount due: exactly one lands', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await invoiceOf(100);
      expect((await pay('invoices', id, cash(40))).status).toBe(201);
      const answers = await Promise.all([pay('invoices', id, cash(60)), pay('invoices', id, cash(60))]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await header(`INVOICE#${id}`)).toMatchObject({ status: 1, paidCents: 10000 });
      expect(await ledger(`INVOICE#${id}`)).toMatchObject({ receivable: 0, cash: 10000 });
    }
  });

  it('a payment racing a cancel: either paid or cancelled with nothing paid, never both', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const id = await invoiceOf(75);
      const [paid, cancelled] = await Promise.all([
        pay('invoices', id, cash(75)),
        admin.delete(`/API/adminInvoices/V1/invoices/${id}.json`),
      ]);
      const h = await header(`INVOICE#${id}`);
      const balance = await ledger(`INVOICE#${id}`);
      if (paid.status === 201) {
        expect(cancelled.status).toBe(409);
        expect(h).toMatchObject({ status: 1, paidCents: 7500 });
        expect(balance).toMatchObject({ receivable: 0, cash: 7500 });
        outcomes.add('paid');
      } else {
        expect(paid.status).toBe(409);
        expect(cancelled.status).toBe(200);
        expect(h).toMatchObject({ status: 5 });
        expect(h?.paidCents ?? 0).toBe(0);
        expect(balance.receivable ?? 0).toBe(0);
        outcomes.add('cancelled');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('payments on an expense', () => {
  it('pays, refunds, and refuses a cancelled expense', async () => {
    const id = await expenseOf(200);
    const paid = await pay('expenses', id, { amount: 200, method: 'bank_transfer', date: day(0) });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ documentType: 'expense', status: 1, paidComputed: 200, amountDue: 0 });
    expect((await pay('expenses', id, cash(1))).status).toBe(409);
    const refunded = await pay('expenses', id, cash(-200));
    expect(refunded.body).toMatchObject({ status: 0, paidComputed: 0, refundedComputed: 200 });
    const pk = `EXPENSE#${id}`;
    const payments = (await partition(pk)).filter((i) => String(i.SK).startsWith('PAYMENT#'));
    expect(payments.map((p) => [p.direction, p.amountCents])).toEqual([
      ['out', 20000],
      ['out', -20000],
    ]);
    expect(await ledger(pk)).toMatchObject({ expense: 20000, payable: -20000, cash: 0 });

    const gone = await expenseOf(10);
    expect((await admin.delete(`/API/adminExpenses/V1/expenses/${gone}.json`)).status).toBe(200);
    expect((await pay('expenses', gone, cash(10))).status).toBe(409);
  });
});

describe('roles', () => {
  it('only super_admin records payments (landlord and svc_rep 403, no session 401)', async () => {
    const id = await invoiceOf(10);
    for (const who of ['landlord', 'svcRep', 'housekeeper'] as const) {
      const client = await signedIn(who);
      const res: ApiResponse = await client.post(`${BASE}/invoices/${id}/payments.json`, cash(1));
      expect(res.status).toBe(403);
    }
    const { Client } = await import('./support/client.js');
    expect((await new Client().post(`${BASE}/invoices/${id}/payments.json`, cash(1))).status).toBe(401);
  });
});
