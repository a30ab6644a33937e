/**
 * Autopay turned on (docs/tenant-portal.md "What autopay charges"): the saved method, what autopay will charge
 * (rent on its due date), and what it will not — the open invoices it leaves to the tenant, each with its
 * payment link — so a tenant who turns it on while rent is overdue knows that is still theirs to pay.
 */

import { cardWords } from '../../money-document/words.js';
import { day, type MailSite, money } from '../format.js';
import { action, compose, facts, heading, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

interface OpenInvoice {
  invoiceId: number;
  /** The invoice in words (money-document/words.ts `invoiceTitle`): `Rent for December 2027`. */
  title: string;
  dueDate: string;
  amountDue: number;
}

export interface AutopayOn {
  /** The tenant's first name as they typed it (defanged here). */
  firstName: string;
  /** The card's brand (visa …) or the bank's name, and the last 4 digits. */
  brand: string;
  last4: string;
  willCharge: readonly OpenInvoice[];
  willNotCharge: readonly (OpenInvoice & { paymentUrl: string | null })[];
}

const WHAT_IT_CHARGES =
  'From now on we charge each rent invoice to it on its due date. Autopay does not charge rent that was already due before it was on, late fees, deposits or other invoices: those stay yours to pay.';

export function autopayOn(site: MailSite, m: AutopayOn): RenderedMail {
  const name = m.firstName.trim();
  const method = cardWords(m.brand, m.last4);
  const row = (i: OpenInvoice) => ({
    label: `${i.title} (invoice #${i.invoiceId})`,
    value: `${money(site, i.amountDue)}, due ${day(site, i.dueDate)}`,
  });
  return compose(site, `Autopay is on: ${method}`, [
    paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
    paragraph(`autopay is on with your ${method}. ${WHAT_IT_CHARGES}`),
    ...(m.willCharge.length > 0 ? [heading('Autopay will charge'), facts(m.willCharge.map(row))] : []),
    ...(m.willNotCharge.length > 0
      ? [
          heading('Autopay will not charge these: please pay them yourself'),
          facts(m.willNotCharge.map((i) => ({ ...row(i), emphasis: true }))),
          ...m.willNotCharge.flatMap((i) =>
            i.paymentUrl ? [action(`Pay ${i.title} (${money(site, i.amountDue)})`, i.paymentUrl)] : [],
          ),
        ]
      : [paragraph('Nothing else is open: there is nothing for you to pay yourself now.')]),
  ]);
}
