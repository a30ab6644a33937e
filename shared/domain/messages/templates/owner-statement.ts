/**
 * The landlord's monthly owner statement: each property's account in figures (opening balance, income,
 * expenses, management fee, payouts, closing balance) and the totals, all the statement's own; every line of
 * the month is in the attached PDF.
 */
import type { OwnerStatement, StatementTotals } from '../../reports/owner-statement.js';
import { formatPercent } from '../../reports/statement-format.js';
import { type MailSite, money, monthName } from '../format.js';
import { compose, type FactRow, facts, heading, paragraph, type RenderedMail } from '../layout.js';

function accountRows(site: MailSite, f: StatementTotals, feeLabel: string): FactRow[] {
  return [
    { label: 'Opening balance', value: money(site, f.openingBalance) },
    { label: 'Income', value: money(site, f.income) },
    { label: 'Expenses', value: money(site, f.expenses) },
    { label: feeLabel, value: money(site, f.managementFee) },
    { label: 'Payouts to you', value: money(site, f.payouts) },
    { label: 'Closing balance', value: money(site, f.closingBalance), emphasis: true },
  ];
}

export function ownerStatementMail(site: MailSite, statement: OwnerStatement): RenderedMail {
  const month = monthName(site, statement.month);
  const name = statement.landlordName.trim();
  const perProperty = statement.items.flatMap((row) => [
    heading(row.name),
    facts(accountRows(site, row, `Management fee (${formatPercent(row.managementFeePercent)})`)),
  ]);
  return compose(site, `Owner statement for ${month}`, [
    paragraph(name ? `Hello ${name},` : 'Hello,'),
    paragraph(
      `here is your owner statement for ${month}; the attached PDF lists every payment, expense, fee and payout of the month.`,
    ),
    ...(perProperty.length > 0 ? perProperty : [paragraph('You have no properties with us this month.')]),
    heading('Totals'),
    facts(accountRows(site, statement.totals, 'Management fee')),
  ]);
}
