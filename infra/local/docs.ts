/**
 * The local runtime's own pages: `/openapi.json` (generated from the registry) and `/docs`, Swagger UI from
 * the swagger-ui-dist package (served from node_modules: no CDN, works offline).
 */
import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { ROUTES } from '../../functions/registry.js';
import { buildOpenApiDocument } from '../openapi.js';

const require = createRequire(import.meta.url);
const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rental property management API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', deepLinking: true });`;

export function serveLocalPages(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  baseUrl: string,
): boolean {
  if (req.method !== 'GET') return false;
  if (path === '/openapi.json') {
    send(res, 'application/json', JSON.stringify(buildOpenApiDocument(ROUTES, baseUrl), null, 2));
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
    createReadStream(file).pipe(res);
    return true;
  }
  return false;
}

function send(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'Content-Type': type });
  res.end(body);
}
