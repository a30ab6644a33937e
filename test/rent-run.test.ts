/**
 * The rent run (docs/rent-cycle.md "The run") over the local runtime's table: RENT invoices of each month due
 * by the run's day (prorated where the lease covers a month in part), exactly once however often and however
 * concurrently it runs, late fees after the grace days (flat, then daily, capped; caught up by a later run,
 * never more; none once paid), and a lease's end written meanwhile leaving no charge past it.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/domain/dates.js';
import { lateFeeTerms } from '../shared/domain/rent/late-fee-rules.js';
import { createLtrProperty, createTenant } from './support/builders.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { expectBooksWhole } from './support/payments.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { runRent } = await import('../shared/workflows/rent/run.js');
const { postLateFees } = await import('../shared/workflows/rent/late-fees.js');
const { getLease } = await import('../shared/data/leases-repo.js');
const { putGivenLease } = await import('../shared/workflows/leases/given-lease.js');
const { watchesOf } = await import('../shared/data/late-fee-watch-repo.js');
const { rentShards } = await import('../shared/data/rent-state-repo.js');
const { invoiceHeaders } = await import('../shared/data/money-documents-repo.js');

const admin = await signedIn('super');
const by = { actor: 'system:rent' as const, requestId: 'rent-run-test' };

interface Invoice {
  invoiceId: number;
  description: string;
  totalComputed: number;
  amountDue: number;
  dueDate: string;
  status: number;
  lineItems?: { description: string }[];
}

async function invoicesOf(tenantId: number): Promise<Invoice[]> {
  const res = await admin.get<{ items: Invoice[] }>('/API/adminInvoices/V1/invoices.json', {
    query: { tenantId, limit: 100 },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.items.sort((a, b) => a.invoiceId - b.invoiceId);
}

/** The run of a day, as the site's clock would run it that day (the run is never dated after the site's today). */
const run = (day: string) => runRent(day, by, new Date(), { currency: 'USD', timeZone: 'UTC' }, day);

/** The first day of the month `months` after the site's (UTC) current month, and days from it. */
const monthStart = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
};
const day = (from: string, days: number) => addDays(from, days);
const monthOf = (date: string) => date.slice(0, 7);
const daysIn = (date: string) =>
  new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

/** Every tenant this file made a lease for (the books check reads their invoices). */
const tenants: number[] = [];
let nextLease = 700_000 + Math.floor(Math.random() * 100_000);

/** A lease written as the adminLeases workflow writes it (the repository), with the terms given. */
async function lease(
  startDate: string,
  endDate = '',
  terms: Record<string, unknown> = {},
  dateCreated = new Date().toISOString(),
) {
  const propertyId = await createLtrProperty({
    propertyRate: '1000',
    latePenalty: '50',
    propertyDeposit: '0',
  });
  const tenant = await createTenant({ isActive: 1 });
  const leaseId = nextLease++;
  tenants.push(tenant.tenantId);
  await putGivenLease({
    leaseId,
    tenantId: tenant.tenantId,
    propertyId,
    status: 'active',
    startDate,
    endDate,
    dateCreated,
    terms: {
      rentCents: 100_000,
      depositCents: 0,
      dueDay: 1,
      graceDays: 5,
      lateFee: lateFeeTerms({ flat: 5_000, percent: 0, daily: 1_000 }, 10_000),
      issueDaysBefore: 14,
      ...terms,
    },
  });
  return { leaseId, tenantId: tenant.tenantId, propertyId };
}

describe('the rent run', () => {
  it('charges each month once when it is issued: the first prorated from the start, due on the start', async () => {
    // A 31-day month two to five months ahead, from its 15th: 17 of 31 days.
    const month = [2, 3, 4, 5].map(monthStart).find((m) => daysIn(m) === 31) as string;
    const start = day(month, 14);
    const following = day(month, 31);
    const made = await lease(start);
    const first = await run(start);
    expect(
      first.invoices.filter((i) => i.leaseId === made.leaseId).map((i) => [i.month, i.amountCents]),
    ).toEqual([[monthOf(month), 54_839]]);
    let invoices = await invoicesOf(made.tenantId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ description: 'RENT', totalComputed: 548.39, dueDate: start });
    // The next month is issued 14 days before its due day.
    expect((await run(day(following, -15))).invoices.filter((i) => i.leaseId === made.leaseId)).toEqual([]);
    await run(day(following, -14));
    invoices = await invoicesOf(made.tenantId);
    expect(invoices.map((i) => [i.description, i.totalComputed, i.dueDate])).toEqual([
      ['RENT', 548.39, start],
      ['RENT', 1000, following],
    ]);
  });

  it('a lease recorded at 23:30 site time on a month’s last day (already the next day in UTC) is charged that month', async () => {
    const timeZone = 'America/New_York';
    const month = monthStart(2);
    const lastDay = day(month, daysIn(month) - 1);
    const start = day(month, 19);
    // 23:30 in New York that evening (UTC−5, or −4 in summer): 03:30 or 04:30 on the next UTC day.
    const clock = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number];
    const recordedAt = [4, 5]
      .map((offset) => new Date(Date.UTC(y, m - 1, d, 23 + offset, 30)))
      .find((at) => clock(at) === '23:30') as Date;
    expect(recordedAt.toISOString().slice(0, 10)).toBe(day(lastDay, 1));
    const made = await lease(start, '', {}, recordedAt.toISOString());
    const result = await runRent(day(lastDay, 0), by, new Date(), { currency: 'USD', timeZone }, lastDay);
    const charged = result.invoices.filter((i) => i.leaseId === made.leaseId);
    // That month (from the 20th, prorated) and the next (issued 14 days before its due day, the 1st).
    const covered = daysIn(month) - 19;
    expect(charged.map((i) => [i.month, i.amountCents])).toEqual([
      [monthOf(month), Math.round((100_000 * covered) / daysIn(month))],
      [monthOf(day(lastDay, 1)), 100_000],
    ]);
    await expectBooksWhole(charged.map((i) => i.invoiceId));
  });

  it('five runs of one day at once post each invoice once; the next day adds only what it owes', async () => {
    const start = monthStart(2);
    const next = monthStart(3);
    const made = await lease(start, '', { graceDays: 28 });
    const runs = await Promise.all(Array.from({ length: 5 }, () => run(day(next, -10))));
    const mine = runs.flatMap((r) => r.invoices).filter((i) => i.leaseId === made.leaseId);
    expect(mine.map((i) => i.month).sort()).toEqual([monthOf(start), monthOf(next)]);
    expect((await invoicesOf(made.tenantId)).map((i) => i.totalComputed)).toEqual([1000, 1000]);
    expect((await run(day(next, -10))).invoices.filter((i) => i.leaseId === made.leaseId)).toEqual([]);
    expect((await run(day(next, -9))).invoices.filter((i) => i.leaseId === made.leaseId)).toEqual([]);
    expect(await invoicesOf(made.tenantId)).toHaveLength(2);
  });

  it('posts late fees after the grace days: flat on the first late day, daily after, capped; a later run catches up, never more', async () => {
    const start = monthStart(2);
    const made = await lease(start, '', { issueDaysBefore: 0 });
    await run(start);
    const [rent] = await invoicesOf(made.tenantId);
    // Due on the 1st, 5 grace days: nothing through the 6th, 50.00 on the 7th.
    expect((await run(day(start, 5))).lateFees.filter((f) => f.leaseId === made.leaseId)).toEqual([]);
    const firstLate = await Promise.all([run(day(start, 6)), run(day(start, 6)), run(day(start, 6))]);
    expect(firstLate.flatMap((r) => r.lateFees).filter((f) => f.leaseId === made.leaseId)).toMatchObject([
      { rentInvoiceId: rent?.invoiceId, amountCents: 5_000 },
    ]);
    // Two days missed: the 10th posts 3 × 10.00 at once.
    const caughtUp = (await run(day(start, 9))).lateFees.filter((f) => f.leaseId === made.leaseId);
    expect(caughtUp.map((f) => f.amountCents)).toEqual([3_000]);
    // The cap (100.00 in all) stops it.
    expect(
      (await run(day(start, 27))).lateFees
        .filter((f) => f.leaseId === made.leaseId)
        .map((f) => f.amountCents),
    ).toEqual([2_000]);
    expect((await run(day(start, 28))).lateFees.filter((f) => f.rentInvoiceId === rent?.invoiceId)).toEqual(
      [],
    );
    const fees = (await invoicesOf(made.tenantId)).filter((i) => i.description === 'ADJUSTMENT');
    expect(fees.reduce((sum, f) => sum + f.totalComputed, 0)).toBe(100);
    expect(fees).toHaveLength(3);
  });

  it('posts the other rule kinds: a percent of the rent on the first late day, a weekly fee per full week after', async () => {
    const start = monthStart(2);
    const made = await lease(start, '', {
      issueDaysBefore: 0,
      lateFee: lateFeeTerms({ percentOfRent: 10, weekly: 2_500 }),
    });
    await run(start);
    const mine = async (on: string) =>
      (await run(on)).lateFees.filter((f) => f.leaseId === made.leaseId).map((f) => f.amountCents);
    expect(await mine(day(start, 6))).toEqual([10_000]);
    expect(await mine(day(start, 12))).toEqual([]);
    expect(await mine(day(start, 13))).toEqual([2_500]);
    expect(await mine(day(start, 27))).toEqual([5_000]);
  });

  it('mails the tenant each invoice it issues and each late fee it posts, once', async () => {
    const start = monthStart(2);
    const made = await lease(start, '', { issueDaysBefore: 0 });
    await run(start);
    await Promise.all([run(day(start, 6)), run(day(start, 6))]);
    await jobsCaughtUp();
    const [rent, fee] = await invoicesOf(made.tenantId);
    const logged = async (invoiceId: number | undefined) =>
      (
        await admin.get<{ items: { kind: string; status: string; subject: string }[] }>(
          '/API/adminMessages/V1/messages.json',
          { query: { recordType: 'invoice', recordId: String(invoiceId) } },
        )
      ).body.items;
    expect(await logged(rent?.invoiceId)).toMatchObject([{ kind: 'invoiceIssued', status: 'sent' }]);
    expect(await logged(fee?.invoiceId)).toMatchObject([
      {
        kind: 'lateFeePosted',
        status: 'sent',
        subject: expect.stringMatching(
          /^Late fee for [A-Z][a-z]+ \d{4}, first day \(\d+ [A-Z][a-z]+\): \$50\.00 added \(invoice #\d+/,
        ),
      },
    ]);
  });

  it('reminds the tenant of an unpaid rent reminderDaysBefore its due date, once; never a paid one', async () => {
    const { sendRentReminders } = await import('../functions/adminMessages/rent-reminders.js');
    const due = monthStart(3);
    const unpaid = await lease(due);
    const paid = await lease(due);
    await run(day(due, -14));
    const [paidRent] = await invoicesOf(paid.tenantId);
    const [unpaidRent] = await invoicesOf(unpaid.tenantId);
    expect(
      (
        await admin.post(`/API/adminPayments/V1/invoices/${paidRent?.invoiceId}/payments.json`, {
          amount: 1000,
          method: 'cash',
          date: new Date().toISOString().slice(0, 10),
        })
      ).status,
    ).toBe(201);
    const at = (d: string) => () => new Date(`${d}T12:00:00Z`);
    // Settings default: 3 days before. Not 4 days before; on the 3rd day before, once.
    expect((await sendRentReminders(at(day(due, -4)))).started.map((m) => m.recordId)).not.toContain(
      String(unpaidRent?.invoiceId),
    );
    const sent = (await sendRentReminders(at(day(due, -3)))).started.map((m) => m.recordId);
    expect(sent).toContain(String(unpaidRent?.invoiceId));
    expect(sent).not.toContain(String(paidRent?.invoiceId));
    expect((await sendRentReminders(at(day(due, -2)))).started.map((m) => m.recordId)).not.toContain(
      String(unpaidRent?.invoiceId),
    );
  });

  it('charges no late fee once the rent is paid, and stops watching it', async () => {
    const start = monthStart(2);
    const made = await lease(start, '', { issueDaysBefore: 0 });
    await run(start);
    const [rent] = await invoicesOf(made.tenantId);
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${rent?.invoiceId}/payments.json`, {
      amount: 1000,
      method: 'check',
      date: addDays(new Date().toISOString().slice(0, 10), 0),
    });
    expect(paid.status, paid.text).toBe(201);
    const later = await run(day(start, 19));
    expect(later.lateFees.filter((f) => f.leaseId === made.leaseId)).toEqual([]);
    expect(later.settled).toBeGreaterThanOrEqual(1);
    expect((await invoicesOf(made.tenantId)).filter((i) => i.description === 'ADJUSTMENT')).toEqual([]);
  });

  it('an end written before the run charges nothing past it; the last month prorated', async () => {
    const start = monthStart(2);
    const second = monthStart(3);
    const made = await lease(start, '', { issueDaysBefore: 0 });
    await run(start);
    const current = await getLease(made.leaseId);
    if (!current) throw new Error('lease gone');
    await putGivenLease({ ...current, endDate: day(second, 9) });
    await run(day(monthStart(4), 20));
    const days = daysIn(second);
    expect(
      (await invoicesOf(made.tenantId))
        .filter((i) => i.description === 'RENT')
        .map((i) => [i.totalComputed, i.dueDate]),
    ).toEqual([
      [1000, start],
      [Math.round((100_000 * 10) / days) / 100, second],
    ]);
  });

  it('two admins ending a lease while the run goes leave no charge past the end', async () => {
    for (let round = 0; round < 4; round++) {
      const start = monthStart(2);
      const propertyId = await createLtrProperty({
        propertyRate: '1000',
        latePenalty: '0',
        propertyDeposit: '0',
      });
      const tenant = await createTenant({ isActive: 1 });
      const created = await admin.post<{ leaseId: number }>('/API/adminLeases/V1/leases.json', {
        tenantId: tenant.tenantId,
        propertyId,
        startDate: start,
        issueDaysBefore: 0,
      });
      expect(created.status, created.text).toBe(201);
      const leaseId = created.body.leaseId;
      const end = day(monthStart(3), 9);
      const ending = () =>
        admin.delete(`/API/adminLeases/V1/leases/${leaseId}.json`, { query: { endDate: end } });
      const [, first, second] = await Promise.all([run(day(monthStart(4), 2)), ending(), ending()]);
      const rents = (await invoicesOf(tenant.tenantId)).filter((i) => i.description === 'RENT');
      const stored = await getLease(leaseId);
      if (stored?.endDate === end) {
        // The end won: nothing after its month, its month prorated.
        expect(rents.every((i) => i.dueDate <= end)).toBe(true);
        expect([first?.status, second?.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      } else {
        // The run charged the month after the end first: both ends were refused, the lease is as it was.
        expect([first?.status, second?.status]).toEqual([409, 409]);
        expect(stored?.endDate).toBe('');
      }
    }
  });

  it('counts the first late day from the issue date: a month issued after its due date owes no fee the day it is issued', async () => {
    const start = monthStart(2);
    // Due on the start day; the first run after the lease was recorded comes ten days later.
    const made = await lease(start, '', { issueDaysBefore: 0 });
    const first = await run(day(start, 10));
    expect(first.invoices.filter((i) => i.leaseId === made.leaseId).map((i) => i.month)).toEqual([
      monthOf(start),
    ]);
    const feesOf = (r: { lateFees: { leaseId: number; amountCents: number }[] }) =>
      r.lateFees.filter((f) => f.leaseId === made.leaseId).map((f) => f.amountCents);
    expect(feesOf(first)).toEqual([]);
    // Five grace days from the day it was issued: the flat fee on the sixth.
    expect(feesOf(await run(day(start, 15)))).toEqual([]);
    expect(feesOf(await run(day(start, 16)))).toEqual([5_000]);
  });

  it('skips a lease with no terms and no property, and says so in its answer: never an invoice of 0', async () => {
    const tenant = await createTenant({ isActive: 1 });
    tenants.push(tenant.tenantId);
    const leaseId = nextLease++;
    const start = monthStart(2);
    await putGivenLease({
      leaseId,
      tenantId: tenant.tenantId,
      // A property that is not in the store (removed, or a migration that lost it), and no terms of its own.
      propertyId: 990_000 + Math.floor(Math.random() * 9_000),
      status: 'active',
      startDate: start,
      endDate: '',
      dateCreated: new Date().toISOString(),
    });
    const result = await run(start);
    expect(result.invoices.filter((i) => i.leaseId === leaseId)).toEqual([]);
    expect(result.skipped).toContainEqual({ leaseId, reason: 'noTerms' });
    expect(await invoicesOf(tenant.tenantId)).toEqual([]);
  });

  it('posts no late fee on a rent invoice paid, or with a payment processing, after the run read it; a paid one is unwatched', async () => {
    const start = monthStart(2);
    const paid = await lease(start, '', { issueDaysBefore: 0 });
    const processing = await lease(start, '', { issueDaysBefore: 0 });
    await run(start);
    const [paidRent] = await invoicesOf(paid.tenantId);
    const [processingRent] = await invoicesOf(processing.tenantId);
    const ids = [paidRent?.invoiceId, processingRent?.invoiceId] as number[];
    // What a run of the first late day reads: both watched, both unpaid.
    const watches = [
      ...(await watchesOf(rentShards.shardOf(paid.leaseId))),
      ...(await watchesOf(rentShards.shardOf(processing.leaseId))),
    ].filter((w) => ids.includes(w.rentInvoiceId));
    const headers = await invoiceHeaders(ids);
    expect([...headers.values()].map((h) => h.status)).toEqual([0, 0]);
    // Then, before the run writes the fees: one rent is paid in full, a card payment on the other is processing.
    const payment = await admin.post(`/API/adminPayments/V1/invoices/${paidRent?.invoiceId}/payments.json`, {
      amount: 1000,
      method: 'check',
      date: new Date().toISOString().slice(0, 10),
    });
    expect(payment.status, payment.text).toBe(201);
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `INVOICE#${processingRent?.invoiceId}`, SK: 'INVOICE' },
        UpdateExpression: 'SET #s = :processing, processingIntentId = :pi ADD version :one',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':processing': 3, ':pi': 'pi_test_processing', ':one': 1 },
      }),
    );
    const result = await postLateFees(watches, headers, getLease, async (l) => l.terms, {
      by,
      now: new Date(),
      today: day(start, 6),
    });
    expect(result.posted).toEqual([]);
    expect(result.unwatched).toEqual([paidRent?.invoiceId]);
    const stillWatched = (await watchesOf(rentShards.shardOf(processing.leaseId))).map(
      (w) => w.rentInvoiceId,
    );
    expect(stillWatched).toContain(processingRent?.invoiceId);
    for (const tenantId of [paid.tenantId, processing.tenantId])
      expect((await invoicesOf(tenantId)).filter((i) => i.description === 'ADJUSTMENT')).toEqual([]);
  });

  it('leaves the books whole: every invoice the runs wrote balances its journal, and paid = payments − refunds', async () => {
    const invoices = (await Promise.all(tenants.map(invoicesOf))).flat();
    expect(invoices.length).toBeGreaterThan(10);
    await expectBooksWhole(invoices.map((i) => i.invoiceId));
  });
});
