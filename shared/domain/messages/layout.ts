/**
 * The one frame every message is written in: a template lists blocks of plain text (paragraphs, a table of
 * facts, a link, a note), and this module writes them twice, as text and as HTML, escaping every value in
 * the HTML in this one place. Text a visitor typed is defanged by the template before it gets here
 * (shared/domain/messages/visitor-text.ts), so neither part can turn it into a link.
 */
import type { MailSite } from './format.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label and value rows; `emphasis` rows (a total) stand out. */
  | { kind: 'facts'; rows: readonly FactRow[] }
  /** A button in HTML, `label: url` in text. */
  | { kind: 'action'; label: string; href: string }
  /** A titled text whose line breaks are kept (a policy, check-in instructions). */
  | { kind: 'note'; title: string; text: string };

export interface FactRow {
  label: string;
  value: string;
  emphasis?: boolean;
}

export const heading = (text: string): Block => ({ kind: 'heading', text });
export const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
export const facts = (rows: readonly FactRow[]): Block => ({ kind: 'facts', rows });
export const action = (label: string, href: string): Block => ({ kind: 'action', label, href });
export const note = (title: string, text: string): Block => ({ kind: 'note', title, text });

/** For values placed into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A header value on one line (a subject never carries a line break into the mail's headers). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const textOf = (block: Block): string => {
  switch (block.kind) {
    case 'heading':
      return `${block.text}\n${'-'.repeat(Math.min(block.text.length, 60))}`;
    case 'paragraph':
      return block.text;
    case 'facts': {
      const width = Math.max(...block.rows.map((r) => r.label.length), 0);
      return block.rows.map((r) => `${`${r.label}:`.padEnd(width + 2)}${r.value}`).join('\n');
    }
    case 'action':
      return `${block.label}: ${block.href}`;
    case 'note':
      return `${block.title}:\n${block.text.trim()}`;
  }
};

const CELL = 'padding:4px 12px 4px 0;vertical-align:top';

const htmlOf = (block: Block): string => {
  switch (block.kind) {
    case 'heading':
      return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return `<p style="margin:0 0 12px">${escapeHtml(block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${block.rows
        .map((r) => {
          const weight = r.emphasis ? 'font-weight:bold;border-top:1px solid #ccc;' : '';
          return `<tr><td style="${weight}${CELL};color:#555">${escapeHtml(r.label)}</td><td style="${weight}${CELL}">${escapeHtml(r.value)}</td></tr>`;
        })
        .join('')}</table>`;
    case 'action':
      return `<p style="margin:16px 0"><a href="${escapeHtml(block.href)}" target="_blank" rel="noopener" style="background:#1a5fb4;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(block.label)}</a></p>`;
    case 'note':
      return `<h3 style="font-size:15px;margin:20px 0 6px">${escapeHtml(block.title)}</h3><p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(block.text.trim())}</p>`;
  }
};

/** The sender's lines under every message: name, address, e-mail, phone (those the site has). */
const signature = (site: MailSite): string[] =>
  [site.name, site.address, site.email, site.phone].map((s) => s.trim()).filter((s) => s !== '');

/** A message of the blocks, from the site, as text and HTML. */
export function compose(site: MailSite, subject: string, blocks: readonly Block[]): RenderedMail {
  const title = oneLine(subject);
  const footer = signature(site);
  const text = `${[...blocks.map(textOf), footer.join('\n')].join('\n\n')}\n`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#222">',
    '<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:6px">',
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${escapeHtml(site.name)}</p>`,
    ...blocks.map(htmlOf),
    `<p style="margin:24px 0 0;color:#777;font-size:12px">${footer.map(escapeHtml).join('<br>')}</p>`,
    '</div></body></html>',
    '',
  ].join('\n');
  return { subject: title, text, html };
}
