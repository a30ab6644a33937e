/**
 * The Stripe stand-in's PaymentIntents refuse what Stripe refuses (docs/payments.md "Locally and in tests"):
 * cancelling one that was paid or cancelled already, confirming one that was cancelled, confirming one whose
 * automatic payment methods may redirect without a `return_url`. No HTTP here: the stand-in's rules alone.
 */
import { describe, expect, it } from 'vitest';
import { StripeIntents } from './stripe-intents.js';

const errorOf = (answer: unknown) => (answer as { error: { code?: string; message: string } }).error;

function open(intents: StripeIntents, params: Record<string, unknown> = {}) {
  const made = intents.create({ amount: '5000', currency: 'usd', ...params });
  expect(made.status).toBe(200);
  return (made.answer as { id: string }).id;
}

describe('cancel (https://docs.stripe.com/api/payment_intents/cancel)', () => {
  it('cancels an open intent with its reason; nothing can pay it afterwards', () => {
    const intents = new StripeIntents();
    const id = open(intents);
    const canceled = intents.cancel(id, { cancellation_reason: 'duplicate' });
    expect(canceled.status).toBe(200);
    expect(intents.intent(id)).toMatchObject({ status: 'canceled', cancellation_reason: 'duplicate' });
    expect(intents.intent(id).canceled_at).toEqual(expect.any(Number));
    const paid = intents.confirm(id, { payment_method: 'pm_card_visa', return_url: 'https://site.example/' });
    expect(paid.status).toBe(400);
    expect(errorOf(paid.answer).code).toBe('payment_intent_unexpected_state');
  });

  it('refuses a succeeded or canceled intent, an unknown one and an unknown reason', () => {
    const intents = new StripeIntents();
    const paid = open(intents);
    intents.succeed(paid);
    const refused = intents.cancel(paid, {});
    expect(refused.status).toBe(400);
    expect(errorOf(refused.answer)).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(errorOf(refused.answer).message).toContain('status of succeeded');
    expect(intents.intent(paid).status).toBe('succeeded');

    const twice = open(intents);
    intents.cancel(twice, {});
    expect(intents.cancel(twice, {}).status).toBe(400);
    expect(intents.cancel('pi_nothing', {}).status).toBe(404);
    expect(intents.cancel(open(intents), { cancellation_reason: 'because' }).status).toBe(400);
  });
});

describe('confirm', () => {
  it('wants a return_url while automatic payment methods may redirect (Stripe’s default), also with a saved card', () => {
    const intents = new StripeIntents();
    const id = open(intents);
    const refused = intents.confirm(id, { payment_method: 'pm_card_visa' });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.answer).message).toMatch(/^A `return_url` must be specified/);
    expect(
      intents.confirm(id, { payment_method: 'pm_card_visa', return_url: 'https://x.example/' }).status,
    ).toBe(200);
    const noRedirects = open(intents, {
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
    expect(intents.confirm(noRedirects, { payment_method: 'pm_card_visa' }).status).toBe(200);
    const cards = open(intents, { payment_method_types: { 0: 'card' } });
    expect(intents.confirm(cards, { payment_method: 'pm_card_visa' }).status).toBe(200);
  });
});
