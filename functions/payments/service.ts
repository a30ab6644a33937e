/**
 * The payment script's use case (docs/payments.md): check the invoice can take a card payment, answer the
 * PaymentIntent of its amount due — the invoice's one open intent (shared/payments/invoice-intent.ts), made
 * when there is none. The holder of a payment link used up by the payment, or the tenant's session, is told
 * when a paid invoice was paid.
 */

import type { TenantSession } from '../../shared/auth/session-types.js';
import { readHeader } from '../../shared/data/money-documents-repo.js';
import { type PayLink, paidOnOf, payLinkOf } from '../../shared/data/pay-token-check.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { amountDueCents } from '../../shared/domain/money-document/figures.js';
import { INVOICE_STATUS } from '../../shared/domain/money-document/kind.js';
import type { InvoiceRecord } from '../../shared/domain/money-document/record.js';
import {
  centsOfAmount,
  dollarsOf,
  isPayable,
  isUpdatableIntent,
  NO_SUCH_INVOICE,
  payableRefusal,
} from '../../shared/domain/payments/card-payment.js';
import { AppError, BadRequest, Conflict } from '../../shared/errors.js';
import { invoiceIntent } from '../../shared/payments/invoice-intent.js';
import {
  assertCardPaymentsConfigured,
  type StripeIntent,
  updatePaymentIntent,
} from '../../shared/payments/stripe-api.js';
import { paidFor } from './paid-for.js';

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
 * What the caller is to this invoice (DESIGN.md "The payment link"): the invoice's tenant's own session, or the
 * holder of its live pay token, may pay it ('payer'); the holder of its link used up by the payment that paid
 * it is told when ('paidWithLink'); anyone else is a stranger. A body `tenantId` (the legacy script sends it)
 * only narrows: it must be the invoice's tenant too.
 */
async function callerOf(
  invoice: { invoiceId: number; tenantId: number | null },
  input: CreateIntentInput,
  payer: Payer,
): Promise<{ kind: 'payer' } | Exclude<PayLink, { kind: 'live' }>> {
  if (input.tenantId !== undefined && input.tenantId !== invoice.tenantId) return { kind: 'none' };
  if (payer.tenant && invoice.tenantId !== null && payer.tenant.tenantId === invoice.tenantId)
    return { kind: 'payer' };
  if (input.token === undefined) return { kind: 'none' };
  const link = await payLinkOf(invoice.invoiceId, input.token);
  return link.kind === 'live' ? { kind: 'payer' } : link;
}

/** A paid invoice, to its payer: a 400 like every refusal of the script, with the day it was paid (`paidOn`). */
const paidAnswer = (invoiceId: number, paidOn: string | undefined) =>
  paidOn
    ? new AppError(400, 'Bad Request', `Invoice ${invoiceId} cannot be paid: it was paid on ${paidOn}`, {
        extensions: { paidOn },
      })
    : new BadRequest(`Invoice ${invoiceId} cannot be paid: it is paid`);

/** Why the invoice takes no payment now, to its payer: paid (and when), or the rule's refusal. */
async function refusalTo(invoiceId: number, invoice: InvoiceRecord | undefined): Promise<AppError> {
  if (invoice?.status === INVOICE_STATUS.paid) return paidAnswer(invoiceId, await paidOnOf(invoiceId));
  const refusal = invoice
    ? payableRefusal({ ...invoice, paidCents: invoice.paidCents ?? 0 })
    : NO_SUCH_INVOICE;
  return new BadRequest(`Invoice ${invoiceId} cannot be paid: ${refusal ?? 'nothing is due'}`);
}

/** The answer to an amount due below the card minimum: nothing to retry, pay it another way. */
function belowCardMinimum(
  invoiceId: number,
  found: { amountCents: number; minimumCents: number },
  currency: string,
): AppError {
  const amount = (cents: number) => `${dollarsOf(cents).toFixed(2)} ${currency.toUpperCase()}`;
  return new AppError(
    400,
    'Bad Request',
    `Invoice ${invoiceId} cannot be paid by card: the amount due, ${amount(found.amountCents)}, is below the card minimum of ${amount(found.minimumCents)}; please pay it another way`,
    { extensions: { minimumAmount: dollarsOf(found.minimumCents).toFixed(2) } },
  );
}

export async function createIntent(input: CreateIntentInput, payer: Payer, now: Date) {
  // Before anything else: a site without Stripe says so, whatever the invoice.
  await assertCardPaymentsConfigured();
  const invoice = (await readHeader('invoice', input.invoiceId))?.record;
  const caller = invoice ? await callerOf(invoice, input, payer) : { kind: 'none' as const };
  if (invoice?.status === INVOICE_STATUS.paid && caller.kind === 'paid')
    throw paidAnswer(input.invoiceId, caller.paidOn);
  // A caller who may not pay the invoice learns nothing of it: the same answer as for no invoice at all.
  if (!invoice || caller.kind !== 'payer')
    throw new BadRequest(`Invoice ${input.invoiceId} cannot be paid: ${NO_SUCH_INVOICE}`);
  if (!isPayable(invoice)) throw await refusalTo(invoice.invoiceId, invoice);
  const dueCents = amountDueCents(invoice);
  if (input.amnt !== undefined && input.amnt !== '') {
    const sent = centsOfAmount(input.amnt);
    if (sent !== dueCents)
      throw new BadRequest(`The amount does not match the amount due of invoice ${invoice.invoiceId}`, [
        { field: 'amnt', message: `must be the amount due, ${dollarsOf(dueCents).toFixed(2)}` },
      ]);
  }
  const currency = (await getSettings()).paymentCurrency.toLowerCase();
  const receiptEmail = input.email || undefined;
  const found = await invoiceIntent({ invoiceId: invoice.invoiceId, currency, receiptEmail }, now);
  // Paid (or closed) a moment ago, by another payer or autopay.
  if (found.state === 'notPayable') throw await refusalTo(invoice.invoiceId, found.invoice);
  // Stripe refuses to charge a card less than the currency's minimum (`amount_too_small`): a 400 naming it.
  if (found.state === 'belowMinimum') throw belowCardMinimum(invoice.invoiceId, found, currency);
  // Gone through and not booked yet (the webhook is on its way): a second intent could charge twice.
  if (found.state === 'underWay' && found.status === 'succeeded')
    throw new Conflict(
      `A card payment of invoice ${invoice.invoiceId} has gone through and is being recorded; please reload in a minute`,
    );
  const intent =
    found.state === 'open' && !found.made
      ? await withReceipt(invoice.invoiceId, found.intent, receiptEmail)
      : found.intent;
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: dollarsOf(intent.amountCents),
    currency: intent.currency.toUpperCase(),
    invoice: await paidFor(invoice),
  };
}

/**
 * The invoice's open intent answered again, its receipt e-mail set to this payer's while Stripe allows the
 * change: two payers (or two tabs) share one intent, and no Stripe key is ever reused with other parameters.
 */
async function withReceipt(
  invoiceId: number,
  intent: StripeIntent,
  receiptEmail: string | undefined,
): Promise<StripeIntent> {
  if (!receiptEmail || receiptEmail === intent.receiptEmail || !isUpdatableIntent(intent.status))
    return intent;
  return updatePaymentIntent(invoiceId, intent.id, { receiptEmail });
}
