/**
 * Autopay in the rent run (DESIGN.md "Autopay", docs/rent-cycle.md "Autopay"): on and after its due date, each
 * open RENT invoice of a tenant with autopay on is charged its amount due off-session, once
 * (shared/payments/autopay.ts: the invoice's one open PaymentIntent, the payment page's if the tenant opened
 * it, confirmed under Stripe's idempotency key per intent and method; and the watch's `autopayTried`, set in
 * the same transaction as what followed). The webhook settles a success like any card payment. A decline posts
 * nothing and is announced as `payment.failed` (the tenant is mailed), and so is an amount due below the card
 * minimum, which Stripe refuses to charge (not charged, told once); an invoice the tenant paid (or is
 * paying) on the page meanwhile is not charged; Stripe unreachable leaves the invoice for the next run.
 */

import { changePart } from '../../data/changes-repo.js';
import { AUTOPAY_TRIED_LABEL, autopayTriedPart, type LateFeeWatch } from '../../data/late-fee-watch-repo.js';
import { readDocument } from '../../data/money-documents-repo.js';
import { getRecentSettings } from '../../data/settings-repo.js';
import { getTenant } from '../../data/tenants-repo.js';
import { commit, TransactionFailed, type TxPart } from '../../db/transaction.js';
import { amountDueCents } from '../../domain/money-document/figures.js';
import { INVOICE, INVOICE_STATUS } from '../../domain/money-document/kind.js';
import type { InvoiceRecord } from '../../domain/money-document/record.js';
import { documentView } from '../../domain/money-document/view.js';
import { log } from '../../log.js';
import { AutopayUnavailable, chargeAutopay } from '../../payments/autopay.js';
import { paymentPageOf } from '../money-document/payment-page.js';
import type { ChargeContext } from './charges.js';

export interface AutopayTried {
  invoiceId: number;
  /** `failed` also when not charged because the amount due is below the card minimum (the mail says which). */
  outcome: 'succeeded' | 'processing' | 'failed';
}

/** The invoice as announced with a failed charge: its admin single view, with why. */
async function failureParts(invoiceId: number, error: string, ctx: ChargeContext): Promise<TxPart[]> {
  const doc = await readDocument('invoice', invoiceId);
  if (!doc) return [];
  return [
    changePart(
      {
        recordType: 'invoice',
        recordId: invoiceId,
        action: 'autopayFailed',
        // The invoice as its admin GET shows it, and what the processor said (the tenant's mail quotes it).
        after: { ...documentView(INVOICE, doc.record, doc.lines), autopayError: error },
        event: 'payment.failed',
      },
      ctx.by,
      ctx.now,
    ),
  ];
}

/** The watched invoice's header when autopay should charge it now: due by today, untried, unpaid, something due. */
function dueForAutopay(
  watch: LateFeeWatch,
  headers: ReadonlyMap<number, InvoiceRecord>,
  today: string,
): InvoiceRecord | undefined {
  if (watch.dueDate > today || (watch.autopayTried ?? '') !== '') return undefined;
  const rent = headers.get(watch.rentInvoiceId);
  if (!rent || rent.status !== INVOICE_STATUS.unpaid || rent.tenantId === null) return undefined;
  return amountDueCents(rent) > 0 ? rent : undefined;
}

/**
 * Charges the tenant's saved method: the outcome, 'off' when the tenant has no autopay on the day (the invoice
 * is then not considered again: autopay charges what falls due while it is on), or undefined when Stripe could
 * not be asked (a later run tries).
 */
async function charge(rent: InvoiceRecord, currency: string, returnUrl: string, ctx: ChargeContext) {
  const tenant = rent.tenantId === null ? undefined : await getTenant(rent.tenantId);
  if (!tenant?.autopay || !tenant.stripeCustomerId) return 'off' as const;
  try {
    return await chargeAutopay(
      {
        tenantId: tenant.tenantId,
        stripeCustomerId: tenant.stripeCustomerId,
        paymentMethodId: tenant.autopay.paymentMethodId,
        invoiceId: rent.invoiceId,
        currency,
        returnUrl,
      },
      ctx.now,
    );
  } catch (error) {
    if (error instanceof AutopayUnavailable) return undefined;
    throw error;
  }
}

export async function chargeAutopayDue(
  watches: readonly LateFeeWatch[],
  headers: ReadonlyMap<number, InvoiceRecord>,
  currency: string,
  ctx: ChargeContext,
): Promise<AutopayTried[]> {
  const tried: AutopayTried[] = [];
  let returnUrl: string | undefined;
  for (const watch of watches) {
    const rent = dueForAutopay(watch, headers, ctx.today);
    if (!rent) continue;
    returnUrl ??= paymentPageOf(await getRecentSettings());
    const outcome = await chargeAndRecord(watch, rent, currency, returnUrl, ctx);
    if (outcome) tried.push({ invoiceId: rent.invoiceId, outcome });
  }
  return tried;
}

/**
 * One watched invoice: charged, and the try recorded with what followed. The outcome listed: a charge when this
 * run's confirmation made it, whichever run recorded the try first (one that found the invoice already paid by
 * it may have); a decline when this run recorded it (announced once). Undefined: nothing of this run's to list.
 */
async function chargeAndRecord(
  watch: LateFeeWatch,
  rent: InvoiceRecord,
  currency: string,
  returnUrl: string,
  ctx: ChargeContext,
): Promise<AutopayTried['outcome'] | undefined> {
  const result = await charge(rent, currency, returnUrl, ctx);
  if (!result) return undefined;
  // Announced once (with the try, in one transaction): a decline, or an amount no card can be charged.
  const failure =
    result !== 'off' && (result.outcome === 'failed' || result.outcome === 'belowCardMinimum')
      ? await failureParts(rent.invoiceId, result.error, ctx)
      : [];
  let recorded = true;
  try {
    await commit([autopayTriedPart(watch, ctx.today), ...failure]);
  } catch (error) {
    // Another run recorded the try first (the same PaymentIntent, or it found the invoice paid by this charge).
    if (!(error instanceof TransactionFailed && error.conditionFailed(AUTOPAY_TRIED_LABEL))) throw error;
    log('info', 'autopay already recorded by another run', { invoiceId: rent.invoiceId });
    recorded = false;
  }
  // Not charged (paid meanwhile, or the tenant's own payment under way): tried, but no charge of autopay's.
  if (result === 'off' || result.outcome === 'notCharged') return undefined;
  if (result.outcome === 'failed' || result.outcome === 'belowCardMinimum')
    return recorded ? 'failed' : undefined;
  return result.chargedHere ? result.outcome : undefined;
}
