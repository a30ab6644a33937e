import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompressedAssets, chosenEncoding } from './compressed-assets.js';

describe('the encoding answered for an Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.0', 'identity'],
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
  ])('%j → %s', (header, encoding) => {
    expect(chosenEncoding(header)).toBe(encoding);
  });
});

describe('a compressed asset', () => {
  const file = join(import.meta.dirname, 'docs-page', 'accessible-names.js');
  const assets = new CompressedAssets('/docs/assets', [{ name: 'a.js', file, type: 'text/javascript' }]);
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      if (!(await assets.serve(req, res, new URL(req.url ?? '/', 'http://x').pathname))) {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = (path: string, encoding: string, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        // node:http, not fetch: fetch would decode the body and drop the encoding checked here.
        const req = request(`${base}${path}`, { method, headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('is named by its content and cached for a year', async () => {
    expect(assets.url('a.js')).toMatch(/^\/docs\/assets\/[\w-]{12}\/a\.js$/);
    const res = await get(assets.url('a.js'), 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('is brotli or gzip as accepted, else as it is, with the same content', async () => {
    const br = await get(assets.url('a.js'), 'gzip, br');
    const gz = await get(assets.url('a.js'), 'gzip');
    const plain = await get(assets.url('a.js'), '');
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gz.body)).toEqual(plain.body);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('answers HEAD without a body, and nothing for another path', async () => {
    const head = await get(assets.url('a.js'), 'br', 'HEAD');
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect((await get('/docs/assets/xxxxxxxxxxxx/a.js', 'br')).status).toBe(404);
  });
});
