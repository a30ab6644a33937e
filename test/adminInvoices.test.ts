/**
 * Admin invoices over HTTP (spec "Admin invoices"; docs/invoices-expenses.md): create with its journal
 * posting and change item, the single invoice on both paths with its computed figures, every list filter,
 * search, paging and the landlord scope, update (appended lines, refreshed totals, payment state synced, the
 * journal's difference), cancel (reversal, 409s), bad input never a 500, and a cancel racing an update.
 * The fixture's site time zone is UTC, so the invoice date is the UTC date.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTenant, createTenant } from './support/builders.js';
import { type ChangeItem, changesOf } from './support/changes.js';
import { Client, problem, signedIn, unique } from './support/client.js';
import {
  documentEndpoints,
  documentJournal,
  type Listed as ListedOf,
  plantPaid as plantDocumentPaid,
} from './support/money-documents.js';

const BASE = '/API/adminInvoices/V1';
const today = () => new Date().toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Line {
  lineNo: number;
  description: string;
  amount: number;
  quantity: number;
  taxed: number;
  lineTotal: number;
}
interface Invoice {
  invoiceId: number;
  description: string;
  tenantId: number | null;
  adminId: number | null;
  propertyId: number | null;
  invoiceDate: string;
  dueDate: string;
  tax: number;
  tax2: number;
  status: number;
  statusLabel: string;
  subtotalComputed: number;
  taxComputed: number;
  totalComputed: number;
  paidComputed: number;
  amountDue: number;
  lineItems: Line[];
}
type Listed = ListedOf<Invoice>;

let admin: Client;
let tenant: BuiltTenant;

/**
 * A second super admin, signed in: an identity of its own in the admin pool (the fixture has one super admin),
 * made through the admin directory as seeding does; its name and id are this test run's own.
 */
async function anotherSuperAdmin(): Promise<Client> {
  const { upsertAdminIdentity } = await import('../shared/auth/admin-directory.js');
  const username = unique('test-super-b').replace(/\W/g, '-');
  const password = `${username}-secret-1`;
  const adminId = 900_000 + Math.floor(Math.random() * 99_999);
  await upsertAdminIdentity(
    { adminId, roleCode: 0, username, firstName: 'Second', lastName: 'Super' },
    password,
  );
  const client = new Client();
  const res = await client.post('/API/auth/V1/login.json', {
    adminAPIKey: username,
    adminAPISecret: password,
  });
  expect(res.status, res.text).toBe(200);
  return client;
}

beforeAll(async () => {
  admin = await signedIn('super');
  tenant = await createTenant({
    tenantFirstName: 'Ivy',
    tenantLastName: unique('Invoicee').replace(' ', ''),
  });
});

const LINES = [
  { description: 'Rent', amount: 100, quantity: 2, taxed: true },
  { description: 'Parking', amount: '50.00', quantity: 1, taxed: 0 },
];

const { create, created, read, list } = documentEndpoints<Invoice>(
  { type: 'invoice', collection: `${BASE}/invoices` },
  () => admin,
  () => ({ description: 'RENT', dueDate: day(30), tenantId: tenant.tenantId, propertyId: 2001 }),
);

/** The invoice's journal entries, oldest first, and every account's balance (debits − credits). */
const journalOf = (invoiceId: number) => documentJournal('invoice', invoiceId);

/** What the journal must hold for an invoice as read: its figures while posted, nothing otherwise. */
async function expectJournalHolds(invoice: Invoice) {
  const { balance } = await journalOf(invoice.invoiceId);
  const posted = ![5, 7, 9].includes(invoice.status);
  const cents = (n: number) => Math.round(n * 100);
  expect(balance.receivable ?? 0).toBe(posted ? cents(invoice.totalComputed) : 0);
  expect(0 - (balance.revenue ?? 0) || 0).toBe(posted ? cents(invoice.subtotalComputed) : 0);
  expect(0 - (balance.taxPayable ?? 0) || 0).toBe(posted ? cents(invoice.taxComputed) : 0);
}

/** Plants a settled payment's figures on the header, as the ledger's settlement parts would (version moved). */
const plantPaid = (invoiceId: number, paidCents: number, status?: number) =>
  plantDocumentPaid('invoice', invoiceId, paidCents, status);

const eventsOf = async (id: number) =>
  (await changesOf('invoice', id)).map((c) => (c as ChangeItem & { event?: string }).event ?? c.action);

describe('admin invoices: create and read', () => {
  it('creates (201 with the id), computes the figures cent-exact, posts the journal and records invoice.created', async () => {
    const res = await create({ tax: 10, tax2: '2.5', lineItems: LINES });
    expect(res.status, res.text).toBe(201);
    const { invoiceId } = res.body as { invoiceId: number };
    for (const path of [`${BASE}/invoices/${invoiceId}.json`, `${BASE}/invoice/${invoiceId}.json`]) {
      const got = await admin.get<Invoice>(path);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        invoiceId,
        description: 'RENT',
        tenantId: tenant.tenantId,
        adminId: null,
        propertyId: 2001,
        invoiceDate: today(),
        dueDate: day(30),
        status: 0,
        statusLabel: 'Unpaid',
        // 2 × 100 taxed + 50 untaxed; tax 200 × 12.5% = 25
        subtotalComputed: 250,
        taxComputed: 25,
        totalComputed: 275,
        paidComputed: 0,
        amountDue: 275,
      });
      expect(got.body.lineItems).toEqual([
        { lineNo: 1, description: 'Rent', amount: 100, quantity: 2, taxed: 1, lineTotal: 200 },
        { lineNo: 2, description: 'Parking', amount: 50, quantity: 1, taxed: 0, lineTotal: 50 },
      ]);
    }
    const journal = await journalOf(invoiceId);
    expect(journal.kinds).toEqual(['invoicePosted']);
    await expectJournalHolds(await read(invoiceId));
    expect(await eventsOf(invoiceId)).toEqual(['invoice.created']);
  });

  it('invoices an admin (adminId), without a property, and takes the type in any case', async () => {
    const invoice = await created({
      tenantId: undefined,
      adminId: 2,
      propertyId: undefined,
      description: 'owner',
    });
    expect(invoice).toMatchObject({ adminId: 2, tenantId: null, propertyId: null, description: 'OWNER' });
  });

  it('creates a draft (9) without posting it; an invoice without lines is 0.00', async () => {
    const draft = await created({ status: 9, lineItems: [{ description: 'Later', amount: 10 }] });
    expect(draft).toMatchObject({ status: 9, statusLabel: 'Draft', totalComputed: 10 });
    expect((await journalOf(draft.invoiceId)).kinds).toEqual([]);
    const empty = await created();
    expect(empty).toMatchObject({ totalComputed: 0, lineItems: [] });
    expect((await journalOf(empty.invoiceId)).kinds).toEqual([]);
  });

  it('answers the first answer again for a repeated Idempotency-Key', async () => {
    const key = unique('inv').replace(/\W/g, '');
    const body = { description: 'SERVICE', dueDate: day(3), tenantId: tenant.tenantId, lineItems: LINES };
    const first = await admin.post(`${BASE}/invoices.json`, body, { headers: { 'Idempotency-Key': key } });
    const again = await admin.post(`${BASE}/invoices.json`, body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.invoiceId).toBe(first.body.invoiceId);
    const other = await admin.post(
      `${BASE}/invoices.json`,
      { ...body, dueDate: day(4) },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(other.status).toBe(422);
  });

  it('scopes an Idempotency-Key to the admin: two sessions of one admin share it, two admins do not', async () => {
    const key = unique('inv-caller').replace(/\W/g, '');
    const headers = { 'Idempotency-Key': key };
    const body = { description: 'SERVICE', dueDate: day(5), tenantId: tenant.tenantId, lineItems: LINES };
    const countMine = async () =>
      (await list({ tenantId: tenant.tenantId, limit: 100 })).items.filter((i) => i.dueDate === day(5))
        .length;
    const before = await countMine();
    // The same admin signed in twice (two sessions, two addresses): one invoice, the second answer replayed.
    const [first, second] = [await signedIn('super'), await signedIn('super')];
    const one = await first.post(`${BASE}/invoices.json`, body, { headers });
    const again = await second.post(`${BASE}/invoices.json`, body, { headers });
    expect(one.status, one.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.invoiceId).toBe(one.body.invoiceId);
    // Another admin with the same key and body: an invoice of their own.
    const other = await anotherSuperAdmin();
    const theirs = await other.post(`${BASE}/invoices.json`, body, { headers });
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.invoiceId).not.toBe(one.body.invoiceId);
    expect((await countMine()) - before).toBe(2);
  });

  it('404 for a missing invoice on both paths; 400 for a bad id', async () => {
    for (const path of [`${BASE}/invoices/999999.json`, `${BASE}/invoice/999999.json`]) {
      const res = await admin.get(path);
      expect(res.status).toBe(404);
      expect(problem(res).detail).toContain('999999');
    }
    expect((await admin.get(`${BASE}/invoices/abc.json`)).status).toBe(400);
  });
});

describe('admin invoices: bad input is a 400 naming the field, never a 500', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no due date', { dueDate: undefined }, 'dueDate'],
    ['a bad due date', { dueDate: '2027-02-30' }, 'dueDate'],
    ['an unknown type', { description: 'PIZZA' }, 'description'],
    ['a type of the wrong type', { description: 12 }, 'description'],
    ['both invoicees', { adminId: 1 }, 'tenantId'],
    ['no invoicee', { tenantId: undefined }, 'tenantId'],
    ['a tenant that does not exist', { tenantId: 999_999 }, 'tenantId'],
    ['an admin that does not exist', { tenantId: undefined, adminId: 999_999 }, 'adminId'],
    ['a property that does not exist', { propertyId: 999_999 }, 'propertyId'],
    ['a paid status on create', { status: 1 }, 'status'],
    ['a status the spec does not name', { status: 4 }, 'status'],
    ['a tax above 100', { tax: 101 }, 'tax'],
    ['a tax with 4 decimals', { tax2: '1.2345' }, 'tax2'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['lineItems not an array', { lineItems: 'many' }, 'lineItems'],
    ['a line that is null', { lineItems: [null] }, 'lineItems.0'],
    ['a line without description', { lineItems: [{ amount: 1 }] }, 'lineItems.0.description'],
    [
      'an amount that is not money',
      { lineItems: [{ description: 'x', amount: 'ten' }] },
      'lineItems.0.amount',
    ],
    ['an amount with 3 decimals', { lineItems: [{ description: 'x', amount: 1.005 }] }, 'lineItems.0.amount'],
    ['a huge amount', { lineItems: [{ description: 'x', amount: 1e12 }] }, 'lineItems.0.amount'],
    [
      'a negative quantity',
      { lineItems: [{ description: 'x', amount: 1, quantity: -1 }] },
      'lineItems.0.quantity',
    ],
    [
      'a taxed flag that is no flag',
      { lineItems: [{ description: 'x', amount: 1, taxed: 'maybe' }] },
      'lineItems.0.taxed',
    ],
    ['an unknown line field', { lineItems: [{ description: 'x', amount: 1, sku: 'A' }] }, 'lineItems.0.sku'],
    ['a negative total', { lineItems: [{ description: 'credit', amount: -5 }] }, 'lineItems'],
    [
      '51 lines (at most 50 a request)',
      { lineItems: Array.from({ length: 51 }, (_, i) => ({ description: `L${i}`, amount: 1 })) },
      'lineItems',
    ],
  ];
  it.each(cases)('%s', async (_name, body, field) => {
    const res = await create(body);
    expect(res.status, res.text).toBe(400);
    expect(problem(res).errors?.map((e) => e.field) ?? [], res.text).toContain(field);
  });

  it('a huge array and wrong JSON shapes are 400s (or 413 past the body limit), never 500', async () => {
    const huge = Array.from({ length: 2000 }, () => ({ description: 'x', amount: 1 }));
    expect((await create({ lineItems: huge })).status).toBe(400);
    const tooBig = Array.from({ length: 20_000 }, () => ({ description: 'x'.repeat(20), amount: 1 }));
    expect((await create({ lineItems: tooBig })).status).toBe(413);
    for (const rawBody of ['[]', '"x"', '{', 'null', '{"lineItems":{"0":{}}}']) {
      const res = await admin.post(`${BASE}/invoices.json`, undefined, { rawBody });
      expect(res.status, rawBody).toBe(400);
    }
  });
});

describe('admin invoices: list', () => {
  let mine: BuiltTenant;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    mine = await createTenant({ tenantFirstName: 'Zora', tenantLastName: unique('Listed').replace(' ', '') });
    const as = (body: Record<string, unknown>) => created({ tenantId: mine.tenantId, ...body });
    ids.rent = (await as({ lineItems: [{ description: 'Rent', amount: 10 }] })).invoiceId;
    ids.deposit = (await as({ description: 'DEPOSIT', propertyId: 2002 })).invoiceId;
    ids.draft = (await as({ status: 9 })).invoiceId;
    ids.cancelled = (await as({ description: 'SERVICE' })).invoiceId;
    expect((await admin.delete(`${BASE}/invoices/${ids.cancelled}.json`)).status).toBe(200);
  });

  const idsOf = (l: Listed) => l.items.map((i) => i.invoiceId);

  it('by tenant: newest first, drafts left out, statusLabel on each row', async () => {
    const l = await list({ tenantId: mine.tenantId });
    expect(idsOf(l)).toEqual([ids.cancelled, ids.deposit, ids.rent]);
    expect(l.total).toBe(3);
    expect(l.items.map((i) => i.statusLabel)).toEqual(['Cancelled', 'Unpaid', 'Unpaid']);
    expect(l).toMatchObject({ page: 1, limit: 20 });
  });

  it('status=9 lists the drafts; status filters exactly; a code the spec does not name is a 400', async () => {
    expect(idsOf(await list({ tenantId: mine.tenantId, status: 9 }))).toEqual([ids.draft]);
    expect(idsOf(await list({ tenantId: mine.tenantId, status: 5 }))).toEqual([ids.cancelled]);
    expect(idsOf(await list({ tenantId: mine.tenantId, status: '0' }))).toEqual([ids.deposit, ids.rent]);
    expect((await admin.get(`${BASE}/invoices.json`, { query: { status: 4 } })).status).toBe(400);
    expect((await admin.get(`${BASE}/invoices.json`, { query: { status: 'x' } })).status).toBe(400);
  });

  it('by property, and by property and tenant together', async () => {
    const onFlat = await list({ propertyId: 2002, tenantId: mine.tenantId });
    expect(idsOf(onFlat)).toEqual([ids.deposit]);
    expect(idsOf(await list({ propertyId: 2002 }))).toContain(ids.deposit);
    expect(idsOf(await list({ propertyId: 2002 }))).not.toContain(ids.rent);
  });

  it('dateFrom/dateTo bound the invoice date, both inclusive', async () => {
    expect(idsOf(await list({ tenantId: mine.tenantId, dateFrom: today(), dateTo: today() }))).toHaveLength(
      3,
    );
    expect(idsOf(await list({ tenantId: mine.tenantId, dateFrom: day(1) }))).toEqual([]);
    expect(idsOf(await list({ tenantId: mine.tenantId, dateTo: day(-1) }))).toEqual([]);
    expect(idsOf(await list({ dateFrom: today() }))).toContain(ids.rent);
    expect(idsOf(await list({ dateTo: day(-1) }))).not.toContain(ids.rent);
    expect((await admin.get(`${BASE}/invoices.json`, { query: { dateFrom: '2026-13-01' } })).status).toBe(
      400,
    );
  });

  it('search: the invoice id, the type, the tenant’s name (any part, any case) or e-mail', async () => {
    expect(idsOf(await list({ search: String(ids.rent) }))).toEqual([ids.rent]);
    expect(idsOf(await list({ search: 'deposit', tenantId: mine.tenantId }))).toEqual([ids.deposit]);
    expect(idsOf(await list({ search: mine.tenantLastName.toLowerCase() }))).toEqual([
      ids.cancelled,
      ids.deposit,
      ids.rent,
    ]);
    expect(idsOf(await list({ search: `zora ${mine.tenantLastName}` }))).toHaveLength(3);
    expect(idsOf(await list({ search: mine.tenantEmail.toUpperCase() }))).toHaveLength(3);
    expect(idsOf(await list({ search: 'no-such-person-anywhere' }))).toEqual([]);
  });

  it('pages: page and limit, the true total, limit clamped to 100, past the end empty', async () => {
    const first = await list({ tenantId: mine.tenantId, limit: 2 });
    const second = await list({ tenantId: mine.tenantId, limit: 2, page: 2 });
    expect(idsOf(first)).toEqual([ids.cancelled, ids.deposit]);
    expect(idsOf(second)).toEqual([ids.rent]);
    expect(first.total).toBe(3);
    expect((await list({ limit: 1000 })).limit).toBe(100);
    expect(await list({ tenantId: mine.tenantId, page: 9 })).toMatchObject({ items: [], total: 3 });
    expect((await admin.get(`${BASE}/invoices.json`, { query: { limit: 0 } })).status).toBe(400);
  });
});

describe('admin invoices: landlord scope', () => {
  it('a landlord lists and reads their properties’ invoices; another landlord’s are a 404 and never listed', async () => {
    const landlord = await signedIn('landlord'); // owns 2001, 2003, 11
    const own = await created({ propertyId: 2003 });
    const other = await created({ propertyId: 2002 }); // landlord 5's
    const none = await created({ propertyId: undefined });
    expect((await read(own.invoiceId, landlord)).invoiceId).toBe(own.invoiceId);
    for (const id of [other.invoiceId, none.invoiceId]) {
      for (const path of [`${BASE}/invoices/${id}.json`, `${BASE}/invoice/${id}.json`]) {
        const res = await landlord.get(path);
        expect(res.status).toBe(404);
        expect(problem(res).detail).toBe(`Invoice ${id} not found`);
      }
    }
    const listed = (await list({ tenantId: tenant.tenantId, limit: 100 }, landlord)).items.map(
      (i) => i.invoiceId,
    );
    expect(listed).toContain(own.invoiceId);
    expect(listed).not.toContain(other.invoiceId);
    expect(listed).not.toContain(none.invoiceId);
    expect((await list({ propertyId: 2002 }, landlord)).items).toEqual([]);
    expect((await list({ search: String(other.invoiceId) }, landlord)).items).toEqual([]);
  });

  it('svc_rep reads every invoice and writes none (403)', async () => {
    const rep = await signedIn('svcRep');
    const other = await created({ propertyId: 2002 });
    expect((await read(other.invoiceId, rep)).invoiceId).toBe(other.invoiceId);
    expect((await rep.delete(`${BASE}/invoices/${other.invoiceId}.json`)).status).toBe(403);
    expect((await create({}, rep)).status).toBe(403);
  });
});

describe('admin invoices: update', () => {
  it('appends lines, refreshes the totals and posts the difference to the journal', async () => {
    const invoice = await created({ tax: 10, lineItems: [{ description: 'Rent', amount: 100, taxed: 1 }] });
    const res = await admin.put<{ invoice: Invoice }>(`${BASE}/invoices/${invoice.invoiceId}.json`, {
      lineItems: [{ description: 'Cleaning', amount: '19.99', quantity: 1.5, taxed: true }],
      description: 'service',
    });
    expect(res.status, res.text).toBe(200);
    const after = await read(invoice.invoiceId);
    // 100 + 19.99 × 1.5 = 29.985 → 29.99; taxed 129.99 × 10% = 12.999 → 13.00
    expect(after).toMatchObject({
      description: 'SERVICE',
      subtotalComputed: 129.99,
      taxComputed: 13,
      totalComputed: 142.99,
    });
    expect(after.lineItems.map((l) => [l.lineNo, l.description, l.lineTotal])).toEqual([
      [1, 'Rent', 100],
      [2, 'Cleaning', 29.99],
    ]);
    expect(res.body.invoice).toEqual(after);
    expect((await journalOf(invoice.invoiceId)).kinds).toEqual(['invoicePosted', 'invoicePosted']);
    await expectJournalHolds(after);

    // A lower tax lowers the total: the journal takes a partial reversal.
    await admin.put(`${BASE}/invoice/${invoice.invoiceId}.json`, { tax: 0 });
    const lowered = await read(invoice.invoiceId);
    expect(lowered).toMatchObject({ tax: 0, taxComputed: 0, totalComputed: 129.99 });
    expect((await journalOf(invoice.invoiceId)).kinds.at(-1)).toBe('invoiceReversed');
    await expectJournalHolds(lowered);
  });

  it('a draft is posted when it is issued (9 → 0)', async () => {
    const draft = await created({ status: 9, lineItems: [{ description: 'Rent', amount: 75 }] });
    await admin.put(`${BASE}/invoices/${draft.invoiceId}.json`, { status: 0 });
    const issued = await read(draft.invoiceId);
    expect(issued.status).toBe(0);
    expect((await journalOf(draft.invoiceId)).kinds).toEqual(['invoicePosted']);
    await expectJournalHolds(issued);
  });

  it('syncs the payment state: paid comes from payments, whatever status was sent', async () => {
    const invoice = await created({ lineItems: [{ description: 'Rent', amount: 40 }] });
    const put = (body: Record<string, unknown>) =>
      admin.put(`${BASE}/invoices/${invoice.invoiceId}.json`, body);
    expect((await put({ status: 1 })).status).toBe(200);
    expect((await read(invoice.invoiceId)).status).toBe(0); // nothing paid: still unpaid
    await plantPaid(invoice.invoiceId, 4000);
    expect((await put({ status: 0 })).status).toBe(200);
    expect(await read(invoice.invoiceId)).toMatchObject({
      status: 1,
      statusLabel: 'Paid',
      paidComputed: 40,
      amountDue: 0,
    });
    // A line appended to a paid invoice makes it due again.
    await put({ lineItems: [{ description: 'Late fee', amount: 5 }] });
    expect(await read(invoice.invoiceId)).toMatchObject({ status: 0, totalComputed: 45, amountDue: 5 });
    // Lowering the total below what was paid is a 409; a paid invoice cannot become a draft.
    const below = await put({ lineItems: [{ description: 'Credit', amount: -10 }] });
    expect(below.status).toBe(409);
    expect((await put({ status: 9 })).status).toBe(409);
    expect((await put({ status: 5 })).status).toBe(409);
  });

  it('400 for an empty or bad body, 404 for a missing invoice; a cancelled invoice takes a change and stays cancelled', async () => {
    const invoice = await created();
    const path = `${BASE}/invoices/${invoice.invoiceId}.json`;
    for (const body of [
      {},
      { status: 10 },
      { status: 4 },
      { tax: -1 },
      { invoiceDate: today() },
      { lineItems: [{}] },
    ])
      expect((await admin.put(path, body)).status, JSON.stringify(body)).toBe(400);
    expect((await admin.put(`${BASE}/invoices/999999.json`, { status: 0 })).status).toBe(404);
    expect((await admin.delete(path)).status).toBe(200);
    // The spec's transitions set any status 0–9 with no condition: a cancelled invoice is no longer a 409.
    const closed = await admin.put<{ invoice: Invoice }>(path, { description: 'service' });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.invoice).toMatchObject({ status: 5, description: 'SERVICE' });
    await expectJournalHolds(closed.body.invoice);
  });

  it('at most 500 lines on an invoice: the 501st is a 400 and nothing of that request lands', async () => {
    const invoice = await created();
    const path = `${BASE}/invoices/${invoice.invoiceId}.json`;
    const fifty = Array.from({ length: 50 }, (_, i) => ({ description: `L${i}`, amount: 1 }));
    for (let i = 0; i < 10; i++) expect((await admin.put(path, { lineItems: fifty })).status).toBe(200);
    const over = await admin.put(path, { lineItems: [{ description: 'one more', amount: 1 }] });
    expect(over.status).toBe(400);
    const full = await read(invoice.invoiceId);
    expect(full.lineItems).toHaveLength(500);
    expect(full.totalComputed).toBe(500);
  });
});

describe('admin invoices: cancel', () => {
  it('DELETE cancels (5) with the journal reversed in the same transaction; again is a 409', async () => {
    const invoice = await created({ tax: 5, lineItems: LINES });
    const res = await admin.delete<{ invoice: Invoice }>(`${BASE}/invoice/${invoice.invoiceId}.json`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.invoice).toMatchObject({ status: 5, statusLabel: 'Cancelled' });
    expect((await journalOf(invoice.invoiceId)).kinds).toEqual(['invoicePosted', 'invoiceReversed']);
    await expectJournalHolds(await read(invoice.invoiceId));
    expect(await eventsOf(invoice.invoiceId)).toEqual(['invoice.created', 'invoice.cancelled']);
    const again = await admin.delete(`${BASE}/invoices/${invoice.invoiceId}.json`);
    expect(again.status).toBe(409);
    expect(problem(again).detail).toContain('already cancelled');
  });

  it('409 with settled payments; a 3 set by hand (no card payment in flight) cancels; a draft cancels with nothing to reverse', async () => {
    const paid = await created({ lineItems: [{ description: 'Rent', amount: 10 }] });
    await plantPaid(paid.invoiceId, 500);
    const refused = await admin.delete(`${BASE}/invoices/${paid.invoiceId}.json`);
    expect(refused.status).toBe(409);
    expect(problem(refused).detail).toContain('settled payments');
    expect((await read(paid.invoiceId)).status).toBe(0);

    // A processing status without a card payment behind it blocks nothing (test/paymentWebhook.test.ts has
    // the card payment in flight that does).
    const processing = await created({ lineItems: [{ description: 'Rent', amount: 10 }] });
    await plantPaid(processing.invoiceId, 0, 3);
    const cancelled = await admin.delete<{ invoice: Invoice }>(
      `${BASE}/invoices/${processing.invoiceId}.json`,
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.invoice.status).toBe(5);
    await expectJournalHolds(cancelled.body.invoice);

    const draft = await created({ status: 9, lineItems: [{ description: 'Rent', amount: 10 }] });
    expect((await admin.delete(`${BASE}/invoices/${draft.invoiceId}.json`)).status).toBe(200);
    expect((await journalOf(draft.invoiceId)).kinds).toEqual([]);
    expect((await admin.delete(`${BASE}/invoices/999999.json`)).status).toBe(404);
  });
});

describe('admin invoices: PUT sets any status of the spec, the money kept right', () => {
  const pay = (id: number, amount: number) =>
    admin.post(`/API/adminPayments/V1/invoices/${id}/payments.json`, {
      amount,
      method: 'cash',
      date: today(),
    });

  it('a cancelled or void invoice reopened (0) is posted again, closed again reversed: the journal holds what the state says', async () => {
    // 2 × 100 taxed + 50 untaxed at 5%: 250 + 10 = 260.
    const invoice = await created({ tax: 5, lineItems: LINES });
    const path = `${BASE}/invoices/${invoice.invoiceId}.json`;
    const put = async (body: Record<string, unknown>) => {
      const res = await admin.put<{ invoice: Invoice }>(path, body);
      expect(res.status, res.text).toBe(200);
      expect(res.body.invoice).toEqual(await read(invoice.invoiceId));
      await expectJournalHolds(res.body.invoice);
      return res.body.invoice;
    };
    expect((await admin.delete(path)).status).toBe(200);
    expect(await put({ status: 0 })).toMatchObject({ status: 0, statusLabel: 'Unpaid', totalComputed: 260 });
    expect((await journalOf(invoice.invoiceId)).kinds).toEqual([
      'invoicePosted',
      'invoiceReversed',
      'invoicePosted',
    ]);
    expect(await put({ status: 7 })).toMatchObject({ status: 7, statusLabel: 'Void' });
    // Void to cancelled and back to void: closed either way, nothing more to post.
    await put({ status: 5 });
    await put({ status: 7 });
    expect((await journalOf(invoice.invoiceId)).kinds).toHaveLength(4);
    // Reopened with a line appended: the new figures are posted.
    expect(await put({ status: 0, lineItems: [{ description: 'Late fee', amount: 15 }] })).toMatchObject({
      status: 0,
      totalComputed: 275,
      amountDue: 275,
    });
    expect(await eventsOf(invoice.invoiceId)).toEqual([
      'invoice.created',
      'invoice.cancelled',
      'reopened',
      'invoice.cancelled',
      'cancelled',
      'voided',
      'reopened',
    ]);
    // Reopened, it takes payments again; settled payments still block a cancel or void.
    expect((await pay(invoice.invoiceId, 275)).status).toBe(201);
    expect(await read(invoice.invoiceId)).toMatchObject({ status: 1, paidComputed: 275 });
    for (const status of [5, 7]) {
      const refused = await admin.put(path, { status });
      expect(refused.status).toBe(409);
      expect(problem(refused).detail).toContain('settled payments');
    }
    const { balance } = await journalOf(invoice.invoiceId);
    expect(balance).toMatchObject({
      receivable: 0,
      revenue: -25_000 - 1_500,
      taxPayable: -1_000,
      cash: 27_500,
    });
  });

  it('a processing status set by hand is kept, cancels, and a cancelled invoice reopens as processing', async () => {
    const invoice = await created({ lineItems: [{ description: 'Rent', amount: 40 }] });
    const path = `${BASE}/invoices/${invoice.invoiceId}.json`;
    const processing = await admin.put<{ invoice: Invoice }>(path, { status: 3 });
    expect(processing.body.invoice).toMatchObject({ status: 3, statusLabel: 'Processing' });
    const cancelled = await admin.delete<{ invoice: Invoice }>(path);
    expect(cancelled.status, cancelled.text).toBe(200);
    await expectJournalHolds(cancelled.body.invoice);
    const reopened = await admin.put<{ invoice: Invoice }>(path, { status: 3 });
    expect(reopened.body.invoice).toMatchObject({ status: 3, totalComputed: 40 });
    await expectJournalHolds(reopened.body.invoice);
    // Refunded without refunds is synced to what the payments say: unpaid.
    const refunded = await admin.put<{ invoice: Invoice }>(path, { status: 2 });
    expect(refunded.body.invoice).toMatchObject({ status: 0 });
  });
});

describe('admin invoices: races', () => {
  it('a cancel racing an update: one consistent outcome, the journal holding exactly what the state says', async () => {
    for (let round = 0; round < 4; round++) {
      const invoice = await created({ lineItems: [{ description: 'Rent', amount: 20 }] });
      const path = `${BASE}/invoices/${invoice.invoiceId}.json`;
      const [put, del] = await Promise.all([
        admin.put(path, { lineItems: [{ description: 'Extra', amount: 7 }] }),
        admin.delete(path),
      ]);
      expect(del.status).toBe(200); // a cancel always lands: before the update, or after it
      expect([200, 409]).toContain(put.status);
      const final = await read(invoice.invoiceId);
      expect(final.status).toBe(5);
      // The update either landed first (2 lines, cancelled after) or met the cancelled invoice (409, 1 line).
      expect(final.lineItems).toHaveLength(put.status === 200 ? 2 : 1);
      expect(final.totalComputed).toBe(put.status === 200 ? 27 : 20);
      await expectJournalHolds(final);
    }
  });

  it('two updates appending at once both land, numbered one after the other', async () => {
    const invoice = await created();
    const path = `${BASE}/invoices/${invoice.invoiceId}.json`;
    const results = await Promise.all(
      [1, 2, 3].map((n) => admin.put(path, { lineItems: [{ description: `Part ${n}`, amount: n }] })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = await read(invoice.invoiceId);
    expect(final.lineItems.map((l) => l.lineNo)).toEqual([1, 2, 3]);
    expect(final.totalComputed).toBe(6);
    await expectJournalHolds(final);
  });
});

describe('admin invoices with recorded payments (adminPayments, the ledger’s settlement)', () => {
  const pay = (id: number, amount: number) =>
    admin.post(`/API/adminPayments/V1/invoices/${id}/payments.json`, {
      amount,
      method: 'cash',
      date: today(),
    });

  it('a paid invoice is 1 with paidComputed; DELETE is a 409 until refunded, then cancels with the journal at 0', async () => {
    const invoice = await created({ tax: 10, lineItems: [{ description: 'Rent', amount: 100, taxed: 1 }] });
    expect((await pay(invoice.invoiceId, 50)).status).toBe(201);
    expect(await read(invoice.invoiceId)).toMatchObject({ status: 0, paidComputed: 50, amountDue: 60 });
    expect((await pay(invoice.invoiceId, 60)).status).toBe(201);
    expect(await read(invoice.invoiceId)).toMatchObject({
      status: 1,
      statusLabel: 'Paid',
      paidComputed: 110,
    });
    const refused = await admin.delete(`${BASE}/invoices/${invoice.invoiceId}.json`);
    expect(refused.status).toBe(409);
    // A PUT that appends a line makes it due again; the payments stay.
    await admin.put(`${BASE}/invoices/${invoice.invoiceId}.json`, {
      lineItems: [{ description: 'Fee', amount: 5 }],
    });
    expect(await read(invoice.invoiceId)).toMatchObject({ status: 0, totalComputed: 115, amountDue: 5 });
    expect((await pay(invoice.invoiceId, -110)).status).toBe(201);
    expect(await read(invoice.invoiceId)).toMatchObject({ paidComputed: 0 });
    const cancelled = await admin.delete<{ invoice: Invoice }>(`${BASE}/invoices/${invoice.invoiceId}.json`);
    expect(cancelled.status, cancelled.text).toBe(200);
    const { balance } = await journalOf(invoice.invoiceId);
    // Posted, paid, refunded, reversed: every account back to 0.
    for (const account of ['receivable', 'revenue', 'taxPayable', 'cash'])
      expect(balance[account] ?? 0).toBe(0);
  });

  it('a payment racing a cancel: never a paid invoice cancelled', async () => {
    for (let round = 0; round < 3; round++) {
      const invoice = await created({ lineItems: [{ description: 'Rent', amount: 30 }] });
      const [payment, cancel] = await Promise.all([
        pay(invoice.invoiceId, 30),
        admin.delete(`${BASE}/invoices/${invoice.invoiceId}.json`),
      ]);
      const final = await read(invoice.invoiceId);
      if (payment.status === 201) {
        expect(cancel.status).toBe(409);
        expect(final).toMatchObject({ status: 1, paidComputed: 30 });
      } else {
        expect(cancel.status).toBe(200);
        expect(final).toMatchObject({ status: 5, paidComputed: 0 });
      }
    }
  });
});
