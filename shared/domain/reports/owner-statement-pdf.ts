/**
 * The owner statement as a PDF (DESIGN.md "Messages to people"; docs/reports.md): the very statement
 * `ownerStatement.json` answers, laid out for a landlord to read or file: the business's name, the landlord,
 * the month, a row per property (income, expenses, net) and the totals, amounts with two decimals in the site
 * currency. Written with pdf-lib's standard Helvetica (WinAnsi): every string drawn is a text operator a
 * reader can extract, and no font file is embedded. A character that font cannot show becomes `?`.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { OwnerStatement } from './owner-statement.js';

export interface StatementLetterhead {
  /** The business that sends the statement (settings `businessName`, else `siteName`). */
  businessName: string;
  /** The site currency (settings `paymentCurrency`), an ISO code shown beside the amounts. */
  currency: string;
}

/** US Letter in points; the margins leave room for the footer. */
const PAGE = { width: 612, height: 792, margin: 54 } as const;
const ROW = 18;
const SIZE = 10;
const GREY = rgb(0.4, 0.4, 0.4);

/** Columns: the property's name takes what the four others leave; amounts are right-aligned at `right`. */
const COLUMNS = {
  name: { x: PAGE.margin },
  type: { x: 300 },
  income: { right: 400 },
  expenses: { right: 480 },
  net: { right: PAGE.width - PAGE.margin },
} as const;
const NAME_WIDTH = COLUMNS.type.x - COLUMNS.name.x - 8;

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount as the PDF shows it: grouped, two decimals, `-` before a negative one (`1,614.54`, `-12.50`). */
export const formatAmount = (amount: number): string => amountFormat.format(amount);

/** `2031-05` → `May 2031`. */
export function monthTitle(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The file name a download of the statement gets. */
export const ownerStatementFileName = (landlord: number, month: string): string =>
  `owner-statement-${landlord}-${month}.pdf`;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The code points the standard fonts can draw (WinAnsi). */
  drawable: ReadonlySet<number>;
}

/** The text with what the font cannot draw (other scripts, emoji, control characters) as `?`. */
function drawableText(fonts: Fonts, text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 32 ? ' ' : fonts.drawable.has(code) ? ch : '?';
  }
  return out;
}

/** The text cut, with an ellipsis, to fit `width` (a long property name must not run into the next column). */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && font.widthOfTextAtSize(`${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Whether `lines` more rows fit above the footer. */
  fits(lines: number): boolean {
    return this.y - lines * ROW >= PAGE.margin + 2 * ROW;
  }

  down(points: number): void {
    this.y -= points;
  }

  text(text: string, x: number, opts: { size?: number; bold?: boolean; grey?: boolean } = {}): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    this.page.drawText(drawableText(this.fonts, text), {
      x,
      y: this.y,
      size: opts.size ?? SIZE,
      font,
      color: opts.grey ? GREY : rgb(0, 0, 0),
    });
  }

  /** Text ending at `right`. */
  textRight(text: string, right: number, bold = false): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const safe = drawableText(this.fonts, text);
    this.text(safe, right - font.widthOfTextAtSize(safe, SIZE), { bold });
  }

  rule(): void {
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y + ROW - 5 },
      end: { x: PAGE.width - PAGE.margin, y: this.y + ROW - 5 },
      thickness: 0.5,
      color: GREY,
    });
  }

  row(cells: { name: string; type: string; income: string; expenses: string; net: string }, bold = false) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    this.text(fitted(font, drawableText(this.fonts, cells.name), SIZE, NAME_WIDTH), COLUMNS.name.x, { bold });
    this.text(cells.type, COLUMNS.type.x, { bold });
    this.textRight(cells.income, COLUMNS.income.right, bold);
    this.textRight(cells.expenses, COLUMNS.expenses.right, bold);
    this.textRight(cells.net, COLUMNS.net.right, bold);
    this.down(ROW);
  }
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
  doc.setTitle(`${title}: ${drawableText(fonts, statement.landlordName)}`);
  doc.setAuthor(drawableText(fonts, letterhead.businessName));
  doc.setSubject(
    `Settled income, expenses and net per property, ${statement.dateFrom} to ${statement.dateTo}`,
  );
  doc.setCreator('rental-pm');

  const w = new Writer(doc, fonts);
  const currency = letterhead.currency.toUpperCase();
  const tableHead = () => {
    w.row(
      {
        name: 'Property',
        type: 'Type',
        income: `Income (${currency})`,
        expenses: `Expenses (${currency})`,
        net: `Net (${currency})`,
      },
      true,
    );
    w.rule();
  };

  w.newPage();
  w.text(letterhead.businessName, PAGE.margin, { size: 18, bold: true });
  w.down(28);
  w.text(title, PAGE.margin, { size: 14, bold: true });
  w.down(22);
  w.text(`Landlord: ${statement.landlordName || '(no name)'} (admin ${statement.landlord})`, PAGE.margin);
  w.down(ROW);
  w.text(`Period: ${statement.dateFrom} to ${statement.dateTo}`, PAGE.margin);
  w.down(ROW);
  w.text(`Amounts in ${currency}`, PAGE.margin);
  w.down(ROW * 2);
  tableHead();

  if (statement.items.length === 0) {
    w.text('No properties.', PAGE.margin, { grey: true });
    w.down(ROW);
  }
  for (const item of statement.items) {
    if (!w.fits(2)) {
      w.newPage();
      tableHead();
    }
    w.row({
      name: item.name,
      type: item.type.toUpperCase(),
      income: formatAmount(item.income),
      expenses: formatAmount(item.expenses),
      net: formatAmount(item.net),
    });
  }
  if (!w.fits(3)) {
    w.newPage();
    tableHead();
  }
  w.down(4);
  w.rule();
  w.row(
    {
      name: 'Total',
      type: '',
      income: formatAmount(statement.totals.income),
      expenses: formatAmount(statement.totals.expenses),
      net: formatAmount(statement.totals.net),
    },
    true,
  );

  const note =
    'Settled money only: payments received on the properties’ invoices and paid on their expenses, refunds deducted.';
  w.pages.forEach((page, i) => {
    const footer = (text: string, y: number) =>
      page.drawText(text, { x: PAGE.margin, y, size: 8, font: regular, color: GREY });
    footer(note, PAGE.margin - 8);
    footer(`Page ${i + 1} of ${w.pages.length}`, PAGE.margin - 20);
  });
  return doc.save();
}
