/**
 * The local runtime's own pages: `/openapi.json` (generated from the registry) and `/docs`, Swagger UI from
 * the swagger-ui-dist package (served from node_modules: no CDN, works offline). The login operations carry
 * the demo accounts as examples, so "Try it out" signs in; the session cookie it sets serves the other calls.
 * Every other operation's example is a request that works on the demo store (infra/openapi-examples.ts).
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, WEBHOOK_PAYLOADS } from '../../functions/registry.js';
import { buildOpenApiDocument, type DemoLogins } from '../openapi.js';
import { demoExamples } from '../openapi-examples.js';

const require = createRequire(import.meta.url);
const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rental property management API</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body>
<p style="font-family:sans-serif;margin:1em 2em">Signing in: the session is a cookie set by the login operation
(Admin authentication or Tenant authentication → login → Try it out; the example holds the local demo account).
The browser then sends the cookie with every call from this page; the "Authorize" dialog cannot set a cookie.</p>
<div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', deepLinking: true });`;

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
 * this origin, so "Try it out" calls the API on the page's own origin: a page opened at 127.0.0.1 calling
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

export function serveLocalPages(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  baseUrl: string,
): boolean {
  // HEAD answers as GET without the body (RFC 9110 §9.3.2): link checkers and uptime probes send it.
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path === '/openapi.json') {
    const origin = pageOrigin(req, baseUrl);
    send(
      res,
      'application/json',
      JSON.stringify(
        buildOpenApiDocument(ROUTES, {
          serverUrl: origin,
          demoLogins: demoLogins(),
          webhooks: WEBHOOK_PAYLOADS,
          // Built at each request: the example stays are always about a month ahead.
          examples: demoExamples({ now: new Date(), origin: baseUrl }),
        }),
        null,
        2,
      ),
    );
    return true;
  }
  if (path === '/docs' || path === '/docs/') {
    send(res, 'text/html; charset=utf-8', page);
    return true;
  }
  if (path === '/docs/init.js') {
    send(res, 'text/javascript', init);
    return true;
  }
  if (path.startsWith('/docs/assets/')) {
    const name = normalize(path.slice('/docs/assets/'.length));
    const file = join(assetsDir, name);
    const type = ASSET_TYPES[name.slice(name.lastIndexOf('.'))];
    if (name.startsWith('..') || !type || !existsSync(file)) return false;
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  }
  return false;
}

function send(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
