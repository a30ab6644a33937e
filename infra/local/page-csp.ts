/**
 * The Content-Security-Policy of the local pages. The card pages (`/pay`, `/autopay`) run only their one inline
 * script (by its hash); the docs page runs only scripts from its own origin (the renderer's bundle and the
 * page's own file) and its one line in the head (by its hash), with the inline styles its renderer sets. Every page talks to its own origin only (the
 * API and the Stripe stand-in) and can be neither framed nor used to post a form elsewhere.
 */
import { createHash } from 'node:crypto';

const pageCsp = (scriptSrc: string, styleSrc: string): string =>
  [
    "default-src 'none'",
    `script-src ${scriptSrc}`,
    `style-src ${styleSrc}`,
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

export const inlineScriptCsp = (script: string): string => pageCsp(hashOf(script), "'unsafe-inline'");

/**
 * Scripts and style sheets from the page's origin, and the inline scripts given (by their hash); the renderer
 * (React) also sets inline styles.
 */
export const ownScriptsCsp = (...inline: string[]): string =>
  pageCsp(["'self'", ...inline.map(hashOf)].join(' '), "'self' 'unsafe-inline'");
