/**
 * The fixture kinds of the money slice (docs/fixtures.md): invoices and expenses with their payments, written
 * through the ledger (posting in the header's transaction, each payment through the settlement parts), so the
 * journal balances, the header's figures and status follow the payments, the reports read them, a reload
 * changes nothing, no change item announces the seed, and the demo store's money records load.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesOf } from './support/changes.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';

type Loader = typeof import('../infra/local/fixture/index.js');
type Documents = typeof import('../shared/data/money-documents-repo.js');
let fixture: Loader;
let documents: Documents;
// I1 and E1: a document's whole partition, as the admin single reads it.
const invoices = { getInvoiceDocument: (id: number) => documents.readDocument('invoice', id) };
const expenses = { getExpenseDocument: (id: number) => documents.readDocument('expense', id) };

beforeAll(async () => {
  useLocalTable();
  fixture = await import('../infra/local/fixture/index.js');
  documents = await import('../shared/data/money-documents-repo.js');
});

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Line {
  account: string;
  debitCents: number;
  creditCents: number;
}
const journalLines = (items: Record<string, unknown>[]) => items.flatMap((e) => e.lines as Line[]);
const sum = (lines: Line[], side: 'debitCents' | 'creditCents', account?: string) =>
  lines.filter((l) => account === undefined || l.account === account).reduce((t, l) => t + l[side], 0);

const MONEY = {
  invoices: [
    {
      invoiceId: 7001,
      tenantId: 1,
      propertyId: 2003,
      invoiceDate: '-40d',
      tax: 6,
      tax2: 1.5,
      lineItems: [
        { description: 'Nights', amount: '99.99', quantity: 3, taxed: 1 },
        { description: 'Discount', amount: '-10.00' },
      ],
      payments: [
        { amount: '150.00', method: 'card', date: '-39d' },
        { amount: '162.47', date: '-38d', reference: 'rest' },
        { amount: '-0.01', date: '-37d' },
      ],
    },
    {
      invoiceId: 7002,
      propertyId: 11,
      adminId: 2,
      invoiceDate: '-38d',
      lineItems: [{ description: 'Owner fee', amount: 20 }],
    },
    {
      invoiceId: 7003,
      propertyId: 11,
      invoiceDate: '-38d',
      status: 9,
      lineItems: [{ description: 'Draft', amount: 5 }],
    },
  ],
  expenses: [
    {
      expenseId: 7101,
      propertyId: 2003,
      paytoId: 'Vendor',
      expenseDate: '-39d',
      lineItems: [{ description: 'Repair', amount: '45.55' }],
      payments: [{ amount: '45.55', method: 'check', date: '-38d' }],
    },
  ],
};

describe('fixture: invoices and expenses with payments', () => {
  it('posts, settles and balances; a reload changes nothing; no change items', async () => {
    expect(await fixture.loadFixture(MONEY)).toEqual({ invoices: 3, expenses: 1 });
    const paid = await invoices.getInvoiceDocument(7001);
    // 3 × 99.99 = 299.97 taxed at 7.5% = 22.50 (22.49775 rounded once), less 10.00: 312.47.
    expect(paid?.record).toMatchObject({
      invoiceDate: day(-40),
      subtotalCents: 289_97,
      taxCents: 22_50,
      totalCents: 312_47,
      paidCents: 312_46,
      refundedCents: 1,
      status: 1,
    });
    expect(paid?.payments.map((p) => [p.amountCents, p.date, p.method])).toEqual([
      [150_00, day(-39), 'card'],
      [162_47, day(-38), 'cash'],
      [-1, day(-37), 'cash'],
    ]);
    const lines = journalLines(paid?.journal ?? []);
    expect(sum(lines, 'debitCents')).toBe(sum(lines, 'creditCents'));
    expect(sum(lines, 'debitCents', 'cash') - sum(lines, 'creditCents', 'cash')).toBe(312_46);
    expect((await invoices.getInvoiceDocument(7002))?.record).toMatchObject({
      status: 0,
      paidCents: 0,
      adminId: 2,
    });
    const draft = await invoices.getInvoiceDocument(7003);
    expect(draft?.record.status).toBe(9);
    expect(draft?.journal).toEqual([]);
    const expense = await expenses.getExpenseDocument(7101);
    expect(expense?.record).toMatchObject({ status: 1, paidCents: 45_55, totalCents: 45_55 });
    const expenseLines = journalLines(expense?.journal ?? []);
    expect(sum(expenseLines, 'debitCents')).toBe(sum(expenseLines, 'creditCents'));

    await fixture.loadFixture(MONEY);
    const again = await invoices.getInvoiceDocument(7001);
    expect(again?.payments.length).toBe(3);
    expect(again?.journal.length).toBe(paid?.journal.length);
    expect(again?.record.paidCents).toBe(312_46);
    expect(await changesOf('payment')).toEqual([]);
    expect(await changesOf('invoice')).toEqual([]);
  });

  it('the reports read the loaded money', async () => {
    const rep = await signedIn('svcRep');
    const income = await rep.get('/API/adminReports/V1/income.json', {
      query: { dateFrom: day(-41), dateTo: day(-36), propertyId: 2003 },
    });
    expect(income.body).toMatchObject({ totalIncome: 312.46, transactionCount: 3, refunds: 0.01 });
    const month = day(-38).slice(0, 7);
    const statement = await rep.get('/API/adminReports/V1/ownerStatement.json', {
      query: { month, landlord: 2 },
    });
    const row = (statement.body.items as { propertyId: number; expenses: number }[]).find(
      (r) => r.propertyId === 2003,
    );
    // The payments fall in one or two months around day -38: the expense paid on day -38 is in that month.
    expect(row?.expenses).toBe(45.55);
  });

  it('refuses an unknown property, a zero payment and an overpayment', async () => {
    await expect(
      fixture.loadFixture({
        invoices: [{ propertyId: 999_999, lineItems: [{ description: 'x', amount: 1 }] }],
      }),
    ).rejects.toThrow(/no property 999999/);
    await expect(
      fixture.loadFixture({
        invoices: [
          { invoiceId: 7201, lineItems: [{ description: 'x', amount: 1 }], payments: [{ amount: 0 }] },
        ],
      }),
    ).rejects.toThrow();
    await expect(
      fixture.loadFixture({
        invoices: [
          { invoiceId: 7202, lineItems: [{ description: 'x', amount: 1 }], payments: [{ amount: 2 }] },
        ],
      }),
    ).rejects.toThrow();
  });

  it('the demo store’s invoices, expenses and payments load', async () => {
    const demo = JSON.parse(
      readFileSync(new URL('../infra/local/fixtures/demo.json', import.meta.url), 'utf8'),
    );
    const summary = await fixture.loadFixture({
      settings: { systemTimeZone: 'UTC' },
      properties: demo.properties,
      tenants: demo.tenants,
      invoices: demo.invoices,
      expenses: demo.expenses,
    });
    expect(summary.invoices).toBeGreaterThanOrEqual(3);
    expect(summary.expenses).toBeGreaterThanOrEqual(2);
    expect((await invoices.getInvoiceDocument(2))?.record).toMatchObject({
      totalCents: 664_20,
      paidCents: 614_20,
      refundedCents: 50_00,
      status: 1,
    });
    const rep = await signedIn('svcRep');
    const income = await rep.get('/API/adminReports/V1/income.json', {
      query: { dateFrom: day(-30), dateTo: day(0) },
    });
    // 664.20 − 50.00 from the demo (its deposit was paid 74 days ago), beside this file's earlier records
    // (outside the range).
    expect(income.body).toMatchObject({ totalIncome: 614.2, transactionCount: 2 });
  });
});
