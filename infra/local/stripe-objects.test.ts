/**
 * The stand-in's objects are the installed SDK's full types: `tsc --noEmit` (which checks this file) refuses an
 * object missing a field Stripe always sends (the `@ts-expect-error` lines fail to compile when it would not),
 * and at run time every object carries each field of a sample built by the same builders, none undefined.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { chargeObject, disputeObject } from './stripe-charge-objects.js';
import {
  cardPaymentMethodObject,
  customerObject,
  eventObject,
  paymentIntentObject,
  setupIntentObject,
} from './stripe-objects.js';
import { StripeStandIn } from './stripe-stand-in.js';

const intent = paymentIntentObject({
  amount: 5000,
  currency: 'usd',
  metadata: {},
  description: null,
  receipt_email: null,
  customer: null,
  automatic_payment_methods: { enabled: true },
  payment_method_types: ['card'],
});

describe('the compiler refuses a stand-in object that misses a field', () => {
  it('PaymentIntent, SetupIntent, Customer, PaymentMethod, Charge, Dispute, Event', () => {
    const { latest_charge: _a, ...noLatestCharge } = intent;
    // @ts-expect-error: `latest_charge` is a field every PaymentIntent has.
    const pi: Stripe.PaymentIntent = noLatestCharge;
    const setup = setupIntentObject({
      customer: null,
      usage: 'off_session',
      metadata: {},
      description: null,
      automatic_payment_methods: null,
    });
    const { mandate: _b, ...noMandate } = setup;
    // @ts-expect-error: `mandate` is a field every SetupIntent has.
    const si: Stripe.SetupIntent = noMandate;
    const { balance: _c, ...noBalance } = customerObject({
      email: null,
      name: null,
      description: null,
      metadata: {},
    });
    // @ts-expect-error: `balance` is a field every Customer has.
    const cus: Stripe.Customer = noBalance;
    const { customer_account: _d, ...noAccount } = cardPaymentMethodObject(
      'pm_x',
      { brand: 'visa', last4: '4242' },
      null,
    );
    // @ts-expect-error: `customer_account` is a field every PaymentMethod has.
    const pm: Stripe.PaymentMethod = noAccount;
    const { outcome: _e, ...noOutcome } = chargeObject(intent, 0);
    // @ts-expect-error: `outcome` is a field every Charge has.
    const ch: Stripe.Charge = noOutcome;
    const { evidence_details: _g, ...noEvidence } = disputeObject(intent, 'needs_response', 'fraudulent');
    // @ts-expect-error: `evidence_details` is a field every Dispute has.
    const dp: Stripe.Dispute = noEvidence;
    const { request: _f, ...noRequest } = eventObject('payment_intent.succeeded', intent);
    // @ts-expect-error: `request` is a field every Event has.
    const ev: Stripe.EventBase = noRequest;
    expect([pi, si, cus, pm, ch, dp, ev].every((o) => typeof o.id === 'string')).toBe(true);
  });
});

describe('what the stand-in answers', () => {
  it('answers every field of the SDK type, none left undefined', () => {
    const standIn = new StripeStandIn();
    const made = standIn.create({ amount: '5000', currency: 'usd' }).answer as Stripe.PaymentIntent;
    expect(Object.keys(made).sort()).toEqual(Object.keys(intent).sort());
    expect(Object.values(made).every((value) => value !== undefined)).toBe(true);
    expect(Object.keys(made).length).toBeGreaterThanOrEqual(40);
  });

  it('events carry the request that caused them and the SDK’s pinned API version', () => {
    const event = eventObject('payment_intent.succeeded', intent, {
      id: 'req_1',
      idempotency_key: 'k',
    });
    expect(event).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      request: { id: 'req_1', idempotency_key: 'k' },
      data: { object: { id: intent.id } },
    });
    expect(eventObject('charge.refunded', {}).request).toEqual({ id: null, idempotency_key: null });
  });
});
