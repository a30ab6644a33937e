/**
 * The Stripe verifier against headers made by the Stripe SDK's own test helper: a correct signature passes,
 * a forged, stale (or future) or missing one is refused with 401, a malformed one with 400, and no
 * secret is a 503.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOLERANCE_SECONDS, verifyStripeSignature } from './stripe-signature.js';
import { WEBHOOK_VERIFIERS } from './webhook-verifiers.js';

const SECRET = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unit');
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });
const NOW = new Date('2027-03-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

const header = (options: { timestamp?: number; secret?: string; payload?: string } = {}) =>
  stripe.webhooks.generateTestHeaderString({
    payload: options.payload ?? payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds,
  });

const verify = (headers: Record<string, string | undefined>, body = payload, now = NOW) =>
  verifyStripeSignature(body, headers, now);

describe('Stripe webhook signature', () => {
  beforeEach(() => {
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  });
  afterEach(() => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });

  it('is the registry verifier named stripe', () => {
    expect(WEBHOOK_VERIFIERS.stripe).toBe(verifyStripeSignature);
  });

  it('accepts the SDK-signed body, within the tolerance either way', async () => {
    await expect(verify({ 'stripe-signature': header() })).resolves.toBeUndefined();
    const edge = header({ timestamp: nowSeconds - TOLERANCE_SECONDS });
    await expect(verify({ 'stripe-signature': edge })).resolves.toBeUndefined();
    // The SDK's own check agrees on the same header and clock.
    expect(
      stripe.webhooks.constructEvent(payload, header(), SECRET, TOLERANCE_SECONDS, undefined, nowSeconds).id,
    ).toBe('evt_1');
  });

  it('accepts any matching v1 among several (a rolled secret signs with both)', async () => {
    const good = header();
    const other = header({ secret: 'whsec_old' }).split(',')[1];
    await expect(
      verify({ 'stripe-signature': `${good.split(',')[0]},${other},${good.split(',')[1]}` }),
    ).resolves.toBeUndefined();
  });

  it('refuses a forged signature or a changed body with 401', async () => {
    await expect(verify({ 'stripe-signature': header({ secret: 'whsec_forged' }) })).rejects.toMatchObject({
      status: 401,
    });
    await expect(verify({ 'stripe-signature': header() }, `${payload} `)).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses a stale or future timestamp with 401 (a replay of a captured delivery)', async () => {
    const stale = header({ timestamp: nowSeconds - TOLERANCE_SECONDS - 1 });
    await expect(verify({ 'stripe-signature': stale })).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/tolerance/),
    });
    const future = header({ timestamp: nowSeconds + TOLERANCE_SECONDS + 60 });
    await expect(verify({ 'stripe-signature': future })).rejects.toMatchObject({ status: 401 });
  });

  it('answers 401 for a missing header and 400 for a malformed one', async () => {
    await expect(verify({})).rejects.toMatchObject({ status: 401 });
    for (const bad of [
      'garbage',
      `t=${nowSeconds}`,
      'v1=abc',
      `t=x,v1=${'a'.repeat(64)}`,
      `t=${nowSeconds},v0=${'a'.repeat(64)}`,
    ])
      await expect(verify({ 'stripe-signature': bad }), bad).rejects.toMatchObject({ status: 400 });
  });

  it('answers 503 while the secret is not configured (Stripe retries)', async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    await expect(verify({ 'stripe-signature': header() })).rejects.toMatchObject({ status: 503 });
  });
});
