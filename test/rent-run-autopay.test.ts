/**
 * Autopay in the rent run (docs/rent-cycle.md "Autopay"): on its due date a RENT invoice of a tenant with autopay
 * on is charged off-session at the Stripe stand-in and settled by the webhook (paid, once however often the run
 * goes); a declined card posts nothing, is announced as payment.failed and mails the tenant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandIn } from '../infra/local/stripe-stand-in.js';
import { addDays } from '../shared/domain/dates.js';
import { createLtrProperty, signedInTenant } from './support/builders.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { autopayOn, expectBooksWhole, useFakeStripe } from './support/payments.js';

useLocalTable();
const { runRent } = await import('../shared/workflows/rent/run.js');
const { putLease } = await import('../shared/data/leases-repo.js');

let stripe: StripeStandIn;
const admin = await signedIn('super');
const by = { actor: 'system:rent' as const, requestId: 'rent-autopay-test' };
const today = new Date().toISOString().slice(0, 10);
/** The run of `day` when the site's today is `siteToday` (the base fixture's site time zone is UTC). */
const run = (day: string, siteToday = day) => runRent(day, by, new Date(), 'USD', siteToday);

beforeAll(async () => {
  stripe = await useFakeStripe();
});

/** Every invoice this file's leases made (the books check reads them). */
const tenantIds: number[] = [];

/**
 * A tenant with autopay on `card`, and a lease starting `start` (default today: its first rent due today),
 * recorded two months ago (so a back-dated run may charge its first month).
 */
async function autopayLease(
  card: string,
  leaseId: number,
  options: { start?: string; graceDays?: number; flatCents?: number; issueDaysBefore?: number } = {},
) {
  const start = options.start ?? today;
  const { tenant, client } = await signedInTenant();
  tenantIds.push(tenant.tenantId);
  await autopayOn(stripe, client, card);
  const propertyId = await createLtrProperty({ propertyRate: '900', latePenalty: '0', propertyDeposit: '0' });
  await putLease({
    leaseId,
    tenantId: tenant.tenantId,
    propertyId,
    status: 'active',
    startDate: start,
    endDate: addDays(start, 60),
    dateCreated: new Date(Date.now() - 62 * 86_400_000).toISOString(),
    terms: {
      rentCents: 90_000,
      depositCents: 0,
      dueDay: Number(start.slice(8, 10)) > 28 ? 28 : Number(start.slice(8, 10)),
      graceDays: options.graceDays ?? 5,
      lateFee: { flatCents: options.flatCents ?? 0, percent: 0, dailyCents: 0, maxPerMonthCents: null },
      issueDaysBefore: options.issueDaysBefore ?? 0,
    },
  });
  return tenant;
}

const intentsOf = (invoiceId: number) =>
  [...stripe.intents.values()].filter((i) => i.metadata.invoiceId === String(invoiceId));

async function invoicesOf(tenantId: number) {
  const res = await admin.get<{
    items: { invoiceId: number; status: number; description: string; dueDate: string }[];
  }>('/API/adminInvoices/V1/invoices.json', { query: { tenantId, limit: 100 } });
  return res.body.items.sort((a, b) => a.invoiceId - b.invoiceId);
}

async function rentInvoice(tenantId: number) {
  const rent = (await invoicesOf(tenantId)).find((i) => i.description === 'RENT');
  if (!rent) throw new Error(`no RENT invoice of tenant ${tenantId}`);
  return rent;
}

describe('autopay in the rent run', () => {
  it('charges the amount due on the due date, once; the webhook settles it', async () => {
    const tenant = await autopayLease('pm_card_visa', 910_001);
    const runs = await Promise.all([run(today), run(today)]);
    const rent = await rentInvoice(tenant.tenantId);
    const charged = runs.flatMap((r) => r.autopay).filter((a) => a.invoiceId === rent.invoiceId);
    expect(charged).toEqual([{ invoiceId: rent.invoiceId, outcome: 'succeeded' }]);
    expect(
      [...stripe.intents.values()].filter((i) => i.metadata.invoiceId === String(rent.invoiceId)),
    ).toHaveLength(1);
    await jobsCaughtUp();
    expect((await rentInvoice(tenant.tenantId)).status).toBe(1);
    expect((await run(addDays(today, 1))).autopay.filter((a) => a.invoiceId === rent.invoiceId)).toEqual([]);
  });

  it('a declined card posts nothing, is announced as payment.failed and mails the tenant', async () => {
    const tenant = await autopayLease('pm_card_chargeCustomerFail', 910_002);
    const result = await run(today);
    const rent = await rentInvoice(tenant.tenantId);
    expect(result.autopay.filter((a) => a.invoiceId === rent.invoiceId)).toEqual([
      { invoiceId: rent.invoiceId, outcome: 'failed' },
    ]);
    expect((await rentInvoice(tenant.tenantId)).status).toBe(0);
    await jobsCaughtUp();
    const logged = await admin.get<{ items: { kind: string; status: string; subject: string }[] }>(
      '/API/adminMessages/V1/messages.json',
      { query: { recordType: 'invoice', recordId: String(rent.invoiceId), template: 'autopayFailed' } },
    );
    expect(logged.body.items).toMatchObject([
      { kind: 'autopayFailed', status: 'sent', subject: expect.stringContaining('did not go through') },
    ]);
    // Tried once: the next run does not charge the card again.
    expect((await run(addDays(today, 1))).autopay.filter((a) => a.invoiceId === rent.invoiceId)).toEqual([]);
  });

  it('a back-dated run issues and catches up, but charges no card: autopay goes only on the site’s today', async () => {
    const tenant = await autopayLease('pm_card_visa', 910_003, { start: addDays(today, -3), graceDays: 10 });
    const backDated = await run(addDays(today, -2), today);
    const rent = await rentInvoice(tenant.tenantId);
    expect(backDated.invoices.map((i) => i.invoiceId)).toContain(rent.invoiceId);
    expect(backDated.autopay).toEqual([]);
    expect(intentsOf(rent.invoiceId)).toEqual([]);
    // The run of the site's today charges it, once.
    const charged = (await run(today)).autopay.filter((a) => a.invoiceId === rent.invoiceId);
    expect(charged).toEqual([{ invoiceId: rent.invoiceId, outcome: 'succeeded' }]);
    expect(intentsOf(rent.invoiceId)).toHaveLength(1);
    await jobsCaughtUp();
  });

  it('posts no late fee in the run whose autopay just charged the overdue rent', async () => {
    // Due yesterday (issued before, by a back-dated run, which charges no card), no grace: late from today.
    const tenant = await autopayLease('pm_card_visa', 910_004, {
      start: addDays(today, -1),
      graceDays: 0,
      flatCents: 2_500,
      issueDaysBefore: 14,
    });
    await run(addDays(today, -2), today);
    const rent = (await invoicesOf(tenant.tenantId)).find((i) => i.dueDate === addDays(today, -1));
    if (!rent) throw new Error('the back-dated run issued no rent due yesterday');
    const result = await run(today);
    expect(result.autopay.filter((a) => a.invoiceId === rent.invoiceId)).toEqual([
      { invoiceId: rent.invoiceId, outcome: 'succeeded' },
    ]);
    expect(result.lateFees.filter((f) => f.rentInvoiceId === rent.invoiceId)).toEqual([]);
    await jobsCaughtUp();
    expect((await invoicesOf(tenant.tenantId)).filter((i) => i.description === 'ADJUSTMENT')).toEqual([]);
    expect((await rentInvoice(tenant.tenantId)).status).toBe(1);
  });

  it('leaves the books whole over every invoice of these tests', async () => {
    const invoices = (await Promise.all(tenantIds.map(invoicesOf))).flat();
    expect(invoices.length).toBeGreaterThanOrEqual(4);
    await expectBooksWhole(invoices.map((i) => i.invoiceId));
  });
});
