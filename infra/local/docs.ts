/**
 * The local runtime's own pages: `/openapi.json` (generated from the registry) and `/docs`, the API reference
 * drawn by Stoplight Elements (its web component, served from node_modules: no CDN, works offline). The page
 * loads light: the renderer is served compressed with a year's cache, and it draws one operation at a time
 * (docs/decisions.md "The docs page's renderer"). The login operations carry the demo accounts as examples, so
 * "Send API Request" signs in; the session cookie it sets serves the other calls. Every other operation's
 * example is a request that works on the demo store (infra/openapi-examples.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, WEBHOOK_PAYLOADS } from '../../functions/registry.js';
import { buildOpenApiDocument, type DemoLogins } from '../openapi.js';
import { demoExamples } from '../openapi-examples.js';
import { CompressedAssets, chosenEncoding, encode } from './compressed-assets.js';
import { ownScriptsCsp } from './page-csp.js';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

const assets = new CompressedAssets('/docs/assets', [
  {
    name: 'elements.js',
    file: require.resolve('@stoplight/elements/web-components.min.js'),
    type: 'text/javascript',
  },
  { name: 'elements.css', file: require.resolve('@stoplight/elements/styles.min.css'), type: 'text/css' },
  { name: 'contrast.css', file: join(here, 'docs-page', 'contrast.css'), type: 'text/css' },
  {
    name: 'accessible-names.js',
    file: join(here, 'docs-page', 'accessible-names.js'),
    type: 'text/javascript',
  },
]);

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rental property management API</title>
<meta name="description" content="The reference of the rental property management API, with requests to try on the local demo data.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${assets.url('elements.css')}">
<link rel="stylesheet" href="${assets.url('contrast.css')}">
<link rel="preload" href="/openapi.json" as="fetch" crossorigin>
<script defer src="${assets.url('elements.js')}"></script>
<script defer src="${assets.url('accessible-names.js')}"></script></head>
<body>
<header><p class="docs-note">Signing in: the session is a cookie set by the login operation (Admin authentication
or Tenant authentication → login → Send API Request; the example holds the local demo account). The browser then
sends the cookie with every request from this page.</p></header>
<main><elements-api apiDescriptionUrl="/openapi.json" router="hash" layout="sidebar" hideExport="true"></elements-api></main>
</body></html>`;

/** The demo fixture's accounts (infra/local/fixtures/demo.json), the local runtime's default seed. */
export function demoLogins(): DemoLogins {
  const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'demo.json');
  if (!existsSync(fixture)) return {};
  const demo = JSON.parse(readFileSync(fixture, 'utf8')) as {
    admins?: { adminAPIKey: string; adminAPISecret: string; adminRole: number }[];
    tenants?: { tenantEmail: string; password?: string; isActive?: number }[];
  };
  const admin = demo.admins?.find((a) => a.adminRole === 0);
  const tenant = demo.tenants?.find((t) => t.password && t.isActive !== 0);
  return {
    ...(admin ? { admin: { adminAPIKey: admin.adminAPIKey, adminAPISecret: admin.adminAPISecret } } : {}),
    ...(tenant?.password ? { tenant: { email: tenant.tenantEmail, password: tenant.password } } : {}),
  };
}

/**
 * The origin the page was opened at: the runtime's scheme with the request's Host. The document's server is
 * this origin, so "Send API Request" calls the API on the page's own origin: a page opened at 127.0.0.1 calling
 * localhost (another origin) is refused by CORS, and the session cookie of one host is not sent to the other.
 * A Host that is not a plain `host[:port]` falls back to the runtime's own URL.
 */
export function pageOrigin(req: IncomingMessage, baseUrl: string): string {
  const host = req.headers.host?.trim().toLowerCase();
  if (!host) return baseUrl;
  const { protocol } = new URL(baseUrl);
  try {
    const url = new URL(`${protocol}//${host}`);
    // Anything beyond a host and port (a path, credentials, a query) changes the URL's text: refused.
    return url.host === host && url.pathname === '/' && !url.search && !url.username ? url.origin : baseUrl;
  } catch {
    return baseUrl;
  }
}

export async function serveLocalPages(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  baseUrl: string,
): Promise<boolean> {
  // HEAD answers as GET without the body (RFC 9110 §9.3.2): link checkers and uptime probes send it.
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path === '/openapi.json') {
    const origin = pageOrigin(req, baseUrl);
    const document = JSON.stringify(
      buildOpenApiDocument(ROUTES, {
        serverUrl: origin,
        demoLogins: demoLogins(),
        webhooks: WEBHOOK_PAYLOADS,
        // Built at each request: the example stays are always about a month ahead.
        examples: demoExamples({ now: new Date(), origin: baseUrl }),
      }),
      null,
      2,
    );
    // 1.7 MB of JSON, a twentieth of it compressed: the docs page waits for it before it draws anything.
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    const body = await encode(Buffer.from(document), encoding === 'br' ? 'gzip' : encoding);
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': 'gzip' }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  if (path === '/docs' || path === '/docs/') {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(page),
      'Content-Security-Policy': ownScriptsCsp(),
      // The page names its assets by content hash: it must be revalidated, they need not be.
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : page);
    return true;
  }
  return assets.serve(req, res, path);
}
