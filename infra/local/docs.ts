/**
 * The local runtime's own pages: `/openapi.json` (generated from the registry) and `/docs`, the API reference.
 * The page opens on an outline of every operation drawn here (infra/local/docs-outline.ts); following one
 * loads the interactive reference, Stoplight Elements (its web component, served from node_modules: no CDN,
 * works offline, compressed with a year's cache), which draws one operation at a time (docs/decisions.md "The
 * docs page's renderer"). A link opened straight at an operation first shows that operation drawn here
 * (`/docs/operations/{id}`, infra/local/docs-operation.ts), with "Try it" to load Elements on it. The login
 * operations carry the demo accounts as examples, so "Send API Request" signs in; the session cookie it sets
 * serves the other calls (Elements sends the page's own cookies: `tryItCredentialsPolicy`). Every other operation's
 * example is a request that works on the demo store (infra/openapi-examples.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, WEBHOOK_PAYLOADS } from '../../functions/registry.js';
import { now as clockNow } from '../../shared/clock.js';
import { escapeHtml } from '../../shared/domain/messages/layout.js';
import { buildOpenApiDocument, type DemoLogins } from '../openapi.js';
import { demoExamples } from '../openapi-examples.js';
import {
  CompressedAssets,
  chosenEncoding,
  EncodedBody,
  encode,
  encodingHeaders,
} from './compressed-assets.js';
import { docsOperation } from './docs-operation.js';
import { docsOutline } from './docs-outline.js';
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
  { name: 'open-reference.js', file: join(here, 'docs-page', 'open-reference.js'), type: 'text/javascript' },
]);

/** The page's own styles, small enough to come with it rather than cost a request before the first paint. */
const outlineCss = readFileSync(join(here, 'docs-page', 'outline.css'), 'utf8');

/** What open-reference.js loads when the reader goes to the reference, and the element it draws. */
const referenceData = {
  scripts: [assets.url('elements.js'), assets.url('accessible-names.js')].join(' '),
  styles: [assets.url('elements.css'), assets.url('contrast.css')].join(' '),
  attributes: JSON.stringify({
    apiDescriptionUrl: '/openapi.json',
    router: 'hash',
    layout: 'sidebar',
    hideExport: 'true',
    // Elements' default is 'omit': its requests would carry no cookie, and the login's Set-Cookie would be
    // dropped, so every operation that needs a session would answer 401 (the page is on the API's origin).
    tryItCredentialsPolicy: 'same-origin',
  }),
};

/**
 * Runs before the body is laid out, on a page opened straight at an operation or a webhook (open-reference.js
 * shows it drawn by the server): the outline it hides is never laid out (most of the page's work), and the
 * operation's view is asked for at once rather than after the page's script has loaded.
 */
const DEEP_LINK_SCRIPT = [
  '(function(){var m=/^#\\/(?:operations|webhooks)\\/([A-Za-z0-9._-]+)$/.exec(location.hash);',
  "if(m){document.documentElement.classList.add('deep-link');",
  "window.docsOperationView={id:m[1],html:fetch('/docs/operations/'+m[1]).then(function(r){return r.ok?r.text():undefined},function(){})}}})()",
].join('');

const page = (outline: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rental property management API</title>
<meta name="description" content="The reference of the rental property management API, with requests to try on the local demo data.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${outlineCss}</style>
<script>${DEEP_LINK_SCRIPT}</script>
<script defer src="${assets.url('open-reference.js')}"></script></head>
<body>
<header><p class="docs-note">Signing in: the session is a cookie set by the login operation
(<a href="#/operations/auth.login">Admin authentication → login</a> or
<a href="#/operations/publicAuth.login">Tenant authentication → login</a>, then Send API Request; the example holds
the local demo account). The browser then sends the cookie with every request from this page.</p></header>
<main>
<p id="reference-status" class="docs-status" role="status"></p>
<div id="outline">${outline}</div>
<article id="operation" hidden></article>
<div id="reference" tabindex="-1" hidden${Object.entries(referenceData)
  .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
  .join('')}></div>
</main>
</body></html>`;

let docsPage: EncodedBody | undefined;
/** The page depends on neither the origin nor the examples' dates: drawn once per process. */
function docsPageBody(): EncodedBody {
  docsPage ??= new EncodedBody(
    Buffer.from(page(docsOutline(buildOpenApiDocument(ROUTES, { webhooks: WEBHOOK_PAYLOADS })))),
  );
  return docsPage;
}

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

/** The local document: its server is the page's origin, its examples work on the demo store today. */
function localDocument(req: IncomingMessage, baseUrl: string) {
  return buildOpenApiDocument(ROUTES, {
    serverUrl: pageOrigin(req, baseUrl),
    demoLogins: demoLogins(),
    webhooks: WEBHOOK_PAYLOADS,
    // Built at each request: the example stays are always about a month ahead.
    examples: demoExamples({ now: clockNow(), origin: baseUrl }),
  });
}

/** `/docs/operations/{operationId}`: the server-drawn view of one operation (infra/local/docs-operation.ts). */
const OPERATION_PATH = /^\/docs\/operations\/([A-Za-z0-9._-]+)$/;

export async function serveLocalPages(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  baseUrl: string,
): Promise<boolean> {
  // HEAD answers as GET without the body (RFC 9110 §9.3.2): link checkers and uptime probes send it.
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path === '/openapi.json') {
    const document = JSON.stringify(localDocument(req, baseUrl));
    // 640 KB of JSON, about 50 KB compressed: the reference waits for it before it draws anything.
    // Gzip rather than brotli: it is compressed at every request, and gzip is the faster.
    const accepted = chosenEncoding(req.headers['accept-encoding']);
    const encoding = accepted === 'br' ? 'gzip' : accepted;
    const body = await encode(Buffer.from(document), encoding);
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...encodingHeaders(encoding, body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  const operationId = OPERATION_PATH.exec(path)?.[1];
  if (operationId !== undefined) {
    // A link straight to an operation shows this first (open-reference.js): its examples are today's.
    const view = docsOperation(localDocument(req, baseUrl), operationId);
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    const body = await encode(Buffer.from(view ?? 'No such operation.'), encoding);
    res.writeHead(view ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...encodingHeaders(encoding, body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  if (path === '/docs' || path === '/docs/') {
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    const html = await docsPageBody().in(encoding);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...encodingHeaders(encoding, html),
      'Content-Security-Policy': ownScriptsCsp(DEEP_LINK_SCRIPT),
      // The page names its assets by content hash: it must be revalidated, they need not be.
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
    return true;
  }
  return assets.serve(req, res, path);
}
