/**
 * The objects the Stripe stand-in answers and announces, each built as the installed `stripe` SDK's full type
 * (generated from Stripe's OpenAPI description), so the compiler refuses an object that misses a field Stripe
 * always sends (stripe-objects.test.ts proves it). The values are those of a fresh test-mode object as
 * Stripe's API reference shows it: https://docs.stripe.com/api/payment_intents/object,
 * https://docs.stripe.com/api/setup_intents/object, https://docs.stripe.com/api/customers/object,
 * https://docs.stripe.com/api/payment_methods/object, https://docs.stripe.com/api/events/object. The charge,
 * refund and dispute are in stripe-charge-objects.ts.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { now as clockNow } from '../../shared/clock.js';

export const now = (): number => Math.floor(clockNow().getTime() / 1000);
export const localId = (prefix: string): string => `${prefix}_local${randomBytes(8).toString('hex')}`;
const secretOf = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;

/** The id of an expandable field (Stripe answers an id unless asked to expand it). */
export const idOf = (value: string | { id?: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  metadata: Stripe.Metadata;
  description: string | null;
  receipt_email: string | null;
  customer: string | null;
  automatic_payment_methods: Stripe.PaymentIntent.AutomaticPaymentMethods | null;
  payment_method_types: string[];
}

/** A PaymentIntent just created: `requires_payment_method`, nothing received. */
export function paymentIntentObject(fields: NewPaymentIntent): Stripe.PaymentIntent {
  const id = localId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: fields.automatic_payment_methods,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: secretOf(id),
    confirmation_method: 'automatic',
    created: now(),
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: fields.payment_method_types,
    payment_record: null,
    processing: null,
    receipt_email: fields.receipt_email,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_group: null,
  };
}

/** A SetupIntent just created for a Customer (autopay's card saving). */
export function setupIntentObject(fields: {
  customer: string | null;
  usage: string;
  metadata: Stripe.Metadata;
  description: string | null;
  automatic_payment_methods: Stripe.SetupIntent.AutomaticPaymentMethods | null;
}): Stripe.SetupIntent {
  const id = localId('seti');
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: fields.automatic_payment_methods,
    cancellation_reason: null,
    client_secret: secretOf(id),
    created: now(),
    customer: fields.customer,
    description: fields.description,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: fields.usage,
  };
}

export function customerObject(fields: {
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Stripe.Metadata;
}): Stripe.Customer {
  return {
    id: localId('cus'),
    object: 'customer',
    balance: 0,
    created: now(),
    default_source: null,
    description: fields.description,
    email: fields.email,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    shipping: null,
  };
}

/** A card PaymentMethod made from one of Stripe's test cards. */
export function cardPaymentMethodObject(
  id: string,
  card: { brand: string; last4: string },
  customer: string | null,
): Stripe.PaymentMethod {
  return {
    id,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: null,
      country: 'US',
      display_brand: card.brand,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: null,
      regulated_status: null,
      three_d_secure_usage: null,
      wallet: null,
    },
    created: now(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

/**
 * What caused an event (https://docs.stripe.com/api/events/object#event_object-request): the API request's id
 * and Idempotency-Key, or nulls for an automatic one.
 */
export type EventRequest = Stripe.Event.Request;
export const AUTOMATIC: EventRequest = { id: null, idempotency_key: null };

/**
 * An event as Stripe sends it to a webhook endpoint, with the API version the installed SDK is pinned to
 * (`Stripe.API_VERSION`: Stripe renders an endpoint's events in the endpoint's version, and the project's
 * endpoint is made for the SDK's).
 */
export function eventObject(
  type: string,
  object: object,
  request: EventRequest = AUTOMATIC,
  id = `evt_local${randomBytes(8).toString('hex')}`,
): Stripe.EventBase & { type: string; data: { object: object } } {
  const base: Stripe.EventBase = {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request,
    type: type as Stripe.Event.Type,
    data: { object: object as Stripe.Event.Data.Object },
  };
  return base;
}
