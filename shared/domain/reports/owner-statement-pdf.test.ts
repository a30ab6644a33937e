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

const row = (propertyId: number, name: string, lines: StatementLine[] = []): StatementRow => {
  const total = lines.reduce((t, l) => t + Math.round(l.amount * 100), 0) / 100;
  return {
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
    landlord: 2,
    landlordName: 'Lou Landlord',
    items,
    totals: {
      openingBalance: sum('openingBalance'),
      income: sum('income'),
      expenses: sum('expenses'),
      managementFee: sum('managementFee'),
      payouts: sum('payouts'),
      closingBalance: sum('closingBalance'),
      net: sum('net'),
    },
  };
};

/** The strings drawn after `label`, `count` of them. */
const drawnFrom = (strings: string[], label: string, count: number, from = 0) => {
  const at = strings.indexOf(label, from);
  expect(at, `${label} drawn`).toBeGreaterThanOrEqual(0);
  return strings.slice(at, at + count);
};

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
    for (const l of dune.lines)
      expect(drawnFrom(strings, l.date, 4, account).slice(1)).toEqual([
        l.description,
        l.party,
        formatAmount(l.amount),
      ]);
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

  it('draws what the font cannot show as ? and cuts a long name with an ellipsis', async () => {
    const items = [row(1, 'Villa 海 🌊 “Sol”'), row(2, `The ${'Very '.repeat(20)}Long House`)];
    const strings = (await readPdf(await ownerStatementPdf(statement(items), letterhead))).pages.flat();
    expect(strings).toContain('Villa ? ? “Sol”');
    const long = strings.find((s) => s.startsWith('The Very'));
    expect(long?.endsWith('…')).toBe(true);
    expect(long?.length).toBeLessThan(40);
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
