/**
 * Stripe's answers and refusals as the stand-in's PaymentIntents (stripe-intents.ts) give them: the error shape,
 * and the rules each cites from Stripe's API reference (which statuses cancel, which reasons, when a confirm
 * needs a `return_url`, what a create's payment methods default to, what an amount is), and how it reads a
 * form-encoded body.
 */
import { belowCardMinimum, cardMinimumCents } from '../../shared/domain/payments/card-minimum.js';
import type { StandInIntent } from './stripe-intents.js';

/** A Stripe API answer: status and JSON body. */
export interface Answer {
  status: number;
  answer: unknown;
  replayed?: boolean;
}

/**
 * Stripe's error object (https://docs.stripe.com/api/errors): `type` and `message`, and when Stripe gives them
 * the `code`, the `doc_url` of that code's page, and the `param` at fault.
 */
export const stripeError = (
  status: number,
  type: string,
  message: string,
  code?: string,
  param?: string,
): Answer => ({
  status,
  answer: {
    error: {
      type,
      message,
      ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}` } : {}),
      ...(param ? { param } : {}),
    },
  },
});

export const noSuchIntent = (id: string) =>
  stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, 'resource_missing');

export const unexpectedState = (intent: StandInIntent, what: string, detail = '') =>
  stripeError(
    400,
    'invalid_request_error',
    `You cannot ${what} this PaymentIntent because it has a status of ${intent.status}.${detail}`,
    'payment_intent_unexpected_state',
  );

/**
 * The statuses in which Stripe lets a PaymentIntent's amount (and what a payer may change) be updated: before it
 * is paid or authorized (https://docs.stripe.com/payments/paymentintents/lifecycle; the update reference,
 * https://docs.stripe.com/api/payment_intents/update: "Depending on which properties you update, you might need
 * to confirm the PaymentIntent again"). A `requires_capture` intent is authorized already: its amount changes
 * only by capture or an incremental authorization, so the stand-in refuses it.
 */
export const UPDATABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/**
 * The statuses Stripe cancels from (https://docs.stripe.com/api/payment_intents/cancel: "requires_payment_method,
 * requires_capture, requires_confirmation, requires_action or, in rare cases, processing"). The rare processing
 * case (some bank debits) is not one the stand-in's test cards reach, so it refuses it like any other.
 */
export const CANCELABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
]);

/**
 * A PaymentIntent's Customer, once set, is kept (https://docs.stripe.com/api/payment_intents/update#update_payment_intent-customer):
 * another is Stripe's 400 in its own words.
 */
export function customerChangeRefusal(current: string | null, sent: unknown): Answer | undefined {
  if (typeof sent !== 'string' || !current || sent === current) return undefined;
  return stripeError(
    400,
    'invalid_request_error',
    'You cannot modify `customer` on a PaymentIntent once it already has been set. To fulfill a payment with a different Customer, cancel this PaymentIntent and create a new one.',
    undefined,
    'customer',
  );
}

/** `cancellation_reason` values Stripe takes from a caller (the same page). */
export const CANCELLATION_REASONS: ReadonlySet<string> = new Set([
  'duplicate',
  'fraudulent',
  'requested_by_customer',
  'abandoned',
]);

/**
 * Stripe refuses to confirm an intent (a PaymentIntent, and a SetupIntent alike:
 * https://docs.stripe.com/api/setup_intents/confirm#confirm_setup_intent-return_url) whose automatic payment
 * methods may redirect without a `return_url`, saved cards and off-session charges included (https://docs.stripe.com/api/payment_intents/confirm#confirm_payment_intent-return_url;
 * the error below is Stripe's own wording).
 */
export const needsReturnUrl = (
  intent: {
    automatic_payment_methods: { enabled: boolean | null; allow_redirects?: string | undefined } | null;
  },
  params: Record<string, unknown>,
): boolean =>
  intent.automatic_payment_methods?.enabled === true &&
  intent.automatic_payment_methods.allow_redirects !== 'never' &&
  (typeof params.return_url !== 'string' || params.return_url === '');

export const returnUrlMissing = (what = 'Payment Intent') =>
  stripeError(
    400,
    'invalid_request_error',
    `A \`return_url\` must be specified because this ${what} is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set \`automatic_payment_methods[enabled]\` to \`true\` and \`automatic_payment_methods[allow_redirects]\` to \`never\` when creating Setup Intents and Payment Intents.`,
  );

/** What a create's parameters say of the payment methods (Stripe's default when neither is given). */
export function paymentMethodsOf(
  params: Record<string, unknown>,
): Pick<StandInIntent, 'automatic_payment_methods' | 'payment_method_types'> {
  // `allowed_payment_method_types` is the name of API versions from 2026 on (the SDK's), `payment_method_types` before.
  const types = params.allowed_payment_method_types ?? params.payment_method_types;
  if (types && typeof types === 'object')
    return { automatic_payment_methods: null, payment_method_types: Object.values(types).map(String) };
  const automatic = params.automatic_payment_methods as Record<string, unknown> | undefined;
  const redirects = automatic?.allow_redirects;
  return {
    automatic_payment_methods: {
      enabled: automatic === undefined || automatic.enabled === 'true',
      ...(redirects === 'always' || redirects === 'never' ? { allow_redirects: redirects } : {}),
    },
    payment_method_types: ['card'],
  };
}

/** An amount in the smallest currency unit, as Stripe takes it: a positive integer. */
export const isAmount = (amount: number) => Number.isInteger(amount) && amount >= 1;
export const invalidAmount = () =>
  stripeError(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer', 'amount');

const SYMBOLS: Readonly<Record<string, string>> = { usd: '$', eur: '€', gbp: '£', cad: '$', aud: '$' };

/**
 * Stripe refuses a PaymentIntent below the currency's minimum charge
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts; https://docs.stripe.com/error-codes/amount-too-small),
 * on create and on update, in its own words ("Amount must be at least $0.50 usd").
 */
export function amountTooSmall(amount: number, currency: string): Answer | undefined {
  if (!belowCardMinimum(amount, currency)) return undefined;
  const minimum = cardMinimumCents(currency) ?? 0;
  return stripeError(
    400,
    'invalid_request_error',
    `Amount must be at least ${SYMBOLS[currency] ?? ''}${(minimum / 100).toFixed(2)} ${currency}`,
    'amount_too_small',
    'amount',
  );
}

/** `a[b]=c` form fields into nested objects, as Stripe reads them. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[');
    let target = out;
    for (const segment of path.slice(0, -1)) {
      target[segment] ??= {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1) ?? name] = value;
  }
  return out;
}
