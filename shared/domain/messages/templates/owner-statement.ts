/**
 * The landlord's monthly owner statement: each property's account in figures (opening balance, income,
 * expenses, management fee, payouts, closing balance), what is held apart (deposits, tax, the reserve) and
 * still open (bills, rent), and the totals, all the statement's own; every line of the month is in the
 * attached PDF.
 */
import type { OwnerStatement, StatementHeldTotals, StatementTotals } from '../../reports/owner-statement.js';
import { formatPercent } from '../../reports/statement-format.js';
import { type MailSite, money, monthName } from '../format.js';
import { compose, type FactRow, facts, heading, paragraph, type RenderedMail } from '../layout.js';

/** The figures of what is held apart and still open, each only when it is not 0. */
type Held = Pick<StatementHeldTotals, 'reserveHeld' | 'availableForPayout'> & {
  deposits: { heldAtMonthEnd: number };
  occupancyTax: { heldAtMonthEnd: number };
  unpaidBills: number;
  unpaidRent: number;
};

function heldRows(site: MailSite, h: Held): FactRow[] {
  const rows: [string, number][] = [
    ['Deposits held for tenants (not yours)', h.deposits.heldAtMonthEnd],
    ['Tax held for remittance (not yours)', h.occupancyTax.heldAtMonthEnd],
    ['Reserve held', h.reserveHeld],
    ['Unpaid bills', h.unpaidBills],
    ['Rent not yet paid', h.unpaidRent],
  ];
  return rows
    .filter(([, amount]) => amount !== 0)
    .map(([label, amount]) => ({ label, value: money(site, amount) }));
}

function accountRows(site: MailSite, f: StatementTotals, feeLabel: string, held: Held): FactRow[] {
  return [
    { label: 'Opening balance', value: money(site, f.openingBalance) },
    { label: 'Income', value: money(site, f.income) },
    { label: 'Expenses', value: money(site, f.expenses) },
    { label: feeLabel, value: money(site, f.managementFee) },
    { label: 'Payouts to you', value: money(site, f.payouts) },
    { label: 'Closing balance', value: money(site, f.closingBalance), emphasis: true },
    ...heldRows(site, held),
  ];
}

export function ownerStatementMail(site: MailSite, statement: OwnerStatement): RenderedMail {
  const month = monthName(site, statement.month);
  const name = statement.landlordName.trim();
  const perProperty = statement.items.flatMap((row) => [
    heading(row.name),
    facts(
      accountRows(site, row, `Management fee (${formatPercent(row.managementFeePercent)})`, {
        ...row,
        unpaidBills: row.unpaidBills.total,
        unpaidRent: row.unpaidRent.total,
      }),
    ),
  ]);
  return compose(site, `Owner statement for ${month}`, [
    paragraph(name ? `Hello ${name},` : 'Hello,'),
    paragraph(
      `here is your owner statement for ${month}; the attached PDF lists every payment, expense, fee and payout of the month.`,
    ),
    ...(perProperty.length > 0 ? perProperty : [paragraph('You have no properties with us this month.')]),
    heading('Totals'),
    facts(accountRows(site, statement.totals, 'Management fee', statement.totals)),
  ]);
}
