/**
 * The local API Gateway stand-in under hostile requests: whatever arrives, the answer is a 4xx problem and
 * the server keeps serving (issue: a malformed request line used to kill the process).
 */

import { Agent, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUTS } from '../infra/local/http-server.js';
import { API_URL, Client, problem } from './support/client.js';

/** Sends raw bytes and returns the raw answer (for requests fetch refuses to build). */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(API_URL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve(answer);
    });
    socket.write(request);
  });
}

const statusOf = (answer: string) => Number(answer.split(' ')[1]);

describe('the local server survives what clients send', () => {
  it('answers an unparsable request target with a 400 problem and keeps serving', async () => {
    const answer = await raw('GET //[x]/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(statusOf(answer)).toBe(400);
    expect(answer).toMatch(/application\/problem\+json/i);
    const after = await new Client().get('/API/siteSettings/V1/settings.json');
    expect(after.status).toBe(200);
  });

  it('answers a request line Node cannot parse with a 400 problem', async () => {
    const answer = await raw('GARBAGE\r\n\r\n');
    expect(statusOf(answer)).toBe(400);
    expect(answer).toMatch(/application\/problem\+json/i);
  });

  it('answers headers over the limit with a 431 problem', async () => {
    const answer = await raw(
      `GET /API/siteSettings/V1/settings.json HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(431);
    expect(answer).toMatch(/application\/problem\+json/i);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'takes the query name %s as a plain name',
    async (name) => {
      const res = await new Client().get(`/API/vrProperties/V1/vrProperties.json?${name}=1&${name}=2&beds=1`);
      expect(res.status, res.text).toBe(200);
    },
  );

  it('ignores an X-Forwarded-For that is not an IP (3,000 characters) and answers normally', async () => {
    const res = await new Client().get('/API/siteSettings/V1/settings.json', {
      headers: { 'x-forwarded-for': 'x'.repeat(3_000) },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a body over the local limit with a 413 problem', async () => {
    const res = await new Client().post('/API/siteContact/V1/message.json', undefined, {
      rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    problem(res);
  });
});

describe('keep-alive connections', () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  afterAll(() => agent.destroy());

  // A sender address per request: the batteries send more than one address's daily share of messages.
  let sent = 0;

  /** A POST on the agent's pooled connections: its status and whether it went on a reused connection. */
  function post(path: string, bytes: number): Promise<{ status: number; reused: boolean }> {
    const { hostname, port } = new URL(API_URL);
    const body = JSON.stringify({
      senderName: 'Ann',
      senderEmail: `a-${++sent}@example.com`,
      messageContent: 'x'.repeat(bytes),
    });
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: hostname === 'localhost' ? '127.0.0.1' : hostname,
          port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        },
      );
      // A reset fails the test with its code (ECONNRESET, EPIPE, "socket hang up").
      req.on('error', reject);
      req.end(body);
    });
  }
  const message = '/API/siteContact/V1/message.json';

  it('reuses a connection across the advertised keep-alive timeout, after large and refused bodies, without a reset', async () => {
    // 100 KB is read and refused by validation (400), 300 KB by the handler (413), 1.1 MB by the server
    // itself (413, read to its end), and an unknown path answers before reading its 100 KB (404).
    const battery = () =>
      Promise.all([
        ...Array.from({ length: 5 }, () => post(message, 100_000)),
        post(message, 300 * 1024),
        post(message, 1_100_000),
        post('/API/nothing/V1/here.json', 100_000),
      ]);
    const first = await battery();
    expect(first.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 413, 413, 404]);
    const second = await battery();
    expect(second.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 413, 413, 404]);
    expect(second.every((r) => r.reused)).toBe(true);
    // Node's http.Agent ignores the Keep-Alive hint: it reuses an idle connection at and past the
    // advertised timeout, where the server used to close it under the request.
    for (const idle of [CONNECTION_TIMEOUTS.keepAliveTimeout, CONNECTION_TIMEOUTS.keepAliveTimeout + 1_000]) {
      await sleep(idle);
      const after = await battery();
      expect(after.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 413, 413, 404]);
      expect(after.every((r) => r.reused)).toBe(true);
    }
  }, 60_000);
});

describe('REQUIRE_HTTPS behind a proxy', () => {
  let server: Server;
  let base = '';

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('redirects a plain-http GET to https and refuses other methods, before any handler runs', async () => {
    const { createApiServer } = await import('../infra/local/http-server.js');
    server = createApiServer({ handlers: {}, ratePer5s: 0, trustProxy: true, requireHttps: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const get = await fetch(`${base}/API/siteSettings/V1/settings.json?x=1`, {
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'api.example.com' },
      redirect: 'manual',
    });
    expect(get.status).toBe(308);
    expect(get.headers.get('location')).toBe('https://api.example.com/API/siteSettings/V1/settings.json?x=1');

    const post = await fetch(`${base}/API/siteContact/V1/message.json`, {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'http' },
      body: '{}',
    });
    expect(post.status).toBe(400);
    expect(post.headers.get('content-type')).toMatch(/problem\+json/);
  });
});
