/**
 * The owner statement PDF, read back with pdf-lib (test/support/pdf-text.ts): the drawn strings carry the
 * business, the landlord by name (never an id), the month, the summary row of each property and the totals,
 * and each property's account (opening balance, every line with its date, what and who, the categories'
 * totals, closing balance) with two decimals; names the standard font cannot draw become `?`, long ones are
 * cut; many properties and lines go onto more pages.
 */
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf-text.js';
import { SAMPLE_STATEMENT } from '../messages/samples.js';
import type { OwnerStatement, StatementLine, StatementRow } from './owner-statement.js';
import { formatAmount, monthTitle, ownerStatementPdf } from './owner-statement-pdf.js';

const letterhead = { businessName: 'Harbour Lets', currency: 'usd', ownerStatementDay: 3 };

const income = (amount: number, n = 1): StatementLine => ({
  date: `2031-05-${String(n).padStart(2, '0')}`,
  category: 'income',
  description: `Rent May 2031 (rent invoice ${n})`,
  party: 'Tom Tenant',
  amount,
  documentType: 'invoice',
  documentId: n,
  paymentId: n,
});

/** A row's figures of what is held apart and open: none. */
const NOTHING_HELD = {
  managementFeeMinimum: null,
  managementFeeBase: null,
  managementFeeRule: null,
  deposits: { openingHeld: 0, received: 0, applied: 0, returned: 0, heldAtMonthEnd: 0, lines: [] },
  occupancyTax: { openingHeld: 0, collected: 0, remitted: 0, heldAtMonthEnd: 0, lines: [] },
  reserve: 0,
  reserveHeld: 0,
  unpaidBills: { total: 0, items: [] },
  unpaidRent: { total: 0, items: [] },
};

const row = (propertyId: number, name: string, lines: StatementLine[] = []): StatementRow => {
  const total = lines.reduce((t, l) => t + Math.round(l.amount * 100), 0) / 100;
  return {
    ...NOTHING_HELD,
    availableForPayout: total,
    propertyId,
    name,
    type: 'vr',
    managementFeePercent: 10,
    feeCharged: false,
    openingBalance: 0,
    income: total,
    expenses: 0,
    managementFee: 0,
    payouts: 0,
    closingBalance: total,
    net: total,
    transactions: lines.length,
    lines,
  };
};

const statement = (items: StatementRow[]): OwnerStatement => {
  const sum = (f: keyof StatementRow) => items.reduce((t, r) => t + Math.round(Number(r[f]) * 100), 0) / 100;
  return {
    month: '2031-05',
    dateFrom: '2031-05-01',
    dateTo: '2031-05-31',
    statementDate: '2031-06-03',
    landlord: 2,
    landlordName: 'Lou Landlord',
    landlordAddress: '',
    items,
    totals: {
      openingBalance: sum('openingBalance'),
      income: sum('income'),
      expenses: sum('expenses'),
      managementFee: sum('managementFee'),
      payouts: sum('payouts'),
      closingBalance: sum('closingBalance'),
      net: sum('net'),
      deposits: { openingHeld: 0, received: 0, applied: 0, returned: 0, heldAtMonthEnd: 0 },
      occupancyTax: { openingHeld: 0, collected: 0, remitted: 0, heldAtMonthEnd: 0 },
      reserveHeld: 0,
      availableForPayout: sum('closingBalance'),
      unpaidBills: 0,
      unpaidRent: 0,
    },
  };
};

/** The strings drawn after `label`, `count` of them. */
const drawnFrom = (strings: string[], label: string, count: number, from = 0) => {
  const at = strings.indexOf(label, from);
  expect(at, `${label} drawn`).toBeGreaterThanOrEqual(0);
  return strings.slice(at, at + count);
};

/**
 * A line as drawn after `from`: its date, the first row of its description, its party and amount, then the
 * description's further rows (a long one wraps in its column): together, the whole description.
 */
function expectLineDrawn(strings: string[], l: StatementLine, from: number): void {
  const at = strings.findIndex(
    (s, i) =>
      i > from && s === l.date && strings[i + 2] === l.party && strings[i + 3] === formatAmount(l.amount),
  );
  expect(at, `${l.date} ${l.description}`).toBeGreaterThan(from);
  let described = strings[at + 1] ?? '';
  for (
    let i = at + 4;
    described !== l.description && l.description.startsWith(`${described} ${strings[i]}`);
    i++
  )
    described = `${described} ${strings[i]}`;
  expect(described).toBe(l.description);
}

describe('owner statement PDF', () => {
  it('formats amounts grouped with two decimals and months by name', () => {
    expect([1689.99, 0, -12.5, 1234567.8, 0.1].map(formatAmount)).toEqual([
      '1,689.99',
      '0.00',
      '-12.50',
      '1,234,567.80',
      '0.10',
    ]);
    expect(monthTitle('2031-05')).toBe('May 2031');
    expect(monthTitle('2030-12')).toBe('December 2030');
  });

  it('draws the landlord by name, the summary of each property with the totals, and every line of each account', async () => {
    const pdf = await readPdf(
      await ownerStatementPdf(SAMPLE_STATEMENT, { ...letterhead, businessName: 'Seaside Rentals' }),
    );
    const strings = pdf.pages.flat();
    expect(pdf.title).toBe('Owner statement June 2027: Lee Landlord');
    expect(strings.slice(0, 2)).toEqual(['Seaside Rentals', 'Owner statement June 2027']);
    expect(strings).toContain('Landlord: Lee Landlord');
    expect(strings.some((s) => /admin \d/.test(s))).toBe(false);
    expect(drawnFrom(strings, 'Property', 7)).toEqual([
      'Property',
      'Opening',
      'Income',
      'Expenses',
      'Fee',
      'Payouts',
      'Closing',
    ]);
    const [dune, elm] = SAMPLE_STATEMENT.items as [StatementRow, StatementRow];
    const six = (
      r: Pick<
        StatementRow,
        'openingBalance' | 'income' | 'expenses' | 'managementFee' | 'payouts' | 'closingBalance'
      >,
    ) =>
      [r.openingBalance, r.income, r.expenses, r.managementFee, r.payouts, r.closingBalance].map(
        formatAmount,
      );
    expect(drawnFrom(strings, 'Dune Cottage', 7)).toEqual(['Dune Cottage', ...six(dune)]);
    expect(drawnFrom(strings, 'Elm Street 4B', 7)).toEqual(['Elm Street 4B', ...six(elm)]);
    expect(drawnFrom(strings, 'Total', 7)).toEqual(['Total', ...six(SAMPLE_STATEMENT.totals)]);

    // Dune Cottage's account: its opening balance, each line (date, what, who, amount), totals, closing.
    const account = strings.indexOf('Dune Cottage (VR)');
    expect(drawnFrom(strings, 'Opening balance', 2, account)).toEqual([
      'Opening balance',
      formatAmount(dune.openingBalance),
    ]);
    for (const l of dune.lines) expectLineDrawn(strings, l, account);
    expect(drawnFrom(strings, 'Total income', 2, account)).toEqual([
      'Total income',
      formatAmount(dune.income),
    ]);
    expect(drawnFrom(strings, 'Total payouts', 2, account)).toEqual([
      'Total payouts',
      formatAmount(dune.payouts),
    ]);
    expect(strings).toContain('Management fee (10%)');
    expect(drawnFrom(strings, 'Closing balance', 2, account)).toEqual([
      'Closing balance',
      formatAmount(dune.closingBalance),
    ]);
    expect(strings).toContain(`Page 1 of ${pdf.pageCount}`);
  });

  it('says when the fee is charged while the month is not closed, and draws None for an empty category', async () => {
    const strings = (
      await readPdf(await ownerStatementPdf(statement([row(1, 'Cabin')]), letterhead))
    ).pages.flat();
    expect(strings).toContain('Charged when the month is closed, on day 3 of the next month.');
    expect(strings.filter((s) => s === 'None.')).toHaveLength(3);
  });

  it('draws what the font cannot show as ? and wraps a long name onto more rows, every word of it drawn', async () => {
    const name = `The ${'Very '.repeat(20)}Long House`;
    const items = [row(1, 'Villa 海 🌊 “Sol”'), row(2, name)];
    const strings = (await readPdf(await ownerStatementPdf(statement(items), letterhead))).pages.flat();
    expect(strings).toContain('Villa ? ? “Sol”');
    // The summary's name column: its rows, one after the other, are the whole name; none is cut.
    const first = strings.findIndex((s) => s.startsWith('The Very'));
    const rows = [strings[first] ?? ''];
    for (let i = first + 7; strings[i]?.startsWith('Very') || strings[i]?.endsWith('House'); i++)
      rows.push(strings[i] ?? '');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.join(' ')).toBe(name);
    expect(strings.some((s) => s.includes('…'))).toBe(false);
  });

  it('wraps a long line in its column instead of cutting it: a fee line says its whole base and rule', async () => {
    const rule =
      '10% of income collected 2,900.00, of which 1,450.00 collected before with no fee charged yet';
    const fee: StatementLine = {
      ...income(290, 31),
      category: 'fee',
      description: `Management fee May 2031: ${rule} (owner invoice 9)`,
      party: 'Lou Landlord',
      base: 2_900,
      rule,
    };
    const item = { ...row(1, 'Cabin', [fee]), income: 0, managementFee: 290, managementFeeBase: 2_900 };
    const strings = (await readPdf(await ownerStatementPdf(statement([item]), letterhead))).pages.flat();
    const at = strings.indexOf('2031-05-31');
    // Date, the description's first row, the party, the amount; then the description's further rows.
    expect(strings.slice(at + 2, at + 4)).toEqual(['Lou Landlord', '290.00']);
    const rows = [strings[at + 1], ...strings.slice(at + 4, at + 8)].filter(
      (s): s is string => s !== undefined && !/^Total/.test(s),
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.join(' ')).toContain(fee.description);
  });

  it('names the owner with their address and the statement date, and draws what is held apart and still open', async () => {
    const strings = (
      await readPdf(
        await ownerStatementPdf(SAMPLE_STATEMENT, { ...letterhead, businessName: 'Seaside Rentals' }),
      )
    ).pages.flat();
    expect(drawnFrom(strings, 'Landlord: Lee Landlord', 3)).toEqual([
      'Landlord: Lee Landlord',
      '7 Quay Street',
      'Wilmington, NC 28401',
    ]);
    expect(strings).toContain('Statement date: 2027-07-03');
    expect(strings).toContain('Period: 2027-06-01 to 2027-06-30');
    const [dune, elm] = SAMPLE_STATEMENT.items as [StatementRow, StatementRow];
    const duneAt = strings.indexOf('Dune Cottage (VR)');
    const elmAt = strings.indexOf('Elm Street 4B (LTR)');
    expect(drawnFrom(strings, 'Occupancy tax collected (not income, no fee on it)', 1, duneAt)).toHaveLength(
      1,
    );
    expect(drawnFrom(strings, 'Collected', 2, duneAt)).toEqual([
      'Collected',
      formatAmount(dune.occupancyTax.collected),
    ]);
    expect(drawnFrom(strings, 'Held at month end', 2, duneAt)).toEqual([
      'Held at month end',
      formatAmount(dune.occupancyTax.heldAtMonthEnd),
    ]);
    expect(drawnFrom(strings, 'Reserve kept (500.00)', 2, duneAt)).toEqual([
      'Reserve kept (500.00)',
      formatAmount(dune.reserveHeld),
    ]);
    expect(drawnFrom(strings, 'Unpaid bills as of 2027-07-03', 6, duneAt)).toEqual([
      'Unpaid bills as of 2027-07-03',
      '2027-07-28',
      'Pool service (service expense 15), dated 2027-06-28',
      'Blue Pools',
      '90.00',
      'Total still due',
    ]);
    expect(drawnFrom(strings, 'Security deposits held for tenants (not income)', 1, elmAt)).toHaveLength(1);
    expect(drawnFrom(strings, 'Received', 2, elmAt)).toEqual([
      'Received',
      formatAmount(elm.deposits.received),
    ]);
    expect(drawnFrom(strings, 'Held at month end', 2, elmAt)).toEqual([
      'Held at month end',
      formatAmount(elm.deposits.heldAtMonthEnd),
    ]);
  });

  it('goes onto more pages for many properties and lines, the headers repeated, the totals once', async () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      row(i + 1, `Unit ${i + 1}`, [income(10, 1), income(1.5, 2)]),
    );
    const pdf = await readPdf(await ownerStatementPdf(statement(items), letterhead));
    expect(pdf.pageCount).toBeGreaterThan(3);
    const all = pdf.pages.flat();
    expect(items.every((p) => all.includes(p.name) && all.includes(`${p.name} (VR)`))).toBe(true);
    expect(all.filter((s) => s === 'Total')).toHaveLength(1);
    expect(all.filter((s) => s === 'Total income')).toHaveLength(30);
    expect(drawnFrom(all, 'Total', 7)).toEqual(['Total', '0.00', '345.00', '0.00', '0.00', '0.00', '345.00']);
    expect(pdf.pages.at(-1)).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
  });

  it('says so when the landlord has no properties', async () => {
    const strings = (await readPdf(await ownerStatementPdf(statement([]), letterhead))).pages.flat();
    expect(strings).toContain('No properties.');
    expect(drawnFrom(strings, 'Total', 7)).toEqual(['Total', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
  });
});
