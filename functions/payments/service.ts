/**
 * The payment script's use case (docs/payments.md): check the invoice can take a card payment, create the
 * PaymentIntent of its amount due through Stripe, and remember which invoice the intent pays (I8).
 */
import { readHeader } from '../../shared/data/money-documents-repo.js';
import { rememberIntent } from '../../shared/data/payment-intents-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import {
  centsOfAmount,
  dollarsOf,
  intentIdempotencyKey,
  payableRefusal,
} from '../../shared/domain/payments/card-payment.js';
import { BadRequest } from '../../shared/errors.js';
import { assertCardPaymentsConfigured, createPaymentIntent } from '../../shared/payments/stripe-api.js';

export interface CreateIntentInput {
  invoiceId: number;
  tenantId?: number | undefined;
  email?: string | undefined;
  amnt?: string | number | undefined;
}

export async function createIntent(input: CreateIntentInput, now: Date) {
  // Before anything else: a site without Stripe says so, whatever the invoice.
  await assertCardPaymentsConfigured();
  const invoice = (await readHeader('invoice', input.invoiceId))?.record;
  const refusal = payableRefusal(
    invoice && { ...invoice, paidCents: invoice.paidCents ?? 0 },
    input.tenantId,
  );
  if (refusal || !invoice) throw new BadRequest(`Invoice ${input.invoiceId} cannot be paid: ${refusal}`);
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
