/**
 * The payment script over HTTP (functions/payments; docs/payments.md): the CSRF token and cookie, and the
 * PaymentIntent of an invoice created through the real Stripe SDK against a Stripe stand-in — every status of
 * the contract, the invoice's open intent answered again (never a Stripe key reused with other parameters),
 * the client's idempotency, and 503 without a Stripe key.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { Client, latestMailTo, problem, signedIn, unique } from './support/client.js';
import { jobsCaughtUp } from './support/jobs.js';
import {
  CSRF_PATH,
  createIntent,
  deliver,
  expectBooksWhole,
  INTENT_PATH,
  invoicePartition,
  journalImbalance,
  paymentPage,
  payTokenOf,
  plantInvoice,
  storedIntent,
  useFakeStripe,
} from './support/payments.js';
import { rawTable, TABLE } from './support/table.js';

const fake = await useFakeStripe();

/** I10: the invoice's latest intent, as stored. */
async function latestIntent(invoiceId: number) {
  const { Item } = await rawTable.send(
    new GetCommand({ TableName: TABLE, Key: { PK: `INVOICE#${invoiceId}`, SK: 'LATESTINTENT' } }),
  );
  return Item;
}

describe('GET payment-csrf.php', () => {
  it('answers the token and sets its HttpOnly cookie', async () => {
    const client = new Client();
    const res = await client.get<{ payment_csrf: string }>(CSRF_PATH);
    expect(res.status).toBe(200);
    expect(res.body.payment_csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(
      /^pm_payment_csrf=[A-Za-z0-9_-]{43}; Max-Age=7200; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});

describe('POST payment-create-intent.php', () => {
  it('refuses by card an amount due below Stripe’s card minimum: a 400 naming the minimum, no intent asked for', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 12_550, paidCents: 12_520 });
    const before = fake.requests.length;
    const res = await createIntent({ invoiceId, fname: 'Ada', lname: 'Lovelace', email: 'ada@example.test' });
    expect(res.status, res.text).toBe(400);
    expect(problem(res).detail).toBe(
      `Invoice ${invoiceId} cannot be paid by card: the amount due, 0.30 USD, is below the card minimum of 0.50 USD; please pay it another way`,
    );
    expect(res.body).toMatchObject({ minimumAmount: '0.50' });
    expect(fake.requests.slice(before).filter((r) => r.path === '/v1/payment_intents')).toEqual([]);
  });

  it('creates the intent of the amount due in the site currency, with metadata invoiceId, and remembers it', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 12_550 });
    const res = await createIntent({ invoiceId, fname: 'Ada', lname: 'Lovelace', email: 'ada@example.test' });
    expect(res.status).toBe(200);
    const { clientSecret, paymentIntentId } = res.body as { clientSecret: string; paymentIntentId: string };
    expect(res.body).toMatchObject({ amount: 125.5, currency: 'USD' });
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    expect(fake.intent(paymentIntentId)).toMatchObject({
      amount: 12_550,
      currency: 'usd',
      metadata: { invoiceId: String(invoiceId), tenantId: '7' },
      receipt_email: 'ada@example.test',
    });
    // No key of ours (one reused with another e-mail made Stripe refuse later calls): only the SDK's retry key.
    const request = fake.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(request?.idempotencyKey ?? '').not.toContain(String(invoiceId));
    expect(await latestIntent(invoiceId)).toMatchObject({
      paymentIntentId,
      amountCents: 12_550,
      currency: 'usd',
    });
    expect(await storedIntent(paymentIntentId)).toMatchObject({
      invoiceId,
      amountCents: 12_550,
      currency: 'usd',
      refundedCents: 0,
    });
  });

  it('says what the payment pays: a booking’s property, stay, lines and figures; a rent invoice’s month, due date and words', async () => {
    const propertyId = await createVrProperty({
      units: 1,
      propertyRate: '130',
      propertyName: unique('Pay Cove'),
    });
    const [from, to] = [siteDay(40), siteDay(42)];
    const booked = await guestBook(guestBody(propertyId, from, to));
    expect(booked.status, booked.text).toBe(200);
    const { invoiceId, paymentUrl } = booked.body as { invoiceId: number; paymentUrl: string };
    const token = new URL(paymentUrl).searchParams.get('token');
    const res = await createIntent({ invoiceId, token });
    expect(res.status, res.text).toBe(200);
    const admin = await signedIn('super');
    const invoice = (
      await admin.get<Record<string, unknown>>(`/API/adminInvoices/V1/invoices/${invoiceId}.json`)
    ).body;
    const property = (
      await admin.get<{ propertyName: string }>(`/API/adminProperties/V1/properties/${propertyId}.json`)
    ).body;
    expect(res.body.invoice).toEqual({
      invoiceId,
      title: 'Booking',
      propertyName: property.propertyName,
      stay: { dateFrom: from, dateTo: to },
      period: null,
      dueDate: invoice.dueDate,
      lineItems: (invoice.lineItems as { description: string; lineTotal: number }[]).map((l) => ({
        description: l.description,
        lineTotal: l.lineTotal,
      })),
      taxComputed: invoice.taxComputed,
      totalComputed: invoice.totalComputed,
      paidComputed: 0,
      amountDue: invoice.amountDue,
    });
    expect((res.body.invoice as { lineItems: unknown[] }).lineItems.length).toBeGreaterThan(0);
    expect(res.body.amount).toBe(invoice.amountDue);

    const rent = await plantInvoice({ totalCents: 145_000 });
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `INVOICE#${rent.invoiceId}`, SK: 'INVOICE' },
        UpdateExpression: 'SET period = :p',
        ExpressionAttributeValues: { ':p': '2027-01' },
      }),
    );
    const rentAnswer = await createIntent({ invoiceId: rent.invoiceId });
    expect(rentAnswer.body.invoice).toMatchObject({
      title: 'Rent for January 2027',
      period: '2027-01',
      stay: null,
      propertyName: null,
      dueDate: '2027-01-20',
      totalComputed: 1450,
      amountDue: 1450,
    });
    await expectBooksWhole([invoiceId]);
  });

  it('answers the invoice’s open intent again for the same amount (retrieved from Stripe), a new one after a part payment', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 20_000 });
    const first = await createIntent({ invoiceId });
    const created = fake.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const again = await createIntent({ invoiceId, amnt: '200.00' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(created);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${first.body.paymentIntentId}`,
    });
    const partlyPaid = await plantInvoice({ totalCents: 20_000, paidCents: 5_000 });
    const rest = await createIntent({ invoiceId: partlyPaid.invoiceId, amnt: 150 });
    expect(rest.status).toBe(200);
    expect(rest.body.amount).toBe(150);
    expect(fake.intent(String(rest.body.paymentIntentId)).amount).toBe(15_000);
  });

  it('a first call with another e-mail never blocks the payer’s (finding 1): the same intent, its receipt e-mail updated', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 7_700 });
    const stranger = await createIntent({ invoiceId, email: 'someone-else@example.test' });
    expect(stranger.status).toBe(200);
    const tenant = await createIntent({ invoiceId, email: 'tenant@example.test', amnt: '77.00' });
    expect(tenant.status, tenant.text).toBe(200);
    expect(tenant.body.paymentIntentId).toBe(stranger.body.paymentIntentId);
    expect(fake.intent(String(tenant.body.paymentIntentId)).receipt_email).toBe('tenant@example.test');
    // Without an e-mail the receipt address is left as it is.
    expect((await createIntent({ invoiceId })).body.paymentIntentId).toBe(stranger.body.paymentIntentId);
    expect(fake.intent(String(tenant.body.paymentIntentId)).receipt_email).toBe('tenant@example.test');
  });

  it('payers racing each other all get the invoice’s one intent, never a 502; the ones made meanwhile are cancelled', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 3_300 });
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) => createIntent({ invoiceId, email: `${who}@example.test` })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const latest = await latestIntent(invoiceId);
    for (const answer of answers) {
      expect(answer.body.paymentIntentId).toBe(latest?.paymentIntentId);
      expect(answer.body.clientSecret).toBe(fake.intent(String(latest?.paymentIntentId)).client_secret);
    }
    const made = [...fake.intents.values()].filter((i) => i.metadata.invoiceId === String(invoiceId));
    expect(made.filter((i) => i.status !== 'canceled').map((i) => i.id)).toEqual([latest?.paymentIntentId]);
    for (const other of made.filter((i) => i.id !== latest?.paymentIntentId))
      expect(other.cancellation_reason).toBe('duplicate');
  });

  it('makes a new intent when the open one was canceled, cancels an open one of another amount first, and never makes a second beside one under way', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 4_400 });
    const creates = () => fake.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const first = String((await createIntent({ invoiceId })).body.paymentIntentId);
    fake.intent(first).status = 'canceled';
    const second = String((await createIntent({ invoiceId })).body.paymentIntentId);
    expect(second).not.toBe(first);

    // A part payment recorded meanwhile: the open intent of the old amount is cancelled, a new one made.
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `INVOICE#${invoiceId}`, SK: 'INVOICE' },
        UpdateExpression: 'SET paidCents = :paid',
        ExpressionAttributeValues: { ':paid': 1_000 },
      }),
    );
    const rest = await createIntent({ invoiceId, amnt: '34.00' });
    expect(rest.status, rest.text).toBe(200);
    const third = String(rest.body.paymentIntentId);
    expect(fake.intent(second)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(fake.intent(third)).toMatchObject({ amount: 3_400, status: 'requires_payment_method' });

    // Processing: answered as it is, and Stripe refuses changes once the payment is under way: none is asked for.
    fake.intent(third).status = 'processing';
    const updates = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${third}`,
    );
    const made = creates();
    expect((await createIntent({ invoiceId, email: 'late@example.test' })).body.paymentIntentId).toBe(third);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${third}`),
    ).toHaveLength(updates.length);

    // Gone through, its webhook not arrived yet: a second intent could be a second charge, so none is made.
    fake.succeed(third);
    const busy = await createIntent({ invoiceId });
    expect(busy.status).toBe(409);
    expect(problem(busy).detail).toMatch(/has gone through and is being recorded/);
    expect(creates()).toBe(made);
  });

  it('takes a processing invoice (an earlier attempt under way) and the token in X-CSRF-Token', async () => {
    const { invoiceId } = await plantInvoice({ status: 3 });
    const { client, token } = await paymentPage();
    const res = await client.post(
      INTENT_PATH,
      { invoiceId: String(invoiceId), ...payTokenOf(invoiceId) },
      { headers: { 'x-csrf-token': token } },
    );
    expect(res.status).toBe(200);
  });

  it('checks amnt against the amount due', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 9_999 });
    expect((await createIntent({ invoiceId, amnt: '99.99' })).status).toBe(200);
    for (const amnt of ['100.00', '99.9', 'abc', 0]) {
      const res = await createIntent({ invoiceId, amnt });
      expect(res.status, String(amnt)).toBe(400);
      expect(problem(res).errors).toEqual([{ field: 'amnt', message: 'must be the amount due, 99.99' }]);
    }
  });

  it('answers 400 for an invoice that does not exist, is cancelled, void, paid, refunded, a draft, fully paid or another tenant’s', async () => {
    const cases: [string, Promise<{ invoiceId: number }>, Record<string, unknown>?][] = [
      ['no such invoice', Promise.resolve({ invoiceId: 2_000_000_000 }), {}],
      ['cancelled', plantInvoice({ status: 5 })],
      ['cancelled', plantInvoice({ status: 7 })],
      ['is paid', plantInvoice({ status: 1, paidCents: 12_550 })],
      ['is paid', plantInvoice({ status: 2 })],
      ['draft', plantInvoice({ status: 9 })],
      ['nothing is due', plantInvoice({ paidCents: 12_550 })],
      // Another tenant's: as if there were no such invoice (DESIGN.md "The payment link").
      ['no such invoice', plantInvoice({ tenantId: 7 }), { tenantId: 8 }],
    ];
    for (const [detail, planted, extra] of cases) {
      const { invoiceId } = await planted;
      const res = await createIntent({ invoiceId, ...(extra ?? {}) });
      expect(res.status, detail).toBe(400);
      expect(problem(res).detail).toContain(detail);
    }
  });

  it('answers 400 for bad input, never a 500', async () => {
    for (const body of [
      {},
      { invoiceId: 'abc' },
      { invoiceId: 0 },
      { invoiceId: 1, surprise: 1 },
      { invoiceId: 1, email: 'not-mail' },
      { invoiceId: 1, country: 'USA' },
    ]) {
      const res = await createIntent(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const { client, token } = await paymentPage();
    const garbage = await client.post(INTENT_PATH, undefined, {
      rawBody: '{"invoiceId":',
      headers: { 'x-csrf-token': token },
    });
    expect(garbage.status).toBe(400);
  });

  it('answers 403 without the cookie, without the token, or with another cookie’s token', async () => {
    const { invoiceId } = await plantInvoice();
    const noCookie = await new Client().post(INTENT_PATH, { invoiceId, payment_csrf: 'x'.repeat(43) });
    expect(noCookie.status).toBe(403);
    const page = await paymentPage();
    const noToken = await page.client.post(INTENT_PATH, { invoiceId });
    expect(noToken.status).toBe(403);
    const other = await paymentPage();
    const mismatched = await page.client.post(INTENT_PATH, { invoiceId, payment_csrf: other.token });
    expect(mismatched.status).toBe(403);
    expect(problem(mismatched).detail).toMatch(/does not match/);
  });

  it('honours Idempotency-Key: a repeat replays the answer, another body with the key is 422', async () => {
    const { invoiceId } = await plantInvoice();
    const page = await paymentPage();
    const key = { 'idempotency-key': `pay-${invoiceId}` };
    const first = await createIntent({ invoiceId }, page, key);
    const created = fake.requests.length;
    const replay = await createIntent({ invoiceId }, page, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(fake.requests.length).toBe(created);
    const other = await createIntent({ invoiceId, amnt: '125.50' }, page, key);
    expect(other.status).toBe(422);
  });

  it('answers 502 when Stripe refuses, and nothing is remembered', async () => {
    const { invoiceId } = await plantInvoice({ totalCents: 4_321 });
    fake.failNext(400, 'invalid_request_error', 'Amount must be at least $0.50 usd');
    const res = await createIntent({ invoiceId });
    expect(res.status).toBe(502);
    expect(problem(res).detail).not.toMatch(/0\.50/);
    expect([...fake.intents.values()].some((i) => i.metadata.invoiceId === String(invoiceId))).toBe(false);
    expect((await createIntent({ invoiceId })).status).toBe(200);
  });

  it('answers 503 with a clear problem while STRIPE_SECRET_KEY is not set', async () => {
    const { invoiceId } = await plantInvoice();
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const res = await createIntent({ invoiceId });
      expect(res.status).toBe(503);
      expect(problem(res).detail).toMatch(/Card payments are not configured.*STRIPE_SECRET_KEY/);
      const missing = await createIntent({ invoiceId: 2_000_000_001 });
      expect(missing.status).toBe(503);
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
    }
  });
});

describe('an invoice that stops taking payments has its open intent cancelled at Stripe (job openIntentCancel)', () => {
  /** An invoice staff made, with its payment link's token (shown on the admin single invoice). */
  async function staffInvoice(admin: Client) {
    const made = await admin.post<{ invoiceId: number }>('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(10),
      tenantId: 1,
      lineItems: [{ description: 'Repair', amount: 80, quantity: 1 }],
    });
    expect(made.status, made.text).toBe(201);
    const invoiceId = made.body.invoiceId;
    const single = await admin.get<{ paymentUrl: string }>(
      `/API/adminInvoices/V1/invoices/${invoiceId}.json`,
    );
    const token = new URL(single.body.paymentUrl).searchParams.get('token');
    const opened = await createIntent({ invoiceId, token });
    expect(opened.status, opened.text).toBe(200);
    return { invoiceId, token, intent: opened.body as { paymentIntentId: string; clientSecret: string } };
  }

  /** Every journal entry of the invoice balances, and what it says is paid is its payments less refunds. */
  async function booksWhole(invoiceId: number, paidCents: number) {
    const { header, payments, journal } = await invoicePartition(invoiceId);
    expect(journalImbalance(journal)).toBe(0);
    expect(payments.reduce((sum, p) => sum + Number(p.amountCents), 0)).toBe(paidCents);
    expect(header?.paidCents ?? 0).toBe(paidCents);
  }

  /** The page's Pay with the intent it holds (Stripe.js confirms with the client secret). */
  const confirm = (intent: { paymentIntentId: string; clientSecret: string }) =>
    fetch(`${fake.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_local_stand_in',
        client_secret: intent.clientSecret,
        payment_method: 'pm_card_visa',
        return_url: 'https://site.example/pay',
      }),
    });

  it('paid by a payment staff recorded: the page’s intent is cancelled, even when Stripe fails the first try, and can no longer be paid', async () => {
    const admin = await signedIn('super');
    const { invoiceId, intent } = await staffInvoice(admin);
    await jobsCaughtUp();
    // Stripe unreachable for the job's first try (twice: the SDK retries once): the job tries again.
    fake.failNext(503);
    fake.failNext(503);
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: 80,
      method: 'check',
      date: siteDay(0),
    });
    expect(paid.status, paid.text).toBe(201);
    await jobsCaughtUp();
    expect(fake.intent(intent.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'duplicate',
    });
    const late = await confirm(intent);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe(
      'payment_intent_unexpected_state',
    );
    expect(fake.intent(intent.paymentIntentId).amount_received).toBe(0);
    await booksWhole(invoiceId, 8_000);
  });

  it('cancelled by staff: its intent is cancelled as abandoned; an intent that was paid is left as it is', async () => {
    const admin = await signedIn('super');
    const { invoiceId, intent } = await staffInvoice(admin);
    expect((await admin.delete(`/API/adminInvoices/V1/invoices/${invoiceId}.json`)).status).toBe(200);
    await jobsCaughtUp();
    expect(fake.intent(intent.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });

    const byCard = await staffInvoice(admin);
    expect((await confirm(byCard.intent)).status).toBe(200);
    await jobsCaughtUp();
    expect(fake.intent(byCard.intent.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount_received: 8_000,
    });
  });
});

describe('the amount due drops while a card payment is open (a check recorded, a credit line)', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await signedIn('super');
  });
  const TENANT_EMAIL = 'fixture-tenant@example.test';

  /** An invoice staff made for tenant 1, and the intent its payment page opened. */
  async function openPage(amount = 80) {
    const made = await admin.post<{ invoiceId: number }>('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(10),
      tenantId: 1,
      lineItems: [{ description: 'Repair', amount, quantity: 1 }],
    });
    expect(made.status, made.text).toBe(201);
    const invoiceId = made.body.invoiceId;
    const single = await admin.get<{ paymentUrl: string }>(
      `/API/adminInvoices/V1/invoices/${invoiceId}.json`,
    );
    const token = new URL(single.body.paymentUrl).searchParams.get('token');
    const opened = await createIntent({ invoiceId, token });
    expect(opened.status, opened.text).toBe(200);
    await jobsCaughtUp();
    return { invoiceId, token, intent: opened.body as { paymentIntentId: string; clientSecret: string } };
  }

  const check = (invoiceId: number, amount: number) =>
    admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount,
      method: 'check',
      date: siteDay(0),
    });

  /** Stripe.js's confirmation from the page that holds the intent's client secret. */
  const confirm = (intent: { paymentIntentId: string; clientSecret: string }) =>
    fetch(`${fake.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_local_stand_in',
        client_secret: intent.clientSecret,
        payment_method: 'pm_card_visa',
        return_url: 'https://site.example/pay',
      }),
    });

  /** The messages sent about the invoice (adminMessages), by kind. */
  const mailsOf = async (invoiceId: number) =>
    (
      await admin.get<{ items: { kind: string; to: string; subject: string }[] }>(
        '/API/adminMessages/V1/messages.json',
        { query: { recordType: 'invoice', recordId: String(invoiceId) } },
      )
    ).body.items;

  it('the job updates the open intent to the new amount due; the page re-reads it; the old page pays only that', async () => {
    const { invoiceId, token, intent } = await openPage(80);
    expect((await check(invoiceId, 30)).status).toBe(201);
    await jobsCaughtUp();
    expect(fake.intent(intent.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      amount: 5_000,
    });
    expect(await latestIntent(invoiceId)).toMatchObject({
      paymentIntentId: intent.paymentIntentId,
      amountCents: 5_000,
    });
    // The page reads the amount again before confirming: the same intent, the new amount.
    const again = await createIntent({ invoiceId, token });
    expect(again.body).toMatchObject({ paymentIntentId: intent.paymentIntentId, amount: 50 });
    // A page that kept the old client secret still pays only what is due.
    expect((await confirm(intent)).status).toBe(200);
    await jobsCaughtUp();
    expect(fake.intent(intent.paymentIntentId).amount_received).toBe(5_000);
    const { header } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 1, paidCents: 8_000 });
    expect(header?.anomalies).toBeUndefined();
    await expectBooksWhole([invoiceId]);
  });

  it('a credit line leaves less than the card minimum: the open intent is cancelled (Stripe would charge none of it)', async () => {
    const { invoiceId, intent } = await openPage(80);
    const credited = await admin.put(`/API/adminInvoices/V1/invoices/${invoiceId}.json`, {
      lineItems: [{ description: 'Goodwill', amount: -79.7, quantity: 1 }],
    });
    expect(credited.status, credited.text).toBe(200);
    await jobsCaughtUp();
    expect(fake.intent(intent.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    await expectBooksWhole([invoiceId]);
  });

  it('a payment of the old amount that lands anyway: what was due is settled, the rest refunded at Stripe and mailed, no anomaly', async () => {
    const { invoiceId, intent } = await openPage(80);
    // The payer confirmed 80.00 a moment before staff recorded a check of 30.00; Stripe's event comes after.
    const paidAtStripe = fake.succeed(intent.paymentIntentId);
    expect((await check(invoiceId, 30)).status).toBe(201);
    await jobsCaughtUp();
    const res = await deliver(fake.event('payment_intent.succeeded', paidAtStripe));
    expect(res.status, res.text).toBe(200);
    expect(res.body.outcome).toBe('settledExcessRefunding');
    await jobsCaughtUp();

    const { header, payments } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 1, paidCents: 8_000, refundedCents: 0 });
    expect(header?.anomalies).toBeUndefined();
    expect(payments.map((p) => [p.method, p.amountCents])).toEqual([
      ['check', 3_000],
      ['card', 5_000],
    ]);
    const refunds = fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.payment_intent === intent.paymentIntentId,
    );
    expect(refunds.map((r) => [r.params.amount, r.idempotencyKey])).toEqual([
      ['3000', `overpayment-${intent.paymentIntentId}`],
    ]);
    expect(await storedIntent(intent.paymentIntentId)).toMatchObject({
      settledCents: 5_000,
      excessCents: 3_000,
      refundedCents: 3_000,
      excessRefundId: expect.stringMatching(/^re_/),
    });
    // Stripe's charge.refunded of that refund (the stand-in sent it) booked nothing: it was never the books'.
    const refundEvent = fake.event('charge.refunded', fake.charge(intent.paymentIntentId, 3_000));
    expect((await deliver(refundEvent)).body.outcome).toBe('refundAlreadyRecorded');
    expect((await invoicePartition(invoiceId)).header).toMatchObject({ paidCents: 8_000, refundedCents: 0 });

    const mail = (await mailsOf(invoiceId)).filter((m) => m.kind === 'overpaymentRefund');
    expect(mail.map((m) => m.to)).toEqual([TENANT_EMAIL]);
    const sent = await latestMailTo(TENANT_EMAIL, 10_000, mail[0]?.subject);
    expect(sent.subject).toContain(`of your card payment on invoice #${invoiceId}`);
    expect(sent.body.text).toContain(
      'We applied $50.00 to the invoice and refunded the other $30.00 to your card.',
    );
    await expectBooksWhole([invoiceId]);
  });

  it('nothing due any more when it lands (paid in full by check): all of it is refunded and the books keep the check', async () => {
    const { invoiceId, intent } = await openPage(80);
    const paidAtStripe = fake.succeed(intent.paymentIntentId);
    expect((await check(invoiceId, 80)).status).toBe(201);
    await jobsCaughtUp();
    expect((await deliver(fake.event('payment_intent.succeeded', paidAtStripe))).body.outcome).toBe(
      'excessRefunding',
    );
    await jobsCaughtUp();
    const { header, payments } = await invoicePartition(invoiceId);
    expect(header).toMatchObject({ status: 1, paidCents: 8_000 });
    expect(header?.anomalies).toBeUndefined();
    expect(payments.map((p) => p.method)).toEqual(['check']);
    expect(await storedIntent(intent.paymentIntentId)).toMatchObject({
      settledCents: 0,
      excessCents: 8_000,
      excessRefundId: expect.stringMatching(/^re_/),
    });
    expect(
      fake.requests
        .filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === intent.paymentIntentId)
        .map((r) => r.params.amount),
    ).toEqual(['8000']);
    expect((await mailsOf(invoiceId)).map((m) => m.kind)).toContain('overpaymentRefund');
    await expectBooksWhole([invoiceId]);
  });
});
