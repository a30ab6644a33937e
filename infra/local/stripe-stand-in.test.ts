/**
 * The Stripe stand-in, spoken to by the real `stripe` SDK as the handlers do, refuses and answers what Stripe
 * documents (each rule's page is cited where the stand-in implements it): unknown parameters, amounts below
 * the currency's minimum, a confirm without any key, a decline that detaches the card; its errors carry `param`
 * and `doc_url`, and its events the request that caused them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE } from './stripe-local-env.js';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.js';

let standIn: StripeStandIn;
let sdk: Stripe;
const received: { type: string; request: unknown; api_version: unknown }[] = [];
const hook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as AddressInfo;
  standIn = await startStripeStandIn({ url: `http://127.0.0.1:${port}/`, secret: 'whsec_test' });
  const url = new URL(standIn.url);
  sdk = new Stripe(LOCAL_STRIPE.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn.stop();
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

/** The Stripe error a call threw. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('Stripe answered instead of refusing');
}

/** Card payments that never redirect: a confirm needs no `return_url`. */
const NO_REDIRECTS = { automatic_payment_methods: { enabled: true, allow_redirects: 'never' } } as const;

const newIntent = (amount = 5000, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  sdk.paymentIntents.create({ amount, currency: 'usd', ...extra });

/** A confirm as a page makes it, with a form body and no secret key. */
const confirmFromPage = (id: string, body: Record<string, string>) =>
  fetch(`${standIn.url}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });

describe('unknown parameters (https://docs.stripe.com/error-codes/parameter-unknown)', () => {
  it('are refused with a 400 parameter_unknown naming them, nested ones in Stripe’s a[b] spelling', async () => {
    const top = await refusal(
      newIntent(5000, { colour: 'red' } as Partial<Stripe.PaymentIntentCreateParams>),
    );
    expect(top).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'colour',
      doc_url: 'https://docs.stripe.com/error-codes/parameter-unknown',
    });
    expect(top.message).toBe('Received unknown parameter: colour');
    const nested = await refusal(
      newIntent(5000, {
        automatic_payment_methods: { enabled: true, colour: 'red' },
      } as Partial<Stripe.PaymentIntentCreateParams>),
    );
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'automatic_payment_methods[colour]' });
    const intent = await newIntent();
    const onConfirm = await refusal(
      sdk.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa', colour: 'red' } as never),
    );
    expect(onConfirm).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    // Metadata keys are the caller's own.
    expect((await newIntent(5000, { metadata: { anything: 'x' } })).metadata).toEqual({ anything: 'x' });
  });
});

describe('the minimum charge (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts)', () => {
  it('refuses an amount below USD 0.50 with amount_too_small on create and update; 0.50 is taken', async () => {
    const small = await refusal(newIntent(30));
    expect(small).toMatchObject({ statusCode: 400, code: 'amount_too_small', param: 'amount' });
    expect(small.message).toBe('Amount must be at least $0.50 usd');
    const fifty = await newIntent(50);
    expect(fifty.amount).toBe(50);
    expect(await refusal(sdk.paymentIntents.update(fifty.id, { amount: 49 }))).toMatchObject({
      code: 'amount_too_small',
    });
    expect(await refusal(sdk.paymentIntents.create({ amount: 29, currency: 'gbp' }))).toMatchObject({
      code: 'amount_too_small',
    });
  });
});

describe('keys (https://docs.stripe.com/keys)', () => {
  it('refuses a confirm with only the client secret and no key; the publishable key with it confirms', async () => {
    const intent = await newIntent(5000, NO_REDIRECTS);
    const bare = await confirmFromPage(intent.id, {
      client_secret: String(intent.client_secret),
      payment_method: 'pm_card_visa',
    });
    expect(bare.status).toBe(401);
    expect(standIn.intent(intent.id).status).toBe('requires_payment_method');
    const wrong = await confirmFromPage(intent.id, {
      key: LOCAL_STRIPE.publishableKey,
      client_secret: `${intent.id}_secret_wrong`,
      payment_method: 'pm_card_visa',
    });
    expect(wrong.status).toBe(400);
    const paid = await confirmFromPage(intent.id, {
      key: LOCAL_STRIPE.publishableKey,
      client_secret: String(intent.client_secret),
      payment_method: 'pm_card_visa',
    });
    expect(paid.status).toBe(200);
    expect(standIn.intent(intent.id).status).toBe('succeeded');
  });

  it('refuses the publishable key for anything but a confirm', async () => {
    const res = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${LOCAL_STRIPE.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'amount=5000&currency=usd',
    });
    expect(res.status).toBe(401);
  });
});

describe('return_url (https://docs.stripe.com/api/setup_intents/confirm#confirm_setup_intent-return_url)', () => {
  it('a SetupIntent whose methods may redirect is not confirmed without one, as a PaymentIntent is not', async () => {
    const customer = await sdk.customers.create({ description: 'Tenant' });
    const setup = await sdk.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
    });
    const refused = await refusal(sdk.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toMatch(/^A `return_url` must be specified because this Setup Intent/);
    const saved = await sdk.setupIntents.confirm(setup.id, {
      payment_method: 'pm_card_visa',
      return_url: 'https://site.example/portal',
    });
    expect(saved.status).toBe('succeeded');
  });
});

describe('declines (https://docs.stripe.com/declines/codes)', () => {
  it('answers 402 card_declined with a decline_code, and detaches the card from the intent', async () => {
    const intent = await newIntent(5000, NO_REDIRECTS);
    const declined = await refusal(
      sdk.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(declined).toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      doc_url: 'https://docs.stripe.com/error-codes/card-declined',
    });
    const after = await sdk.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.payment_method).toBeNull();
    expect(after.last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_method: { id: 'pm_card_chargeDeclined', object: 'payment_method' },
    });
  });
});

describe('events (https://docs.stripe.com/api/events/object)', () => {
  it('carry the request that caused them and the SDK’s pinned API version', async () => {
    const intent = await newIntent(5000, NO_REDIRECTS);
    received.length = 0;
    const paid = await sdk.paymentIntents.confirm(
      intent.id,
      { payment_method: 'pm_card_visa' },
      { idempotencyKey: 'confirm-once' },
    );
    const event = received.find((e) => e.type === 'payment_intent.succeeded');
    expect(event?.api_version).toBe(Stripe.API_VERSION);
    expect(event?.request).toEqual({ id: paid.lastResponse.requestId, idempotency_key: 'confirm-once' });
  });
});
