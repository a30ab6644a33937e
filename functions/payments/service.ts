/**
 * The payment script's use case (docs/payments.md): check the invoice can take a card payment, create the
 * PaymentIntent of its amount due through Stripe, and remember which invoice the intent pays (I8).
 */

import type { TenantSession } from '../../shared/auth/session-types.js';
import { readHeader } from '../../shared/data/money-documents-repo.js';
import { payTokenMatches } from '../../shared/data/pay-token-check.js';
import { rememberIntent } from '../../shared/data/payment-intents-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import {
  centsOfAmount,
  dollarsOf,
  intentIdempotencyKey,
  NO_SUCH_INVOICE,
  payableRefusal,
} from '../../shared/domain/payments/card-payment.js';
import { BadRequest } from '../../shared/errors.js';
import { assertCardPaymentsConfigured, createPaymentIntent } from '../../shared/payments/stripe-api.js';

export interface CreateIntentInput {
  invoiceId: number;
  tenantId?: number | undefined;
  /** The payment link's token (DESIGN.md "The payment link"). */
  token?: string | undefined;
  email?: string | undefined;
  amnt?: string | number | undefined;
}

/** Who asks: the tenant session, when there is one. */
export interface Payer {
  tenant: TenantSession | undefined;
}

/**
 * Whether the caller may pay this invoice (DESIGN.md "The payment link"): the invoice's tenant's own session,
 * or the invoice's live pay token. A body `tenantId` (the legacy script sends it) only narrows: it must be
 * the invoice's tenant too.
 */
async function mayPay(
  invoice: { invoiceId: number; tenantId: number | null },
  input: CreateIntentInput,
  payer: Payer,
) {
  if (input.tenantId !== undefined && input.tenantId !== invoice.tenantId) return false;
  if (payer.tenant && invoice.tenantId !== null && payer.tenant.tenantId === invoice.tenantId) return true;
  return input.token !== undefined && (await payTokenMatches(invoice.invoiceId, input.token));
}

export async function createIntent(input: CreateIntentInput, payer: Payer, now: Date) {
  // Before anything else: a site without Stripe says so, whatever the invoice.
  await assertCardPaymentsConfigured();
  const invoice = (await readHeader('invoice', input.invoiceId))?.record;
  // A caller who may not pay the invoice learns nothing of it: the same answer as for no invoice at all.
  if (!invoice || !(await mayPay(invoice, input, payer)))
    throw new BadRequest(`Invoice ${input.invoiceId} cannot be paid: ${NO_SUCH_INVOICE}`);
  const refusal = payableRefusal({ ...invoice, paidCents: invoice.paidCents ?? 0 });
  if (refusal) throw new BadRequest(`Invoice ${input.invoiceId} cannot be paid: ${refusal}`);
  const dueCents = invoice.totalCents - (invoice.paidCents ?? 0);
  if (input.amnt !== undefined && input.amnt !== '') {
    const sent = centsOfAmount(input.amnt);
    if (sent !== dueCents)
      throw new BadRequest(`The amount does not match the amount due of invoice ${invoice.invoiceId}`, [
        { field: 'amnt', message: `must be the amount due, ${dollarsOf(dueCents).toFixed(2)}` },
      ]);
  }
  const currency = (await getSettings()).paymentCurrency.toLowerCase();
  const intent = await createPaymentIntent({
    invoiceId: invoice.invoiceId,
    amountCents: dueCents,
    currency,
    idempotencyKey: intentIdempotencyKey(invoice.invoiceId, dueCents, currency),
    metadata: {
      invoiceId: String(invoice.invoiceId),
      ...(invoice.tenantId === null ? {} : { tenantId: String(invoice.tenantId) }),
    },
    receiptEmail: input.email || undefined,
  });
  await rememberIntent(
    { paymentIntentId: intent.id, invoiceId: invoice.invoiceId, amountCents: intent.amountCents, currency },
    now,
  );
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: dollarsOf(intent.amountCents),
    currency: intent.currency.toUpperCase(),
  };
}
