/**
 * The Stripe API as autopay uses it to save a tenant's payment method (docs/tenant-portal.md "Autopay"): a
 * Customer per tenant, a SetupIntent for the tenant's page to confirm, and the saved PaymentMethod's brand and
 * last digits. The client is the payment script's (stripe-api.ts: the same key, URL, timeout and retry).
 */
import type Stripe from 'stripe';
import { AppError } from '../errors.js';
import { log } from '../log.js';
import { stripe } from './stripe-api.js';

/** 502: Stripe refused or could not be reached; the reason stays in the log (a 5xx shows a generic detail). */
export class PaymentSetupFailed extends AppError {
  constructor(cause: unknown) {
    super(502, 'Bad Gateway', 'The payment processor could not set up autopay; please try again', { cause });
  }
}

async function call<T>(what: string, tenantId: number, run: (client: Stripe) => Promise<T>): Promise<T> {
  const client = await stripe();
  try {
    return await run(client);
  } catch (error) {
    log('error', `Stripe ${what} failed`, {
      tenantId,
      error: (error as Error).message,
      type: (error as { type?: string }).type,
    });
    throw new PaymentSetupFailed(error);
  }
}

/**
 * The tenant's Stripe Customer, new. Its Idempotency-Key is the tenant's (`tenant-customer-<id>`) and its
 * parameters are fixed by the id alone (no e-mail or name: Stripe needs neither to charge a saved method), so
 * two requests at once — or a retry after our write of the id failed — get the same Customer for 24 hours.
 */
export const createCustomer = (tenantId: number): Promise<string> =>
  call('Customer create', tenantId, async (client) => {
    const customer = await client.customers.create(
      { description: `Tenant ${tenantId}`, metadata: { tenantId: String(tenantId) } },
      { idempotencyKey: `tenant-customer-${tenantId}` },
    );
    return customer.id;
  });

export interface NewSetupIntent {
  setupIntentId: string;
  clientSecret: string;
}

/**
 * A SetupIntent for the tenant's page to confirm (Stripe.js `confirmSetup` with a card or a bank account),
 * for off-session use; `metadata.tenantId` tells the webhook whose method it saves (setup_intent.succeeded).
 */
export const createSetupIntent = (tenantId: number, customerId: string): Promise<NewSetupIntent> =>
  call('SetupIntent create', tenantId, async (client) => {
    const intent = await client.setupIntents.create({
      customer: customerId,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true },
      metadata: { tenantId: String(tenantId) },
    });
    if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came back without a client secret`);
    return { setupIntentId: intent.id, clientSecret: intent.client_secret };
  });

/** What the tenant sees of a saved method: a card's brand (visa …) or a bank's name, and the last 4 digits. */
export interface MethodSummary {
  paymentMethodId: string;
  brand: string;
  last4: string;
  /** The PaymentMethod's Customer, to be checked against the tenant's. */
  customerId: string | null;
}

export function summaryOf(method: Stripe.PaymentMethod): MethodSummary {
  const customer = method.customer;
  const customerId = typeof customer === 'string' ? customer : (customer?.id ?? null);
  const card = method.card;
  const bank = method.us_bank_account;
  const brand = card?.brand ?? bank?.bank_name ?? method.type;
  const last4 = card?.last4 ?? bank?.last4 ?? method.sepa_debit?.last4 ?? '';
  return { paymentMethodId: method.id, brand, last4, customerId };
}

/** The saved PaymentMethod's brand and last digits. */
export const retrievePaymentMethod = (tenantId: number, paymentMethodId: string): Promise<MethodSummary> =>
  call('PaymentMethod retrieve', tenantId, async (client) =>
    summaryOf(await client.paymentMethods.retrieve(paymentMethodId)),
  );
