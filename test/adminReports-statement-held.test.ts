/**
 * What the owner statement holds apart from the owner's money, and what it says beside the account (docs/reports.md
 * "Owner statement"), over HTTP on records made through the admin API, the months closed by the
 * ownerStatementMessages job:
 * - a security deposit is a liability in the journal (a DEPOSIT invoice credits depositsHeld, never revenue; a
 *   change of an invoice's type to DEPOSIT moves what the journal holds), never income on the statement or in
 *   the income report, in its own section (received, applied, returned, held at month end), never in the fee;
 * - each management fee says its base and rule; a month without income is charged nothing unless the terms set
 *   a minimum; the tax collected on a stay is its own section and no fee is charged on it;
 * - the statement names the owner with their address, its date and period, the unpaid bills, the reserve held
 *   and the rent not yet paid; the PDF says the same and wraps what is long;
 * - the QuickBooks mapping keeps DEPOSIT on a liability account.
 * The months are the two before this one (their payments dated in them), so the test holds on any day.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../shared/domain/booking/stay.js';
import { monthTitle } from '../shared/domain/reports/statement-format.js';
import { type ApiResponse, type Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { ownerJournalBefore } from './support/owner-journal.js';
import { expectBooksWhole, invoicePartition } from './support/payments.js';
import { readPdf } from './support/pdf-text.js';

useLocalTable();
const fixture = await import('../infra/local/fixture/index.js');
const { sendOwnerStatements } = await import('../functions/adminMessages/owner-statements.js');

const STATEMENT = '/API/adminReports/V1/ownerStatement.json';
const PDF = '/API/adminReports/V1/ownerStatement.pdf';
const INCOME = '/API/adminReports/V1/income.json';

// The fixture's site time zone is UTC: the site's today and months are UTC's.
const TODAY = new Date().toISOString().slice(0, 10);
const THIS = TODAY.slice(0, 7);
const monthBack = (n: number) => addMonths(`${THIS}-01`, -n).slice(0, 7);
const A = monthBack(2);
const B = monthBack(1);
/** The month's last day. */
function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
const ADDRESS = '12 Harbour Road\nWilmington, NC 28401';

interface HeldLine {
  date: string;
  movement: string;
  description: string;
  party: string;
  amount: number;
}
interface Line {
  date: string;
  category: string;
  description: string;
  party: string;
  amount: number;
  base?: number;
  rule?: string;
}
interface Open {
  total: number;
  items: { documentId: number; description: string; party: string; amountDue: number; dueDate: string }[];
}
interface Row {
  propertyId: number;
  name: string;
  type: string;
  income: number;
  managementFee: number;
  openingBalance: number;
  closingBalance: number;
  feeCharged: boolean;
  managementFeeMinimum: number | null;
  managementFeeBase: number | null;
  managementFeeRule: string | null;
  lines: Line[];
  deposits: {
    openingHeld: number;
    received: number;
    applied: number;
    returned: number;
    heldAtMonthEnd: number;
    lines: HeldLine[];
  };
  occupancyTax: {
    openingHeld: number;
    collected: number;
    remitted: number;
    heldAtMonthEnd: number;
    lines: HeldLine[];
  };
  reserve: number;
  reserveHeld: number;
  availableForPayout: number;
  unpaidBills: Open;
  unpaidRent: Open;
}
interface Statement {
  statementDate: string;
  landlordName: string;
  landlordAddress: string;
  dateFrom: string;
  dateTo: string;
  items: Row[];
  totals: Record<string, unknown>;
}

let superAdmin: Client;
let landlord: Client;
const invoiceIds: number[] = [];
let depositInvoice = 0;
let retyped = 0;

async function created(res: ApiResponse, idField: string): Promise<number> {
  expect(res.status, res.text).toBe(201);
  return Number(res.body[idField]);
}

async function invoice(body: Record<string, unknown>): Promise<number> {
  const id = await created(
    await superAdmin.post('/API/adminInvoices/V1/invoices.json', { dueDate: TODAY, tenantId: 1, ...body }),
    'invoiceId',
  );
  invoiceIds.push(id);
  return id;
}

const expense = async (body: Record<string, unknown>) =>
  created(
    await superAdmin.post('/API/adminExpenses/V1/expenses.json', { dueDate: TODAY, ...body }),
    'expenseId',
  );

async function pay(kind: 'invoices' | 'expenses', id: number, amount: number, date: string): Promise<void> {
  const res = await superAdmin.post(`/API/adminPayments/V1/${kind}/${id}/payments.json`, {
    amount,
    method: 'bank_transfer',
    date,
  });
  expect(res.status, res.text).toBe(201);
}

/** The monthly job on `day`: closes the month before (its fees charged). */
const runJobOn = (day: string) => sendOwnerStatements(() => new Date(`${day}T12:00:00Z`));

async function statementOf(month: string): Promise<Statement> {
  const res = await landlord.get<Statement>(STATEMENT, { query: { month } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const rowOf = (s: Statement, propertyId: number): Row => {
  const row = s.items.find((r) => r.propertyId === propertyId);
  if (!row) throw new Error(`no row for ${propertyId}`);
  return row;
};

const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  // Landlord 2 (test/fixtures/base.json) with a mailing address, written as the admin profile keeps it.
  const base = JSON.parse(readFileSync(new URL('./fixtures/base.json', import.meta.url), 'utf8'));
  const lou = base.admins.find((a: { adminId: number }) => a.adminId === 2);
  await fixture.loadFixture({ admins: [{ ...lou, adminAddress: ADDRESS }] });
  [superAdmin, landlord] = await Promise.all([signedIn('super'), signedIn('landlord')]);
  // 11 keeps a reserve of 500.00; 2003's terms set a minimum fee of 25.00.
  for (const [id, body] of [
    [11, { ownerReserve: '500.00' }],
    [2003, { managementFeeMinimum: 25 }],
  ] as const) {
    const res = await superAdmin.put(`/API/adminProperties/V1/properties/${id}.json`, body);
    expect(res.status, res.text).toBe(200);
  }

  // Month A: 11's rent and its tenant's deposit; a stay at 2001 with 12 % tax, partly refunded.
  await pay(
    'invoices',
    await invoice({
      description: 'RENT',
      propertyId: 11,
      lineItems: [{ description: 'Rent', amount: '1450.00' }],
    }),
    1450,
    `${A}-02`,
  );
  depositInvoice = await invoice({
    description: 'DEPOSIT',
    propertyId: 11,
    lineItems: [{ description: 'Security deposit', amount: '1450.00' }],
  });
  await pay('invoices', depositInvoice, 1450, `${A}-03`);
  const stay = await invoice({
    description: 'BOOKING',
    tenantId: 2,
    propertyId: 2001,
    tax: 10,
    tax2: 2,
    lineItems: [{ description: '3 nights', amount: '500.00', taxed: 1 }],
  });
  await pay('invoices', stay, 560, `${A}-10`);
  await pay('invoices', stay, -112, `${A}-12`);
  await runJobOn(`${B}-03`);
  // A payment for month A recorded after A was closed: no fee charged on it yet.
  await pay(
    'invoices',
    await invoice({
      description: 'SERVICE',
      propertyId: 11,
      lineItems: [{ description: 'Key replacement', amount: '100.00' }],
    }),
    100,
    `${A}-28`,
  );
  // Month B: no income at all; part of the deposit is given back to the tenant.
  await pay('invoices', depositInvoice, -450, `${B}-20`);
  await runJobOn(`${THIS}-03`);

  // This month: a pool bill not paid, a bill paid, this month's rent partly paid, an invoice retyped DEPOSIT.
  await expense({
    description: 'SERVICE',
    paytoId: 'Blue Pools',
    propertyId: 2003,
    lineItems: [{ description: 'Pool service', amount: '90.00' }],
  });
  await pay(
    'expenses',
    await expense({
      description: 'SERVICE',
      paytoId: 'Gutter Guys',
      propertyId: 2003,
      lineItems: [{ description: 'Gutter cleaning', amount: '40.00' }],
    }),
    40,
    TODAY,
  );
  const rent = await invoice({
    description: 'RENT',
    propertyId: 11,
    lineItems: [{ description: 'Rent this month', amount: '1450.00' }],
  });
  await pay('invoices', rent, 450, TODAY);
  retyped = await invoice({
    description: 'RENT',
    propertyId: 11,
    lineItems: [{ description: 'Pet deposit', amount: '200.00' }],
  });
  const put = await superAdmin.put(`/API/adminInvoices/V1/invoices/${retyped}.json`, {
    description: 'DEPOSIT',
  });
  expect(put.status, put.text).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const id of [11, 2003])
    await superAdmin.put(`/API/adminProperties/V1/properties/${id}.json`, {
      ownerReserve: null,
      managementFeeMinimum: null,
    });
});

/** The net of one account over an invoice's journal entries (debits − credits). */
async function accountOf(invoiceId: number, account: string): Promise<number> {
  const { journal } = await invoicePartition(invoiceId);
  return journal
    .flatMap((e) => e.lines as { account: string; debitCents: number; creditCents: number }[])
    .filter((l) => l.account === account)
    .reduce((t, l) => t + l.debitCents - l.creditCents, 0);
}

describe('a security deposit is held for the tenant', () => {
  it('the journal holds it as a liability: the DEPOSIT invoice credits depositsHeld, never revenue', async () => {
    expect(await accountOf(depositInvoice, 'depositsHeld')).toBe(-145_000);
    expect(await accountOf(depositInvoice, 'revenue')).toBe(0);
    const { journal } = await invoicePartition(depositInvoice);
    expect(journal.filter((e) => e.paymentId).map((e) => e.depositCents)).toEqual([145_000, -45_000]);
    // An invoice retyped DEPOSIT: what the journal held as revenue moved to the liability.
    expect(await accountOf(retyped, 'revenue')).toBe(0);
    expect(await accountOf(retyped, 'depositsHeld')).toBe(-20_000);
    await expectBooksWhole(invoiceIds);
  });

  it('the statement shows it in its own section (received, applied, returned, held), never as income or in the fee', async () => {
    const [a, b] = [await statementOf(A), await statementOf(B)];
    const elmA = rowOf(a, 11);
    expect(elmA).toMatchObject({
      income: 1550, // the rent and the key replacement; not the deposit
      managementFee: 145,
      managementFeeBase: 1450, // the fee of month A, charged before the late 100.00 came in
      deposits: { openingHeld: 0, received: 1450, applied: 0, returned: 0, heldAtMonthEnd: 1450 },
    });
    expect(elmA.lines.some((l) => /deposit/i.test(l.description))).toBe(false);
    expect(elmA.deposits.lines).toEqual([
      expect.objectContaining({ date: `${A}-03`, movement: 'received', amount: 1450, party: 'Tess Tenant' }),
    ]);
    const elmB = rowOf(b, 11);
    expect(elmB).toMatchObject({
      income: 0,
      openingBalance: elmA.closingBalance,
      closingBalance: elmA.closingBalance,
      deposits: { openingHeld: 1450, received: 0, applied: 0, returned: 450, heldAtMonthEnd: 1000 },
    });
    expect(elmB.deposits.lines[0]).toMatchObject({ date: `${B}-20`, movement: 'returned', amount: -450 });
    expect(b.totals).toMatchObject({ deposits: { heldAtMonthEnd: 1000 } });
    // The journal says the same: the owner's money without the deposit, the deposit held apart.
    const journal = await ownerJournalBefore(11, `${THIS}-01`);
    expect([journal.balanceCents, journal.depositCents]).toEqual([
      cents(elmB.closingBalance),
      cents(elmB.deposits.heldAtMonthEnd),
    ]);
  });

  it('the income report counts deposits apart from income', async () => {
    const a = await superAdmin.get(INCOME, { query: { dateFrom: `${A}-01`, dateTo: lastDayOf(A) } });
    expect(a.status, a.text).toBe(200);
    expect(a.body).toMatchObject({
      totalIncome: 1998, // 1,450.00 rent, 560.00 − 112.00 the stay, 100.00 the key
      transactionCount: 4,
      depositsReceived: 1450,
      depositsReturned: 0,
      depositCount: 1,
    });
    const b = await superAdmin.get(INCOME, { query: { dateFrom: `${B}-01`, dateTo: lastDayOf(B) } });
    expect(b.body).toMatchObject({
      totalIncome: 0,
      transactionCount: 0,
      depositsReturned: 450,
      depositCount: 1,
    });
  });

  it('the QuickBooks mapping keeps DEPOSIT on a liability: an income account is a 400 naming the field', async () => {
    const res = await superAdmin.put('/API/accounting/V1/mapping.json', {
      invoiceTypes: { DEPOSIT: { item: 'Deposit', account: { name: 'Deposit Income', type: 'Income' } } },
    });
    expect(res.status, res.text).toBe(400);
    expect(problem(res).errors?.map((e) => e.field)).toEqual(['invoiceTypes.DEPOSIT.account.type']);
    const view = await superAdmin.get('/API/accounting/V1/mapping.json');
    const mapping = view.body.mapping as { invoiceTypes: { DEPOSIT: { account: { type: string } } } };
    expect(mapping.invoiceTypes.DEPOSIT.account.type).toBe('Other Current Liability');
  });
});

describe('the management fee says its base and rule, and the tax is held apart', () => {
  it('each fee line says the income it was charged on and the rule; the fee is never charged on tax', async () => {
    const a = await statementOf(A);
    const beach = rowOf(a, 2001);
    expect(beach).toMatchObject({
      income: 400, // 560.00 − 112.00 paid, less the 48.00 of tax in it
      managementFee: 40, // 10 % of 400.00, not of the tax
      managementFeeBase: 400,
      managementFeeRule: '10% of income collected 400.00',
      occupancyTax: { openingHeld: 0, collected: 48, remitted: 0, heldAtMonthEnd: 48 },
    });
    expect(beach.occupancyTax.lines.map((l) => [l.date, l.movement, l.amount])).toEqual([
      [`${A}-10`, 'collected', 60],
      [`${A}-12`, 'refunded', -12],
    ]);
    const fee = beach.lines.find((l) => l.category === 'fee');
    expect(fee).toMatchObject({
      date: lastDayOf(A),
      amount: 40,
      base: 400,
      rule: '10% of income collected 400.00',
      description: expect.stringMatching(
        new RegExp(
          `^Management fee ${monthTitle(A)}: 10% of income collected 400\\.00 \\(owner invoice \\d+\\)$`,
        ),
      ),
    });
    expect(rowOf(await statementOf(B), 2001).occupancyTax).toMatchObject({
      openingHeld: 48,
      heldAtMonthEnd: 48,
    });
  });

  it('a month without income is charged nothing, whatever earlier months left uncharged; a minimum is charged and says so', async () => {
    const b = await statementOf(B);
    expect(rowOf(b, 11)).toMatchObject({
      feeCharged: true,
      managementFee: 0,
      managementFeeBase: 0,
      managementFeeRule: `no fee: no income collected in ${monthTitle(B)}`,
    });
    expect(rowOf(b, 11).lines.filter((l) => l.category === 'fee')).toEqual([]);
    const cabin = rowOf(await statementOf(A), 2003);
    expect(cabin).toMatchObject({
      income: 0,
      managementFee: 25,
      managementFeeMinimum: 25,
      managementFeeRule: `minimum fee 25.00 (no income collected in ${monthTitle(A)})`,
    });
    expect(cabin.lines).toEqual([expect.objectContaining({ category: 'fee', amount: 25, base: 0 })]);
  });
});

describe('the statement names the owner and says what is open', () => {
  it('names the owner with their address, the statement date and the period', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const s = await statementOf(A);
    const after = new Date().toISOString().slice(0, 10);
    expect(s).toMatchObject({ landlordName: 'Lou Landlord', landlordAddress: ADDRESS, dateFrom: `${A}-01` });
    expect([before, after]).toContain(s.statementDate);
  });

  it('lists the bills not paid, the rent not yet paid and the reserve held, with their totals', async () => {
    const s = await statementOf(THIS);
    const cabin = rowOf(s, 2003);
    expect(cabin.unpaidBills).toEqual({
      total: 90,
      items: [
        expect.objectContaining({
          description: expect.stringMatching(/^Pool service \(service expense \d+\)$/),
          party: 'Blue Pools',
          amountDue: 90,
          dueDate: TODAY,
        }),
      ],
    });
    const elm = rowOf(s, 11);
    expect(elm.unpaidRent).toEqual({
      total: 1000,
      items: [expect.objectContaining({ party: 'Tess Tenant', amountDue: 1000, dueDate: TODAY })],
    });
    expect(elm).toMatchObject({ reserve: 500, reserveHeld: 500 });
    expect(cents(elm.availableForPayout)).toBe(cents(elm.closingBalance) - 50_000);
    expect(s.totals).toMatchObject({ unpaidBills: 90, unpaidRent: 1000, reserveHeld: 500 });
  });

  it('the PDF says the same: the owner and address, the date, the held sections, and a long fee line whole', async () => {
    const a = await statementOf(A);
    const res = await landlord.get(PDF, { query: { month: A }, headers: { accept: 'application/pdf' } });
    expect(res.status, res.text).toBe(200);
    const strings = (await readPdf(res.bytes)).pages.flat();
    const at = strings.indexOf('Landlord: Lou Landlord');
    expect(strings.slice(at, at + 3)).toEqual([
      'Landlord: Lou Landlord',
      '12 Harbour Road',
      'Wilmington, NC 28401',
    ]);
    expect(strings).toContain(`Statement date: ${a.statementDate}`);
    expect(strings).toContain('Security deposits held for tenants (not income)');
    expect(strings).toContain('Occupancy tax collected (not income, no fee on it)');
    // The minimum fee's line is longer than its column: it wraps, every word of it drawn.
    const fee = rowOf(a, 2003).lines[0] as Line;
    const first = strings.findIndex((x, i) => x === fee.date && strings[i + 3] === '25.00');
    expect(first).toBeGreaterThan(0);
    let drawn = strings[first + 1] ?? '';
    for (let i = first + 4; fee.description.startsWith(`${drawn} ${strings[i]}`); i++)
      drawn += ` ${strings[i]}`;
    expect(drawn).toBe(fee.description);
    expect(strings.some((x) => x.includes('…'))).toBe(false);

    const b = await landlord.get(PDF, { query: { month: B }, headers: { accept: 'application/pdf' } });
    expect((await readPdf(b.bytes)).pages.flat()).toContain(
      `No fee: no income collected in ${monthTitle(B)}.`,
    );
    const now = await landlord.get(PDF, { query: { month: THIS }, headers: { accept: 'application/pdf' } });
    const nowStrings = (await readPdf(now.bytes)).pages.flat();
    expect(nowStrings).toContain(`Unpaid bills as of ${a.statementDate}`);
    expect(nowStrings).toContain('Blue Pools');
    expect(nowStrings).toContain(`Rent not yet paid as of ${a.statementDate}`);
  });
});
