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
import { autopayOn, useFakeStripe } from './support/payments.js';

useLocalTable();
const { runRent } = await import('../shared/workflows/rent/run.js');
const { putLease } = await import('../shared/data/leases-repo.js');

let stripe: StripeStandIn;
const admin = await signedIn('super');
const by = { actor: 'system:rent' as const, requestId: 'rent-autopay-test' };
const run = (day: string) => runRent(day, by, new Date(), 'USD');
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  stripe = await useFakeStripe();
});

/** A tenant with autopay on `card`, and a lease starting today (its first rent due today). */
async function autopayLease(card: string, leaseId: number) {
  const { tenant, client } = await signedInTenant();
  await autopayOn(stripe, client, card);
  const propertyId = await createLtrProperty({ propertyRate: '900', latePenalty: '0', propertyDeposit: '0' });
  await putLease({
    leaseId,
    tenantId: tenant.tenantId,
    propertyId,
    status: 'active',
    startDate: today,
    endDate: addDays(today, 60),
    dateCreated: new Date().toISOString(),
    terms: {
      rentCents: 90_000,
      depositCents: 0,
      dueDay: Number(today.slice(8, 10)) > 28 ? 28 : Number(today.slice(8, 10)),
      graceDays: 5,
      lateFee: { flatCents: 0, percent: 0, dailyCents: 0, maxPerMonthCents: null },
      issueDaysBefore: 0,
    },
  });
  return tenant;
}

async function rentInvoice(tenantId: number) {
  const res = await admin.get<{ items: { invoiceId: number; status: number; description: string }[] }>(
    '/API/adminInvoices/V1/invoices.json',
    { query: { tenantId } },
  );
  const rent = res.body.items.find((i) => i.description === 'RENT');
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
    // One charge: an intent made by the run that lost the race to be the invoice's is cancelled unpaid.
    const intents = [...stripe.intents.values()].filter(
      (i) => i.metadata.invoiceId === String(rent.invoiceId),
    );
    expect(intents.filter((i) => i.status !== 'canceled')).toHaveLength(1);
    expect(intents.filter((i) => i.amount_received > 0)).toHaveLength(1);
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
});
