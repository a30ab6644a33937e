/**
 * A tenant's new invoice from the rent cycle (docs/rent-cycle.md "Mails"): a month's rent, the deposit, or a
 * late fee, with its lines, the amount, the due date and the payment link; a late fee says which rent it is for.
 */
import { day, type MailSite, money } from '../format.js';
import { action, compose, facts, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface InvoiceIssued {
  /** The tenant's first name as they typed it (defanged here). */
  firstName: string;
  invoiceId: number;
  /** The invoice in words (money-document/words.ts `invoiceTitle`): `Rent for December 2027`. */
  title: string;
  /** RENT, DEPOSIT, ADJUSTMENT (a late fee), or a RENT invoice's reminder before it is due. */
  kind: 'rent' | 'deposit' | 'lateFee' | 'reminder';
  propertyName: string | null;
  lines: readonly { label: string; amount: number }[];
  total: number;
  amountDue: number;
  dueDate: string;
  /** The invoice's payment link; null when nothing is due. */
  paymentUrl: string | null;
}

const OPENINGS = {
  rent: 'your rent invoice is ready.',
  deposit: 'your security deposit invoice is ready.',
  lateFee:
    'your rent was not paid by the end of its grace days, so a late fee was added as your lease says. Paying the rent stops further fees.',
  reminder: 'a reminder: your rent is due soon and is not paid yet.',
} as const;

export function invoiceIssued(site: MailSite, m: InvoiceIssued): RenderedMail {
  const name = m.firstName.trim();
  const which = `(invoice #${m.invoiceId}${m.propertyName ? `, ${m.propertyName}` : ''})`;
  const subject =
    m.kind === 'lateFee'
      ? `${m.title}: ${money(site, m.total)} added ${which}`
      : m.kind === 'reminder'
        ? `Reminder: ${m.title}, ${money(site, m.amountDue)} due ${day(site, m.dueDate)} ${which}`
        : `${m.title}: ${money(site, m.total)} due ${day(site, m.dueDate)} ${which}`;
  return compose(site, subject, [
    paragraph(name ? `Hello ${defang(name)},` : 'Hello,'),
    paragraph(OPENINGS[m.kind]),
    facts([
      ...m.lines.map((l) => ({ label: l.label, value: money(site, l.amount) })),
      { label: 'Total', value: money(site, m.total), emphasis: true },
      { label: 'Due', value: day(site, m.dueDate) },
      { label: 'Amount due', value: money(site, m.amountDue), emphasis: true },
    ]),
    ...(m.paymentUrl && m.amountDue > 0 ? [action(`Pay ${money(site, m.amountDue)} now`, m.paymentUrl)] : []),
  ]);
}
