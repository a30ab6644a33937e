/**
 * The owner statement as a PDF (DESIGN.md "Messages to people"; docs/reports.md): the very statement
 * `ownerStatement.json` answers, laid out as property managers send it: the business's name, the owner by name
 * with their mailing address, the statement date and the period; a summary with a row per property (opening
 * balance, income, expenses, management fee, payouts, closing balance) and the totals, and what is held apart
 * (deposits, tax, the reserve) and still open (bills, rent); then each property's account
 * (owner-statement-pdf-account.ts). Written with pdf-lib's standard Helvetica (WinAnsi): every string drawn is a
 * text operator a reader can extract, and no font file is embedded. A character that font cannot show becomes
 * `?`; a text longer than its column wraps onto more rows, never cut.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { OwnerStatement, StatementTotals } from './owner-statement.js';
import { propertyAccount, type StatementLetterhead } from './owner-statement-pdf-account.js';
import { drawableText, type Fonts, GREY, PAGE, RIGHT, ROW, Writer } from './pdf-writer.js';
import { formatAmount, monthTitle } from './statement-format.js';

export type { StatementLetterhead } from './owner-statement-pdf-account.js';
export { formatAmount, monthTitle } from './statement-format.js';

/** The summary's columns: the name takes what the six amounts (right-aligned at their edge) leave. */
const SUMMARY = {
  name: PAGE.margin,
  amounts: [248, 310, 372, 434, 496, RIGHT],
} as const;
const SUMMARY_NAME_WIDTH = SUMMARY.amounts[0] - 58 - SUMMARY.name - 8;

/** The file name a download of the statement gets. */
export const ownerStatementFileName = (landlord: number, month: string): string =>
  `owner-statement-${landlord}-${month}.pdf`;

/** The summary's six figures of a row or of the totals, in column order. */
const summaryFigures = (f: StatementTotals): number[] => [
  f.openingBalance,
  f.income,
  f.expenses,
  f.managementFee,
  f.payouts,
  f.closingBalance,
];

function summaryRow(w: Writer, name: string, cells: readonly string[], bold = false, head?: () => void) {
  w.row(
    [
      { text: name, x: SUMMARY.name, width: SUMMARY_NAME_WIDTH, bold },
      ...cells.map((cell, i) => ({ text: cell, x: SUMMARY.amounts[i] ?? RIGHT, right: true, bold })),
    ],
    head,
  );
}

/** A label and its amount on one row (wrapping the label). */
function figureRow(w: Writer, label: string, amount: number, opts: { bold?: boolean } = {}) {
  w.row([
    { text: label, x: PAGE.margin, width: RIGHT - PAGE.margin - 90, ...opts },
    { text: formatAmount(amount), x: RIGHT, right: true, ...opts },
  ]);
}

function summary(w: Writer, statement: OwnerStatement, currency: string): void {
  const head = () => {
    w.text(`Summary (${currency})`, PAGE.margin, { size: 11, bold: true });
    w.down(ROW + 2);
    summaryRow(w, 'Property', ['Opening', 'Income', 'Expenses', 'Fee', 'Payouts', 'Closing'], true);
    w.rule();
  };
  head();
  if (statement.items.length === 0) {
    w.text('No properties.', PAGE.margin, { grey: true });
    w.down();
  }
  for (const item of statement.items)
    summaryRow(w, item.name, summaryFigures(item).map(formatAmount), false, head);
  if (w.ensure(2)) head();
  w.down(3);
  w.rule();
  summaryRow(w, 'Total', summaryFigures(statement.totals).map(formatAmount), true);
  const t = statement.totals;
  w.ensure(8);
  w.down(6);
  figureRow(w, 'Security deposits held for tenants at month end (not your money)', t.deposits.heldAtMonthEnd);
  figureRow(
    w,
    'Tax collected, held for remittance at month end (not your money)',
    t.occupancyTax.heldAtMonthEnd,
  );
  figureRow(w, 'Reserve held of your balance', t.reserveHeld);
  figureRow(w, 'Available for payout', t.availableForPayout, { bold: true });
  figureRow(w, `Unpaid bills as of ${statement.statementDate}`, t.unpaidBills);
  figureRow(w, `Rent not yet paid as of ${statement.statementDate}`, t.unpaidRent);
}

/** The letterhead: business, title, the owner with their address, the statement date and the period. */
function heading(w: Writer, statement: OwnerStatement, letterhead: StatementLetterhead, title: string): void {
  const landlord = statement.landlordName || 'Landlord';
  w.row([
    { text: letterhead.businessName, x: PAGE.margin, width: RIGHT - PAGE.margin, size: 18, bold: true },
  ]);
  w.down(10);
  w.text(title, PAGE.margin, { size: 14, bold: true });
  w.down(22);
  w.row([{ text: `Landlord: ${landlord}`, x: PAGE.margin, width: RIGHT - PAGE.margin, size: 10 }]);
  for (const line of statement.landlordAddress.split('\n').filter((l) => l.trim() !== ''))
    w.row([{ text: line.trim(), x: PAGE.margin + 50, width: RIGHT - PAGE.margin - 50, size: 10 }]);
  w.text(`Statement date: ${statement.statementDate}`, PAGE.margin, { size: 10 });
  w.down();
  w.text(`Period: ${statement.dateFrom} to ${statement.dateTo}`, PAGE.margin, { size: 10 });
  w.down();
  w.text(`Amounts in ${letterhead.currency.toUpperCase()}`, PAGE.margin, { size: 10 });
  w.down(ROW * 2);
}

/**
 * Renders the statement. The figures are the statement's own (shared/domain/reports/owner-statement.ts), so
 * the PDF and the JSON cannot disagree; only their formatting is done here.
 */
export async function ownerStatementPdf(
  statement: OwnerStatement,
  letterhead: StatementLetterhead,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, drawable: new Set(regular.getCharacterSet()) };
  const title = `Owner statement ${monthTitle(statement.month)}`;
  doc.setTitle(`${title}: ${drawableText(fonts, statement.landlordName || 'Landlord')}`);
  doc.setAuthor(drawableText(fonts, letterhead.businessName));
  doc.setSubject(
    `Opening balance, income, expenses, management fee, payouts and closing balance per property, ${statement.dateFrom} to ${statement.dateTo}`,
  );
  doc.setCreator('rental-pm');

  const w = new Writer(doc, fonts);
  w.newPage();
  heading(w, statement, letterhead, title);
  summary(w, statement, letterhead.currency.toUpperCase());
  w.down(ROW);
  for (const item of statement.items) propertyAccount(w, statement, item, letterhead);

  const notes = [
    'Opening + income - expenses - fee - payouts = closing. Money received and paid out, refunds deducted.',
    'Deposits and tax collected are held apart: never income, never in the management fee.',
  ];
  w.pages.forEach((page, i) => {
    const footer = (text: string, y: number) =>
      page.drawText(text, { x: PAGE.margin, y, size: 7, font: regular, color: GREY });
    footer(notes[0] ?? '', PAGE.margin - 8);
    footer(notes[1] ?? '', PAGE.margin - 17);
    footer(`Page ${i + 1} of ${w.pages.length}`, PAGE.margin - 28);
  });
  return doc.save();
}
