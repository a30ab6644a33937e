/**
 * The payment link of an invoice (DESIGN.md "The payment link"): the site's payment page with `invoiceId` and
 * the invoice's `token`. The token is made with the invoice (a website booking's) or when staff first show the
 * invoice with an amount due, and stops paying when the invoice is paid (used up: pay-token-check.ts
 * spendPayTokenPart) or closed (deletePayTokenPart), in that transaction, so a link that was sent stops working
 * then.
 */
import {
  newPayToken,
  noLongerPayable,
  payTokenPart,
  payTokenTaken,
  revealPayToken,
  stillPayablePart,
} from '../../data/pay-tokens-repo.js';
import { getSettings } from '../../data/settings-repo.js';
import { commit } from '../../db/transaction.js';
import type { InvoiceRecord } from '../../domain/money-document/record.js';
import { isPayable } from '../../domain/payments/card-payment.js';
import { paymentPageOf, paymentUrlOf } from './payment-page.js';

export { paymentPageOf, paymentUrlOf } from './payment-page.js';

/**
 * The link staff send to the payer (the admin single invoice): its token, made now when the payable invoice
 * has none (two admins at once keep one); null when nothing can be paid.
 */
export async function staffPaymentUrl(invoice: InvoiceRecord, now: Date): Promise<string | null> {
  if (!isPayable(invoice)) return null;
  const [settings, stored] = await Promise.all([getSettings(), revealPayToken(invoice.invoiceId)]);
  let token = stored;
  if (token === undefined) {
    const made = newPayToken();
    try {
      await commit([await payTokenPart(invoice.invoiceId, made, now), stillPayablePart(invoice.invoiceId)]);
      token = made;
    } catch (error) {
      // Paid (or closed) since it was read: no link, and the used-up token keeps saying when it was paid.
      if (noLongerPayable(error, invoice.invoiceId)) return null;
      if (!payTokenTaken(error, invoice.invoiceId)) throw error;
      token = await revealPayToken(invoice.invoiceId);
    }
  }
  return token === undefined ? null : paymentUrlOf(paymentPageOf(settings), invoice.invoiceId, token);
}
