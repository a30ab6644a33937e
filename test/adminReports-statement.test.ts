/**
 * The owner statement over HTTP (docs/reports.md "Owner statement"), on records made through the admin API and
 * the monthly job, as staff and the job make them: invoices and expenses with recorded payments and refunds in
 * April and May 2021, April and May closed by the ownerStatementMessages job (each property's management fee
 * charged as an OWNER invoice to the landlord; a property with a percent of its own), a payout to the owner
 * (an OWNER expense). The statement opens with the month before's closing balance, lists every line with its
 * date, what and who, charges a payment recorded late for a closed month with the next fee, reconciles with the
 * journal, and the PDF and the mail carry the same figures. Roles: a landlord reads their own; another
 * landlord's is the route's 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, Client, MAIL_URL, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { ownerJournalBefore } from './support/owner-journal.js';
import { expectBooksWhole } from './support/payments.js';
import { readPdf } from './support/pdf-text.js';

useLocalTable();
const { sendOwnerStatements } = await import('../functions/adminMessages/owner-statements.js');

const BASE = '/API/adminReports/V1';
const STATEMENT = `${BASE}/ownerStatement.json`;
const PDF = `${BASE}/ownerStatement.pdf`;

interface Line {
  date: string;
  category: string;
  description: string;
  party: string;
  amount: number;
  documentType: string;
  documentId: number;
}
interface Figures {
  openingBalance: number;
  income: number;
  expenses: number;
  managementFee: number;
  payouts: number;
  closingBalance: number;
  net: number;
}
interface HeldLine {
  date: string;
  movement: string;
  description: string;
  party: string;
  amount: number;
}
interface Row extends Figures {
  propertyId: number;
  name: string;
  type: string;
  managementFeePercent: number;
  feeCharged: boolean;
  transactions: number;
  lines: Line[];
  deposits: { heldAtMonthEnd: number; lines: HeldLine[] };
  occupancyTax: { heldAtMonthEnd: number; lines: HeldLine[] };
}
interface Statement {
  month: string;
  landlord: number;
  landlordName: string;
  items: Row[];
  totals: Figures;
}

let superAdmin: Client;
let rep: Client;
let landlord: Client;
let otherLandlord: Client;
let housekeeper: Client;

async function created(res: ApiResponse, idField: string): Promise<number> {
  expect(res.status, res.text).toBe(201);
  return Number(res.body[idField]);
}

const invoiceIds: number[] = [];
async function invoice(body: Record<string, unknown>): Promise<number> {
  const id = await created(
    await superAdmin.post('/API/adminInvoices/V1/invoices.json', { dueDate: '2021-05-31', ...body }),
    'invoiceId',
  );
  invoiceIds.push(id);
  return id;
}
const expense = async (body: Record<string, unknown>) =>
  created(
    await superAdmin.post('/API/adminExpenses/V1/expenses.json', { dueDate: '2021-05-31', ...body }),
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

/** The monthly job on `day` (a site day, UTC in the fixture): closes and mails the month before. */
const runJobOn = (day: string) => sendOwnerStatements(() => new Date(`${day}T12:00:00Z`));

async function statement(who: Client, query: Record<string, string | number>): Promise<Statement> {
  const res = await who.get<Statement>(STATEMENT, { query });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const rowOf = (s: Statement, propertyId: number) => {
  const row = s.items.find((r) => r.propertyId === propertyId);
  if (!row) throw new Error(`no row for ${propertyId}`);
  return row;
};

const cents = (n: number) => Math.round(n * 100);
const balances = (f: Figures) =>
  cents(f.openingBalance) + cents(f.income) - cents(f.expenses) - cents(f.managementFee) - cents(f.payouts);

beforeAll(async () => {
  [superAdmin, rep, landlord, otherLandlord, housekeeper] = await Promise.all([
    signedIn('super'),
    signedIn('svcRep'),
    signedIn('landlord'),
    signedIn('otherLandlord'),
    signedIn('housekeeper'),
  ]);
  // Landlord 2 owns 11 (LTR, its own fee of 8 %), 2001 and 2003 (VR, the site's 10 %): test/fixtures/base.json.
  const percent = await superAdmin.put('/API/adminProperties/V1/properties/11.json', {
    managementFeePercent: 8,
  });
  expect(percent.status, percent.text).toBe(200);

  // April: rent of 11, a stay at 2001; then April is closed on May 3.
  await pay(
    'invoices',
    await invoice({
      description: 'RENT',
      tenantId: 1,
      propertyId: 11,
      lineItems: [{ description: 'Rent April 2021', amount: '1000.00' }],
    }),
    1000,
    '2021-04-03',
  );
  await pay(
    'invoices',
    await invoice({
      description: 'BOOKING',
      tenantId: 2,
      propertyId: 2001,
      lineItems: [{ description: '3 nights', amount: '500.00' }],
    }),
    500,
    '2021-04-20',
  );
  await runJobOn('2021-05-03');
  // A payment for April recorded after April was closed: its fee comes with May's.
  await pay(
    'invoices',
    await invoice({
      description: 'BOOKING',
      tenantId: 1,
      propertyId: 2001,
      lineItems: [{ description: '2 nights', amount: '100.00' }],
    }),
    100,
    '2021-04-25',
  );

  // May at 11: rent, a deposit (held for the tenant: not income, no fee on it), a plumber, a payout.
  await pay(
    'invoices',
    await invoice({
      description: 'RENT',
      tenantId: 1,
      propertyId: 11,
      lineItems: [{ description: 'Rent May 2021', amount: '1200.00' }],
    }),
    1200,
    '2021-05-03',
  );
  await pay(
    'invoices',
    await invoice({
      description: 'DEPOSIT',
      tenantId: 2,
      propertyId: 11,
      lineItems: [{ description: 'Security deposit', amount: '1000.00' }],
    }),
    1000,
    '2021-05-04',
  );
  await pay(
    'expenses',
    await expense({
      description: 'SERVICE',
      paytoId: 'Ace Plumbing',
      propertyId: 11,
      tax: 6,
      lineItems: [{ description: 'Fix leaking tap', amount: '185.50', taxed: 1 }],
    }),
    196.63,
    '2021-05-10',
  );
  await pay(
    'expenses',
    await expense({
      description: 'OWNER',
      paytoId: '2',
      propertyId: 11,
      lineItems: [{ description: 'Owner distribution April 2021', amount: '900.00' }],
    }),
    900,
    '2021-05-20',
  );
  // May at 2001: a charge paid in two parts and partly refunded, housekeeping paid and a little refunded.
  const late = await invoice({
    description: 'SERVICE',
    tenantId: 1,
    propertyId: 2001,
    lineItems: [{ description: 'Late checkout', amount: '500.00' }],
  });
  await pay('invoices', late, 333.33, '2021-05-01');
  await pay('invoices', late, 166.67, '2021-05-31');
  await pay('invoices', late, -10.01, '2021-05-15');
  const cleaning = await expense({
    description: 'HOUSEKEEPING',
    paytoId: '4',
    propertyId: 2001,
    lineItems: [{ description: 'Turnover cleaning', amount: '75.50' }],
  });
  await pay('expenses', cleaning, 75.5, '2021-05-20');
  await pay('expenses', cleaning, -0.05, '2021-05-21');
  await runJobOn('2021-06-03');
});

afterAll(async () => {
  await superAdmin.put('/API/adminProperties/V1/properties/11.json', { managementFeePercent: null });
});

describe('the owner statement of a month', () => {
  it('opens with the balance before, lists each line with date, what and who, and closes with opening + income − expenses − fee − payouts', async () => {
    const may = await statement(landlord, { month: '2021-05' });
    expect(may).toMatchObject({ month: '2021-05', landlord: 2, landlordName: 'Lou Landlord' });
    expect(may.items.map((r) => r.propertyId)).toEqual([11, 2001, 2003]);

    const elm = rowOf(may, 11);
    expect(elm).toMatchObject({
      managementFeePercent: 8,
      feeCharged: true,
      openingBalance: 920, // April: 1,000.00 rent less its 8 % fee
      income: 1200, // the rent; the deposit is not income
      expenses: 196.63,
      managementFee: 96, // 8 % of May's rent; none on the deposit
      payouts: 900,
      closingBalance: 927.37,
      net: 1003.37,
      transactions: 4,
      managementFeeBase: 1200,
      managementFeeRule: '8% of income collected 1,200.00',
      deposits: { openingHeld: 0, received: 1000, applied: 0, returned: 0, heldAtMonthEnd: 1000 },
    });
    expect(elm.deposits.lines.map((l) => [l.date, l.movement, l.description, l.party, l.amount])).toEqual([
      [
        '2021-05-04',
        'received',
        expect.stringMatching(/^Security deposit \(security deposit invoice \d+\)$/),
        'Ben Birch',
        1000,
      ],
    ]);
    expect(elm.lines.map((l) => [l.date, l.category, l.description, l.party, l.amount])).toEqual([
      [
        '2021-05-03',
        'income',
        expect.stringMatching(/^Rent May 2021 \(rent invoice \d+\)$/),
        'Tess Tenant',
        1200,
      ],
      [
        '2021-05-10',
        'expense',
        expect.stringMatching(/^Fix leaking tap \(service expense \d+\)$/),
        'Ace Plumbing',
        196.63,
      ],
      [
        '2021-05-20',
        'payout',
        expect.stringMatching(/^Owner distribution April 2021 \(owner expense \d+\)$/),
        'Lou Landlord',
        900,
      ],
      [
        '2021-05-31',
        'fee',
        expect.stringMatching(
          /^Management fee May 2021: 8% of income collected 1,200\.00 \(owner invoice \d+\)$/,
        ),
        'Lou Landlord',
        96,
      ],
    ]);

    const beach = rowOf(may, 2001);
    expect(beach).toMatchObject({
      managementFeePercent: 10,
      openingBalance: 550, // April: 500.00 and the 100.00 recorded late, less April's fee on the 500.00
      income: 489.99,
      expenses: 75.45,
      managementFee: 59, // 10 % of 489.99 and of the late 100.00 (58.999)
      payouts: 0,
      closingBalance: 905.54,
    });
    expect(beach.lines.map((l) => [l.date, l.category, l.party, l.amount])).toEqual([
      ['2021-05-01', 'income', 'Tess Tenant', 333.33],
      ['2021-05-15', 'income', 'Tess Tenant', -10.01],
      ['2021-05-20', 'expense', 'Hal Keeper', 75.5],
      ['2021-05-21', 'expense', 'Hal Keeper', -0.05],
      ['2021-05-31', 'income', 'Tess Tenant', 166.67],
      ['2021-05-31', 'fee', 'Lou Landlord', 59],
    ]);
    expect(beach.lines[1]?.description).toMatch(/^Refund: Late checkout \(service invoice \d+\)$/);
    expect(beach.lines[5]).toMatchObject({
      description: expect.stringMatching(
        /^Management fee May 2021: 10% of income collected 589\.99, of which 100\.00 collected before with no fee charged yet /,
      ),
      base: 589.99,
      rule: '10% of income collected 589.99, of which 100.00 collected before with no fee charged yet',
    });

    expect(rowOf(may, 2003)).toMatchObject({
      openingBalance: 0,
      closingBalance: 0,
      managementFee: 0,
      lines: [],
    });
    expect(may.totals).toMatchObject({
      openingBalance: 1470,
      income: 1689.99,
      expenses: 272.08,
      managementFee: 155,
      payouts: 900,
      closingBalance: 1832.91,
      net: 1417.91,
      deposits: { heldAtMonthEnd: 1000 },
    });
    for (const f of [...may.items, may.totals]) expect(cents(f.closingBalance)).toBe(balances(f));
  });

  it('each month opens where the month before closed, and a month not closed yet has no fee', async () => {
    const [april, may, june] = (await Promise.all(
      ['2021-04', '2021-05', '2021-06'].map((month) => statement(landlord, { month })),
    )) as [Statement, Statement, Statement];
    for (const id of [11, 2001, 2003]) {
      expect(rowOf(may, id).openingBalance).toBe(rowOf(april, id).closingBalance);
      expect(rowOf(june, id).openingBalance).toBe(rowOf(may, id).closingBalance);
    }
    expect(rowOf(april, 2001)).toMatchObject({
      income: 600,
      managementFee: 50,
      closingBalance: 550,
    });
    expect(rowOf(june, 11)).toMatchObject({ feeCharged: false, managementFee: 0, lines: [] });
  });

  it('reconciles with the journal: each closing balance is the owner’s cash of the property’s entries less what was charged to the owner, and the deposits held are the deposits’ cash', async () => {
    const may = await statement(landlord, { month: '2021-05' });
    for (const row of may.items) {
      const journal = await ownerJournalBefore(row.propertyId, '2021-06-01');
      expect(cents(row.closingBalance), `property ${row.propertyId}`).toBe(journal.balanceCents);
      expect(cents(row.deposits.heldAtMonthEnd), `property ${row.propertyId} deposits`).toBe(
        journal.depositCents,
      );
      expect(cents(row.occupancyTax.heldAtMonthEnd), `property ${row.propertyId} tax`).toBe(journal.taxCents);
    }
    await expectBooksWhole(invoiceIds);
  });

  it('the fee is an OWNER invoice to the landlord, dated the month’s last day, charged once however often the job runs', async () => {
    expect((await runJobOn('2021-06-04')).started).toEqual([]);
    const res = await superAdmin.get<{ items: Record<string, unknown>[] }>(
      '/API/adminInvoices/V1/invoices.json',
      {
        query: { propertyId: 11, dateFrom: '2021-04-01', dateTo: '2021-06-30' },
      },
    );
    const fees = res.body.items.filter((i) => i.description === 'OWNER');
    expect(fees.map((i) => [i.invoiceDate, i.adminId, i.tenantId, i.totalComputed, i.status])).toEqual([
      ['2021-05-31', 2, null, 96, 0],
      ['2021-04-30', 2, null, 80, 0],
    ]);
  });

  it('the PDF draws the JSON’s figures: the summary row of each property, the totals and every line', async () => {
    const may = await statement(landlord, { month: '2021-05' });
    const res = await landlord.get(PDF, {
      query: { month: '2021-05' },
      headers: { accept: 'application/pdf' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="owner-statement-2-2021-05.pdf"');
    expectPdfFigures((await readPdf(res.bytes)).pages.flat(), may);
  });

  it('the monthly mail carries the same figures, in its text and in its PDF', async () => {
    const may = await statement(superAdmin, { month: '2021-05', landlord: 2 });
    const mail = await mailOf('lou.landlord@example.test', 'Owner statement for May 2021');
    const money = (n: number) =>
      `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const text = mail.body.text ?? '';
    for (const row of may.items) {
      const block = text.slice(text.indexOf(`${row.name}\n`));
      expect(block).toMatch(new RegExp(`Opening balance:\\s+\\${money(row.openingBalance)}`));
      expect(block).toMatch(
        new RegExp(`Management fee \\(${row.managementFeePercent}%\\):\\s+\\${money(row.managementFee)}`),
      );
      expect(block).toMatch(new RegExp(`Closing balance:\\s+\\${money(row.closingBalance)}`));
    }
    const totals = text.slice(text.indexOf('Totals\n'));
    for (const [label, amount] of [
      ['Income', may.totals.income],
      ['Expenses', may.totals.expenses],
      ['Payouts to you', may.totals.payouts],
      ['Closing balance', may.totals.closingBalance],
    ] as const)
      expect(totals).toMatch(new RegExp(`${label}:\\s+\\${money(amount)}`));
    const [attachment] = mail.attachments ?? [];
    expect(attachment?.filename).toBe('owner-statement-2-2021-05.pdf');
    expectPdfFigures((await readPdf(Buffer.from(attachment?.content ?? '', 'base64'))).pages.flat(), may);
  });
});

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string };
  attachments?: { filename: string; content: string }[];
}

/** The mail once the paced sender has sent it (mail is queued, then sent): looked for until a deadline. */
async function mailOf(to: string, subject: string): Promise<StoredMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { emails } = (await (await fetch(`${MAIL_URL}/store`)).json()) as { emails: StoredMail[] };
    const mail = emails.find((m) => m.destination.to.includes(to) && m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const amount = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The summary rows, the totals and each line of the statement, as the PDF draws them. */
function expectPdfFigures(strings: string[], s: Statement): void {
  const six = (f: Figures) =>
    [f.openingBalance, f.income, f.expenses, f.managementFee, f.payouts, f.closingBalance].map(amount);
  const from = (label: string, count: number, start = 0) => {
    const at = strings.indexOf(label, start);
    expect(at, label).toBeGreaterThanOrEqual(0);
    return strings.slice(at, at + count);
  };
  expect(strings).toContain('Landlord: Lou Landlord');
  expect(strings.some((x) => /\(admin \d+\)/.test(x))).toBe(false);
  for (const row of s.items) {
    expect(from(row.name, 7)).toEqual([row.name, ...six(row)]);
    const account = strings.indexOf(`${row.name} (${row.type.toUpperCase()})`);
    expect(from('Opening balance', 2, account)).toEqual(['Opening balance', amount(row.openingBalance)]);
    expect(from('Closing balance', 2, account)).toEqual(['Closing balance', amount(row.closingBalance)]);
    for (const line of row.lines) {
      const at = strings.findIndex(
        (x, i) =>
          i > account &&
          x === line.date &&
          strings[i + 2] === line.party &&
          strings[i + 3] === amount(line.amount),
      );
      expect(at, `${row.name} ${line.date} ${line.amount}`).toBeGreaterThan(account);
    }
  }
  expect(from('Total', 7)).toEqual(['Total', ...six(s.totals)]);
}

describe('who reads which statement', () => {
  it('staff read any landlord’s, which they must name; a landlord reads their own', async () => {
    for (const who of [superAdmin, rep]) {
      const res = await who.get<Statement>(STATEMENT, { query: { month: '2021-05', landlord: 5 } });
      expect(res.status).toBe(200);
      // Landlord 5's archived 2004 has no line and no balance: no row.
      expect(res.body.items.map((r) => r.propertyId)).toEqual([12, 2002]);
      expect(res.body.landlordName).toBe('Bea Owner');
      const missing = await who.get(STATEMENT, { query: { month: '2021-05' } });
      expect(missing.status).toBe(400);
      expect(problem(missing).errors?.map((e) => e.field)).toEqual(['landlord']);
    }
    const named = await statement(landlord, { month: '2021-05', landlord: 2 });
    expect(named.landlord).toBe(2);
  });

  it('another landlord’s statement is a 403, as JSON and as a PDF; housekeepers 403; no session 401', async () => {
    for (const path of [STATEMENT, PDF]) {
      const other = await otherLandlord.get(path, { query: { month: '2021-05', landlord: 2 } });
      expect(other.status).toBe(403);
      expect(problem(other).status).toBe(403);
      expect((await housekeeper.get(path, { query: { month: '2021-05' } })).status).toBe(403);
      expect((await new Client().get(path, { query: { month: '2021-05' } })).status).toBe(401);
    }
  });

  it('400 for a bad or missing month and for a landlord who is not one', async () => {
    for (const month of ['2021-13', '2021-5', 'May', '2021-05-01']) {
      const res = await superAdmin.get(STATEMENT, { query: { month, landlord: 2 } });
      expect(res.status).toBe(400);
      expect(problem(res).errors?.map((e) => e.field)).toEqual(['month']);
    }
    expect((await landlord.get(STATEMENT)).status).toBe(400);
    for (const id of [3, 999_999]) {
      const res = await superAdmin.get(PDF, { query: { month: '2021-05', landlord: id } });
      expect(res.status).toBe(400);
      expect(problem(res).errors?.map((e) => e.field)).toEqual(['landlord']);
    }
  });

  it('a property’s fee percent is an admin field: a percent or null, anything else a 400 naming it', async () => {
    for (const bad of [-1, 101, 'ten', '10.1234']) {
      const res = await superAdmin.put('/API/adminProperties/V1/properties/2003.json', {
        managementFeePercent: bad,
      });
      expect(res.status, String(bad)).toBe(400);
      expect(problem(res).errors?.map((e) => e.field)).toEqual(['managementFeePercent']);
    }
    const view = await landlord.get('/API/adminProperties/V1/properties/11.json');
    expect(view.body.managementFeePercent).toBe(8);
    const catalog = await new Client().get('/API/vrProperties/V1/vrProperties/2001.json');
    expect(catalog.text).not.toContain('managementFeePercent');
  });
});
