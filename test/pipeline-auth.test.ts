/**
 * The request pipeline over HTTP with test-only routes: the raw body, the webhook auth kind (channel
 * signature), the CSRF auth kind (double submit), JSON-only cookie writes and route-declared rate limits.
 */
import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Client, problem } from './support/client.js';
import { startRouteServer } from './support/route-server.js';

const SECRET = 'pipeline-test-channel-secret';
process.env.CHANNEL_WEBHOOK_SECRET = SECRET;
process.env.CSRF_SECRET = 'pipeline-test-csrf-secret';

const { bind, defineRoute } = await import('../shared/http/route.js');
const { issueCsrfToken } = await import('../shared/auth/csrf.js');
const { createHttpHandler } = await import('../shared/http/create-handler.js');
// The channel group's own verifier: a group gives createHttpHandler the verifiers its routes name.
const { verifyChannelSignature } = await import('../functions/channel/signature.js');

const group = 'pipelineAuthTest';
const base = '/API/pipelineAuthTest/V1';
const common = { group, summary: 'test only', beyondSpec: 'test only' } as const;

const webhook = defineRoute({
  ...common,
  id: 'pipelineAuthTest.webhook',
  method: 'POST',
  path: `${base}/channel.json`,
  auth: { kind: 'webhook', verifier: 'channel' },
  body: v.object({ event: v.string() }),
});
const csrfToken = defineRoute({
  ...common,
  id: 'pipelineAuthTest.csrfToken',
  method: 'GET',
  path: `${base}/csrf.json`,
  auth: { kind: 'public' },
});
const pay = defineRoute({
  ...common,
  id: 'pipelineAuthTest.pay',
  method: 'POST',
  path: `${base}/pay.json`,
  auth: { kind: 'csrf' },
  body: v.strictObject({ amount: v.number() }),
});
const perEmail = defineRoute({
  ...common,
  id: 'pipelineAuthTest.perEmail',
  method: 'POST',
  path: `${base}/perEmail.json`,
  auth: { kind: 'public' },
  aliases: { body: { userEmail: 'email' } },
  rateLimits: [
    { scope: 'pipeline-test-email', limit: 3, windowSeconds: 60, key: { ipAndBodyField: 'email' } },
  ],
  body: v.strictObject({ email: v.string() }),
});
const perIp = defineRoute({
  ...common,
  id: 'pipelineAuthTest.perIp',
  method: 'POST',
  path: `${base}/perIp.json`,
  auth: { kind: 'public' },
  rateLimits: [
    { scope: 'pipeline-test-ip', limit: 2, windowSeconds: 120, key: 'ip', detail: 'Slow down, test' },
  ],
  body: v.strictObject({ n: v.number() }),
});

// One write of each kind of auth, for the media-type rule (a cookie write takes only application/json).
const tenantWrite = defineRoute({
  ...common,
  id: 'pipelineAuthTest.tenantWrite',
  method: 'POST',
  path: `${base}/tenantWrite.json`,
  auth: { kind: 'tenant' },
  body: v.strictObject({ n: v.optional(v.number()) }),
});
const adminDelete = defineRoute({
  ...common,
  id: 'pipelineAuthTest.adminDelete',
  method: 'DELETE',
  path: `${base}/adminDelete.json`,
  auth: { kind: 'admin', roles: ['super_admin'] },
});
const optionalTenantWrite = defineRoute({
  ...common,
  id: 'pipelineAuthTest.optionalTenantWrite',
  method: 'POST',
  path: `${base}/optionalTenantWrite.json`,
  auth: { kind: 'optionalTenant' },
  body: v.strictObject({ n: v.number() }),
});
const publicWrite = defineRoute({
  ...common,
  id: 'pipelineAuthTest.publicWrite',
  method: 'POST',
  path: `${base}/publicWrite.json`,
  auth: { kind: 'public' },
  body: v.strictObject({ n: v.number() }),
});

const boundWebhook = bind(webhook, async ({ body, rawBody }) => ({ body: { event: body.event, rawBody } }));
const url = await startRouteServer(
  group,
  [
    boundWebhook,
    bind(csrfToken, async () => {
      const { token, cookie } = await issueCsrfToken();
      return { body: { payment_csrf: token }, cookies: [cookie] };
    }),
    bind(pay, async ({ body }) => ({ body: { paid: body.amount } })),
    bind(perEmail, async ({ body }) => ({ body: { email: body.email } })),
    bind(perIp, async ({ body }) => ({ body: { n: body.n } })),
    bind(tenantWrite, async () => ({ body: { ok: true } })),
    bind(adminDelete, async () => ({ body: { ok: true } })),
    bind(optionalTenantWrite, async ({ body }) => ({ body: { n: body.n } })),
    bind(publicWrite, async ({ body }) => ({ body: { n: body.n } })),
  ],
  { webhookVerifiers: { channel: verifyChannelSignature } },
);

const sign = (raw: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('webhook auth', () => {
  it('refuses to make a handler whose webhook route names a verifier the group does not give', () => {
    expect(() => createHttpHandler(group, [boundWebhook])).toThrow(
      /pipelineAuthTest\.webhook is verified by 'channel'.*webhookVerifiers/,
    );
    expect(() =>
      createHttpHandler(group, [boundWebhook], { webhookVerifiers: { stripe: verifyChannelSignature } }),
    ).toThrow(/'channel'/);
  });

  // Odd spacing and key order on purpose: the signature is over these exact bytes, not over re-serialised JSON.
  const raw = '{ "event" :"reservation.created",  "extra":[1,2] }';

  it('runs the handler for a correct signature, with the raw body as received', async () => {
    const res = await new Client(url).post(`${base}/channel.json`, undefined, {
      rawBody: raw,
      headers: { 'x-channel-signature': sign(raw) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ event: 'reservation.created', rawBody: raw });
  });

  it('answers 401 without a signature or with a wrong one, 400 for a malformed one, before validation', async () => {
    const client = new Client(url);
    const missing = await client.post(`${base}/channel.json`, undefined, { rawBody: raw });
    expect(missing.status).toBe(401);
    expect(problem(missing).detail).toMatch(/X-Channel-Signature/);
    const malformed = await client.post(`${base}/channel.json`, undefined, {
      rawBody: raw,
      headers: { 'x-channel-signature': 'sha1=abc' },
    });
    expect(malformed.status).toBe(400);
    const wrong = await client.post(`${base}/channel.json`, undefined, {
      rawBody: raw,
      headers: { 'x-channel-signature': sign(raw, 'not-the-secret') },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toMatch(/problem\+json/);
    // A body that would fail validation (and even parsing) is refused for its signature first.
    const garbage = await client.post(`${base}/channel.json`, undefined, {
      rawBody: '{not json',
      headers: { 'x-channel-signature': sign(raw) },
    });
    expect(garbage.status).toBe(401);
  });
});

describe('CSRF auth (double submit)', () => {
  it('accepts the token in the header or the body together with its cookie', async () => {
    const client = new Client(url);
    const issued = await client.get(`${base}/csrf.json`);
    const token = String(issued.body.payment_csrf);
    expect(issued.headers.getSetCookie()[0]).toMatch(/^pm_payment_csrf=[A-Za-z0-9_-]{43}; .*HttpOnly/);
    const byHeader = await client.post(
      `${base}/pay.json`,
      { amount: 5 },
      { headers: { 'x-csrf-token': token } },
    );
    expect(byHeader.status).toBe(200);
    expect(byHeader.body).toEqual({ paid: 5 });
    // In the body, the token is taken out before the route's strict schema sees it.
    const byBody = await client.post(`${base}/pay.json`, { amount: 6, payment_csrf: token });
    expect(byBody.status).toBe(200);
  });

  it('answers 403 problem without the cookie, without the token, or with a token of another cookie', async () => {
    const client = new Client(url);
    const other = new Client(url);
    const mine = String((await client.get(`${base}/csrf.json`)).body.payment_csrf);
    const theirs = String((await other.get(`${base}/csrf.json`)).body.payment_csrf);

    const noToken = await client.post(`${base}/pay.json`, { amount: 1 });
    const wrongToken = await client.post(
      `${base}/pay.json`,
      { amount: 1 },
      { headers: { 'x-csrf-token': theirs } },
    );
    // A cross-site request: the attacker may know a token of their own, but not the victim's cookie's.
    const noCookie = await new Client(url).post(
      `${base}/pay.json`,
      { amount: 1 },
      { headers: { 'x-csrf-token': mine } },
    );
    for (const res of [noToken, wrongToken, noCookie]) {
      expect(res.status).toBe(403);
      expect(problem(res).status).toBe(403);
    }
  });
});

describe('cookie writes take only application/json', () => {
  const form = 'application/x-www-form-urlencoded';
  const multipart = 'multipart/form-data; boundary=x';
  /** The bodies a cross-site page can send without a preflight, each with its Content-Type. */
  const simpleBodies = [
    { type: 'text/plain;charset=UTF-8', raw: '{"n":1}' },
    { type: form, raw: 'n=1' },
    { type: form, raw: '' },
    { type: multipart, raw: '--x\r\nContent-Disposition: form-data; name="n"\r\n\r\n1\r\n--x--\r\n' },
  ];

  it('answers 415 problem to a form, multipart or text/plain body on every cookie-authenticated write, before the session check', async () => {
    const client = new Client(url);
    const token = String((await client.get(`${base}/csrf.json`)).body.payment_csrf);
    const writes = [
      ['POST', `${base}/tenantWrite.json`],
      ['DELETE', `${base}/adminDelete.json`],
      ['POST', `${base}/optionalTenantWrite.json`],
      ['POST', `${base}/pay.json`],
    ] as const;
    for (const [method, path] of writes)
      for (const { type, raw } of simpleBodies) {
        const res = await client.request(method, path, {
          rawBody: raw,
          headers: { 'content-type': type, 'x-csrf-token': token },
        });
        expect(res.status, `${method} ${path} as ${type}`).toBe(415);
        expect(problem(res).detail).toContain('application/json');
      }
    // A body without a Content-Type is not JSON either.
    const untyped = await fetch(`${url}${base}/optionalTenantWrite.json`, {
      method: 'POST',
      body: '{"n":1}',
    });
    expect(untyped.headers.get('content-type')).toMatch(/problem\+json/);
    expect(untyped.status).toBe(415);
  });

  it('lets JSON through (with a charset too) to the session check and the handler; a write without a body needs no type', async () => {
    const client = new Client(url);
    const noSession = await client.post(`${base}/tenantWrite.json`, { n: 1 });
    expect(noSession.status).toBe(401);
    const withCharset = await client.post(
      `${base}/optionalTenantWrite.json`,
      { n: 2 },
      { headers: { 'content-type': 'Application/JSON; charset=utf-8' } },
    );
    expect(withCharset.status).toBe(200);
    expect(withCharset.body).toEqual({ n: 2 });
    // curl -X DELETE sends neither a body nor a Content-Type.
    const bare = await fetch(`${url}${base}/adminDelete.json`, { method: 'DELETE' });
    expect(bare.status).toBe(401);
    const token = String((await client.get(`${base}/csrf.json`)).body.payment_csrf);
    const paid = await client.post(`${base}/pay.json`, { amount: 3, payment_csrf: token });
    expect(paid.status).toBe(200);
  });

  it('leaves public writes and signed webhooks as they were: their bodies carry no cookie authority', async () => {
    const client = new Client(url);
    const publicText = await client.post(`${base}/publicWrite.json`, undefined, {
      rawBody: '{"n":4}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(publicText.status).toBe(200);
    const raw = '{"event":"reservation.created"}';
    const webhookText = await client.post(`${base}/channel.json`, undefined, {
      rawBody: raw,
      headers: { 'content-type': 'text/plain', 'x-channel-signature': sign(raw) },
    });
    expect(webhookText.status).toBe(200);
  });
});

describe('route rate limits', () => {
  it('counts per IP and body field (alias included) before validation; the one over the limit is 429 with RateLimit headers', async () => {
    const client = new Client(url);
    expect((await client.post(`${base}/perEmail.json`, { email: 'Ann@Example.test' })).status).toBe(200);
    // Invalid input is counted too (the alias names the same field; case and spaces are folded).
    expect(
      (await client.post(`${base}/perEmail.json`, { userEmail: ' ann@example.TEST', x: 1 })).status,
    ).toBe(400);
    expect((await client.post(`${base}/perEmail.json`, { email: 'ann@example.test' })).status).toBe(200);
    const refused = await client.post(`${base}/perEmail.json`, { email: 'ann@example.test' });
    expect(refused.status).toBe(429);
    expect(problem(refused).status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));

    // Another e-mail from this IP, and this e-mail from another IP, have their own counts.
    expect((await client.post(`${base}/perEmail.json`, { email: 'bob@example.test' })).status).toBe(200);
    expect((await new Client(url).post(`${base}/perEmail.json`, { email: 'ann@example.test' })).status).toBe(
      200,
    );
  });

  it('counts per IP even malformed JSON, and says the declared detail', async () => {
    const client = new Client(url);
    expect((await client.post(`${base}/perIp.json`, undefined, { rawBody: '{not json' })).status).toBe(400);
    expect((await client.post(`${base}/perIp.json`, { n: 1 })).status).toBe(200);
    const refused = await client.post(`${base}/perIp.json`, { n: 2 });
    expect(refused.status).toBe(429);
    expect(problem(refused).detail).toBe('Slow down, test');
    expect((await new Client(url).post(`${base}/perIp.json`, { n: 3 })).status).toBe(200);
  });
});
