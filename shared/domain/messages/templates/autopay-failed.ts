/** Autopay could not charge a rent invoice (docs/rent-cycle.md "Autopay"): what failed, what is due, how to pay now. */
import { day, type MailSite, money } from '../format.js';
import { action, compose, facts, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface AutopayFailed {
  /** The tenant's first name as they typed it (defanged here). */
  firstName: string;
  invoiceId: number;
  /** The invoice in words (money-document/words.ts `invoiceTitle`): `Rent for November 2027`. */
  title: string;
  propertyName: string | null;
  amountDue: number;
  dueDate: string;
  /** What the card processor said ('' when it said nothing). */
  reason: string;
  paymentUrl: string | null;
}

export function autopayFailed(site: MailSite, m: AutopayFailed): RenderedMail {
  const name = m.firstName.trim();
  return compose(
    site,
    `Your automatic payment of ${money(site, m.amountDue)} did not go through (invoice #${m.invoiceId})`,
    [
      paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
      paragraph(
        `we tried to charge your saved payment method for ${m.title} (invoice #${m.invoiceId}${m.propertyName ? `, ${m.propertyName}` : ''}), but the payment did not go through. Nothing was charged.`,
      ),
      facts([
        ...(m.reason.trim() ? [{ label: 'Reason', value: m.reason.trim() }] : []),
        { label: 'Due', value: day(site, m.dueDate) },
        { label: 'Amount due', value: money(site, m.amountDue), emphasis: true },
      ]),
      paragraph('Please pay it now, and check the payment method saved for autopay in your tenant portal.'),
      ...(m.paymentUrl ? [action(`Pay ${money(site, m.amountDue)} now`, m.paymentUrl)] : []),
    ],
  );
}
