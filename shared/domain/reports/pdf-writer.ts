/**
 * The page writer of the owner statement PDF (owner-statement-pdf.ts): pdf-lib pages of US Letter with the
 * standard Helvetica (WinAnsi), a cursor that moves down row by row and starts a new page above the footer,
 * text that is cut to its column with an ellipsis, and what the font cannot draw as `?`.
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
  /** Cut with an ellipsis to fit this width (a long name must not run into the next column). */
  width?: number;
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

/** The text cut, with an ellipsis, to fit `width`. */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && font.widthOfTextAtSize(`${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
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

  text(text: string, x: number, opts: TextOptions = {}): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const size = opts.size ?? SIZE;
    const safe = drawableText(this.fonts, text);
    this.page.drawText(opts.width === undefined ? safe : fitted(font, safe, size, opts.width), {
      x,
      y: this.y,
      size,
      font,
      color: opts.grey ? GREY : rgb(0, 0, 0),
    });
  }

  /** Text ending at `right`. */
  textRight(text: string, right: number, opts: TextOptions = {}): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const safe = drawableText(this.fonts, text);
    this.text(safe, right - font.widthOfTextAtSize(safe, opts.size ?? SIZE), opts);
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
