/**
 * The owner statement PDF, read back with pdf-lib (test/support/pdf-text.ts): the drawn strings carry the
 * business, the landlord, the month, each property's row and the totals with two decimals; names the
 * standard font cannot draw become `?`, long ones are cut; many properties go onto more pages.
 */
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/support/pdf-text.js';
import type { OwnerStatement, StatementRow } from './owner-statement.js';
import { formatAmount, monthTitle, ownerStatementPdf } from './owner-statement-pdf.js';

const row = (propertyId: number, name: string, income: number, expenses: number): StatementRow => ({
  propertyId,
  name,
  type: 'vr',
  income,
  expenses,
  net: Math.round((income - expenses) * 100) / 100,
  transactions: 1,
});

const statement = (items: StatementRow[]): OwnerStatement => ({
  month: '2031-05',
  dateFrom: '2031-05-01',
  dateTo: '2031-05-31',
  landlord: 2,
  landlordName: 'Lou Landlord',
  items,
  totals: { income: 1689.99, expenses: 75.45, net: 1614.54 },
});

const letterhead = { businessName: 'Harbour Lets', currency: 'usd' };

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

  it('draws the business, landlord, month, a row per property and the totals', async () => {
    const items = [row(11, 'Elm Apartment', 1200, 0), row(2001, 'Beach House', 489.99, 75.45)];
    const pdf = await readPdf(await ownerStatementPdf(statement(items), letterhead));
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('Owner statement May 2031: Lou Landlord');
    const strings = pdf.pages[0] ?? [];
    expect(strings.slice(0, 2)).toEqual(['Harbour Lets', 'Owner statement May 2031']);
    expect(strings).toContain('Landlord: Lou Landlord (admin 2)');
    expect(strings).toContain('Amounts in USD');
    expect(strings).toContain('Income (USD)');
    const at = (label: string) => strings.indexOf(label);
    expect(strings.slice(at('Elm Apartment'), at('Elm Apartment') + 5)).toEqual([
      'Elm Apartment',
      'VR',
      '1,200.00',
      '0.00',
      '1,200.00',
    ]);
    expect(strings.slice(at('Beach House'), at('Beach House') + 5)).toEqual([
      'Beach House',
      'VR',
      '489.99',
      '75.45',
      '414.54',
    ]);
    expect(strings.slice(at('Total'), at('Total') + 5)).toEqual([
      'Total',
      '',
      '1,689.99',
      '75.45',
      '1,614.54',
    ]);
    expect(strings).toContain('Page 1 of 1');
  });

  it('draws what the font cannot show as ? and cuts a long name with an ellipsis', async () => {
    const items = [row(1, 'Villa 海 🌊 “Sol”', 1, 0), row(2, `The ${'Very '.repeat(20)}Long House`, 1, 0)];
    const strings = (await readPdf(await ownerStatementPdf(statement(items), letterhead))).pages[0] ?? [];
    expect(strings).toContain('Villa ? ? “Sol”');
    const long = strings.find((s) => s.startsWith('The Very'));
    expect(long?.endsWith('…')).toBe(true);
    expect(long?.length).toBeLessThan(60);
  });

  it('goes onto more pages for many properties, the header repeated, the totals once at the end', async () => {
    const items = Array.from({ length: 40 }, (_, i) => row(i + 1, `Unit ${i + 1}`, 10, 1));
    const pdf = await readPdf(await ownerStatementPdf(statement(items), letterhead));
    expect(pdf.pageCount).toBe(2);
    const all = pdf.pages.flat();
    expect(items.every((p) => all.includes(p.name))).toBe(true);
    expect(pdf.pages.map((p) => p.filter((s) => s === 'Property').length)).toEqual([1, 1]);
    expect(all.filter((s) => s === 'Total')).toHaveLength(1);
    expect(pdf.pages[1]).toContain('Total');
    expect(pdf.pages[1]).toContain('Page 2 of 2');
  });

  it('says so when the landlord has no properties', async () => {
    const empty = { ...statement([]), totals: { income: 0, expenses: 0, net: 0 } };
    const strings = (await readPdf(await ownerStatementPdf(empty, letterhead))).pages[0] ?? [];
    expect(strings).toContain('No properties.');
    expect(strings.slice(strings.indexOf('Total'))).toEqual([
      'Total',
      '',
      '0.00',
      '0.00',
      '0.00',
      expect.any(String),
      'Page 1 of 1',
    ]);
  });
});
