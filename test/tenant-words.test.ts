/**
 * What the demo tenant reads (infra/local/fixtures/demo.json with its rent history, under ids of their own):
 * every invoice, ledger line and payment named in words from one table (shared/domain/money-document/words.ts:
 * "Rent for December 2026", "Late fee for November 2026", "Bank transfer"), never a stored code; each month's
 * rent billed once; the rent cycle's mails and the landlord's statement PDF naming the lines the same way.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../shared/domain/ledger/payment.js';
import { INVOICE } from '../shared/domain/money-document/kind.js';
import { firstLateDay } from '../shared/domain/rent/late-fee.js';
import { tenantSession } from './support/builders.js';
import { type Client, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { readPdf } from './support/pdf-text.js';

useLocalTable();
const fixture = await import('../infra/local/fixture/index.js');

const demo = JSON.parse(readFileSync(new URL('../infra/local/fixtures/demo.json', import.meta.url), 'utf8'));
// The base store has a tenant 1 and leases 1 and 2: the demo's tenant and lease get ids of their own.
const TENANT = 901;
const LEASE = 901;
const EMAIL: string = demo.tenants[0].tenantEmail;
const PORTAL = '/API/tenantPortal/V1';
const CODES: ReadonlySet<string> = new Set([...INVOICE.types, ...PAYMENT_METHODS]);
const MONTH_WORDS =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

interface PortalInvoice {
  invoiceId: number;
  description: string;
  title: string;
  invoiceDate: string;
  dueDate: string;
  amountDue: number;
}
interface LedgerLine {
  kind: string;
  invoiceId: number;
  description: string;
  invoiceType: string;
  method: string | null;
}

let tenant: Client;
let invoices: PortalInvoice[];

beforeAll(async () => {
  await fixture.loadFixture({
    properties: demo.properties,
    tenants: [{ ...demo.tenants[0], tenantId: TENANT }],
    leases: [{ ...demo.leases[0], leaseId: LEASE, tenantId: TENANT }],
    invoices: demo.invoices.map((i: Record<string, unknown>) => ({
      ...i,
      tenantId: TENANT,
      ...(i.leaseId === undefined ? {} : { leaseId: LEASE }),
    })),
    rentHistory: demo.rentHistory,
  });
  tenant = await tenantSession({ email: EMAIL, password: demo.tenants[0].password });
  const res = await tenant.get<{ items: PortalInvoice[] }>(`${PORTAL}/invoices.json`, {
    query: { limit: 100 },
  });
  expect(res.status, res.text).toBe(200);
  invoices = res.body.items;
}, 120_000);

/** `Rent for November 2026` → `November 2026`. */
const monthOf = (title: string, what: string) => {
  const month = title.slice(what.length);
  expect(month, title).toMatch(MONTH_WORDS);
  return month;
};

/**
 * The month the demo tenant owes rent for: the rent invoice unpaid past its grace days (the rent history
 * leaves `lateMonths: 1` late; a month merely past its due date, on the 1st to the 6th, is not late yet). The
 * same rule as the run's (firstLateDay), so the answer holds on every day of the month.
 */
function overdueRent(): PortalInvoice {
  // The fixture's site time zone is UTC, so the site's today is UTC's.
  const today = new Date().toISOString().slice(0, 10);
  const graceDays: number = demo.leases[0].graceDays;
  const overdue = invoices.filter(
    (i) =>
      i.description === 'RENT' &&
      i.amountDue > 0 &&
      firstLateDay({ dueDate: i.dueDate, issueDate: i.invoiceDate }, graceDays) <= today,
  );
  expect(overdue).toHaveLength(1);
  return overdue[0] as PortalInvoice;
}

describe('what the demo tenant reads', () => {
  it('bills each month’s rent once, each invoice named in words with its month', () => {
    const rents = invoices.filter((i) => i.description === 'RENT');
    const months = rents.map((i) => monthOf(i.title, 'Rent for '));
    expect(new Set(months).size, months.join(', ')).toBe(rents.length);
    const lateFees = invoices.filter((i) => i.description === 'ADJUSTMENT');
    expect(lateFees.length).toBeGreaterThan(0);
    const owed = monthOf(overdueRent().title, 'Rent for ');
    // A month's several late fees say which is which: the first day's fee, then the days each later one charges.
    for (const fee of lateFees)
      expect(fee.title).toMatch(new RegExp(`^Late fee for ${owed}, (first day|\\d+ days?) \\(`));
    expect(new Set(lateFees.map((fee) => fee.title)).size).toBe(lateFees.length);
    expect(lateFees.filter((fee) => fee.title.startsWith(`Late fee for ${owed}, first day`))).toHaveLength(1);
    expect(invoices.find((i) => i.description === 'DEPOSIT')?.title).toBe('Security deposit');
    expect(invoices.every((i) => !CODES.has(i.title))).toBe(true);
  });

  it('reads its ledger in words: the charges by what they are for, payments and refunds by how they were made', async () => {
    const res = await tenant.get<{ items: LedgerLine[] }>(`${PORTAL}/ledger.json`);
    expect(res.status, res.text).toBe(200);
    const lines = res.body.items;
    expect(lines.filter((l) => CODES.has(l.description))).toEqual([]);
    const owed = monthOf(overdueRent().title, 'Rent for ');
    const charges = lines.filter((l) => l.kind === 'charge');
    const fees = charges.filter((l) => l.invoiceType === 'ADJUSTMENT').map((l) => l.description);
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) expect(fee.startsWith(`Late fee for ${owed}, `), fee).toBe(true);
    expect(new Set(fees).size).toBe(fees.length);
    expect(
      new Set(
        charges
          .filter((l) => l.invoiceType !== 'RENT' && l.invoiceType !== 'ADJUSTMENT')
          .map((l) => l.description),
      ),
    ).toEqual(new Set(['Security deposit', 'Booking', 'Service']));
    for (const line of charges.filter((l) => l.invoiceType === 'RENT'))
      monthOf(line.description, 'Rent for ');
    const paid = lines.filter((l) => l.kind !== 'charge');
    expect(new Set(paid.map((l) => [l.method, l.description].join(' = ')))).toEqual(
      new Set(['bank_transfer = Bank transfer', 'card = Card', 'card = Refund (card)']),
    );
  });

  it('shows a paid rent invoice’s line and payment in words', async () => {
    const paidRent = invoices.find((i) => i.description === 'RENT' && i.amountDue === 0);
    const res = await tenant.get<{
      lineItems: { description: string }[];
      payments: { method: string; methodLabel: string }[];
    }>(`${PORTAL}/invoices/${paidRent?.invoiceId}.json`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.lineItems.map((l) => l.description)).toEqual([paidRent?.title]);
    expect(res.body.payments).toMatchObject([{ method: 'bank_transfer', methodLabel: 'Bank transfer' }]);
  });

  it('gets the rent cycle’s mails named like its portal', async () => {
    await jobsCaughtUp();
    const admin = await signedIn('super');
    const res = await admin.get<{ items: { kind: string; recordId: string; subject: string }[] }>(
      '/API/adminMessages/V1/messages.json',
      { query: { to: EMAIL, limit: 100 } },
    );
    expect(res.status, res.text).toBe(200);
    const invoiceMails = res.body.items.filter(
      (m) => m.kind === 'invoiceIssued' || m.kind === 'lateFeePosted',
    );
    expect(invoiceMails.length).toBeGreaterThan(0);
    for (const mail of invoiceMails) {
      const invoice = invoices.find((i) => String(i.invoiceId) === mail.recordId);
      expect(mail.subject.startsWith(`${invoice?.title}: `), mail.subject).toBe(true);
    }
  });

  it('is named the same way in the landlord’s statement PDF', async () => {
    // A month the tenant paid rent in (on its due date): the statement's income line of that payment.
    const paidRent = invoices.find((i) => i.description === 'RENT' && i.amountDue === 0);
    if (!paidRent) throw new Error('the demo tenant paid no rent');
    const rep = await signedIn('svcRep');
    const pdf = await rep.get('/API/adminReports/V1/ownerStatement.pdf', {
      query: { month: paidRent.dueDate.slice(0, 7), landlord: 2 },
      headers: { accept: 'application/pdf' },
    });
    expect(pdf.status).toBe(200);
    const strings = (await readPdf(pdf.bytes)).pages.flat();
    expect(strings).toContain(`${paidRent.title} (rent invoice ${paidRent.invoiceId})`);
    expect(strings).toContain('Terry Tenant');
    expect(strings.filter((s) => CODES.has(s))).toEqual([]);
  });
});
