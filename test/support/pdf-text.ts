/**
 * Reads a PDF back for the tests: pdf-lib parses the file (a broken one throws) and gives its pages; the
 * text is what each page's content streams draw, the operands of their show-text operators (`Tj`) decoded
 * from the standard fonts' WinAnsi encoding. That is what a viewer renders, so a figure found here is on the
 * page, not only in metadata. pdf-lib has no text extraction of its own; this reads what it writes with a
 * standard font (hex strings, one per drawn string), not arbitrary PDFs.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream } from 'pdf-lib';

/** WinAnsi's 0x80–0x9F, where it differs from Latin-1 (the rest of the byte range is Latin-1). */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function winAnsi(hex: string): string {
  let out = '';
  for (let i = 0; i < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    out += byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80[byte - 0x80] : String.fromCharCode(byte);
  }
  return out;
}

export interface PdfText {
  pageCount: number;
  /** Per page, each drawn string in drawing order. */
  pages: string[][];
  title: string | undefined;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const parts: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const strings: string[] = [];
    for (const part of parts) {
      const stream = doc.context.lookup(part);
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const m of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) strings.push(winAnsi(m[1] ?? ''));
    }
    return strings;
  });
  return { pageCount: doc.getPageCount(), pages, title: doc.getTitle() };
}
