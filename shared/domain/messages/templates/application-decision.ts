/**
 * An admin's decision on a lease application (docs/leases.md "Application decisions"): approved with the
 * lease's dates and money, or not approved; the admin's note either way.
 */
import { day, type MailSite, money } from '../format.js';
import { compose, facts, note, paragraph, type RenderedMail } from '../layout.js';
import { defang } from '../visitor-text.js';

export interface ApplicationDecision {
  /** The applicant's first name as they typed it (defanged here). */
  firstName: string;
  applicationId: number;
  propertyName: string;
  /** The admin's note ('' for none). */
  note: string;
  /** The lease an approval made; null when declined. */
  lease: {
    startDate: string;
    /** '' while open-ended (month to month). */
    endDate: string;
    rent: number;
    deposit: number;
    dueDay: number;
  } | null;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

export function applicationDecision(site: MailSite, m: ApplicationDecision): RenderedMail {
  const name = m.firstName.trim();
  const hello = paragraph(name ? `Hello ${defang(name)},` : 'Hello,');
  const staffNote = m.note.trim() ? [note('A note from us', m.note.trim())] : [];
  if (!m.lease)
    return compose(site, `Your application for ${m.propertyName} (#${m.applicationId})`, [
      hello,
      paragraph(
        `thank you for applying to rent ${m.propertyName}. We are sorry: your application was not approved.`,
      ),
      ...staffNote,
      paragraph('You are welcome to apply for another of our homes.'),
    ]);
  const lease = m.lease;
  return compose(site, `Your application for ${m.propertyName} is approved (#${m.applicationId})`, [
    hello,
    paragraph(`good news: your application to rent ${m.propertyName} is approved. Your lease:`),
    facts([
      { label: 'Property', value: m.propertyName },
      { label: 'Starts', value: day(site, lease.startDate) },
      { label: 'Ends', value: lease.endDate ? day(site, lease.endDate) : 'Month to month' },
      { label: 'Monthly rent', value: money(site, lease.rent), emphasis: true },
      { label: 'Rent is due', value: `on the ${ordinal(lease.dueDay)} of each month` },
      ...(lease.deposit > 0 ? [{ label: 'Deposit', value: money(site, lease.deposit) }] : []),
    ]),
    ...staffNote,
    paragraph(
      lease.deposit > 0
        ? 'The deposit invoice follows in a separate message; each month’s rent invoice comes before its due date.'
        : 'Each month’s rent invoice comes before its due date.',
    ),
  ]);
}
