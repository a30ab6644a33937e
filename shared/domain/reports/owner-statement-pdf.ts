/**
 * The owner statement as a PDF (DESIGN.md "Messages to people"; docs/reports.md): the very statement
 * `ownerStatement.json` answers, laid out as property managers send it: the business's name, the landlord by
 * name, the month; a summary with a row per property (opening balance, income, expenses, management fee,
 * payouts, closing balance) and the totals; then each property's account: its opening balance, every line of
 * the month by category (date, what, tenant or vendor, amount) with the category's total, and its closing
 * balance. Written with pdf-lib's standard Helvetica (WinAnsi): every string drawn is a text operator a reader
 * can extract, and no font file is embedded. A character that font cannot show becomes `?`.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { StatementCategory } from './owner-account.js';
import type { OwnerStatement, StatementLine, StatementRow, StatementTotals } from './owner-statement.js';
import { drawableText, type Fonts, GREY, PAGE, RIGHT, ROW, Writer } from './pdf-writer.js';
import { formatAmount, formatPercent, monthTitle } from './statement-format.js';

export { formatAmount, monthTitle } from './statement-format.js';

export interface StatementLetterhead {
  /** The business that sends the statement (settings `businessName`, else `siteName`). */
  businessName: string;
  /** The site currency (settings `paymentCurrency`), an ISO code shown beside the amounts. */
  currency: string;
  /** The day of the next month the month is closed and its fee charged (settings `ownerStatementDay`). */
  ownerStatementDay: number;
}

/** The summary's columns: the name takes what the six amounts (right-aligned at their edge) leave. */
const SUMMARY = {
  name: PAGE.margin,
  amounts: [248, 310, 372, 434, 496, RIGHT],
} as const;

/** A property's lines: date, what, tenant or vendor, amount (right-aligned). */
const LINES = { date: PAGE.margin, what: 112, party: 380, amount: RIGHT } as const;

const CATEGORY_TITLES: Record<StatementCategory, { title: string; total: string }> = {
  income: { title: 'Income', total: 'Total income' },
  expense: { title: 'Expenses', total: 'Total expenses' },
  fee: { title: 'Management fee', total: 'Total management fee' },
  payout: { title: 'Payouts to the owner', total: 'Total payouts' },
};

const CATEGORY_FIGURE: Record<StatementCategory, keyof StatementTotals> = {
  income: 'income',
  expense: 'expenses',
  fee: 'managementFee',
  payout: 'payouts',
};

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

function summaryRow(w: Writer, name: string, cells: readonly string[], bold = false): void {
  w.text(name, SUMMARY.name, { bold, width: SUMMARY.amounts[0] - 58 - SUMMARY.name - 8 });
  cells.forEach((cell, i) => {
    w.textRight(cell, SUMMARY.amounts[i] ?? RIGHT, { bold });
  });
  w.down();
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
  for (const item of statement.items) {
    if (w.ensure(2)) head();
    summaryRow(w, item.name, summaryFigures(item).map(formatAmount));
  }
  if (w.ensure(2)) head();
  w.down(3);
  w.rule();
  summaryRow(w, 'Total', summaryFigures(statement.totals).map(formatAmount), true);
}

function lineRow(w: Writer, line: StatementLine): void {
  w.text(line.date, LINES.date);
  w.text(line.description, LINES.what, { width: LINES.party - LINES.what - 8 });
  w.text(line.party, LINES.party, { width: LINES.amount - 60 - LINES.party });
  w.textRight(formatAmount(line.amount), LINES.amount);
  w.down();
}

/** One category of a property's account: its lines (or a word that there are none) and their total. */
function categoryBlock(
  w: Writer,
  item: StatementRow,
  category: StatementCategory,
  continued: () => void,
  letterhead: StatementLetterhead,
): void {
  const lines = item.lines.filter((l) => l.category === category);
  const words = CATEGORY_TITLES[category];
  if (w.ensure(3)) continued();
  w.down(4);
  const title =
    category === 'fee' ? `${words.title} (${formatPercent(item.managementFeePercent)})` : words.title;
  w.text(title, PAGE.margin, { bold: true });
  w.down();
  if (lines.length === 0) {
    const none =
      category === 'fee' && !item.feeCharged
        ? `Charged when the month is closed, on day ${letterhead.ownerStatementDay} of the next month.`
        : 'None.';
    w.text(none, LINES.what, { grey: true });
    w.down();
    return;
  }
  for (const line of lines) {
    if (w.ensure(1)) continued();
    lineRow(w, line);
  }
  if (w.ensure(1)) continued();
  w.text(words.total, LINES.what);
  w.textRight(formatAmount(item[CATEGORY_FIGURE[category]]), RIGHT);
  w.down();
}

/** One property's account: opening balance, the lines by category with their totals, closing balance. */
function propertyAccount(w: Writer, item: StatementRow, letterhead: StatementLetterhead): void {
  const title = `${item.name} (${item.type.toUpperCase()})`;
  const heading = (continued: boolean) => {
    w.text(continued ? `${title}, continued` : title, PAGE.margin, {
      size: 11,
      bold: true,
      width: RIGHT - PAGE.margin,
    });
    w.down(ROW + 2);
  };
  const balance = (label: string, amount: number) => {
    w.text(label, PAGE.margin, { bold: true });
    w.textRight(formatAmount(amount), RIGHT, { bold: true });
    w.down();
  };
  w.ensure(6);
  heading(false);
  balance('Opening balance', item.openingBalance);
  for (const category of Object.keys(CATEGORY_TITLES) as StatementCategory[])
    categoryBlock(w, item, category, () => heading(true), letterhead);
  if (w.ensure(2)) heading(true);
  w.down(4);
  w.rule();
  balance('Closing balance', item.closingBalance);
  w.down(ROW);
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
  const landlord = statement.landlordName || 'Landlord';
  doc.setTitle(`${title}: ${drawableText(fonts, landlord)}`);
  doc.setAuthor(drawableText(fonts, letterhead.businessName));
  doc.setSubject(
    `Opening balance, income, expenses, management fee, payouts and closing balance per property, ${statement.dateFrom} to ${statement.dateTo}`,
  );
  doc.setCreator('rental-pm');

  const w = new Writer(doc, fonts);
  const currency = letterhead.currency.toUpperCase();
  w.newPage();
  w.text(letterhead.businessName, PAGE.margin, { size: 18, bold: true });
  w.down(28);
  w.text(title, PAGE.margin, { size: 14, bold: true });
  w.down(22);
  w.text(`Landlord: ${landlord}`, PAGE.margin, { size: 10 });
  w.down();
  w.text(`Period: ${statement.dateFrom} to ${statement.dateTo}`, PAGE.margin, { size: 10 });
  w.down();
  w.text(`Amounts in ${currency}`, PAGE.margin, { size: 10 });
  w.down(ROW * 2);
  summary(w, statement, currency);
  w.down(ROW);
  for (const item of statement.items) propertyAccount(w, item, letterhead);

  const note =
    'Opening + income - expenses - fee - payouts = closing. Money received and paid out, refunds deducted.';
  w.pages.forEach((page, i) => {
    const footer = (text: string, y: number) =>
      page.drawText(text, { x: PAGE.margin, y, size: 7, font: regular, color: GREY });
    footer(note, PAGE.margin - 8);
    footer(`Page ${i + 1} of ${w.pages.length}`, PAGE.margin - 20);
  });
  return doc.save();
}
