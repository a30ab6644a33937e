/**
 * The payment script's use case (docs/payments.md): check the invoice can take a card payment, answer the
 * PaymentIntent of its amount due — the invoice's open one again (I10), else a new one through Stripe,
 * remembered with the invoice it pays (I8).
 */

import type { TenantSession } from '../../shared/auth/session-types.js';
import { readHeader } from '../../shared/data/money-documents-repo.js';
import { payTokenMatches } from '../../shared/data/pay-token-check.js';
import { latestIntentOf, rememberIntent } from '../../shared/data/payment-intents-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import {
  centsOfAmount,
  dollarsOf,
  isReusableIntent,
  isUpdatableIntent,
  type LatestIntent,
  NO_SUCH_INVOICE,
  payableRefusal,
} from '../../shared/domain/payments/card-payment.js';
import { BadRequest } from '../../shared/errors.js';
import {
  assertCardPaymentsConfigured,
  createPaymentIntent,
  retrievePaymentIntent,
  type StripeIntent,
  updatePaymentIntent,
} from '../../shared/payments/stripe-api.js';

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
  const [header, latest] = await Promise.all([
    readHeader('invoice', input.invoiceId),
    latestIntentOf(input.invoiceId),
  ]);
  const invoice = header?.record;
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
  const receiptEmail = input.email || undefined;
  const intent =
    (await usableIntent(invoice.invoiceId, latest, dueCents, currency, receiptEmail)) ??
    (await newIntent(invoice, dueCents, currency, receiptEmail, now));
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: dollarsOf(intent.amountCents),
    currency: intent.currency.toUpperCase(),
  };
}

/**
 * The invoice's latest intent (I10) when Stripe still has it open for this amount and currency, its receipt
 * e-mail set to the payer's while Stripe allows the change; undefined when there is none usable. Two payers
 * (or two tabs) thus share one intent: never a second charge for one amount due, and no Stripe key reused
 * with other parameters.
 */
async function usableIntent(
  invoiceId: number,
  latest: LatestIntent | undefined,
  dueCents: number,
  currency: string,
  receiptEmail: string | undefined,
): Promise<StripeIntent | undefined> {
  if (!latest || latest.amountCents !== dueCents || latest.currency !== currency) return undefined;
  const intent = await retrievePaymentIntent(invoiceId, latest.paymentIntentId);
  if (!intent || !isReusableIntent(intent, dueCents, currency)) return undefined;
  if (!receiptEmail || receiptEmail === intent.receiptEmail || !isUpdatableIntent(intent.status))
    return intent;
  return updatePaymentIntent(invoiceId, intent.id, { receiptEmail });
}

/** A new intent of the amount due, remembered (I8) as the invoice's latest (I10). */
async function newIntent(
  invoice: InvoiceRecord,
  dueCents: number,
  currency: string,
  receiptEmail: string | undefined,
  now: Date,
): Promise<StripeIntent> {
  const intent = await createPaymentIntent({
    invoiceId: invoice.invoiceId,
    amountCents: dueCents,
    currency,
    metadata: {
      invoiceId: String(invoice.invoiceId),
      ...(invoice.tenantId === null ? {} : { tenantId: String(invoice.tenantId) }),
    },
    receiptEmail,
  });
  await rememberIntent(
    { paymentIntentId: intent.id, invoiceId: invoice.invoiceId, amountCents: intent.amountCents, currency },
    now,
  );
  return intent;
}
