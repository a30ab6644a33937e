/**
 * The Stripe API as the payment script, autopay and the payments group's jobs use it (DESIGN.md "Stripe";
 * docs/payments.md): create, retrieve, update and cancel a PaymentIntent, and refund a payment. The secret key comes through shared/secrets.ts
 * (STRIPE_SECRET_KEY: the value locally, Secrets Manager in the cloud); STRIPE_API_URL points the SDK at another
 * host (the local runtime's Stripe stand-in, infra/local/stripe-stand-in.ts, or a stripe-mock). Without a key
 * the payment script is a 503 with a clear detail, never a 500.
 */
import Stripe from 'stripe';
import { AppError, ServiceUnavailable } from '../errors.js';
import { log } from '../log.js';
import { secret } from '../secrets.js';

/**
 * Below the Lambda's 10 s, with one retry: the SDK sends a retried POST with the Idempotency-Key it made for
 * the first try (random per call), so a retried create is never a second intent.
 */
const TIMEOUT_MS = 4000;
const RETRIES = 1;

const clients = new Map<string, Stripe>();

/** Host, port and protocol of STRIPE_API_URL (unset: Stripe itself). */
function endpointOf(url: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port || (protocol === 'http' ? '80' : '443'),
    protocol,
  };
}

/**
 * One SDK client per key and URL (a rotated key gets a new one); 503 when STRIPE_SECRET_KEY is not set. The
 * autopay modules (stripe-customers.ts, autopay.ts) use it too.
 */
export async function stripe(): Promise<Stripe> {
  const key = await secret('STRIPE_SECRET_KEY');
  if (!key)
    throw new ServiceUnavailable(
      'Card payments are not configured on this site (STRIPE_SECRET_KEY is not set); please pay another way or try later',
    );
  const url = process.env.STRIPE_API_URL;
  const cacheKey = `${key}\n${url ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(key, { ...endpointOf(url), timeout: TIMEOUT_MS, maxNetworkRetries: RETRIES });
    clients.set(cacheKey, client);
  }
  return client;
}

/** 502: Stripe refused or could not be reached; the detail stays in the log (a 5xx shows a generic one). */
export class CardProcessorFailed extends AppError {
  constructor(cause: unknown) {
    super(502, 'Bad Gateway', 'The card processor could not create the payment; please try again', { cause });
  }
}

export interface NewIntent {
  invoiceId: number;
  amountCents: number;
  /** ISO 4217, any case (Stripe takes it lower-case). */
  currency: string;
  metadata: Record<string, string>;
  receiptEmail?: string | undefined;
  /** The tenant's Stripe Customer (autopay charges a method saved on it). */
  customer?: string | undefined;
}

/** A PaymentIntent as the payment script reads it. */
export interface StripeIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: string;
  receiptEmail: string | null;
  customer: string | null;
  /** The method it was last confirmed with (autopay tells its own charge from the payer's by it). */
  paymentMethod: string | null;
  /** Whether a confirmation may redirect the payer, so Stripe wants a `return_url` (intents made before `never`). */
  mayRedirect: boolean;
}

function intentOf(intent: Stripe.PaymentIntent): StripeIntent {
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status,
    receiptEmail: intent.receipt_email,
    customer: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    paymentMethod:
      typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
    mayRedirect:
      intent.automatic_payment_methods?.enabled === true &&
      intent.automatic_payment_methods.allow_redirects !== 'never',
  };
}

/** Runs one Stripe call; a refusal or an unreachable Stripe is logged (with its reason) and answered 502. */
async function call<T>(what: string, invoiceId: number, run: (client: Stripe) => Promise<T>): Promise<T> {
  const client = await stripe();
  try {
    return await run(client);
  } catch (error) {
    log('error', `Stripe PaymentIntent ${what} failed`, {
      invoiceId,
      error: (error as Error).message,
      type: (error as { type?: string }).type,
    });
    throw new CardProcessorFailed(error);
  }
}

/**
 * A new PaymentIntent. No idempotency key of ours: the payment script asks for one only when the invoice has
 * none usable (payments service), and a key reused with other parameters (another e-mail) makes Stripe
 * refuse every later call with it; the SDK's own key covers its retry.
 */
export const createPaymentIntent = (intent: NewIntent): Promise<StripeIntent> =>
  call('create', intent.invoiceId, async (client) =>
    intentOf(
      await client.paymentIntents.create({
        amount: intent.amountCents,
        currency: intent.currency.toLowerCase(),
        description: `Invoice ${intent.invoiceId}`,
        metadata: intent.metadata,
        // No redirect-based methods (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-automatic_payment_methods-allow_redirects):
        // a confirmation then needs no `return_url`, so autopay's off-session one is never refused for it.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        ...(intent.receiptEmail ? { receipt_email: intent.receiptEmail } : {}),
        ...(intent.customer ? { customer: intent.customer } : {}),
      }),
    ),
  );

/** The intent as Stripe has it now; undefined when Stripe does not know it (another account, deleted). */
export const retrievePaymentIntent = (invoiceId: number, id: string): Promise<StripeIntent | undefined> =>
  call('retrieve', invoiceId, async (client) => {
    try {
      return intentOf(await client.paymentIntents.retrieve(id));
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return undefined;
      throw error;
    }
  });

/**
 * Changes what Stripe lets change before paying: the receipt e-mail (a payer's), the Customer (autopay pays
 * with a method saved on it, which Stripe takes only for an intent of that Customer).
 */
export const updatePaymentIntent = (
  invoiceId: number,
  id: string,
  changes: { receiptEmail: string } | { customer: string },
): Promise<StripeIntent> =>
  call('update', invoiceId, async (client) =>
    intentOf(
      await client.paymentIntents.update(
        id,
        'customer' in changes ? { customer: changes.customer } : { receipt_email: changes.receiptEmail },
      ),
    ),
  );

/**
 * The intent's new amount while nobody has paid it (https://docs.stripe.com/api/payment_intents/update: the
 * invoice's amount due moved while it was open); undefined when Stripe refuses because it is no longer open
 * (`payment_intent_unexpected_state`: paid, processing or canceled meanwhile, the caller decides again).
 */
export const updateIntentAmount = (
  invoiceId: number,
  id: string,
  amountCents: number,
): Promise<StripeIntent | undefined> =>
  call('update', invoiceId, async (client) => {
    try {
      return intentOf(await client.paymentIntents.update(id, { amount: amountCents }));
    } catch (error) {
      if ((error as { code?: string }).code === 'payment_intent_unexpected_state') return undefined;
      throw error;
    }
  });

/** A refund made (https://docs.stripe.com/api/refunds/object). */
export interface StripeRefund {
  id: string;
  amountCents: number;
  status: string | null;
}

/**
 * Refunds part of a succeeded intent's payment (https://docs.stripe.com/api/refunds/create, `payment_intent` and
 * `amount`). `idempotencyKey` is the caller's, every parameter its own (no payer's value), so a retry within
 * Stripe's 24 hours is the same refund, never a second one.
 */
export const refundPayment = (refund: {
  invoiceId: number;
  paymentIntentId: string;
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}): Promise<StripeRefund> =>
  call('refund', refund.invoiceId, async (client) => {
    const made = await client.refunds.create(
      { payment_intent: refund.paymentIntentId, amount: refund.amountCents, metadata: refund.metadata },
      { idempotencyKey: refund.idempotencyKey },
    );
    return { id: made.id, amountCents: made.amount, status: made.status };
  });

/** Why an intent is cancelled (Stripe's `cancellation_reason`s a caller may give). */
export type CancellationReason = 'duplicate' | 'abandoned';

/**
 * Cancels an intent so nobody can pay it any more (https://docs.stripe.com/api/payment_intents/cancel). Stripe
 * cancels only an intent that has not been paid: for one that succeeded (or is processing, or was canceled
 * already) it answers 400 `payment_intent_unexpected_state`, and this answers the intent as it is then, so
 * the caller sees what happened to it. Undefined when Stripe does not know it.
 */
export const cancelPaymentIntent = (
  invoiceId: number,
  id: string,
  reason: CancellationReason,
): Promise<StripeIntent | undefined> =>
  call('cancel', invoiceId, async (client) => {
    try {
      return intentOf(await client.paymentIntents.cancel(id, { cancellation_reason: reason }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'resource_missing') return undefined;
      if (code !== 'payment_intent_unexpected_state') throw error;
      return intentOf(await client.paymentIntents.retrieve(id));
    }
  });

/** 503 (with the detail the design asks for) when STRIPE_SECRET_KEY is not set. */
export async function assertCardPaymentsConfigured(): Promise<void> {
  await stripe();
}
