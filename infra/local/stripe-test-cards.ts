/**
 * Stripe's test cards as the stand-in (stripe-intents.ts, stripe-setups.ts) charges them
 * (https://docs.stripe.com/testing#cards, https://docs.stripe.com/testing#declined-payments), and the error a
 * declined one carries.
 */

/** Stripe's error of a declined card, as payment and setup intents carry it (`last_payment_error`, `last_setup_error`). */
export const CARD_DECLINED = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  doc_url: 'https://docs.stripe.com/error-codes/card-declined',
  message: 'Your card was declined.',
} as const;

/** Stripe's test PaymentMethods the stand-in takes: one that pays, one that is declined. */
export const TEST_CARDS = { pays: 'pm_card_visa', declined: 'pm_card_chargeDeclined' } as const;

/**
 * Test cards whose charges are declined: `pm_card_chargeDeclined` (Stripe's 4000 0000 0000 0002) and
 * `pm_card_chargeCustomerFail` (4000 0000 0000 0341: it can be saved on a customer, its charges fail).
 */
export const DECLINED_CHARGES: ReadonlySet<string> = new Set([
  TEST_CARDS.declined,
  'pm_card_visa_chargeDeclined',
  'pm_card_chargeCustomerFail',
]);
