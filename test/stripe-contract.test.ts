/**
 * The Stripe contract suite: the payment, refund, SetupIntent and autopay calls the code makes, through the real
 * `stripe` SDK, checked for what Stripe answers. In `npm test` it runs against the local stand-in
 * (infra/local/stripe-stand-in.ts); with `STRIPE_TEST_SECRET_KEY` set to a Stripe test-mode secret key it runs
 * the same scenarios against that Stripe account (README "Stripe contract suite"), so anyone with a test key can
 * prove the stand-in right. Only what Stripe documents is asserted (ids and messages that differ between
 * accounts are not); the few stand-in-only checks (its webhook events) are skipped against Stripe.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLED_STRIPE_EVENTS } from '../functions/registry.js';
import { LOCAL_STRIPE } from '../infra/local/stripe-local-env.js';
import { type StripeStandIn, startStripeStandIn } from '../infra/local/stripe-stand-in.js';

const realKey = process.env.STRIPE_TEST_SECRET_KEY;
if (realKey && !realKey.startsWith('sk_test_'))
  throw new Error(
    'STRIPE_TEST_SECRET_KEY must be a test-mode secret key (sk_test_…): the suite makes charges',
  );
const againstStripe = realKey !== undefined && realKey !== '';
const standInOnly = it.skipIf(againstStripe);

let standIn: StripeStandIn | undefined;
let sdk: Stripe;
/** Events the stand-in sent to its webhook (none against Stripe: no endpoint is registered). */
const events: Stripe.EventBase[] = [];
const hook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Stripe.EventBase);
    res.end('{}');
  });
});

beforeAll(async () => {
  if (againstStripe) {
    sdk = new Stripe(realKey, { maxNetworkRetries: 1 });
    return;
  }
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as AddressInfo;
  // Subscribed as npm run stripe:webhook subscribes the cloud's endpoint.
  standIn = await startStripeStandIn({
    url: `http://127.0.0.1:${port}/`,
    secret: 'whsec_contract',
    events: HANDLED_STRIPE_EVENTS,
  });
  const url = new URL(standIn.url);
  sdk = new Stripe(LOCAL_STRIPE.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn?.stop();
  if (hook.listening) {
    hook.closeAllConnections();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  }
});

async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('Stripe answered instead of refusing');
}

/** An invoice's intent as the payment script makes it (shared/payments/stripe-api.ts createPaymentIntent). */
const invoiceIntent = (amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  sdk.paymentIntents.create({
    amount,
    currency: 'usd',
    description: 'Invoice contract',
    metadata: { invoiceId: '1', contract: 'true' },
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    ...extra,
  });

describe('payments (the payment script and the page)', () => {
  it('an intent is made, answered again, updated, confirmed with a card, and then refuses another confirm or cancel', async () => {
    const made = await invoiceIntent(5_000, { receipt_email: 'payer@example.test' });
    expect(made).toMatchObject({
      object: 'payment_intent',
      amount: 5_000,
      currency: 'usd',
      status: 'requires_payment_method',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { invoiceId: '1' },
      livemode: false,
    });
    expect(made.client_secret).toMatch(new RegExp(`^${made.id}_secret_`));
    expect((await sdk.paymentIntents.retrieve(made.id)).id).toBe(made.id);
    const updated = await sdk.paymentIntents.update(made.id, { receipt_email: 'other@example.test' });
    expect(updated.receipt_email).toBe('other@example.test');
    const paid = await sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 5_000 });
    expect(paid.latest_charge).toEqual(expect.any(String));
    expect(
      await refusal(sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_visa' })),
    ).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(
      await refusal(sdk.paymentIntents.cancel(made.id, { cancellation_reason: 'abandoned' })),
    ).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('an open intent takes a new amount (the amount due moved) and is charged that; a paid one refuses it', async () => {
    const made = await invoiceIntent(20_000);
    const lowered = await sdk.paymentIntents.update(made.id, { amount: 10_000 });
    expect(lowered).toMatchObject({ amount: 10_000, status: 'requires_payment_method' });
    const paid = await sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 10_000 });
    expect(await refusal(sdk.paymentIntents.update(made.id, { amount: 5_000 }))).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
    });
    // The excess of a payment beyond the amount due goes back with the code's own Idempotency-Key: once.
    const key = `overpayment-${made.id}`;
    const refund = await sdk.refunds.create(
      { payment_intent: made.id, amount: 4_000 },
      { idempotencyKey: key },
    );
    const again = await sdk.refunds.create(
      { payment_intent: made.id, amount: 4_000 },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(refund.id);
    expect(refund).toMatchObject({ amount: 4_000, payment_intent: made.id });
  });

  it('an open intent is cancelled with its reason', async () => {
    const made = await invoiceIntent(2_500);
    const canceled = await sdk.paymentIntents.cancel(made.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
  });

  it('a declined card: 402 card_declined with a decline_code, the card detached from the intent', async () => {
    const made = await invoiceIntent(5_000);
    const declined = await refusal(
      sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(declined).toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(declined.doc_url).toContain('card-declined');
    const after = await sdk.paymentIntents.retrieve(made.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    expect(after.last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_method: { object: 'payment_method', card: { last4: '0002' } },
    });
  });

  it('refuses an amount below the card minimum (USD 0.50), an unknown parameter, a missing return_url', async () => {
    expect(await refusal(invoiceIntent(30))).toMatchObject({
      statusCode: 400,
      code: 'amount_too_small',
      param: 'amount',
    });
    expect((await invoiceIntent(50)).amount).toBe(50);
    const unknown = await refusal(
      invoiceIntent(5_000, { colour: 'red' } as Partial<Stripe.PaymentIntentCreateParams>),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });
    expect(unknown.doc_url).toContain('parameter-unknown');
    // Automatic payment methods that may redirect: a confirm needs somewhere to come back to.
    const redirects = await invoiceIntent(5_000, { automatic_payment_methods: { enabled: true } });
    const noReturn = await refusal(
      sdk.paymentIntents.confirm(redirects.id, { payment_method: 'pm_card_visa' }),
    );
    expect(noReturn.statusCode).toBe(400);
    expect(noReturn.message).toContain('return_url');
    const withReturn = await sdk.paymentIntents.confirm(redirects.id, {
      payment_method: 'pm_card_visa',
      return_url: 'https://site.example/pay',
    });
    expect(withReturn.status).toBe('succeeded');
  });

  standInOnly(
    'each confirmation is announced with the request that caused it and the pinned API version',
    async () => {
      const made = await invoiceIntent(5_000);
      events.length = 0;
      const paid = await sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_visa' });
      const succeeded = events.find((e) => e.type === 'payment_intent.succeeded');
      expect(succeeded).toMatchObject({
        api_version: Stripe.API_VERSION,
        request: { id: paid.lastResponse.requestId },
        data: { object: { id: made.id, status: 'succeeded' } },
      });
    },
  );
});

describe('refunds (staff, in Stripe; the webhook books them)', () => {
  it('refunds part of a payment, then the rest, and refuses more', async () => {
    const made = await invoiceIntent(5_000);
    await sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_visa' });
    const part = await sdk.refunds.create({ payment_intent: made.id, amount: 2_000 });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2_000,
      currency: 'usd',
      payment_intent: made.id,
      status: 'succeeded',
    });
    const rest = await sdk.refunds.create({ payment_intent: made.id, reason: 'requested_by_customer' });
    expect(rest).toMatchObject({ amount: 3_000, reason: 'requested_by_customer' });
    expect(await refusal(sdk.refunds.create({ payment_intent: made.id, amount: 100 }))).toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    });
  });

  standInOnly('each refund is announced as charge.refunded with the amount refunded so far', async () => {
    const made = await invoiceIntent(5_000);
    await sdk.paymentIntents.confirm(made.id, { payment_method: 'pm_card_visa' });
    events.length = 0;
    await sdk.refunds.create({ payment_intent: made.id, amount: 1_000 });
    await sdk.refunds.create({ payment_intent: made.id, amount: 500 });
    const refunded = events.filter((e) => e.type === 'charge.refunded').map((e) => e.data.object);
    expect(refunded).toMatchObject([
      { object: 'charge', payment_intent: made.id, amount_refunded: 1_000, refunded: false },
      { object: 'charge', payment_intent: made.id, amount_refunded: 1_500, refunded: false },
    ]);
  });
});

describe('autopay (the tenant saves a card, the rent run charges it off-session)', () => {
  /** A tenant's Customer with a card saved through a SetupIntent, as the portal and the tenant's page do it. */
  async function savedCard(card: string) {
    const customer = await sdk.customers.create({
      description: 'Tenant contract',
      metadata: { tenantId: '1' },
    });
    const setup = await sdk.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: { tenantId: '1' },
    });
    expect(setup).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method' });
    const confirmed = await sdk.setupIntents.confirm(setup.id, {
      payment_method: card,
      return_url: 'https://site.example/portal',
    });
    expect(confirmed.status).toBe('succeeded');
    const methodId = typeof confirmed.payment_method === 'string' ? confirmed.payment_method : '';
    return { customer: customer.id, method: await sdk.paymentMethods.retrieve(methodId) };
  }

  it('saves a card on the tenant’s Customer and charges it off-session with no return_url', async () => {
    const { customer, method } = await savedCard('pm_card_visa');
    expect(method).toMatchObject({ object: 'payment_method', type: 'card', customer });
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const made = await invoiceIntent(90_000, { customer, metadata: { invoiceId: '2', autopay: 'true' } });
    const charged = await sdk.paymentIntents.confirm(
      made.id,
      { payment_method: method.id, off_session: true },
      { idempotencyKey: `autopay-${made.id}-${method.id}` },
    );
    expect(charged).toMatchObject({
      status: 'succeeded',
      amount_received: 90_000,
      payment_method: method.id,
    });
    // The run repeated: Stripe answers the first answer again, no second charge.
    const again = await sdk.paymentIntents.confirm(
      made.id,
      { payment_method: method.id, off_session: true },
      { idempotencyKey: `autopay-${made.id}-${method.id}` },
    );
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(again.amount_received).toBe(90_000);
  });

  it('a page intent taken over: given the tenant’s Customer, then charged', async () => {
    const { customer, method } = await savedCard('pm_card_visa');
    const page = await invoiceIntent(1_000);
    await sdk.paymentIntents.update(page.id, { customer });
    const charged = await sdk.paymentIntents.confirm(page.id, {
      payment_method: method.id,
      off_session: true,
    });
    expect(charged.status).toBe('succeeded');
  });

  it('a saved card declined when charged: card_declined, nothing received', async () => {
    const { customer, method } = await savedCard('pm_card_chargeCustomerFail');
    const made = await invoiceIntent(90_000, { customer });
    const declined = await refusal(
      sdk.paymentIntents.confirm(made.id, { payment_method: method.id, off_session: true }),
    );
    expect(declined).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    expect((await sdk.paymentIntents.retrieve(made.id)).amount_received).toBe(0);
  });

  it('a card declined when set up is not saved', async () => {
    const customer = await sdk.customers.create({ description: 'Tenant contract' });
    const setup = await sdk.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
    });
    const declined = await refusal(
      sdk.setupIntents.confirm(setup.id, {
        payment_method: 'pm_card_chargeDeclined',
        return_url: 'https://site.example/portal',
      }),
    );
    expect(declined).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
  });
});

/** A request as curl or any HTTP client sends it, outside the SDK: the API's base and the secret key. */
async function raw(method: 'GET' | 'POST', path: string, init: { auth?: string; body?: string } = {}) {
  const base = againstStripe ? 'https://api.stripe.com' : String(standIn?.url);
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: init.auth ?? `Bearer ${againstStripe ? realKey : LOCAL_STRIPE.secretKey}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, Record<string, unknown>> };
}

/** A parameter the SDK's types refuse, sent as a caller outside TypeScript would send it. */
const untyped = <T>(value: unknown): T => value as T;

describe('what Stripe refuses in a request', () => {
  it('metadata beyond 50 keys, a key over 40 characters, a value over 500', async () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    expect((await invoiceIntent(5_000, { metadata: keys(50) })).metadata).toHaveProperty('k49');
    for (const metadata of [keys(51), { ['k'.repeat(41)]: 'v' }, { long: 'v'.repeat(501) }]) {
      const refused = await refusal(invoiceIntent(5_000, { metadata }));
      expect(refused).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
      expect(refused.param).toMatch(/^metadata/);
    }
    const full = await invoiceIntent(5_000, { metadata: keys(50) });
    const more = await refusal(sdk.paymentIntents.update(full.id, { metadata: { one: 'more' } }));
    expect(more).toMatchObject({ statusCode: 400 });
  });

  it('enumeration values it does not have: usage, allow_redirects, a refund reason', async () => {
    const customer = await sdk.customers.create({ description: 'Contract' });
    const usage = await refusal(
      sdk.setupIntents.create({ customer: customer.id, usage: untyped('sometimes') }),
    );
    expect(usage).toMatchObject({ statusCode: 400, param: 'usage' });
    const redirects = await refusal(
      invoiceIntent(5_000, {
        automatic_payment_methods: { enabled: true, allow_redirects: untyped('maybe') },
      }),
    );
    expect(redirects).toMatchObject({ statusCode: 400, param: 'automatic_payment_methods[allow_redirects]' });
    const paid = await invoiceIntent(5_000);
    await sdk.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    const reason = await refusal(sdk.refunds.create({ payment_intent: paid.id, reason: untyped('bored') }));
    expect(reason).toMatchObject({ statusCode: 400, param: 'reason' });
  });

  it('a boolean that is not true or false, an unknown currency, an amount over 8 digits or not in digits', async () => {
    expect(await refusal(invoiceIntent(5_000, { confirm: untyped('yes') }))).toMatchObject({
      statusCode: 400,
      param: 'confirm',
    });
    expect(await refusal(invoiceIntent(5_000, { currency: 'xyz' }))).toMatchObject({
      statusCode: 400,
      param: 'currency',
    });
    expect(await refusal(invoiceIntent(100_000_000))).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
    });
    expect((await invoiceIntent(99_999_999)).amount).toBe(99_999_999);
    expect(await refusal(invoiceIntent(untyped('1e3')))).toMatchObject({
      statusCode: 400,
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
  });

  it('a receipt_email that is no address; return_url or off_session without confirm=true', async () => {
    expect(await refusal(invoiceIntent(5_000, { receipt_email: 'not-an-address' }))).toMatchObject({
      statusCode: 400,
      code: 'email_invalid',
      param: 'receipt_email',
    });
    expect(await refusal(invoiceIntent(5_000, { return_url: 'https://site.example/pay' }))).toMatchObject({
      statusCode: 400,
      param: 'return_url',
    });
    expect(await refusal(invoiceIntent(5_000, { off_session: true }))).toMatchObject({
      statusCode: 400,
      param: 'off_session',
    });
  });

  it('another Customer for an intent that has one', async () => {
    const [first, second] = await Promise.all([
      sdk.customers.create({ description: 'Contract first' }),
      sdk.customers.create({ description: 'Contract second' }),
    ]);
    const made = await invoiceIntent(5_000, { customer: first.id });
    expect(await refusal(sdk.paymentIntents.update(made.id, { customer: second.id }))).toMatchObject({
      statusCode: 400,
      param: 'customer',
    });
    expect((await sdk.paymentIntents.update(made.id, { customer: first.id })).customer).toBe(first.id);
  });

  it('an unknown query parameter of a GET', async () => {
    const made = await invoiceIntent(5_000);
    const res = await raw('GET', `/v1/payment_intents/${made.id}?colour=red`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });
});

describe('what Stripe keeps and answers', () => {
  it('an empty metadata value removes its key', async () => {
    const made = await invoiceIntent(5_000, { metadata: { invoiceId: '1', note: 'x', gone: '' } });
    expect(made.metadata).toEqual({ invoiceId: '1', note: 'x' });
    const updated = await sdk.paymentIntents.update(made.id, { metadata: { note: '' } });
    expect(updated.metadata).toEqual({ invoiceId: '1' });
  });

  it('a payment_method given on create: the intent waits for its confirmation, which may leave it out', async () => {
    const made = await invoiceIntent(5_000, { payment_method: 'pm_card_visa' });
    expect(made).toMatchObject({ status: 'requires_confirmation', payment_method: expect.any(String) });
    expect((await sdk.paymentIntents.confirm(made.id)).status).toBe('succeeded');
  });

  it('expand: the latest charge as an object, on a confirm and on a retrieve', async () => {
    const made = await invoiceIntent(5_000);
    const paid = await sdk.paymentIntents.confirm(made.id, {
      payment_method: 'pm_card_visa',
      expand: ['latest_charge'],
    });
    expect(paid.latest_charge).toMatchObject({ object: 'charge', amount: 5_000, payment_intent: made.id });
    const read = await sdk.paymentIntents.retrieve(made.id, { expand: ['latest_charge'] });
    expect(read.latest_charge).toMatchObject({ object: 'charge' });
    expect(typeof (await sdk.paymentIntents.retrieve(made.id)).latest_charge).toBe('string');
  });

  it('the secret key as the user name of HTTP Basic auth', async () => {
    const made = await invoiceIntent(5_000);
    const key = againstStripe ? String(realKey) : LOCAL_STRIPE.secretKey;
    const res = await raw('GET', `/v1/payment_intents/${made.id}`, {
      auth: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(made.id);
  });

  standInOnly('only the event types the endpoint subscribed to are sent', async () => {
    const made = await invoiceIntent(5_000);
    events.length = 0;
    await sdk.paymentIntents.cancel(made.id, { cancellation_reason: 'abandoned' });
    const declined = await invoiceIntent(5_000);
    await refusal(sdk.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' }));
    expect(events.map((e) => e.type)).toEqual([]);
    const paid = await invoiceIntent(5_000);
    await sdk.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });
});
