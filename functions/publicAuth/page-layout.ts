/**
 * What the publicAuth pages share (activation-page.ts): the small HTML page, its headers and the link back to the
 * site. Every value is escaped; the pages run no script.
 */
import { escapeHtml } from '../../shared/domain/messages/layout.js';

export interface Site {
  name: string;
  url: string | undefined;
  /** The site's password-reset page for the address the page is about, when known. */
  resetUrl?: string | undefined;
}

/** The page's own policy: inline styles only, no scripts, no framing (the framed notice is the exception). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function siteLink(site: Site): string {
  return site.url ? `<p><a href="${escapeHtml(site.url)}">Go to ${escapeHtml(site.name)}</a></p>` : '';
}

export function resetLink(site: Site): string {
  return site.resetUrl ? `<p><a href="${escapeHtml(site.resetUrl)}">Reset the password</a></p>` : '';
}

export function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}h1{font-size:1.5rem}a{color:#0b5cad}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>
`;
}

export function pageHeaders(): Record<string, string> {
  // The link's URL holds the token: no Referer to the site the page links to.
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': PAGE_CSP,
    'Referrer-Policy': 'no-referrer',
  };
}
