/**
 * The Content-Security-Policy of the local card pages (`/pay`, `/autopay`): only their one inline script runs
 * (by its hash), and the page talks to its own origin only (the API and the Stripe stand-in).
 */
import { createHash } from 'node:crypto';

export const inlineScriptCsp = (script: string): string =>
  [
    "default-src 'none'",
    `script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
