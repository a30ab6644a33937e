/**
 * CAPTCHA: unit tests of the built-in token (signing, expiry, tampering, secrets) and of the third-party
 * verifier against a local fake verify server; then the third-party flow end to end on this file's own
 * runtime, whose handlers run in this process, so the verify URLs set here in process.env reach them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaSecret,
  checkAnswer,
  checkTokenShape,
  newChallenge,
  parseAnswer,
  tokenHash,
} from '../shared/captcha/builtin.js';
import { BUILTIN_TTL_SECONDS } from '../shared/captcha/providers.js';
import { verifyThirdParty } from '../shared/captcha/third-party.js';
import { AppError } from '../shared/errors.js';
import { ADMINS, Client, problem } from './support/client.js';

const SECRET = Buffer.from('unit-test-secret-unit-test-secret-0123456789');
const NOW = new Date('2026-03-01T12:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const fixedOperands = (...values: number[]) => {
  const queue = [...values];
  return () => queue.shift() ?? 1;
};

/** Rewrites one character of a token part, keeping the token's shape. */
function tamper(token: string, part: number): string {
  const parts = token.split('.');
  const value = parts[part] ?? '';
  const last = value.at(-1) === 'A' ? 'B' : 'A';
  parts[part] = `${value.slice(0, -1)}${last}`;
  return parts.join('.');
}

async function expectStatus(promise: Promise<unknown>, status: number): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  return error as AppError;
}

describe('built-in CAPTCHA token', () => {
  it('asks "What is A + B?" and accepts the sum, as text or with spaces', () => {
    const challenge = newChallenge(SECRET, NOW, fixedOperands(3, 4));

    expect(challenge.question).toBe('What is 3 + 4?');
    expect(challenge.expiresIn).toBe(BUILTIN_TTL_SECONDS);
    expect(checkAnswer(SECRET, challenge.captcha_sum, '7', NOW)).toEqual({
      ok: true,
      expiresAt: Math.floor(NOW.getTime() / 1000) + 600,
    });
    expect(checkAnswer(SECRET, challenge.captcha_sum, ' 7 ', NOW).ok).toBe(true);
  });

  it('does not carry the answer in the token, and two challenges never share a token', () => {
    const a = newChallenge(SECRET, NOW, fixedOperands(9, 9));
    const b = newChallenge(SECRET, NOW, fixedOperands(9, 9));

    expect(a.captcha_sum).not.toBe(b.captcha_sum);
    expect(a.captcha_sum.split('.').slice(0, 3).join('.')).not.toContain('18');
    expect(a.captcha_sum).toMatch(/^v1\.\d{10}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong or unparsable answer', () => {
    const { captcha_sum } = newChallenge(SECRET, NOW, fixedOperands(3, 4));

    for (const answer of ['8', '-7', '7.0', 'seven', '', undefined]) {
      expect(checkAnswer(SECRET, captcha_sum, answer, NOW)).toEqual({ ok: false, reason: 'wrong' });
    }
  });

  it('refuses a tampered token: its signature, its nonce or its expiry changed', () => {
    const { captcha_sum } = newChallenge(SECRET, NOW, fixedOperands(3, 4));

    expect(checkAnswer(SECRET, tamper(captcha_sum, 3), '7', NOW).ok).toBe(false);
    expect(checkAnswer(SECRET, tamper(captcha_sum, 2), '7', NOW).ok).toBe(false);
    const expiresAt = Number(captcha_sum.split('.')[1]);
    const earlier = captcha_sum.replace(`.${expiresAt}.`, `.${expiresAt - 1}.`);
    expect(checkAnswer(SECRET, earlier, '7', NOW)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses a token signed with another secret', () => {
    const { captcha_sum } = newChallenge(
      Buffer.from('another-secret-another-secret-0123456789'),
      NOW,
      fixedOperands(3, 4),
    );
    expect(checkAnswer(SECRET, captcha_sum, '7', NOW)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('expires after ten minutes', () => {
    const { captcha_sum } = newChallenge(SECRET, NOW, fixedOperands(3, 4));

    expect(checkAnswer(SECRET, captcha_sum, '7', later(599)).ok).toBe(true);
    expect(checkAnswer(SECRET, captcha_sum, '7', later(600))).toEqual({ ok: false, reason: 'expired' });
  });

  it('calls a token malformed when its shape is wrong or it claims to outlive any challenge', () => {
    const farFuture = `v1.${Math.floor(NOW.getTime() / 1000) + 3600}.${'a'.repeat(22)}.${'b'.repeat(43)}`;

    for (const token of [
      '',
      'abc',
      'v1.1.2.3',
      `v2.${'1'.repeat(10)}.${'a'.repeat(22)}.${'b'.repeat(43)}`,
      farFuture,
    ]) {
      expect(checkTokenShape(token, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('parses answers strictly', () => {
    expect(parseAnswer('12')).toBe(12);
    expect(parseAnswer(' 3')).toBe(3);
    expect(parseAnswer('1e1')).toBeUndefined();
    expect(parseAnswer('0x1')).toBeUndefined();
    expect(parseAnswer('1234')).toBeUndefined();
  });

  it('keys the single-use guard by a hash that does not reveal the token', () => {
    const { captcha_sum } = newChallenge(SECRET, NOW);
    expect(tokenHash(captcha_sum)).toBe(tokenHash(captcha_sum));
    expect(tokenHash(captcha_sum)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(captcha_sum).not.toContain(tokenHash(captcha_sum));
  });
});

describe('CAPTCHA secret', () => {
  it('uses CAPTCHA_SECRET when set, and refuses a short one with 503', async () => {
    const long = 'x'.repeat(32);
    expect((await captchaSecret({ CAPTCHA_SECRET: long })).toString()).toBe(long);
    await expect(captchaSecret({ CAPTCHA_SECRET: 'short' })).rejects.toThrow(/at least 32/);
  });

  it('otherwise derives a per-store secret from the data key, different per store and never the key itself', async () => {
    const a = await captchaSecret({ DATA_ENCRYPTION_KEY: 'store-a-key' });
    const again = await captchaSecret({ DATA_ENCRYPTION_KEY: 'store-a-key' });
    const b = await captchaSecret({ DATA_ENCRYPTION_KEY: 'store-b-key' });

    expect(a.equals(again)).toBe(true);
    expect(a.equals(b)).toBe(false);
    expect(a.toString('utf8')).not.toContain('store-a-key');
    expect(a.length).toBe(32);
  });

  it('answers 503 when neither is set', async () => {
    let error: unknown;
    try {
      await captchaSecret({});
    } catch (e) {
      error = e;
    }
    expect((error as AppError).status).toBe(503);
  });
});

// ---- the fake provider -------------------------------------------------------------------------------

const PROVIDER_SECRET = 'test-captcha-provider-secret';

interface Seen {
  path: string;
  form: URLSearchParams;
}

/** Answers like hCaptcha/reCAPTCHA's siteverify; the token picks the behaviour. */
function startFakeProvider(): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const readBody = async (req: IncomingMessage) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    return body;
  };
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    seen.push({ path: req.url ?? '', form });
    const token = form.get('response') ?? '';
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (
      req.method !== 'POST' ||
      !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ) {
      return json(405, { success: false });
    }
    if (form.get('secret') !== PROVIDER_SECRET)
      return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
    if (token === 'down') return json(500, { error: 'internal' });
    if (token === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    if (token === 'slow') {
      setTimeout(() => json(200, { success: true }), 2000).unref();
      return undefined;
    }
    const score = /^score-(\d(\.\d+)?)$/.exec(token);
    if (score) return json(200, { success: true, score: Number(score[1]) });
    if (token === 'pass') return json(200, { success: true, hostname: 'localhost' });
    return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    });
  });
}

let fake: Awaited<ReturnType<typeof startFakeProvider>>;

beforeAll(async () => {
  fake = await startFakeProvider();
});

afterAll(async () => {
  fake?.server.closeAllConnections();
  await new Promise((resolve) => fake?.server.close(resolve));
});

describe('third-party verifier', () => {
  const env = () => ({
    CAPTCHA_VERIFY_URL_HCAPTCHA: `${fake.url}/hcaptcha`,
    CAPTCHA_VERIFY_URL_RECAPTCHA: `${fake.url}/recaptcha`,
    CAPTCHA_VERIFY_TIMEOUT_MS: '300',
  });
  const request = (token: string, secret = PROVIDER_SECRET) => ({
    secret,
    token,
    ip: '203.0.113.9',
    siteKey: 'site-key-1',
  });

  it('posts secret, response and remoteip form-encoded, and accepts a token the provider accepts', async () => {
    await verifyThirdParty('hcaptcha', request('pass'), { env: env() });

    const last = fake.seen.at(-1);
    expect(last?.path).toBe('/hcaptcha');
    expect(last?.form.get('secret')).toBe(PROVIDER_SECRET);
    expect(last?.form.get('response')).toBe('pass');
    expect(last?.form.get('remoteip')).toBe('203.0.113.9');
    expect(last?.form.get('sitekey')).toBe('site-key-1');
  });

  it('sends reCAPTCHA v2 to its own verify URL and accepts success', async () => {
    await verifyThirdParty('recaptcha_v2', request('pass'), { env: env() });
    expect(fake.seen.at(-1)?.path).toBe('/recaptcha');
    expect(fake.seen.at(-1)?.form.has('sitekey')).toBe(false);
  });

  it('answers 400 when the provider rejects the token or the secret', async () => {
    const rejected = await expectStatus(verifyThirdParty('hcaptcha', request('nope'), { env: env() }), 400);
    expect(rejected.message).toContain('invalid-input-response');
    await expectStatus(
      verifyThirdParty('recaptcha_v2', request('pass', 'wrong-secret'), { env: env() }),
      400,
    );
  });

  it('requires a reCAPTCHA v3 score of at least 0.5', async () => {
    await verifyThirdParty('recaptcha_v3', request('score-0.9'), { env: env() });
    await verifyThirdParty('recaptcha_v3', request('score-0.5'), { env: env() });
    await expectStatus(verifyThirdParty('recaptcha_v3', request('score-0.3'), { env: env() }), 400);
    // A v3 answer without a score is no proof of a human.
    await expectStatus(verifyThirdParty('recaptcha_v3', request('pass'), { env: env() }), 400);
  });

  it('answers 503 when the provider is down, slow, garbled or unreachable', async () => {
    await expectStatus(verifyThirdParty('hcaptcha', request('down'), { env: env() }), 503);
    await expectStatus(verifyThirdParty('hcaptcha', request('garbage'), { env: env() }), 503);
    await expectStatus(verifyThirdParty('hcaptcha', request('slow'), { env: env() }), 503);
    const closed = { ...env(), CAPTCHA_VERIFY_URL_HCAPTCHA: 'http://127.0.0.1:1/siteverify' };
    await expectStatus(verifyThirdParty('hcaptcha', request('pass'), { env: closed }), 503);
  });
});

// ---- end to end on this file's runtime ------------------------------------------------------------

describe('third-party CAPTCHA through the contact endpoints', () => {
  let admin: Client;
  const visitor = () => new Client();
  // A sender address per message: this file sends more than one address's daily share of messages.
  let sent = 0;
  const message = (extra: Record<string, unknown> = {}) => ({
    senderName: 'Captcha Tester',
    senderEmail: `captcha-${++sent}@example.com`,
    messageContent: 'Hello through a third-party CAPTCHA',
    ...extra,
  });
  const setSettings = async (body: Record<string, unknown>) => {
    const res = await admin.put('/API/adminSettings/V1/settings.json', body);
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    process.env.CAPTCHA_VERIFY_URL_HCAPTCHA = `${fake.url}/hcaptcha`;
    process.env.CAPTCHA_VERIFY_URL_RECAPTCHA = `${fake.url}/recaptcha`;
    process.env.CAPTCHA_VERIFY_TIMEOUT_MS = '500';
    admin = new Client();
    const login = await admin.post('/API/auth/V1/login.json', {
      adminAPIKey: ADMINS.super.adminAPIKey,
      adminAPISecret: ADMINS.super.adminAPISecret,
    });
    expect(login.status).toBe(200);
    await setSettings({
      apiCaptchaProvider: 'hcaptcha',
      apiCaptchaSiteKey: 'site-key-e2e',
      apiCaptchaSecretKey: PROVIDER_SECRET,
      apiContactCaptchaEnabled: 1,
      apiSubscribeCaptchaEnabled: 1,
    });
  });

  it('stores the provider secret encrypted: the raw settings item holds no plain secret', async () => {
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb, TABLE_NAME } = await import('../shared/db/client.js');
    const { keys } = await import('../shared/db/keys.js');
    const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.settings() }));
    const stored = String(Item?.apiCaptchaSecretKey ?? '');
    expect(stored).toMatch(/^v1:/);
    expect(JSON.stringify(Item)).not.toContain(PROVIDER_SECRET);
  });

  it('publishes the provider and site key, never the secret', async () => {
    const res = await visitor().get('/API/siteSettings/V1/settings.json');
    expect(res.body.apiPolicy).toMatchObject({
      apiCaptchaProvider: 'hcaptcha',
      apiCaptchaSiteKey: 'site-key-e2e',
      apiContactCaptchaEnabled: 1,
      apiSubscribeCaptchaEnabled: 1,
    });
    expect(res.text).not.toContain(PROVIDER_SECRET);
  });

  it('accepts a message and a signup whose token the provider accepts, sending the client IP', async () => {
    const client = visitor();
    const sent = await client.post('/API/siteContact/V1/message.json', message({ captchaToken: 'pass' }));
    const signup = await client.post('/API/siteContact/V1/subscribe.json', {
      email: 'e2e@example.com',
      captchaToken: 'pass',
    });

    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ success: true, messageId: expect.any(Number) });
    expect(signup.status).toBe(200);
    expect(fake.seen.at(-1)?.form.get('remoteip')).toBe(client.ip);
  });

  it('answers 400 without a token, with a rejected token, and for a built-in answer instead of a token', async () => {
    const missing = await visitor().post('/API/siteContact/V1/message.json', message());
    const rejected = await visitor().post(
      '/API/siteContact/V1/message.json',
      message({ captchaToken: 'bot' }),
    );
    const builtinInstead = await visitor().post('/API/siteContact/V1/subscribe.json', {
      email: 'e2e@example.com',
      captcha: '7',
      captcha_sum: 'v1.x',
    });

    expect(missing.status).toBe(400);
    expect(problem(missing).errors?.[0]?.field).toBe('captchaToken');
    expect(rejected.status).toBe(400);
    expect(builtinInstead.status).toBe(400);
  });

  it('answers 503, not 500, while the provider is down or unreachable, and stores nothing', async () => {
    const down = await visitor().post('/API/siteContact/V1/message.json', message({ captchaToken: 'down' }));
    const slow = await visitor().post('/API/siteContact/V1/message.json', message({ captchaToken: 'slow' }));
    process.env.CAPTCHA_VERIFY_URL_HCAPTCHA = 'http://127.0.0.1:1/siteverify';
    const unreachable = await visitor().post('/API/siteContact/V1/subscribe.json', {
      email: 'x@example.com',
      captchaToken: 'pass',
    });
    process.env.CAPTCHA_VERIFY_URL_HCAPTCHA = `${fake.url}/hcaptcha`;
    const subscribers = await admin.get<{ items: { email: string }[] }>(
      '/API/adminLeads/V1/subscribers.json',
      { query: { limit: 100 } },
    );

    expect([down.status, slow.status, unreachable.status]).toEqual([503, 503, 503]);
    expect(problem(down).detail).toMatch(/CAPTCHA provider could not be reached/);
    expect(subscribers.body.items.map((s) => s.email)).not.toContain('x@example.com');
  });

  it('requires a reCAPTCHA v3 score of 0.5 or more', async () => {
    await setSettings({ apiCaptchaProvider: 'recaptcha_v3' });

    const human = await visitor().post(
      '/API/siteContact/V1/message.json',
      message({ captchaToken: 'score-0.7' }),
    );
    const bot = await visitor().post(
      '/API/siteContact/V1/message.json',
      message({ captchaToken: 'score-0.2' }),
    );

    expect(human.status).toBe(200);
    expect(fake.seen.at(-1)?.path).toBe('/recaptcha');
    expect(bot.status).toBe(400);
  });

  it('accepts reCAPTCHA v2 tokens the provider accepts', async () => {
    await setSettings({ apiCaptchaProvider: 'recaptcha_v2' });

    const ok = await visitor().post('/API/siteContact/V1/subscribe.json', {
      email: 'v2@example.com',
      captchaToken: 'pass',
    });
    const no = await visitor().post('/API/siteContact/V1/subscribe.json', {
      email: 'v2@example.com',
      captchaToken: 'nope',
    });

    expect(ok.status).toBe(200);
    expect(no.status).toBe(400);
  });

  it('answers 503 when a third-party provider is chosen but its secret is missing from the store', async () => {
    // The settings endpoint refuses this combination; a fixture or an older store may still hold it.
    const refused = await admin.put('/API/adminSettings/V1/settings.json', { apiCaptchaSecretKey: '' });
    expect(refused.status).toBe(400);
    const { updateSettings } = await import('../shared/data/settings-repo.js');
    await updateSettings({ apiCaptchaSecretKey: '' });

    const res = await visitor().post('/API/siteContact/V1/message.json', message({ captchaToken: 'pass' }));

    expect(res.status).toBe(503);
    await setSettings({ apiCaptchaSecretKey: PROVIDER_SECRET });
  });
});
