/**
 * The local runtime's front page (`GET /`): where a browser pointed at the printed URL lands. It links the docs,
 * the mail page and the OpenAPI document and shows the demo accounts and the demo records' ids and coupon codes
 * when the demo fixture is loaded (infra/local/demo-store.ts). Also the
 * favicon of the local pages (`/favicon.ico`, `/favicon.svg`): a browser asks for /favicon.ico on any page,
 * the docs page included. Local runtime only: API Gateway in the cloud serves neither.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../shared/domain/messages/layout.js';
import type { DemoStore } from './demo-store.js';

export interface HomePageOptions {
  baseUrl: string;
  mailUrl: string;
  /** The demo fixture's sign-ins and records, when it is the store's data. */
  demoStore: DemoStore | undefined;
}

/** A house on a blue tile: small, inline, no file to ship. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M16 6 5 15h3v10h6v-6h4v6h6V15h3z" fill="#fff"/></svg>`;

export function serveHomePage(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: HomePageOptions,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path === '/favicon.ico' || path === '/favicon.svg') {
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' });
    res.end(req.method === 'HEAD' ? undefined : FAVICON_SVG);
    return true;
  }
  if (path !== '/' && path !== '/index.html') return false;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
  });
  res.end(req.method === 'HEAD' ? undefined : homePage(options));
  return true;
}

export function homePage({ baseUrl, mailUrl, demoStore }: HomePageOptions): string {
  const e = escapeHtml;
  const api = `${baseUrl}/API/vrProperties/V1/vrProperties.json`;
  const links = [
    ['/docs', 'API docs', 'every operation, with requests to send that work on the demo store'],
    ['/openapi.json', 'OpenAPI document', 'generated from the route registry'],
    [`${mailUrl}/`, 'Mail page', 'the e-mail the API sent (local SES); JSON at /store'],
    [api, 'A first call', 'the vacation rental list'],
    [
      '/autopay',
      'Autopay',
      'a tenant saves a test card for autopay and sees what it will and will not charge',
    ],
  ]
    .map(([href = '', label = '', what = '']) => `<li><a href="${e(href)}">${e(label)}</a> — ${e(what)}</li>`)
    .join('');
  const demo = demoStore
    ? `<h2>Demo accounts</h2><table><tr><th>who</th><th>sign in with</th><th>secret</th></tr>${demoStore.accounts
        .map(
          (a) =>
            `<tr><td>${e(a.role)}</td><td><code>${e(a.login)}</code></td><td><code>${e(a.secret)}</code></td></tr>`,
        )
        .join(
          '',
        )}</table><p>Admins sign in at <code>POST /API/auth/V1/login.json</code> (<code>adminAPIKey</code>, <code>adminAPISecret</code>), tenants at <code>POST /API/publicAuth/V1/login.json</code> (<code>email</code>, <code>password</code>); the session is a cookie.</p>
<h2>Demo records</h2><p>Ids and codes of the demo store (docs/fixtures.md); dates are days from the day it was first seeded.</p>${demoStore.records
        .map(
          (k) =>
            `<h3>${e(k.kind)}</h3><table>${k.rows.map((r) => `<tr><td><code>${e(r.id)}</code></td><td>${e(r.what)}</td></tr>`).join('')}</table>`,
        )
        .join('')}`
    : '<p>No demo data in this store (it was started with its own fixture or none).</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rental property management API (local)</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2.5rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem}h3{font-size:1rem;margin:1.2rem 0 .3rem}a{color:#0b5cad}code{background:#f2f4f7;padding:0 .25rem;border-radius:3px}
table{border-collapse:collapse}th,td{text-align:left;padding:.25rem .75rem .25rem 0;border-bottom:1px solid #e3e6ea}</style>
</head><body>
<main>
<h1>Rental property management API</h1>
<p>The local runtime: the same Lambda handlers as in the cloud, on DynamoDB Local, a local SES and a local Cognito.
The API answers under <code>${e(baseUrl)}/API/{controller}/V1/{action}.json</code>.</p>
<ul>${links}</ul>
${demo}
</main>
</body></html>
`;
}
