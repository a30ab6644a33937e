/**
 * Rules of the payment script (DESIGN.md "Stripe"; docs/payments.md): which invoice may take a card payment,
 * the amount the page sent, and the Stripe idempotency key of an intent.
 */

/** Spec "Status codes" of invoices, as far as the payment script cares. */
const UNPAID = 0;
const PAID = 1;
const REFUNDED = 2;
const PROCESSING = 3;
const CANCELLED = 5;
const VOID = 7;
const DRAFT = 9;

export interface PayableInvoice {
  status: number;
  tenantId: number | null;
  totalCents: number;
  /** Settled payments less refunds. */
  paidCents: number;
}

/**
 * Why the invoice cannot take a card payment now (the 400 "invalid invoice" detail), or null. Unpaid (0) and
 * processing (3: an earlier attempt is under way; the same intent comes back for the same amount) are
 * payable while something is due. A `tenantId` sent by the page must be the invoice's tenant.
 */
export function payableRefusal(invoice: PayableInvoice | undefined, tenantId?: number): string | null {
  if (!invoice) return 'there is no such invoice';
  if (tenantId !== undefined && invoice.tenantId !== tenantId) return 'it is not this tenant’s invoice';
  if (invoice.status === CANCELLED || invoice.status === VOID) return 'it is cancelled';
  if (invoice.status === PAID || invoice.status === REFUNDED) return 'it is paid';
  if (invoice.status === DRAFT) return 'it is a draft, not issued yet';
  if (invoice.status !== UNPAID && invoice.status !== PROCESSING) return 'its status does not take payments';
  if (invoice.totalCents - invoice.paidCents <= 0) return 'nothing is due';
  return null;
}

/**
 * The page's `amnt` in cents: "125.50", "125.5", "$1,234.00" or a number; NaN when it is not an amount (so it
 * never equals an amount due).
 */
export function centsOfAmount(amnt: string | number): number {
  const text = typeof amnt === 'number' ? String(amnt) : amnt.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const dollarsOf = (cents: number) => cents / 100;

/**
 * Stripe's Idempotency-Key of the intent: one per invoice, amount and currency. A retried or double-clicked
 * payment page gets the same intent (never two charges for one amount due); after a partial payment the
 * amount due differs and so does the intent.
 */
export const intentIdempotencyKey = (invoiceId: number, amountCents: number, currency: string) =>
  `invoice-${invoiceId}-amount-${amountCents}-${currency.toLowerCase()}`;
