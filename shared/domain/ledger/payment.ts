/**
 * A settled payment or refund of an invoice or expense (docs/money.md; stored by shared/data/payments-repo.ts in
 * its document's partition). A refund is a payment with a negative amount.
 */
import { addDays } from '../dates.js';
import type { DocumentType } from './journal.js';

/** How a payment was made (the payment item's `method`). `card` is also what Stripe settles. */
export const PAYMENT_METHODS = ['card', 'cash', 'check', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentRecord {
  paymentId: number;
  documentType: DocumentType;
  documentId: number;
  propertyId: number | null;
  /** 'in' on an invoice (money received), 'out' on an expense (money paid). */
  direction: 'in' | 'out';
  /** Negative for a refund. */
  amountCents: number;
  method: PaymentMethod;
  /** The settled day, site time zone, YYYY-MM-DD. */
  date: string;
  reference: string | null;
  createdAt: string;
  /** Who recorded it (`admin:3`, `system:stripe`). */
  actor: string;
  /**
   * Its document's type when it was settled (RENT, DEPOSIT …): the income report holds deposits apart by it.
   * Absent on payments settled before it was kept (the report reads their document's type).
   */
  documentKind?: string;
}

export const directionOf = (t: DocumentType): 'in' | 'out' => (t === 'invoice' ? 'in' : 'out');

/**
 * The latest day a payment recorded by hand may be dated: tomorrow in the site's time zone (docs/money.md
 * "Payments recorded by hand"). A day of slack for an admin in another time zone than the site's; a date
 * further out is a typo or a post-dated cheque, which is recorded on the day it clears. Any past date is
 * taken: the books may be back-filled.
 */
export const latestRecordedPaymentDate = (siteToday: string): string => addDays(siteToday, 1);
