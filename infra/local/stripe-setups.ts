/**
 * Customers, SetupIntents and PaymentMethods of the Stripe stand-in (stripe-stand-in.ts), as Stripe keeps them,
 * for autopay (docs/tenant-portal.md "Autopay"): a customer per tenant, a SetupIntent that saves a test card on
 * it (`pm_card_visa` …) as a PaymentMethod of its own (`pm_local…`, card brand and last 4 as Stripe's test cards
 * have them), and that PaymentMethod charged later off-session. No HTTP here.
 */
import type Stripe from 'stripe';
import { needsReturnUrl, paymentMethodsOf, returnUrlMissing } from './stripe-intent-rules.js';
import { type Answer, CARD_DECLINED, DECLINED_CHARGES, stripeError } from './stripe-intents.js';
import {
  cardPaymentMethodObject,
  customerObject,
  idOf,
  localId,
  setupIntentObject,
} from './stripe-objects.js';
import { mergedMetadata } from './stripe-values.js';

/** Stripe's test PaymentMethods the stand-in takes, with the card each stands for. */
const TEST_CARD_DETAILS: Readonly<Record<string, { brand: string; last4: string }>> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  // Declined when set up, and when charged (Stripe's 4000 0000 0000 0002).
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002' },
  // Saved fine, declined when charged later (Stripe's 4000 0000 0000 0341): an autopay that fails.
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341' },
};

/** Test cards declined as soon as they are set up (the others of DECLINED_CHARGES save fine). */
const DECLINED_AT_SETUP = new Set(['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined']);

/** A saved PaymentMethod: Stripe's object, and the stand-in's note of the test card it was made from. */
interface SavedMethod {
  method: Stripe.PaymentMethod;
  testCard: string;
}

const missing = (kind: string, id: string) =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export class StripeSetups {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly paymentMethods = new Map<string, SavedMethod>();

  createCustomer(params: Record<string, unknown>): Answer {
    const customer = customerObject({
      email: text(params.email),
      name: text(params.name),
      description: text(params.description),
      metadata: mergedMetadata({}, params.metadata),
    });
    this.customers.set(customer.id, customer);
    return { status: 200, answer: customer };
  }

  getCustomer(id: string): Answer {
    const customer = this.customers.get(id);
    return customer ? { status: 200, answer: customer } : missing('customer', id);
  }

  createSetupIntent(params: Record<string, unknown>): Answer {
    const customer = text(params.customer);
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    const intent = setupIntentObject({
      customer,
      usage: text(params.usage) ?? 'off_session',
      metadata: mergedMetadata({}, params.metadata),
      description: text(params.description),
      automatic_payment_methods: paymentMethodsOf(params).automatic_payment_methods,
    });
    this.setupIntents.set(intent.id, intent);
    return { status: 200, answer: intent };
  }

  getSetupIntent(id: string): Answer {
    const intent = this.setupIntents.get(id);
    return intent ? { status: 200, answer: intent } : missing('setup_intent', id);
  }

  getPaymentMethod(id: string): Answer {
    const saved = this.paymentMethods.get(id);
    if (saved) return { status: 200, answer: saved.method };
    // Stripe answers its test PaymentMethods too (unattached).
    const test = TEST_CARD_DETAILS[id];
    return test
      ? { status: 200, answer: cardPaymentMethodObject(id, test, null) }
      : missing('payment_method', id);
  }

  /**
   * Saves a test card on the SetupIntent's customer: `succeeded` answers the intent and the new PaymentMethod
   * (the stand-in announces `setup_intent.succeeded`), a declined card leaves it `requires_payment_method` with
   * `last_setup_error` (announced as `setup_intent.setup_failed`).
   */
  confirmSetupIntent(
    id: string,
    params: Record<string, unknown>,
  ): Answer & { succeeded?: Stripe.SetupIntent; failed?: Stripe.SetupIntent } {
    const intent = this.setupIntents.get(id);
    if (!intent) return missing('setup_intent', id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
      return stripeError(
        400,
        'invalid_request_error',
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        'setup_intent_unexpected_state',
      );
    if (needsReturnUrl(intent, params)) return returnUrlMissing('Setup Intent');
    const card = text(params.payment_method);
    if (!card || !TEST_CARD_DETAILS[card])
      return stripeError(
        400,
        'invalid_request_error',
        `No such PaymentMethod: '${card ?? ''}' (the stand-in takes Stripe's test cards, e.g. pm_card_visa)`,
        'resource_missing',
      );
    if (DECLINED_AT_SETUP.has(card)) {
      const details = TEST_CARD_DETAILS[card] ?? { brand: 'visa', last4: '0002' };
      intent.last_setup_error = {
        ...CARD_DECLINED,
        payment_method: cardPaymentMethodObject(card, details, null),
      };
      return {
        status: 402,
        answer: { error: { ...intent.last_setup_error, setup_intent: intent } },
        failed: intent,
      };
    }
    const method = this.saveMethod(card, idOf(intent.customer));
    Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    return { status: 200, answer: intent, succeeded: intent };
  }

  /** The PaymentMethod object of a saved method or a test card (undefined: neither). */
  paymentMethodOf(id: string): Stripe.PaymentMethod | undefined {
    const saved = this.paymentMethods.get(id)?.method;
    const test = TEST_CARD_DETAILS[id];
    return saved ?? (test ? cardPaymentMethodObject(id, test, null) : undefined);
  }

  /** The test card a saved PaymentMethod was made from, and whether its charges are declined. */
  savedCardOf(paymentMethod: string): { declined: boolean } | undefined {
    const saved = this.paymentMethods.get(paymentMethod);
    return saved ? { declined: DECLINED_CHARGES.has(saved.testCard) } : undefined;
  }

  /** Why a PaymentIntent of this customer may not use the PaymentMethod (Stripe's 400), or undefined. */
  refusesMethodOf(customer: string | null, paymentMethod: string): Answer | undefined {
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    const saved = this.paymentMethods.get(paymentMethod);
    if (!saved)
      return TEST_CARD_DETAILS[paymentMethod] ? undefined : missing('payment_method', paymentMethod);
    if (idOf(saved.method.customer) !== customer)
      return stripeError(
        400,
        'invalid_request_error',
        'The provided PaymentMethod belongs to another Customer; use it with the Customer it is attached to.',
        'payment_method_unexpected_state',
      );
    return undefined;
  }

  /** A new PaymentMethod of the test card, attached to the Customer. */
  private saveMethod(card: string, customer: string | null): Stripe.PaymentMethod {
    const details = TEST_CARD_DETAILS[card] ?? { brand: 'visa', last4: '4242' };
    const method = cardPaymentMethodObject(localId('pm'), details, customer);
    this.paymentMethods.set(method.id, { method, testCard: card });
    return method;
  }
}
