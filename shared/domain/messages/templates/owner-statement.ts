/** The landlord's monthly owner statement: the totals in the mail, the statement itself as the attached PDF. */
import type { OwnerStatement } from '../../reports/owner-statement.js';
import { type MailSite, money, monthName } from '../format.js';
import { compose, facts, heading, paragraph, type RenderedMail } from '../layout.js';

export function ownerStatementMail(site: MailSite, statement: OwnerStatement): RenderedMail {
  const month = monthName(site, statement.month);
  const name = statement.landlordName.trim();
  return compose(site, `Owner statement for ${month}`, [
    paragraph(name ? `Hello ${name},` : 'Hello,'),
    paragraph(`here is your owner statement for ${month}; the full statement is attached as a PDF.`),
    heading('By property'),
    facts(
      statement.items.length > 0
        ? statement.items.map((row) => ({ label: row.name, value: `net ${money(site, row.net)}` }))
        : [{ label: 'Properties', value: 'nothing moved this month' }],
    ),
    heading('Totals'),
    facts([
      { label: 'Income', value: money(site, statement.totals.income) },
      { label: 'Expenses', value: money(site, statement.totals.expenses) },
      { label: 'Net', value: money(site, statement.totals.net), emphasis: true },
    ]),
  ]);
}
