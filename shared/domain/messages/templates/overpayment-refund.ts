/**
 * A card payment beyond the amount due, refunded at once (docs/payments.md "A payment beyond the amount due"): what
 * the card paid, what of it went to the invoice and what was given back to the card.
 */
import { day, type MailSite, money } from '../format.js';
import { compose, facts, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface OverpaymentRefund {
  /** The payer's first name as they typed it (defanged here); '' for none. */
  payerName: string;
  /** The day of the refund (site time zone). */
  date: string;
  /** The card payment, what the invoice took of it, and what was refunded (site currency). */
  received: number;
  applied: number;
  refunded: number;
  /** `description`: the invoice in words (money-document/words.ts `invoiceTitle`). */
  invoice: { invoiceId: number; description: string };
  /** What the invoice still owes after the part applied. */
  amountDue: number;
}

export function overpaymentRefund(site: MailSite, m: OverpaymentRefund): RenderedMail {
  const name = m.payerName.trim();
  return compose(
    site,
    `Refund: ${money(site, m.refunded)} of your card payment on invoice #${m.invoice.invoiceId}`,
    [
      paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
      paragraph(
        m.applied > 0
          ? `your card payment of ${money(site, m.received)} was more than the ${money(site, m.applied)} due on the invoice when it arrived. We applied ${money(site, m.applied)} to the invoice and refunded the other ${money(site, m.refunded)} to your card.`
          : `your card payment of ${money(site, m.received)} arrived when nothing was due on the invoice any more, so we refunded all of it to your card.`,
      ),
      facts([
        { label: 'Invoice', value: `#${m.invoice.invoiceId} ${m.invoice.description}`.trim() },
        { label: 'Card payment', value: money(site, m.received) },
        { label: 'Applied to the invoice', value: money(site, m.applied) },
        { label: 'Refunded to your card', value: money(site, m.refunded), emphasis: true },
        { label: 'Refunded on', value: day(site, m.date) },
        { label: 'Still due', value: money(site, Math.max(m.amountDue, 0)) },
      ]),
      paragraph('A card refund usually reaches the account within 5 to 10 business days.'),
    ],
  );
}
