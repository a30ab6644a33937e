/**
 * The Stripe API as the payment script uses it (DESIGN.md "Stripe"; docs/payments.md): one call, create a
 * PaymentIntent. The secret key comes through shared/secrets.ts (STRIPE_SECRET_KEY: the value locally,
 * Secrets Manager in the cloud); STRIPE_API_URL points the SDK at another host (the tests' fake Stripe, or a
 * stripe-mock). Without a key the payment script is a 503 with a clear detail, never a 500.
 */
import Stripe from 'stripe';
import { AppError, ServiceUnavailable } from '../errors.js';
import { log } from '../log.js';
import { secret } from '../secrets.js';

/** Below the Lambda's 10 s, with one retry: the idempotency key makes a retried create safe. */
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

/** One SDK client per key and URL (a rotated key gets a new one). */
async function stripe(): Promise<Stripe> {
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
  /** Stripe's Idempotency-Key: the same key with the same parameters answers the same intent. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  receiptEmail?: string | undefined;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
}

export async function createPaymentIntent(intent: NewIntent): Promise<CreatedIntent> {
  const client = await stripe();
  try {
    const created = await client.paymentIntents.create(
      {
        amount: intent.amountCents,
        currency: intent.currency.toLowerCase(),
        description: `Invoice ${intent.invoiceId}`,
        metadata: intent.metadata,
        automatic_payment_methods: { enabled: true },
        ...(intent.receiptEmail ? { receipt_email: intent.receiptEmail } : {}),
      },
      { idempotencyKey: intent.idempotencyKey },
    );
    if (!created.client_secret)
      throw new Error(`PaymentIntent ${created.id} came back without a client secret`);
    return {
      id: created.id,
      clientSecret: created.client_secret,
      amountCents: created.amount,
      currency: created.currency,
    };
  } catch (error) {
    log('error', 'Stripe PaymentIntent create failed', {
      invoiceId: intent.invoiceId,
      error: (error as Error).message,
      type: (error as { type?: string }).type,
    });
    throw new CardProcessorFailed(error);
  }
}

/** 503 (with the detail the design asks for) when STRIPE_SECRET_KEY is not set. */
export async function assertCardPaymentsConfigured(): Promise<void> {
  await stripe();
}
