/** A receipt for a payment on an invoice (by card or recorded by staff): the amount, the invoice, what is still due. */
import type { PaymentMethod } from '../../ledger/payment.js';
import { PAYMENT_METHOD_WORDS } from '../../money-document/words.js';
import { day, type MailSite, money } from '../format.js';
import { compose, type FactRow, facts, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface PaymentReceipt {
  /** The payer's first name as they typed it (defanged here); '' for none. */
  payerName: string;
  payment: {
    paymentId: number;
    amount: number;
    method: PaymentMethod;
    date: string;
    reference: string | null;
  };
  /** `description`: the invoice in words (money-document/words.ts `invoiceTitle`). */
  invoice: { invoiceId: number; description: string; total: number; paid: number };
  amountDue: number;
  /** The property the invoice is for, when it has one. */
  propertyName: string | null;
}

const METHODS = PAYMENT_METHOD_WORDS;

/** The receipt's own lines: its number, date, method, reference and amount (booking-paid.ts shows them too). */
export const paymentRows = (site: MailSite, payment: PaymentReceipt['payment']): FactRow[] => [
  { label: 'Receipt', value: `#${payment.paymentId}` },
  { label: 'Date', value: day(site, payment.date) },
  { label: 'Method', value: METHODS[payment.method] },
  ...(payment.reference ? [{ label: 'Reference', value: payment.reference }] : []),
  { label: 'Amount', value: money(site, payment.amount), emphasis: true },
];

export function paymentReceipt(site: MailSite, m: PaymentReceipt): RenderedMail {
  const name = m.payerName.trim();
  return compose(site, `Receipt: ${money(site, m.payment.amount)} paid on invoice #${m.invoice.invoiceId}`, [
    paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
    paragraph(`thank you: we received your payment of ${money(site, m.payment.amount)}.`),
    facts(paymentRows(site, m.payment)),
    facts([
      { label: 'Invoice', value: `#${m.invoice.invoiceId} ${m.invoice.description}`.trim() },
      ...(m.propertyName ? [{ label: 'Property', value: m.propertyName }] : []),
      { label: 'Invoice total', value: money(site, m.invoice.total) },
      { label: 'Paid so far', value: money(site, m.invoice.paid) },
      { label: 'Still due', value: money(site, Math.max(m.amountDue, 0)), emphasis: true },
    ]),
    paragraph(m.amountDue > 0 ? 'The rest is still due.' : 'The invoice is paid in full.'),
  ]);
}
