/**
 * The owner statement over the demo store's money (infra/local/fixtures/demo.json: its properties, tenants, the
 * lease with its months of rent history and its security deposit, the invoices and expenses with their
 * payments, a stay with its tax, a pool bill not paid, a payout to the owner), the months before this one
 * closed by the ownerStatementMessages job as it runs each month: for random months and landlords (fast-check),
 * per property and in total, opening + income − expenses − fee − payouts = closing, each month opens with the
 * month before's closing balance, the closing balance and the deposits and tax held are what the property's
 * journal says, the lines add up to their figures, a month without income has no fee and every fee says its
 * base and rule, and the PDF draws the same figures. The deposit is never income, the tax never either, and
 * this month's statement lists the pool bill.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../shared/domain/dates.js';
import { firstLateDay } from '../shared/domain/rent/late-fee.js';
import { type Client, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { ownerJournalBefore } from './support/owner-journal.js';
import { expectBooksWhole } from './support/payments.js';
import { readPdf } from './support/pdf-text.js';

useLocalTable();
const fixture = await import('../infra/local/fixture/index.js');
const { sendOwnerStatements } = await import('../functions/adminMessages/owner-statements.js');

const demo = JSON.parse(readFileSync(new URL('../infra/local/fixtures/demo.json', import.meta.url), 'utf8'));

interface Figures {
  openingBalance: number;
  income: number;
  expenses: number;
  managementFee: number;
  payouts: number;
  closingBalance: number;
}
interface Held {
  openingHeld: number;
  heldAtMonthEnd: number;
  lines: { amount: number }[];
}
interface Row extends Figures {
  propertyId: number;
  name: string;
  feeCharged: boolean;
  managementFeeBase: number | null;
  managementFeeRule: string | null;
  lines: {
    category: string;
    amount: number;
    party: string;
    description: string;
    base?: number;
    rule?: string;
  }[];
  deposits: Held & { received: number };
  occupancyTax: Held & { collected: number };
  unpaidBills: { total: number; items: { description: string; party: string; amountDue: number }[] };
}
interface Statement {
  items: Row[];
  totals: Figures;
}

/** `2031-05` moved by `n` months. */
function monthAdd(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

// The fixture's site time zone is UTC, so the site's month is UTC's.
const TODAY = new Date().toISOString().slice(0, 10);
const THIS_MONTH = TODAY.slice(0, 7);

/**
 * The latest closed month whose rent the demo tenant paid (on its due date, so that month's income): the
 * rent history leaves the latest late month unpaid, and this month's rent is late only from its first late
 * day (the 7th: due on the 1st, 5 grace days), so before then last month's is the unpaid one.
 */
function latestPaidRentMonth(): string {
  const lease = demo.leases[0];
  const dueDate = `${THIS_MONTH}-${String(lease.dueDay).padStart(2, '0')}`;
  const issueDate = addDays(dueDate, -lease.issueDaysBefore);
  const thisMonthLate = firstLateDay({ dueDate, issueDate }, lease.graceDays) <= TODAY;
  return monthAdd(THIS_MONTH, thisMonthLate ? -1 : -2);
}
const cents = (n: number) => Math.round(n * 100);
const amount = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const six = (f: Figures) =>
  [f.openingBalance, f.income, f.expenses, f.managementFee, f.payouts, f.closingBalance].map(amount);

/** opening + income − expenses − fee − payouts, in cents. */
const balances = (f: Figures) =>
  cents(f.openingBalance) + cents(f.income) - cents(f.expenses) - cents(f.managementFee) - cents(f.payouts);

/**
 * One property's month: its balance adds up, it opens where the month before closed (and so does what is held
 * apart), it is what the journal says, its lines add up, and its fee says its rule (none without income).
 */
async function expectRowHolds(row: Row, previous: Row | undefined, month: string): Promise<void> {
  expect(cents(row.closingBalance), `${row.name} ${month}`).toBe(balances(row));
  expect(row.openingBalance, `${row.name} ${month} opens`).toBe(previous?.closingBalance ?? 0);
  expect(row.deposits.openingHeld).toBe(previous?.deposits.heldAtMonthEnd ?? 0);
  expect(row.occupancyTax.openingHeld).toBe(previous?.occupancyTax.heldAtMonthEnd ?? 0);
  const journal = await ownerJournalBefore(row.propertyId, `${monthAdd(month, 1)}-01`);
  expect(
    [row.closingBalance, row.deposits.heldAtMonthEnd, row.occupancyTax.heldAtMonthEnd].map(cents),
    `${row.name} ${month} journal`,
  ).toEqual([journal.balanceCents, journal.depositCents, journal.taxCents]);
  // A closed month's fee says its base and rule; a month without income has none.
  if (row.feeCharged) expect(row.managementFeeRule).not.toBeNull();
  for (const fee of row.lines.filter((l) => l.category === 'fee'))
    expect(fee.rule, `${row.name} ${month} fee`).toBeDefined();
  if (row.feeCharged && row.income <= 0) {
    expect(row.managementFee, `${row.name} ${month}: no income, no fee`).toBe(0);
    expect(row.managementFeeRule).toMatch(/^no fee: no income collected in /);
  }
  const sum = (category: string) =>
    row.lines.filter((l) => l.category === category).reduce((t, l) => t + cents(l.amount), 0);
  expect([sum('income'), sum('expense'), sum('fee'), sum('payout')]).toEqual(
    [row.income, row.expenses, row.managementFee, row.payouts].map(cents),
  );
  expect(row.lines.every((l) => l.description !== '')).toBe(true);
}

let staff: Client;

async function statementOf(landlord: number, month: string): Promise<Statement> {
  const res = await staff.get<Statement>('/API/adminReports/V1/ownerStatement.json', {
    query: { month, landlord },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  // The demo lease under an id of its own (the base store has leases 1 and 2).
  await fixture.loadFixture({
    properties: demo.properties,
    tenants: demo.tenants,
    leases: [{ ...demo.leases[0], leaseId: 901 }],
    invoices: demo.invoices.map((i: { leaseId?: number }) =>
      i.leaseId === undefined ? i : { ...i, leaseId: 901 },
    ),
    expenses: demo.expenses,
    rentHistory: demo.rentHistory,
  });
  // Each month before this one closed on its day, oldest first, as the hourly job does month by month.
  for (let back = 5; back >= 1; back--)
    await sendOwnerStatements(() => new Date(`${monthAdd(THIS_MONTH, 1 - back)}-03T12:00:00Z`));
  staff = await signedIn('svcRep');
}, 120_000);

describe('the owner statement over the demo store', () => {
  it('holds the demo lease’s deposit apart, the stay’s tax too, and lists the pool bill not paid', async () => {
    const depositPaidOn = new Date(Date.now() - 74 * 86_400_000).toISOString().slice(0, 10);
    const oak = (await statementOf(2, depositPaidOn.slice(0, 7))).items.find((r) => r.propertyId === 101);
    expect(oak?.deposits).toMatchObject({ received: 1450 });
    expect(oak?.lines.some((l) => /deposit/i.test(l.description))).toBe(false);
    const now = await statementOf(2, THIS_MONTH);
    const pine = now.items.find((r) => r.propertyId === 2003);
    expect(pine?.unpaidBills).toMatchObject({
      total: 90,
      items: [expect.objectContaining({ party: 'Blue Pools', amountDue: 90 })],
    });
    // The stay at Dune House: 8 % tax on 615.00, 664.20 paid and 50.00 refunded.
    const stayMonth = new Date(Date.now() - 11 * 86_400_000).toISOString().slice(0, 7);
    const dune = (await statementOf(2, stayMonth)).items.find((r) => r.propertyId === 2001);
    expect(dune?.occupancyTax.collected).toBeGreaterThan(0);
    await expectBooksWhole(demo.invoices.map((i: { invoiceId: number }) => i.invoiceId));
  });

  it('shows the demo’s payout to the owner and the fees of the closed months', async () => {
    const payoutMonth = new Date(Date.now() - 16 * 86_400_000).toISOString().slice(0, 7);
    const oak = (await statementOf(2, payoutMonth)).items.find((r) => r.propertyId === 101);
    expect(oak?.lines).toContainEqual(
      expect.objectContaining({ category: 'payout', amount: 1000, party: 'Lou Landlord' }),
    );
    const paidMonth = (await statementOf(2, latestPaidRentMonth())).items.find((r) => r.propertyId === 101);
    // The lease's rent of that month was paid in it, so that month's close charged 10 % of it.
    expect(paidMonth?.managementFee).toBeGreaterThan(0);
  });

  it('any month, any landlord: the balances hold, carry over, match the journal, and the PDF draws them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -5, max: 1 }), fc.constantFrom(1, 2), async (offset, landlord) => {
        const month = monthAdd(THIS_MONTH, offset);
        const [statement, before] = await Promise.all([
          statementOf(landlord, month),
          statementOf(landlord, monthAdd(month, -1)),
        ]);
        for (const row of statement.items)
          await expectRowHolds(
            row,
            before.items.find((r) => r.propertyId === row.propertyId),
            month,
          );
        const total = (f: keyof Figures) => statement.items.reduce((t, r) => t + cents(r[f]), 0);
        for (const f of [
          'openingBalance',
          'income',
          'expenses',
          'managementFee',
          'payouts',
          'closingBalance',
        ] as const)
          expect(cents(statement.totals[f])).toBe(total(f));
        expect(cents(statement.totals.closingBalance)).toBe(balances(statement.totals));

        const pdf = await staff.get('/API/adminReports/V1/ownerStatement.pdf', {
          query: { month, landlord },
          headers: { accept: 'application/pdf' },
        });
        expect(pdf.status).toBe(200);
        const strings = (await readPdf(pdf.bytes)).pages.flat();
        for (const row of statement.items) {
          const at = strings.indexOf(row.name);
          expect(strings.slice(at, at + 7)).toEqual([row.name, ...six(row)]);
        }
        const at = strings.indexOf('Total');
        expect(strings.slice(at, at + 7)).toEqual(['Total', ...six(statement.totals)]);
      }),
      { numRuns: 10 },
    );
  }, 240_000);
});
