/**
 * The QuickBooks Online contract suite: requests as the Accounting API takes them, checked for what QuickBooks
 * answers (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/account and the
 * other entity pages, …/all-entities/batch, …/develop/troubleshooting/error-codes). In `npm test` it runs
 * against the local stand-in (infra/local/quickbooks-stand-in.ts) on a server of its own; with
 * `QUICKBOOKS_SANDBOX_ACCESS_TOKEN` and `QUICKBOOKS_SANDBOX_REALM_ID` set (a sandbox company's access token and
 * id) it runs the same scenarios against https://sandbox-quickbooks.api.intuit.com, so anyone with a sandbox
 * can prove the stand-in right (docs/accounting.md "Locally: the QuickBooks stand-in"). Only what Intuit
 * documents is asserted: status, fault type and code, and the values answered; the throttle scenario is the
 * stand-in's alone (a sandbox is not throttled on purpose).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokens } from '../infra/local/accounting-tokens.js';
import { QUICKBOOKS_STAND_IN_PATH, serveQuickBooksStandIn } from '../infra/local/quickbooks-stand-in.js';
import { companyState } from '../infra/local/quickbooks-stand-in-state.js';

const sandboxToken = process.env.QUICKBOOKS_SANDBOX_ACCESS_TOKEN;
const sandboxRealm = process.env.QUICKBOOKS_SANDBOX_REALM_ID;
const againstQuickBooks = Boolean(sandboxToken && sandboxRealm);
const standInOnly = it.skipIf(againstQuickBooks);

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  void serveQuickBooksStandIn(req, res, path).then((served) => {
    if (!served) res.writeHead(404).end();
  });
});
let base = '';
let realm = '';
let token = '';

beforeAll(async () => {
  if (againstQuickBooks) {
    base = 'https://sandbox-quickbooks.api.intuit.com';
    realm = String(sandboxRealm);
    token = String(sandboxToken);
    return;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${QUICKBOOKS_STAND_IN_PATH}`;
  realm = `contract-${randomUUID()}`;
  token = issueTokens(realm).access_token;
});

afterAll(async () => {
  if (!server.listening) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Body = Record<string, unknown>;
interface Reply {
  status: number;
  body: Body;
}

async function qbo(method: 'GET' | 'POST', path: string, body?: unknown, query: Body = {}): Promise<Reply> {
  const url = new URL(`${base}/v3/company/${encodeURIComponent(realm)}/${path}`);
  for (const [name, value] of Object.entries({ ...query, minorversion: '75' }))
    url.searchParams.set(name, String(value));
  const res = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Body };
}

const create = (entity: string, body: Body) => qbo('POST', entity.toLowerCase(), body);

/** The first Error of a Fault answer, with its type. */
function faultOf(reply: Reply) {
  const fault = reply.body.Fault as { type: string; Error: { code: string; Message: string }[] } | undefined;
  return { status: reply.status, type: fault?.type, code: fault?.Error[0]?.code };
}

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** An income account and a service item on it, a customer, and an expense account and a vendor. */
async function basics() {
  const income = await create('Account', { Name: unique('Contract income'), AccountType: 'Income' });
  const account = income.body.Account as { Id: string };
  const item = await create('Item', {
    Name: unique('Contract item'),
    Type: 'Service',
    IncomeAccountRef: { value: account.Id },
  });
  const customer = await create('Customer', { DisplayName: unique('Contract customer') });
  const expense = await create('Account', { Name: unique('Contract expense'), AccountType: 'Expense' });
  const vendor = await create('Vendor', { DisplayName: unique('Contract vendor') });
  for (const made of [income, item, customer, expense, vendor]) expect(made.status).toBe(200);
  return {
    item: (item.body.Item as { Id: string }).Id,
    customer: (customer.body.Customer as { Id: string }).Id,
    expense: (expense.body.Account as { Id: string }).Id,
    vendor: (vendor.body.Vendor as { Id: string }).Id,
  };
}

let made: Awaited<ReturnType<typeof basics>>;
beforeAll(async () => {
  made = await basics();
});

const salesLine = (extra: Body = {}, detail: Body = {}) => ({
  DetailType: 'SalesItemLineDetail',
  Amount: 10,
  SalesItemLineDetail: { ItemRef: { value: made.item }, ...detail },
  ...extra,
});

const invoice = (extra: Body = {}) =>
  create('Invoice', { CustomerRef: { value: made.customer }, Line: [salesLine()], ...extra });

describe('QuickBooks refuses what its reference refuses', () => {
  it('an enumeration value it does not have: AccountType, an Item Type, a BillPayment PayType (2010)', async () => {
    expect(faultOf(await create('Account', { Name: unique('Bad type'), AccountType: 'Incomes' }))).toEqual({
      status: 400,
      type: 'ValidationFault',
      code: '2010',
    });
    expect(faultOf(await create('Item', { Name: unique('Bad item'), Type: 'Services' }))).toMatchObject({
      status: 400,
      code: '2010',
    });
    const payment = await create('BillPayment', {
      VendorRef: { value: made.vendor },
      PayType: 'Cash',
      TotalAmt: 5,
      Line: [{ Amount: 5, LinkedTxn: [{ TxnId: '1', TxnType: 'Bill' }] }],
    });
    expect(faultOf(payment)).toMatchObject({ status: 400, code: '2010' });
    expect(faultOf(await invoice({ Line: [salesLine({ DetailType: 'SalesLine' })] }))).toMatchObject({
      status: 400,
      code: '2010',
    });
  });

  it('a line without DetailType (2020), a field a line or its detail does not have (2010)', async () => {
    const { DetailType: _, ...withoutType } = salesLine();
    expect(faultOf(await invoice({ Line: [withoutType] }))).toMatchObject({ status: 400, code: '2020' });
    expect(faultOf(await invoice({ Line: [salesLine({ Colour: 'blue' })] }))).toMatchObject({
      status: 400,
      code: '2010',
    });
    expect(faultOf(await invoice({ Line: [salesLine({}, { Colour: 'blue' })] }))).toMatchObject({
      status: 400,
      code: '2010',
    });
  });

  it('a name over 100 characters and a DocNumber over 21 (2050)', async () => {
    expect(faultOf(await create('Class', { Name: 'C'.repeat(101) }))).toMatchObject({
      status: 400,
      type: 'ValidationFault',
      code: '2050',
    });
    expect(faultOf(await create('Customer', { GivenName: 'G'.repeat(101) }))).toMatchObject({
      status: 400,
      code: '2050',
    });
    expect(faultOf(await invoice({ DocNumber: '1'.repeat(22) }))).toMatchObject({
      status: 400,
      code: '2050',
    });
    const fits = await invoice({ DocNumber: randomUUID().replaceAll('-', '').slice(0, 21) });
    expect(fits.status).toBe(200);
  });

  it('a TxnDate that is not a day (2010)', async () => {
    for (const TxnDate of ['2027-02-30', 'tomorrow', '03/01/2027'])
      expect(faultOf(await invoice({ TxnDate })), TxnDate).toMatchObject({ status: 400, code: '2010' });
    expect((await invoice({ TxnDate: '2027-02-28' })).status).toBe(200);
  });

  it('a Customer with only a CompanyName: it needs DisplayName or a name part (2020)', async () => {
    expect(faultOf(await create('Customer', { CompanyName: unique('Only a company') }))).toMatchObject({
      status: 400,
      code: '2020',
    });
    const named = await create('Customer', { CompanyName: 'Acme', GivenName: unique('Ann') });
    expect(named.status).toBe(200);
  });
});

describe('QuickBooks answers', () => {
  it('an amount sent as a string as the number it keeps', async () => {
    const answer = await invoice({ Line: [salesLine({ Amount: '12.50' })] });
    expect(answer.status).toBe(200);
    const saved = answer.body.Invoice as { TotalAmt: unknown; Line: { Amount: unknown }[] };
    expect(saved.TotalAmt).toBe(12.5);
    expect(saved.Line[0]?.Amount).toBe(12.5);
  });

  it('a name with a single quote, found by a query that escapes it with a backslash', async () => {
    const name = unique("O'Neil's");
    expect((await create('Customer', { DisplayName: name })).status).toBe(200);
    const quoted = name.replace(/'/g, "\\'");
    const found = await qbo('GET', 'query', undefined, {
      query: `select * from Customer where DisplayName = '${quoted}'`,
    });
    expect(found.status).toBe(200);
    const response = found.body.QueryResponse as { Customer?: { DisplayName: string }[] };
    expect(response.Customer?.map((c) => c.DisplayName)).toEqual([name]);
  });

  it('a batch: each item answered under its bId, a refused one with its Fault, the others done', async () => {
    const className = unique('Batch class');
    const answer = await qbo('POST', 'batch', {
      BatchItemRequest: [
        { bId: 'b1', operation: 'create', Class: { Name: className } },
        { bId: 'b2', operation: 'create', Account: { Name: unique('Batch bad'), AccountType: 'Nope' } },
        { bId: 'b3', Query: `select * from Class where Name = '${className}'` },
      ],
    });
    expect(answer.status).toBe(200);
    const items = answer.body.BatchItemResponse as Body[];
    expect(items.map((i) => i.bId)).toEqual(['b1', 'b2', 'b3']);
    expect(items[0]?.Class).toMatchObject({ Name: className });
    expect(items[1]?.Fault).toMatchObject({ type: 'ValidationFault' });
    expect(items[2]?.QueryResponse).toMatchObject({ Class: [{ Name: className }] });
  });

  it('a batch of more than 30 items is refused whole', async () => {
    const items = Array.from({ length: 31 }, (_, i) => ({
      bId: `q${i}`,
      Query: 'select * from Class maxresults 1',
    }));
    const answer = await qbo('POST', 'batch', { BatchItemRequest: items });
    expect(answer.status).toBe(400);
    expect(answer.body.Fault).toBeDefined();
  });

  standInOnly('a throttled request: 429 with the Fault of 3001 ThrottleExceeded', async () => {
    const state = companyState(realm);
    state.starts.push(...Array.from({ length: 500 }, () => Date.now()));
    try {
      const answer = await qbo('GET', 'preferences');
      expect(answer.status).toBe(429);
      expect(answer.body.Fault).toMatchObject({
        type: 'SERVICE',
        Error: [{ code: '3001', Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429' }],
      });
    } finally {
      state.starts.length = 0;
    }
  });
});
