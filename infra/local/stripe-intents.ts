/**
 * The PaymentIntents of the Stripe stand-in (stripe-stand-in.ts), as Stripe keeps them: create, update while
 * unpaid, confirm with a test card; and the objects of Stripe's webhook events around them (event, charge,
 * dispute) with the `Stripe-Signature` the Stripe SDK's own test helper makes. No HTTP here.
 */
import Stripe from 'stripe';
import { now as clockNow } from '../../shared/clock.js';
import { chargeObject, disputeObject } from './stripe-charge-objects.js';
import {
  type Answer,
  amountTooSmall,
  CANCELABLE,
  CANCELLATION_REASONS,
  customerChangeRefusal,
  invalidAmount,
  isAmount,
  needsReturnUrl,
  noSuchIntent,
  paymentMethodsOf,
  returnUrlMissing,
  stripeError,
  UPDATABLE,
  unexpectedState,
} from './stripe-intent-rules.js';
import {
  AUTOMATIC,
  cardPaymentMethodObject,
  type EventRequest,
  eventObject,
  idOf,
  paymentIntentObject,
} from './stripe-objects.js';
import { refundOf } from './stripe-refunds.js';
import { CARD_DECLINED, DECLINED_CHARGES } from './stripe-test-cards.js';
import { mergedMetadata, metadataRefusal } from './stripe-values.js';

export { type Answer, noSuchIntent, parseForm, stripeError } from './stripe-intent-rules.js';
export { CARD_DECLINED, DECLINED_CHARGES, TEST_CARDS } from './stripe-test-cards.js';

/** A PaymentIntent as the stand-in keeps and answers it: Stripe's own full object (stripe-objects.ts). */
export type StandInIntent = Stripe.PaymentIntent;

const sdk = new Stripe('sk_test_signing_only');

export class StripeIntents {
  readonly intents = new Map<string, StandInIntent>();
  /** What has been refunded of each succeeded intent's charge, in its smallest unit. */
  private readonly refunded = new Map<string, number>();

  /**
   * The test card a PaymentMethod id charges as (undefined: no such PaymentMethod), and whether it is
   * declined; the stand-in adds the PaymentMethods saved through SetupIntents (stripe-setups.ts).
   */
  protected cardOf(paymentMethod: string): { declined: boolean } | undefined {
    if (!paymentMethod.startsWith('pm_card_')) return undefined;
    return { declined: DECLINED_CHARGES.has(paymentMethod) };
  }

  /** The PaymentMethod object of a test card (the stand-in's saved ones: stripe-setups.ts). */
  protected paymentMethodObject(paymentMethod: string): Stripe.PaymentMethod {
    return cardPaymentMethodObject(paymentMethod, { brand: 'visa', last4: '0002' }, null);
  }

  /** Why the intent may not be paid with this PaymentMethod (Stripe's 400), or undefined; see stripe-setups.ts. */
  protected refusesMethod(_intent: StandInIntent, _paymentMethod: string): Answer | undefined {
    return undefined;
  }

  /** Marks an intent as Stripe would after the card is charged: succeeded with the whole amount received. */
  succeed(id: string): StandInIntent {
    const intent = this.intent(id);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: `ch_${id.slice(3)}`,
    });
    return intent;
  }

  intent(id: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`the Stripe stand-in has no intent ${id}`);
    return intent;
  }

  /**
   * A webhook event around `object` (an intent, a charge or a dispute), with a fresh `evt_` id; `request` is
   * the API request that caused it (none: automatic).
   */
  event(type: string, object: object, request: EventRequest = AUTOMATIC, id?: string) {
    return eventObject(type, object, request, id);
  }

  /** The charge of a succeeded intent, as `charge.refunded` carries it (`amount_refunded` is cumulative). */
  charge(intentId: string, amountRefunded: number): Stripe.Charge {
    return chargeObject(this.intent(intentId), amountRefunded);
  }

  /** The intent's latest charge as Stripe answers it expanded (undefined: not charged). */
  latestCharge(intentId: string): Stripe.Charge | undefined {
    const intent = this.intents.get(intentId);
    return intent?.latest_charge ? chargeObject(intent, this.refunded.get(intentId) ?? 0) : undefined;
  }

  /** A dispute of an intent's charge, as `charge.dispute.*` carries it. */
  dispute(
    intentId: string,
    status: Stripe.Dispute.Status = 'needs_response',
    reason = 'fraudulent',
  ): Stripe.Dispute {
    return disputeObject(this.intent(intentId), status, reason);
  }

  /** The `Stripe-Signature` header of a body, made by the Stripe SDK's test helper (as Stripe signs). */
  static signature(payload: string, secret: string, timestamp?: number): string {
    return sdk.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  create(params: Record<string, unknown>): Answer {
    const amount = Number(params.amount);
    if (!isAmount(amount)) return invalidAmount();
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency))
      return stripeError(
        400,
        'invalid_request_error',
        'Invalid currency',
        'parameter_invalid_string',
        'currency',
      );
    const tooSmall = amountTooSmall(amount, params.currency);
    if (tooSmall) return tooSmall;
    const intent = paymentIntentObject({
      amount,
      currency: params.currency,
      metadata: mergedMetadata({}, params.metadata),
      description: typeof params.description === 'string' ? params.description : null,
      receipt_email:
        typeof params.receipt_email === 'string' && params.receipt_email ? params.receipt_email : null,
      customer: typeof params.customer === 'string' && params.customer ? params.customer : null,
      ...paymentMethodsOf(params),
    });
    const method = typeof params.payment_method === 'string' ? params.payment_method : '';
    if (method) {
      // The method is kept (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-payment_method):
      // the intent waits for its confirmation, which may then leave payment_method out.
      const refused = this.methodRefusal(intent, method);
      if (refused) return refused;
      Object.assign(intent, { payment_method: method, status: 'requires_confirmation' });
    }
    this.intents.set(intent.id, intent);
    return { status: 200, answer: intent };
  }

  /** Why this PaymentMethod may not pay the intent: none such (404), or another Customer's. */
  private methodRefusal(intent: StandInIntent, method: string): Answer | undefined {
    if (!this.cardOf(method))
      return stripeError(
        404,
        'invalid_request_error',
        `No such PaymentMethod: '${method}'`,
        'resource_missing',
        'payment_method',
      );
    return this.refusesMethod(intent, method);
  }

  /** What a payer may change before paying; Stripe refuses it once the payment is under way. */
  update(id: string, params: Record<string, unknown>): Answer {
    const intent = this.intents.get(id);
    if (!intent) return noSuchIntent(id);
    if (!UPDATABLE.has(intent.status)) return unexpectedState(intent, 'update');
    const tooMuch = metadataRefusal(params.metadata, Object.keys(intent.metadata));
    if (tooMuch) return tooMuch;
    // A Customer the intent belongs to (autopay takes over an intent the payment page made; checked by the
    // caller), once: Stripe keeps the first (https://docs.stripe.com/api/payment_intents/update#update_payment_intent-customer).
    const current = idOf(intent.customer);
    const otherCustomer = customerChangeRefusal(current, params.customer);
    if (otherCustomer) return otherCustomer;
    let amount = intent.amount;
    if (params.amount !== undefined) {
      amount = Number(params.amount);
      if (!isAmount(amount)) return invalidAmount();
      const tooSmall = amountTooSmall(amount, intent.currency);
      if (tooSmall) return tooSmall;
    }
    const method = typeof params.payment_method === 'string' ? params.payment_method : '';
    const customer = typeof params.customer === 'string' && params.customer ? params.customer : current;
    const refused = method ? this.methodRefusal({ ...intent, customer }, method) : undefined;
    if (refused) return refused;
    if (typeof params.receipt_email === 'string') intent.receipt_email = params.receipt_email || null;
    if (typeof params.description === 'string') intent.description = params.description;
    if (params.metadata !== undefined) intent.metadata = mergedMetadata(intent.metadata, params.metadata);
    intent.customer = customer;
    intent.amount = amount;
    if (method) Object.assign(intent, { payment_method: method, status: 'requires_confirmation' });
    return { status: 200, answer: intent };
  }

  /**
   * Charges a test card: `paid` is the intent when it succeeded, `declined` when the card was declined (the
   * stand-in announces either).
   */
  confirm(
    id: string,
    params: Record<string, unknown>,
  ): Answer & { paid?: StandInIntent; declined?: StandInIntent } {
    const intent = this.intents.get(id);
    if (!intent) return noSuchIntent(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
      return unexpectedState(intent, 'confirm');
    const card =
      typeof params.payment_method === 'string' ? params.payment_method : idOf(intent.payment_method);
    if (!card)
      return stripeError(
        400,
        'invalid_request_error',
        'You cannot confirm this PaymentIntent because it has no payment method: send payment_method (a test card such as pm_card_visa).',
        'payment_intent_unexpected_state',
      );
    if (needsReturnUrl(intent, params)) return returnUrlMissing();
    const charged = this.cardOf(card);
    if (!charged)
      return stripeError(
        400,
        'invalid_request_error',
        `No such PaymentMethod: '${card}' (the stand-in takes Stripe's test cards, e.g. pm_card_visa)`,
        'resource_missing',
      );
    const refused = this.refusesMethod(intent, card);
    if (refused) return refused;
    if (charged.declined) {
      // A declined card is detached from the intent: `payment_method` goes back to null and the error keeps it
      // (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-last_payment_error,
      // https://docs.stripe.com/declines/codes), so the payer must give another method.
      const method = this.paymentMethodObject(card);
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = { ...CARD_DECLINED, payment_method: method };
      return {
        status: 402,
        answer: { error: { ...intent.last_payment_error, payment_intent: intent } },
        declined: intent,
      };
    }
    intent.payment_method = card;
    intent.last_payment_error = null;
    return { status: 200, answer: this.succeed(id), paid: intent };
  }

  /**
   * Refunds a succeeded intent's charge (stripe-refunds.ts); `refunded` is the intent's charge afterwards (the
   * stand-in announces `charge.refunded` with it).
   */
  refund(params: Record<string, unknown>): Answer & { refunded?: Stripe.Charge } {
    const id = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    const intent = this.intents.get(id);
    if (!intent) return noSuchIntent(id);
    const already = this.refunded.get(id) ?? 0;
    const made = refundOf(intent, already, params);
    if (!made.refund) return made;
    this.refunded.set(id, already + made.refund.amount);
    return { ...made, refunded: this.charge(id, already + made.refund.amount) };
  }

  /**
   * Cancels an intent as Stripe does (https://docs.stripe.com/api/payment_intents/cancel): from the cancelable
   * statuses only, so a paid (succeeded) or canceled intent is a 400 `payment_intent_unexpected_state`; once
   * canceled no operation on it succeeds. `canceled` is the intent when it was canceled (announced).
   */
  cancel(id: string, params: Record<string, unknown>): Answer & { canceled?: StandInIntent } {
    const intent = this.intents.get(id);
    if (!intent) return noSuchIntent(id);
    const reason = params.cancellation_reason;
    if (reason !== undefined && (typeof reason !== 'string' || !CANCELLATION_REASONS.has(reason)))
      return stripeError(
        400,
        'invalid_request_error',
        `Invalid cancellation_reason: must be one of ${[...CANCELLATION_REASONS].join(', ')}`,
        'parameter_invalid_string',
      );
    if (!CANCELABLE.has(intent.status))
      return unexpectedState(
        intent,
        'cancel',
        ` Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE].join(', ')}.`,
      );
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: Math.floor(clockNow().getTime() / 1000),
      cancellation_reason: typeof reason === 'string' ? reason : null,
    });
    return { status: 200, answer: intent, canceled: intent };
  }
}
