/**
 * The `stripe` verifier's answers around the SDK's check, against headers made by the SDK's own
 * `generateTestHeaderString`: a correct signature passes, a forged, stale or missing one is 401, a malformed
 * one 400, and no secret is a 503.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOLERANCE_SECONDS, verifyStripeSignature } from './stripe-signature.js';

const SECRET = 'whsec_unit_test_secret';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });
const NOW = new Date('2027-03-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

const header = (options: { timestamp?: number; secret?: string } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds,
  });

const verify = (headers: Record<string, string | undefined>, body = payload) =>
  verifyStripeSignature(body, headers, NOW);

describe('Stripe webhook signature', () => {
  beforeEach(() => {
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  });
  afterEach(() => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });

  it("accepts the SDK-signed body up to the tolerance's edge, by the request's clock", async () => {
    expect(TOLERANCE_SECONDS).toBe(300);
    await expect(verify({ 'stripe-signature': header() })).resolves.toBeUndefined();
    const edge = header({ timestamp: nowSeconds - TOLERANCE_SECONDS });
    await expect(verify({ 'stripe-signature': edge })).resolves.toBeUndefined();
  });

  it('accepts any matching v1 among several (a rolled secret signs with both)', async () => {
    const [t, good] = header().split(',');
    const [, old] = header({ secret: 'whsec_old' }).split(',');
    await expect(verify({ 'stripe-signature': `${t},${old},${good}` })).resolves.toBeUndefined();
  });

  it('refuses a forged signature or a changed body with 401', async () => {
    const forged = verify({ 'stripe-signature': header({ secret: 'whsec_forged' }) });
    await expect(forged).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/match/) });
    await expect(verify({ 'stripe-signature': header() }, `${payload} `)).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses a timestamp older than the tolerance with 401 (a replay of a captured delivery)', async () => {
    const stale = header({ timestamp: nowSeconds - TOLERANCE_SECONDS - 1 });
    await expect(verify({ 'stripe-signature': stale })).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/tolerance/),
    });
  });

  it('answers 401 for a missing header and 400 for a malformed one', async () => {
    await expect(verify({})).rejects.toMatchObject({ status: 401 });
    await expect(verify({ 'stripe-signature': '' })).rejects.toMatchObject({ status: 401 });
    for (const bad of [
      'garbage',
      `t=${nowSeconds}`,
      'v1=abc',
      `t=x,v1=${'a'.repeat(64)}`,
      `t=${nowSeconds}x,v1=${'a'.repeat(64)}`,
      `t=${nowSeconds},v1=nothex`,
      `t=${nowSeconds},v0=${'a'.repeat(64)}`,
    ])
      await expect(verify({ 'stripe-signature': bad }), bad).rejects.toMatchObject({ status: 400 });
  });

  it('answers 503 while the secret is not configured (Stripe retries)', async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    await expect(verify({ 'stripe-signature': header() })).rejects.toMatchObject({ status: 503 });
  });
});
