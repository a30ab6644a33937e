/**
 * The tenant portal over HTTP (docs/tenant-portal.md): each route for the signed-in tenant, another tenant's
 * records as the 404 of missing ones, no session 401; autopay set up through a SetupIntent confirmed at this
 * file's Stripe stand-in (the webhook saves the method), turned off, and charged off-session by `chargeAutopay`
 * (in process, as the rent run calls it): settled by the webhook, a decline posting nothing, one PaymentIntent
 * per invoice however often it is charged.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandIn } from '../infra/local/stripe-stand-in.js';
import type { LeaseRecord } from '../shared/domain/lease.js';
import { lateFeeTerms } from '../shared/domain/rent/late-fee-rules.js';
import {
  type BuiltTenant,
  createLtrProperty,
  createVrProperty,
  signedInTenant,
  tenantSession,
} from './support/builders.js';
import { type ApiResponse, Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import {
  autopayOn,
  CSRF_PATH,
  confirmSetup,
  expectBooksWhole,
  INTENT_PATH,
  invoicePartition,
  useFakeStripe,
} from './support/payments.js';

const BASE = '/API/tenantPortal/V1';
const SETTINGS = '/API/adminSettings/V1/settings.json';

interface AuditEntry {
  action: string;
  actor: string;
  fields: { field: string; old: unknown; new: unknown }[];
}

useLocalTable();
let stripe: StripeStandIn;
let admin: Client;
let ltr: number;
let ann: { tenant: BuiltTenant; client: Client };
let bob: { tenant: BuiltTenant; client: Client };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let leaseIds = 70_000;
async function plantLease(tenantId: number, fields: Partial<LeaseRecord>): Promise<LeaseRecord> {
  const { putGivenLease } = await import('../shared/workflows/leases/given-lease.js');
  const lease: LeaseRecord = {
    leaseId: ++leaseIds,
    tenantId,
    propertyId: ltr,
    status: 'active',
    startDate: day(-30),
    endDate: '',
    dateCreated: new Date().toISOString(),
    ...fields,
  };
  await putGivenLease(lease);
  return lease;
}

/** An invoice for the tenant through adminInvoices: one untaxed line of `amount`. */
async function invoiceFor(tenantId: number, amount: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/API/adminInvoices/V1/invoices.json', {
    description: 'RENT',
    dueDate: day(10),
    tenantId,
    propertyId: ltr,
    lineItems: [{ description: 'Rent', amount, quantity: 1, taxed: false }],
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return Number(res.body.invoiceId);
}

const cash = (invoiceId: number, amount: number) =>
  admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
    amount,
    method: 'cash',
    date: day(0),
  });

async function storedTenant(tenantId: number) {
  const { getTenant } = await import('../shared/data/tenants-repo.js');
  const tenant = await getTenant(tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  return tenant;
}

/** chargeAutopay as the rent run calls it (it charges the invoice's amount due as it reads it then). */
async function charge(tenantId: number, invoiceId: number) {
  const { chargeAutopay } = await import('../shared/payments/autopay.js');
  const tenant = await storedTenant(tenantId);
  if (!tenant.stripeCustomerId || !tenant.autopay) throw new Error('autopay is not on');
  return chargeAutopay({
    tenantId,
    stripeCustomerId: tenant.stripeCustomerId,
    paymentMethodId: tenant.autopay.paymentMethodId,
    invoiceId,
    currency: 'USD',
    returnUrl: 'https://site.example/pay',
  });
}

const intentsOf = (invoiceId: number) =>
  [...stripe.intents.values()].filter((i) => i.metadata.invoiceId === String(invoiceId));

beforeAll(async () => {
  stripe = await useFakeStripe();
  admin = await signedIn('super');
  ltr = await createLtrProperty({ propertyRate: '1500.00', latePenalty: '75.00' });
  ann = await signedInTenant();
  bob = await signedInTenant();
});

describe('tenant portal: who may read', () => {
  it('answers 401 without a tenant session, and to an admin session', async () => {
    const anonymous = new Client();
    const calls: Promise<ApiResponse>[] = [
      ...['lease', 'invoices', 'invoices/1', 'ledger', 'reservations', 'autopay'].map((p) =>
        anonymous.get(`${BASE}/${p}.json`),
      ),
      anonymous.post(`${BASE}/autopay.json`),
      anonymous.delete(`${BASE}/autopay.json`),
      admin.get(`${BASE}/invoices.json`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});

describe('tenant portal: the lease', () => {
  it('is 404 while the tenant has none', async () => {
    const { client } = await signedInTenant();
    expect((await client.get(`${BASE}/lease.json`)).status).toBe(404);
  });

  it('is the lease active today, with its terms as amounts and its property', async () => {
    await plantLease(ann.tenant.tenantId, { status: 'ended', startDate: day(-400), endDate: day(-40) });
    await plantLease(ann.tenant.tenantId, { status: 'pending', startDate: day(60) });
    const active = await plantLease(ann.tenant.tenantId, {
      startDate: day(-30),
      terms: {
        rentCents: 123_456,
        depositCents: 200_000,
        dueDay: 5,
        graceDays: 3,
        lateFee: lateFeeTerms({ flat: 5_000, percent: 2.5, daily: 1_000 }, 20_000),
        issueDaysBefore: 10,
      },
    });

    const res = await ann.client.get(`${BASE}/lease.json`);

    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      leaseId: active.leaseId,
      propertyId: ltr,
      current: 'active',
      terms: {
        rent: 1234.56,
        deposit: 2000,
        dueDay: 5,
        graceDays: 3,
        lateFee: { flat: 50, percent: 2.5, daily: 10, maxPerMonth: 200 },
        issueDaysBefore: 10,
      },
      property: { propertyId: ltr },
    });
    expect(typeof (res.body.property as { propertyName: string }).propertyName).toBe('string');
  });

  it('is the next upcoming lease when none is active, terms from the property when the lease has none', async () => {
    const { tenant, client } = await signedInTenant();
    await plantLease(tenant.tenantId, { status: 'ended', startDate: day(-400), endDate: day(-40) });
    const later = await plantLease(tenant.tenantId, { status: 'pending', startDate: day(90) });
    const next = await plantLease(tenant.tenantId, { status: 'pending', startDate: day(20) });

    const res = await client.get(`${BASE}/lease.json`);

    expect(res.body).toMatchObject({ leaseId: next.leaseId, current: 'upcoming' });
    expect(res.body.leaseId).not.toBe(later.leaseId);
    expect(res.body.terms).toMatchObject({ rent: 1500, dueDay: 1, graceDays: 5, lateFee: { flat: 75 } });
  });
});

describe('tenant portal: invoices and the ledger', () => {
  let rent: number;
  let deposit: number;
  let bobs: number;
  let draft: number;

  beforeAll(async () => {
    deposit = await invoiceFor(ann.tenant.tenantId, 2000, { description: 'DEPOSIT' });
    rent = await invoiceFor(ann.tenant.tenantId, 1500);
    draft = await invoiceFor(ann.tenant.tenantId, 99, { status: 9 });
    bobs = await invoiceFor(bob.tenant.tenantId, 700);
    expect((await cash(rent, 1000)).status).toBe(201);
    expect((await cash(deposit, 2000)).status).toBe(201);
  });

  it('lists the tenant’s own issued invoices, newest first, each with its amount due', async () => {
    const res = await ann.client.get(`${BASE}/invoices.json`);

    expect(res.status, res.text).toBe(200);
    const items = res.body.items as { invoiceId: number; amountDue: number; status: number }[];
    expect(items.map((i) => i.invoiceId)).toEqual([rent, deposit]);
    expect(items.map((i) => [i.amountDue, i.status])).toEqual([
      [500, 0],
      [0, 1],
    ]);
    expect(res.body.total).toBe(2);
    const unpaid = await ann.client.get(`${BASE}/invoices.json`, { query: { status: 0, limit: 1 } });
    expect((unpaid.body.items as { invoiceId: number }[]).map((i) => i.invoiceId)).toEqual([rent]);
    expect((await ann.client.get(`${BASE}/invoices.json`, { query: { status: 4 } })).status).toBe(400);
  });

  it('shows one invoice with its lines and payments; another tenant’s, a draft or a missing one is 404', async () => {
    const res = await ann.client.get(`${BASE}/invoices/${rent}.json`);

    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      invoiceId: rent,
      totalComputed: 1500,
      paidComputed: 1000,
      amountDue: 500,
      lineItems: [{ lineNo: 1, description: 'Rent', amount: 1500, quantity: 1 }],
      payments: [{ amount: 1000, method: 'cash', date: day(0) }],
    });
    const others = await ann.client.get(`${BASE}/invoices/${bobs}.json`);
    const missing = await ann.client.get(`${BASE}/invoices/2000000000.json`);
    expect(others.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(others.body.detail).toBe(String(missing.body.detail).replace('2000000000', String(bobs)));
    expect((await ann.client.get(`${BASE}/invoices/${draft}.json`)).status).toBe(404);
    expect((await ann.client.get(`${BASE}/invoices/abc.json`)).status).toBe(400);
    expect((await bob.client.get(`${BASE}/invoices/${bobs}.json`)).status).toBe(200);
  });

  it('gives the ledger: every charge and payment in date order with the running balance', async () => {
    const res = await ann.client.get(`${BASE}/ledger.json`);

    expect(res.status, res.text).toBe(200);
    const items = res.body.items as { kind: string; invoiceId: number; amount: number; balance: number }[];
    expect(items.map((i) => [i.kind, i.invoiceId, i.amount, i.balance])).toEqual([
      ['charge', deposit, 2000, 2000],
      ['charge', rent, 1500, 3500],
      ['payment', deposit, -2000, 1500],
      ['payment', rent, -1000, 500],
    ]);
    expect(res.body.balance).toBe(500);
    const bobsLedger = await bob.client.get(`${BASE}/ledger.json`);
    expect(bobsLedger.body.balance).toBe(700);
  });

  it('pays the portal’s invoice with the payment script in the same session (no link token)', async () => {
    const csrf = await ann.client.get<{ payment_csrf: string }>(CSRF_PATH);
    const intent = await ann.client.post(INTENT_PATH, {
      invoiceId: rent,
      payment_csrf: csrf.body.payment_csrf,
    });
    expect(intent.status, intent.text).toBe(200);
    expect(intent.body.amount).toBe(500);
    const bobTries = await bob.client.post(INTENT_PATH, {
      invoiceId: rent,
      payment_csrf: (await bob.client.get<{ payment_csrf: string }>(CSRF_PATH)).body.payment_csrf,
    });
    expect(bobTries.status).toBe(400);

    const id = String(intent.body.paymentIntentId);
    const paid = await fetch(`${stripe.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_local_stand_in',
        client_secret: String(intent.body.clientSecret),
        payment_method: 'pm_card_visa',
        return_url: 'https://site.example/pay',
      }),
    });
    expect(paid.status).toBe(200);

    const after = await ann.client.get(`${BASE}/invoices/${rent}.json`);
    expect(after.body).toMatchObject({ status: 1, amountDue: 0 });
    expect((after.body.payments as { method: string }[]).map((p) => p.method)).toEqual(['cash', 'card']);
  });
});

describe('tenant portal: a refund of a paid invoice is money returned, not a new debt (docs/money.md "What is owed")', () => {
  it('the ledger, the invoices, autopay’s list and staff’s invoice read it alike: the paid invoice owes nothing', async () => {
    const carol = await signedInTenant();
    const tenantId = carol.tenant.tenantId;
    const paid = await invoiceFor(tenantId, 1950);
    const open = await invoiceFor(tenantId, 1900);
    expect((await cash(paid, 1950)).status).toBe(201);
    const refund = await admin.post(`/API/adminPayments/V1/invoices/${paid}/payments.json`, {
      amount: -50,
      method: 'cash',
      date: day(0),
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body).toMatchObject({ status: 1, paidComputed: 1900, refundedComputed: 50, amountDue: 0 });

    const ledger = await carol.client.get(`${BASE}/ledger.json`);
    expect(ledger.status, ledger.text).toBe(200);
    const lines = ledger.body.items as {
      kind: string;
      invoiceId: number;
      amount: number;
      refunded: number | null;
    }[];
    expect(lines.filter((l) => l.invoiceId === paid).map((l) => [l.kind, l.amount, l.refunded])).toEqual([
      ['charge', 1950, null],
      ['payment', -1950, null],
      ['refund', 0, 50],
    ]);
    expect(ledger.body.balance).toBe(1900);

    const invoices = await carol.client.get(`${BASE}/invoices.json`);
    const rows = invoices.body.items as { invoiceId: number; status: number; amountDue: number }[];
    expect(rows.map((r) => [r.invoiceId, r.status, r.amountDue])).toEqual([
      [open, 0, 1900],
      [paid, 1, 0],
    ]);
    expect((await carol.client.get(`${BASE}/invoices/${paid}.json`)).body).toMatchObject({
      statusLabel: 'Paid',
      amountDue: 0,
    });

    const reach = await carol.client.get(`${BASE}/autopay.json`);
    const listed = [
      ...(reach.body.willCharge as { amountDue: number }[]),
      ...(reach.body.willNotCharge as { amountDue: number }[]),
    ];
    expect(listed.reduce((sum, i) => sum + i.amountDue, 0)).toBe(ledger.body.balance);

    const staff = await admin.get(`/API/adminInvoices/V1/invoices/${paid}.json`);
    expect(staff.body).toMatchObject({ status: 1, amountDue: 0, paymentUrl: null });
    // Nothing is due, so nothing more is taken: a payment staff record now is beyond the amount due.
    expect((await cash(paid, 50)).status).toBe(409);
    await expectBooksWhole([paid, open]);
  });
});

describe('tenant portal: stays', () => {
  it('lists the tenant’s reservations as a guest, latest first; none of another tenant’s', async () => {
    const vr = await createVrProperty();
    const book = (from: number) =>
      admin.post('/API/adminReservations/V1/reservations.json', {
        propertyId: vr,
        dateFrom: day(from),
        dateTo: day(from + 2),
        name: 'Ann Guest',
        email: ann.tenant.tenantEmail,
      });
    const first = await book(30);
    const second = await book(50);
    expect([first.status, second.status]).toEqual([201, 201]);

    const res = await ann.client.get(`${BASE}/reservations.json`);

    expect(res.status, res.text).toBe(200);
    const items = res.body.items as { dateFrom: string; nights: number; propertyId: number }[];
    expect(items.map((i) => [i.dateFrom, i.nights, i.propertyId])).toEqual([
      [day(50), 2, vr],
      [day(30), 2, vr],
    ]);
    expect((await bob.client.get(`${BASE}/reservations.json`)).body.items).toEqual([]);
  });
});

describe('tenant portal: autopay', () => {
  it('is off at first; a SetupIntent confirmed with a card turns it on with the card’s brand and last 4', async () => {
    const { tenant, client } = await signedInTenant();
    expect((await client.get(`${BASE}/autopay.json`)).body).toEqual({
      enabled: false,
      brand: null,
      last4: null,
      since: null,
      // A tenant with no invoices: nothing to charge, nothing left to pay.
      willCharge: [],
      willNotCharge: [],
    });

    const setup = await autopayOn(stripe, client, 'pm_card_mastercard');

    expect(String(setup.body.clientSecret)).toMatch(/^seti_\w+_secret_\w+$/);
    const on = await client.get(`${BASE}/autopay.json`);
    expect(on.body).toMatchObject({ enabled: true, brand: 'mastercard', last4: '4444' });
    const stored = await storedTenant(tenant.tenantId);
    expect(stored.stripeCustomerId).toMatch(/^cus_/);
    expect(stored.autopay?.paymentMethodId).toMatch(/^pm_local/);
    const delivery = stripe.deliveries.find((d) => d.type === 'setup_intent.succeeded');
    expect(delivery?.status).toBe(200);
  });

  it('makes one Stripe Customer per tenant, also for two setups at once', async () => {
    const { tenant, client } = await signedInTenant();
    const both = await Promise.all([
      client.post(`${BASE}/autopay.json`),
      client.post(`${BASE}/autopay.json`),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await client.post(`${BASE}/autopay.json`);

    const customers = [...stripe.setups.customers.values()].filter(
      (c) => c.metadata.tenantId === String(tenant.tenantId),
    );
    expect(customers).toHaveLength(1);
    expect((await storedTenant(tenant.tenantId)).stripeCustomerId).toBe(customers[0]?.id);
    const setups = [...stripe.setups.setupIntents.values()].filter((s) => s.customer === customers[0]?.id);
    expect(setups).toHaveLength(3);
  });

  it('DELETE turns it off, and a setup begun before then does not turn it back on', async () => {
    const { tenant, client } = await signedInTenant();
    await autopayOn(stripe, client);
    const stale = await client.post(`${BASE}/autopay.json`);
    // Stripe's `created` has whole seconds: the DELETE must come in a later second than the stale setup.
    await sleep(1100);

    const off = await client.delete(`${BASE}/autopay.json`);

    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ enabled: false });
    expect((await client.get(`${BASE}/autopay.json`)).body).toMatchObject({ enabled: false });
    expect((await confirmSetup(stripe, String(stale.body.clientSecret), 'pm_card_visa')).status).toBe(200);
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'setup_intent.succeeded', status: 200 });
    expect(JSON.parse(stripe.deliveries.at(-1)?.answer ?? '{}').outcome).toBe('setupBeforeAutopayOff');
    expect((await storedTenant(tenant.tenantId)).autopay ?? null).toBeNull();
    // A new setup after the DELETE turns it on again.
    await autopayOn(stripe, client);
    expect((await client.get(`${BASE}/autopay.json`)).body).toMatchObject({ enabled: true, last4: '4242' });
  });

  it('leaves an audit entry for each step: the setup begun and autopay off by the tenant, autopay on by Stripe', async () => {
    const { tenant, client } = await signedInTenant();
    const setup = await autopayOn(stripe, client, 'pm_card_mastercard');
    expect((await client.delete(`${BASE}/autopay.json`)).status).toBe(200);
    await jobsCaughtUp();
    const res = await admin.get<{ items: AuditEntry[] }>('/API/adminAudit/V1/entries.json', {
      query: { recordType: 'tenant', recordId: tenant.tenantId },
    });
    expect(res.status, res.text).toBe(200);
    const steps = res.body.items.filter((e) => e.action.startsWith('autopay')).reverse();
    expect(steps.map((e) => [e.action, e.actor])).toEqual([
      ['autopaySetupStarted', `tenant:${tenant.tenantId}`],
      ['autopayOn', 'system:stripe'],
      ['autopayOff', `tenant:${tenant.tenantId}`],
    ]);
    const field = (e: AuditEntry | undefined, name: string) => e?.fields.find((f) => f.field === name);
    const [begun, on, off] = steps;
    const stored = await storedTenant(tenant.tenantId);
    expect(field(begun, 'setupIntentId')?.new).toBe(String(setup.body.setupIntentId));
    expect(field(begun, 'stripeCustomerId')?.new).toBe(stored.stripeCustomerId);
    expect(field(on, 'autopayBrand')).toMatchObject({ old: null, new: 'mastercard' });
    expect(field(on, 'autopayLast4')).toMatchObject({ old: null, new: '4444' });
    expect(field(off, 'autopayLast4')).toMatchObject({ old: '4444', new: null });
    expect(field(off, 'autopayOffAt')?.new).toBe(stored.autopayOffAt);
  });

  it('takes no fields in its bodies: an unknown field is a 400 naming it, and changes nothing', async () => {
    const { tenant, client } = await signedInTenant();
    const setups = () =>
      [...stripe.setups.setupIntents.values()].filter(
        (i) => i.metadata?.tenantId === String(tenant.tenantId),
      );
    const post = await client.post(`${BASE}/autopay.json`, { usage: 'on_session' });
    expect(post.status).toBe(400);
    expect(problem(post).errors).toContainEqual({ field: 'usage', message: 'unknown field' });
    expect(setups()).toHaveLength(0);
    await autopayOn(stripe, client);
    const del = await client.request('DELETE', `${BASE}/autopay.json`, { body: { keepMethod: true } });
    expect(del.status).toBe(400);
    expect(problem(del).errors).toContainEqual({ field: 'keepMethod', message: 'unknown field' });
    expect((await client.get(`${BASE}/autopay.json`)).body).toMatchObject({ enabled: true });
    // An empty object, or no body at all, is what the writes take.
    expect((await client.post(`${BASE}/autopay.json`, {})).status).toBe(200);
    expect((await client.request('DELETE', `${BASE}/autopay.json`, { body: {} })).status).toBe(200);
  });

  it('limits the setups a tenant begins (each makes a SetupIntent at Stripe) per hour: then 429, another tenant goes on', async () => {
    expect((await admin.put(SETTINGS, { autopaySetupsPerTenantPerHour: 2 })).status).toBe(200);
    try {
      const { tenant, client } = await signedInTenant();
      // A second session of the same tenant counts on the same tenant.
      const again = await tenantSession({ email: tenant.tenantEmail, password: tenant.password });
      expect((await client.post(`${BASE}/autopay.json`)).status).toBe(200);
      expect((await again.post(`${BASE}/autopay.json`)).status).toBe(200);
      const refused = await client.post(`${BASE}/autopay.json`);
      expect(refused.status).toBe(429);
      expect(problem(refused).detail).toMatch(/autopay setups/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(refused.headers.get('ratelimit-limit')).toBe('2');
      const made = [...stripe.setups.setupIntents.values()].filter(
        (i) => i.metadata?.tenantId === String(tenant.tenantId),
      );
      expect(made).toHaveLength(2);
      // Turning it off is not limited; another tenant is not held up.
      expect((await client.delete(`${BASE}/autopay.json`)).status).toBe(200);
      expect((await (await signedInTenant()).client.post(`${BASE}/autopay.json`)).status).toBe(200);
    } finally {
      expect((await admin.put(SETTINGS, { autopaySetupsPerTenantPerHour: 10 })).status).toBe(200);
    }
  });

  it('chargeAutopay charges the amount due off-session; the webhook books it and the invoice is paid', async () => {
    const { tenant, client } = await signedInTenant();
    await autopayOn(stripe, client);
    const invoiceId = await invoiceFor(tenant.tenantId, 1234.5);

    const result = await charge(tenant.tenantId, invoiceId);

    expect(result).toMatchObject({ outcome: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) });
    const id = String((result as { paymentIntentId: string }).paymentIntentId);
    const intent = stripe.intent(id);
    expect(intent).toMatchObject({ amount: 123_450, currency: 'usd', status: 'succeeded' });
    expect(intent.customer).toBe((await storedTenant(tenant.tenantId)).stripeCustomerId);
    const request = stripe.requests.find((r) => r.path === `/v1/payment_intents/${id}/confirm`);
    // Redirects ruled out on the intent: Stripe needs no return_url for the off-session confirmation.
    expect(request?.params).toMatchObject({ off_session: 'true' });
    expect(request?.params).not.toHaveProperty('return_url');
    expect(request?.idempotencyKey).toMatch(new RegExp(`^autopay-${id}-pm_local`));
    const invoice = await client.get(`${BASE}/invoices/${invoiceId}.json`);
    expect(invoice.body).toMatchObject({
      status: 1,
      amountDue: 0,
      payments: [{ amount: 1234.5, method: 'card' }],
    });
  });

  it('a declined card is the failed outcome and posts nothing', async () => {
    const { tenant, client } = await signedInTenant();
    await autopayOn(stripe, client, 'pm_card_chargeCustomerFail');
    expect((await client.get(`${BASE}/autopay.json`)).body).toMatchObject({ enabled: true, last4: '0341' });
    const invoiceId = await invoiceFor(tenant.tenantId, 800);

    const result = await charge(tenant.tenantId, invoiceId);

    expect(result).toMatchObject({ outcome: 'failed', error: 'Your card was declined.' });
    expect((result as { paymentIntentId: string }).paymentIntentId).toMatch(/^pi_/);
    // payment_intent.payment_failed is not one the endpoint subscribes to: Stripe does not send it.
    expect(stripe.deliveries.map((d) => d.type)).not.toContain('payment_intent.payment_failed');
    const { header, payments, journal } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 0, paidCents: 0 });
    expect(payments).toEqual([]);
    expect(journal).toHaveLength(1); // the invoice's own posting, nothing of a payment
  });

  it('the same invoice charged twice, or twice at once, is charged once', async () => {
    const { tenant, client } = await signedInTenant();
    await autopayOn(stripe, client);
    const paidId = await invoiceFor(tenant.tenantId, 400);

    const both = await Promise.all([charge(tenant.tenantId, paidId), charge(tenant.tenantId, paidId)]);
    const again = await charge(tenant.tenantId, paidId);

    // The first charges; the second gets the same answer again (Stripe's key), or finds that payment under way
    // or booked already, and charges nothing.
    const charged = intentsOf(paidId).filter((i) => i.status === 'succeeded');
    expect(charged).toHaveLength(1);
    expect(both.map((r) => r.outcome)).toContain('succeeded');
    for (const r of both)
      if (r.outcome === 'succeeded') expect(r.paymentIntentId).toBe(charged[0]?.id);
      else expect(r.outcome).toBe('notCharged');
    // Exactly one of the two made the charge (the rent run lists it as that run's alone).
    expect(both.filter((r) => r.outcome === 'succeeded' && r.chargedHere)).toHaveLength(1);
    // Paid by then: nothing is due, nothing is charged.
    expect(again).toEqual({ outcome: 'notCharged', reason: 'nothingDue' });
    const { payments } = await invoicePartition(paidId);
    expect(payments).toHaveLength(1);
  });
});
