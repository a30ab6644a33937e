/**
 * Fixture kind `rentHistory` and the lease's `dateCreated` (docs/fixtures.md): the demo store's lease recorded
 * 75 days ago gets the rent history the rent run would have made: every month from its recorded month issued
 * once, each overdue month paid on its due date but the last, which owes its late fee (flat, then daily,
 * capped), and the months after it unpaid. A reload and the day's rent run add nothing.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../shared/domain/dates.js';
import { monthWords } from '../shared/domain/money-document/words.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';

type Loader = typeof import('../infra/local/fixture/index.js');
let fixture: Loader;

beforeAll(async () => {
  useLocalTable();
  fixture = await import('../infra/local/fixture/index.js');
});

interface LedgerItem {
  date: string;
  kind: string;
  invoiceId: number;
  description: string;
  invoiceType: string;
  method: string | null;
  amount: number;
  balance: number;
}
interface Ledger {
  items: LedgerItem[];
  balance: number;
}

const demo = JSON.parse(readFileSync(new URL('../infra/local/fixtures/demo.json', import.meta.url), 'utf8'));
const LEASE = 901;
// The demo lease on the demo property, under an id of its own (the base store has leases 1 and 2).
const store = {
  settings: { systemTimeZone: 'UTC' },
  properties: demo.properties.filter((p: { propertyId: number }) => p.propertyId === 101),
  leases: [{ ...demo.leases[0], leaseId: LEASE }],
  rentHistory: demo.rentHistory,
};

/** The months the run charges by today (due on the 1st, issued 14 days before) from the recorded month. */
function expectedMonths(today: string) {
  const months: { month: string; due: string }[] = [];
  for (let month = addDays(today, -75).slice(0, 7); ; ) {
    const due = `${month}-01`;
    if (addDays(due, -14) > today) break;
    months.push({ month, due });
    const next = new Date(`${due}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    month = next.toISOString().slice(0, 7);
  }
  return months;
}

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('the demo lease’s rent history', () => {
  it('charges each month once, pays all but the last overdue one on time, and posts its late fee', async () => {
    await fixture.loadFixture(store);
    const today = new Date().toISOString().slice(0, 10);
    const admin = await signedIn('super');
    const ledger = await admin.get<Ledger>(`/API/adminLeases/V1/leases/${LEASE}/ledger.json`);
    expect(ledger.status, ledger.text).toBe(200);
    const { items } = ledger.body;

    const months = expectedMonths(today);
    const rents = items.filter((i) => i.kind === 'charge' && i.invoiceType === 'RENT');
    expect(rents).toHaveLength(months.length);
    expect(rents.every((r) => r.amount === 1450)).toBe(true);
    expect(rents.map((r) => r.description)).toEqual(months.map((m) => `Rent for ${monthWords(m.month)}`));
    // Each issued on its issue date, as a daily run would have.
    expect(rents.map((r) => r.date)).toEqual(months.map((m) => addDays(m.due, -14)));

    // Overdue: past the due date and 5 grace days. All but the last are paid by transfer on their due date.
    const overdue = months.filter((m) => addDays(m.due, 6) <= today);
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    const payments = items.filter((i) => i.kind === 'payment');
    expect(payments.map((p) => p.date)).toEqual(overdue.slice(0, -1).map((m) => m.due));
    expect(
      payments.every(
        (p) => p.method === 'bank_transfer' && p.description === 'Bank transfer' && p.amount === -1450,
      ),
    ).toBe(true);

    // The last overdue month's late fee through today: 75.00, then 5.00 a day, at most 150.00.
    const late = overdue.at(-1)?.due ?? '';
    const fee = Math.min(150, 75 + 5 * daysBetween(addDays(late, 6), today));
    const fees = items.filter((i) => i.kind === 'charge' && i.invoiceType === 'ADJUSTMENT');
    expect(fees.reduce((t, f) => t + f.amount, 0)).toBe(fee);
    // The flat fee on the first late day, the daily part since then caught up by today's run.
    expect(fees[0]).toMatchObject({ date: addDays(late, 6), amount: 75 });
    const unpaid = months.length - payments.length;
    expect(ledger.body.balance).toBe(unpaid * 1450 + fee);

    // A reload and the day's rent run add nothing.
    await fixture.loadFixture(store);
    const run = await admin.post<{ invoices: { leaseId: number }[]; lateFees: { leaseId: number }[] }>(
      '/API/adminLeases/V1/rentRun.json',
      { date: today },
    );
    expect(run.status, run.text).toBe(200);
    expect(run.body.invoices.filter((i) => i.leaseId === LEASE)).toEqual([]);
    expect(run.body.lateFees.filter((i) => i.leaseId === LEASE)).toEqual([]);
    const again = await admin.get<Ledger>(`/API/adminLeases/V1/leases/${LEASE}/ledger.json`);
    expect(again.body).toEqual(ledger.body);
  });
});
