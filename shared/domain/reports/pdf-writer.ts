/**
 * The page writer of the owner statement PDF (owner-statement-pdf.ts): pdf-lib pages of US Letter with the
 * standard Helvetica (WinAnsi), a cursor that moves down row by row and starts a new page above the footer,
 * text wrapped onto as many rows as its column needs (never cut: every word of a line is on the page), and
 * what the font cannot draw as `?`.
 */
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/** US Letter in points; the margins leave room for the footer. */
export const PAGE = { width: 612, height: 792, margin: 54 } as const;
export const RIGHT = PAGE.width - PAGE.margin;
export const ROW = 15;
export const SIZE = 9;
export const GREY = rgb(0.4, 0.4, 0.4);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The code points the standard fonts can draw (WinAnsi). */
  drawable: ReadonlySet<number>;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  grey?: boolean;
}

/** One cell of a row: text at `x`, wrapped to `width` (a long text must not run into the next column). */
export interface Cell extends TextOptions {
  text: string;
  x: number;
  /** The column's width: the text wraps onto more rows to fit it. Absent: one row, as long as it is. */
  width?: number;
  /** Right-aligned, ending at `x` (amounts: never wrapped). */
  right?: boolean;
}

/** The text with what the font cannot draw (other scripts, emoji, control characters) as `?`. */
export function drawableText(fonts: Fonts, text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 32 ? ' ' : fonts.drawable.has(code) ? ch : '?';
  }
  return out;
}

/** A word too long for the column, broken into pieces that fit it. */
function brokenWord(font: PDFFont, word: string, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece !== '' && font.widthOfTextAtSize(piece + ch, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  return piece === '' ? pieces : [...pieces, piece];
}

/** The text in rows that each fit `width`, broken between words (a word wider than a row, inside it). */
export function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = row === '' ? word : `${row} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      row = candidate;
      continue;
    }
    if (row !== '') rows.push(row);
    const pieces = font.widthOfTextAtSize(word, size) <= width ? [word] : brokenWord(font, word, size, width);
    row = pieces.pop() ?? '';
    rows.push(...pieces);
  }
  return row === '' && rows.length > 0 ? rows : [...rows, row];
}

export class Writer {
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

  /** A new page unless `lines` more rows fit above the footer. */
  ensure(lines: number): boolean {
    if (this.y - lines * ROW >= PAGE.margin + 2 * ROW) return false;
    this.newPage();
    return true;
  }

  down(points = ROW): void {
    this.y -= points;
  }

  private font(opts: TextOptions): PDFFont {
    return opts.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** One string at `x` on the current row (`dy` points lower), as it is. */
  text(text: string, x: number, opts: TextOptions = {}, dy = 0): void {
    this.page.drawText(drawableText(this.fonts, text), {
      x,
      y: this.y - dy,
      size: opts.size ?? SIZE,
      font: this.font(opts),
      color: opts.grey ? GREY : rgb(0, 0, 0),
    });
  }

  /** A cell's rows: wrapped to its width, or one row. */
  private rowsOf(cell: Cell): string[] {
    const safe = drawableText(this.fonts, cell.text);
    if (cell.right || cell.width === undefined) return [safe];
    return wrapped(this.font(cell), safe, cell.size ?? SIZE, cell.width);
  }

  /**
   * A row of cells, each wrapped onto as many rows as it needs, the cursor moved below the tallest; on a new
   * page first when it does not fit (then `continued` draws the page's heading). The first rows of every cell
   * are drawn before the rest, so a reader meets them in column order.
   */
  row(cells: readonly Cell[], continued?: () => void, leading = ROW): void {
    const laid = cells.map((cell) => ({ cell, rows: this.rowsOf(cell) }));
    const height = Math.max(1, ...laid.map((l) => l.rows.length));
    if (this.ensure(height) && continued) continued();
    for (let i = 0; i < height; i++)
      for (const { cell, rows } of laid) {
        const text = rows[i];
        if (text === undefined) continue;
        const x = cell.right ? cell.x - this.font(cell).widthOfTextAtSize(text, cell.size ?? SIZE) : cell.x;
        this.text(text, x, cell, i * leading);
      }
    this.down(height * leading);
  }

  /** Text ending at `right`. */
  textRight(text: string, right: number, opts: TextOptions = {}): void {
    const safe = drawableText(this.fonts, text);
    this.text(safe, right - this.font(opts).widthOfTextAtSize(safe, opts.size ?? SIZE), opts);
  }

  rule(): void {
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y + ROW - 4 },
      end: { x: RIGHT, y: this.y + ROW - 4 },
      thickness: 0.5,
      color: GREY,
    });
  }
}
