import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { checkOutboundUrl, checkUrlShape, SafeFetchError, safeFetch } from './safe-fetch.js';

describe('address policy', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'blocked'],
    ['172.16.0.1', 'blocked'],
    ['192.168.1.1', 'blocked'],
    ['169.254.169.254', 'blocked'],
    ['100.64.0.1', 'blocked'],
    ['0.0.0.0', 'blocked'],
    ['fd00::1', 'blocked'],
    ['fe80::1', 'blocked'],
    ['::ffff:10.0.0.1', 'blocked'],
    ['224.0.0.1', 'blocked'],
    ['not-an-ip', 'blocked'],
    // The forms ipaddr.js calls `unicast` that are not global (test/outbound-addresses.test.ts has them all).
    ['::a9fe:a9fe', 'blocked'],
    ['::8.8.8.8', 'blocked'],
    ['4000::1', 'blocked'],
    ['64:ff9b::a9fe:a9fe', 'blocked'],
    ['64:ff9b::5db8:d822', 'public'],
    ['2852039166', 'blocked'],
    ['0xa9.0xfe.0xa9.0xfe', 'blocked'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('checkUrlShape', () => {
  it.each([
    'ftp://example.com/feed.ics',
    'file:///etc/passwd',
    'not a url',
    'https://user:pw@example.com/',
    'http://10.0.0.1/feed.ics',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/',
    'http://[::ffff:192.168.0.1]/',
    'http://0x7f.1/',
  ])('refuses %s when not local', (url) => {
    expect(checkUrlShape(url, { allowLoopback: false }).ok).toBe(false);
  });

  it('accepts public http(s) URLs, loopback only when allowed', () => {
    expect(checkUrlShape('https://93.184.216.34/a.ics', { allowLoopback: false }).ok).toBe(true);
    expect(checkUrlShape('http://calendar.example.com/a.ics', { allowLoopback: false }).ok).toBe(true);
    expect(checkUrlShape('http://127.0.0.1:9/a', { allowLoopback: false }).ok).toBe(false);
    expect(checkUrlShape('http://127.0.0.1:9/a', { allowLoopback: true }).ok).toBe(true);
  });

  it('requireHttps allows http only to loopback when local', () => {
    expect(checkUrlShape('http://93.184.216.34/', { requireHttps: true, allowLoopback: true }).ok).toBe(
      false,
    );
    expect(checkUrlShape('http://127.0.0.1:8/', { requireHttps: true, allowLoopback: true }).ok).toBe(true);
    expect(checkUrlShape('http://127.0.0.1:8/', { requireHttps: true, allowLoopback: false }).ok).toBe(false);
    expect(checkUrlShape('https://93.184.216.34/', { requireHttps: true }).ok).toBe(true);
  });
});

describe('checkOutboundUrl (DNS)', () => {
  it('refuses a name that resolves to loopback unless local', async () => {
    expect((await checkOutboundUrl('http://localhost:1/', { allowLoopback: false })).ok).toBe(false);
    expect((await checkOutboundUrl('http://localhost:1/', { allowLoopback: true })).ok).toBe(true);
  });

  it('refuses a name that does not resolve', async () => {
    const check = await checkOutboundUrl('https://no-such-host.invalid/', { allowLoopback: false });
    expect(check).toEqual({ ok: false, reason: 'the host name does not resolve' });
  });
});

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const notFound: Route = (_request, response) => {
  response.writeHead(404).end();
};

const hop: Route = (request, response) => {
  const left = Number((request.url ?? '').slice('/hop/'.length));
  response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/feed' }).end();
};

const routes: Record<string, Route> = {
  '/feed': (request, response) => {
    if (request.headers['if-none-match'] === '"v1"') {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, { etag: '"v1"', 'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT' });
    response.end('BEGIN:VCALENDAR');
  },
  '/declared-huge': (_request, response) => {
    response.writeHead(200, { 'content-length': String(10_000) });
    response.end('x'.repeat(10_000));
  },
  '/streamed-huge': (_request, response) => {
    response.writeHead(200);
    for (let i = 0; i < 20; i += 1) response.write('y'.repeat(1000));
    response.end();
  },
  '/slow': (_request, response) => {
    setTimeout(() => response.end('late'), 2000).unref();
  },
  '/to-metadata': (_request, response) => {
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  },
  '/to-private': (_request, response) => {
    response.writeHead(307, { location: 'http://10.0.0.7/feed' }).end();
  },
  '/echo': (request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => response.end(`got ${body}`));
  },
};

describe('safeFetch', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      const route = routes[path] ?? (path.startsWith('/hop/') ? hop : notFound);
      route(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const local = { allowLoopback: true };
  async function failure(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof SafeFetchError) return error.failure;
      throw error;
    }
    return 'no failure';
  }

  it('fetches, then answers 304 to a conditional GET', async () => {
    const first = await safeFetch(`${base}/feed`, local);
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe('BEGIN:VCALENDAR');
    expect(first.etag).toBe('"v1"');
    expect(first.lastModified).toBe('Mon, 02 Nov 2026 10:00:00 GMT');
    const second = await safeFetch(`${base}/feed`, { ...local, etag: first.etag });
    expect(second.notModified).toBe(true);
  });

  it('refuses loopback when the runtime is not local, by literal and by name', async () => {
    expect(await failure(safeFetch(`${base}/feed`, { allowLoopback: false }))).toBe('blocked_address');
    const byName = base.replace('127.0.0.1', 'localhost');
    expect(await failure(safeFetch(`${byName}/feed`, { allowLoopback: false }))).toBe('blocked_address');
  });

  it('caps the size, declared or streamed', async () => {
    expect(await failure(safeFetch(`${base}/declared-huge`, { ...local, maxBytes: 5000 }))).toBe('too_large');
    expect(await failure(safeFetch(`${base}/streamed-huge`, { ...local, maxBytes: 5000 }))).toBe('too_large');
  });

  it('times out', async () => {
    expect(await failure(safeFetch(`${base}/slow`, { ...local, timeoutMs: 200 }))).toBe('timeout');
  });

  it('follows up to 3 redirects, re-checking each target', async () => {
    const followed = await safeFetch(`${base}/hop/2`, local);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${base}/feed`);
    expect(await failure(safeFetch(`${base}/hop/3`, local))).toBe('too_many_redirects');
    expect(await failure(safeFetch(`${base}/to-metadata`, local))).toBe('blocked_address');
    expect(await failure(safeFetch(`${base}/to-private`, local))).toBe('blocked_address');
  });

  it('posts a body', async () => {
    const answer = await safeFetch(`${base}/echo`, { ...local, method: 'POST', body: 'hello' });
    expect(answer.body.toString()).toBe('got hello');
  });

  it('names the kind of failure in fixed words, never the system’s message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const cases: [string, string, string][] = [
      ['https://no-such-host.invalid/', 'dns', 'DNS failure: the host name does not resolve'],
      [`http://127.0.0.1:${closedPort}/`, 'connection_refused', 'refused: the connection was refused'],
      [
        base.replace('http:', 'https:'),
        'tls',
        'TLS failure: no secure connection (certificate or handshake)',
      ],
      [`${base}/to-metadata`, 'blocked_address', 'refused: the address is not allowed (private or reserved)'],
    ];
    for (const [url, kind, words] of cases) {
      const error = await safeFetch(url, local).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error, url).toBeInstanceOf(SafeFetchError);
      expect((error as SafeFetchError).failure, url).toBe(kind);
      expect((error as SafeFetchError).message, url).toBe(words);
    }
  });

  it('refuses bad URLs before connecting', async () => {
    expect(await failure(safeFetch('gopher://example.com/', local))).toBe('bad_url');
  });
});
