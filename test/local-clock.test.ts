/**
 * The local runtime's clock (shared/clock.ts, infra/local/clock-control.ts; docs/local-runtime.md "The clock"):
 * `POST /_local/clock` moves the service's now, and the month's work happens as on that day: a lease made today,
 * with the clock moved ahead month by month for four months, gets each month's rent once, the late fees of the
 * months left unpaid, and the reminder of the rent due in two days, all dated by the moved clock; a session
 * opened before expires by it, as it would a month later.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../shared/domain/dates.js';
import { createLtrProperty, createTenant } from './support/builders.js';
import { API_URL, signedIn } from './support/client.js';
import { jobsCaughtUp, runJob } from './support/jobs.js';
import { expectBooksWhole } from './support/payments.js';

interface ClockState {
  now: string;
  offsetMs: number;
}

async function clock(body?: { now: string | null }): Promise<{ status: number; body: ClockState }> {
  const res = await fetch(new URL('/_local/clock', API_URL), {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, body: (await res.json()) as ClockState };
}

/** `YYYY-MM` moved by `n` months. */
function monthAdd(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

afterAll(async () => {
  await clock({ now: null });
});

describe('the local clock', () => {
  it('reads the machine’s time until moved, and refuses what is not a moment', async () => {
    const before = await clock();
    expect(before.status).toBe(200);
    expect(before.body.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(before.body.now) - Date.now())).toBeLessThan(60_000);
    for (const now of ['2027-13-01T00:00:00Z', 'tomorrow', '2027-03-01'])
      expect((await clock({ now })).status, now).toBe(400);
    expect((await clock()).body.offsetMs).toBe(0);
  });

  it('runs four months of rent, late fees and reminders as that day', async () => {
    const admin = await signedIn('super');
    // The base store's site time zone is UTC, so the site's today is UTC's.
    const today = (await clock()).body.now.slice(0, 10);
    const thisMonth = today.slice(0, 7);
    const [propertyId, tenant] = await Promise.all([
      createLtrProperty({ propertyRate: '1000', latePenalty: '50', propertyDeposit: '0' }),
      createTenant({ isActive: 1 }),
    ]);
    const made = await admin.post<{ leaseId: number }>('/API/adminLeases/V1/leases.json', {
      tenantId: tenant.tenantId,
      propertyId,
      startDate: `${thisMonth}-01`,
      dueDay: 1,
      graceDays: 5,
      issueDaysBefore: 14,
      lateFee: { flat: '50.00', percent: 0, daily: '0.00', maxPerMonth: '50.00' },
    });
    expect(made.status, made.text).toBe(201);

    // Four months on, a day at a time as far as the rent cares: the 10th of each month (each month's rent
    // issued and, the month after, late), then two days before the fifth month's rent is due (issued 14 days
    // before, reminded 3 days before). Each move makes the schedules due by the new time run on their own too.
    const lastDue = `${monthAdd(thisMonth, 5)}-01`;
    const days = [1, 2, 3, 4].map((n) => `${monthAdd(thisMonth, n)}-10`).concat(addDays(lastDue, -2));
    let staff = admin;
    for (const [n, day] of days.entries()) {
      const moved = `${day}T12:00:00.000Z`;
      const set = await clock({ now: moved });
      expect(set.status).toBe(200);
      expect(Math.abs(Date.parse(set.body.now) - Date.parse(moved))).toBeLessThan(60_000);
      if (n === 0) {
        // A session opened a month ago has expired by the service's clock.
        expect((await admin.get('/API/adminLeases/V1/leases.json')).status).toBe(401);
      }
      staff = await signedIn('super');
      await runJob('rentRun');
      await jobsCaughtUp();
    }
    await runJob('rentReminders');
    await jobsCaughtUp();

    const invoices = await staff.get<{
      items: {
        invoiceId: number;
        description: string;
        title: string;
        invoiceDate: string;
        dueDate: string;
      }[];
    }>('/API/adminInvoices/V1/invoices.json', { query: { tenantId: tenant.tenantId, limit: 100 } });
    expect(invoices.status, invoices.text).toBe(200);
    const rents = invoices.body.items.filter((i) => i.description === 'RENT');
    const months = Array.from({ length: 6 }, (_, n) => `${monthAdd(thisMonth, n)}-01`);
    expect(rents.map((i) => i.dueDate).sort()).toEqual(months);
    // Every month but the last is past its grace days unpaid by a later run: one late fee each.
    const lateFees = invoices.body.items.filter((i) => i.description === 'ADJUSTMENT');
    expect(lateFees).toHaveLength(5);
    // Dated by the moved clock: the last rent was issued by the last day's run.
    const last = rents.find((i) => i.dueDate === lastDue);
    expect(last?.invoiceDate).toBe(days.at(-1));

    const reminders = await staff.get<{ items: { kind: string; recordId: string }[] }>(
      '/API/adminMessages/V1/messages.json',
      { query: { template: 'rentReminder', to: tenant.tenantEmail, limit: 100 } },
    );
    expect(reminders.status, reminders.text).toBe(200);
    expect(reminders.body.items.map((m) => m.recordId)).toEqual([String(last?.invoiceId)]);
    await expectBooksWhole(invoices.body.items.map((i) => i.invoiceId));
  }, 120_000);
});
