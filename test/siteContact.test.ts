/**
 * Contact form, newsletter signup and the admin lists that read them back. The CAPTCHA-on tests switch the
 * site's contact and subscribe CAPTCHA on through PUT adminSettings; they run last (tests of a file run in
 * order) and restore the settings they changed, so the CAPTCHA-free tests above never see them on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage as StoredMessage } from '../shared/data/contact-repo.js';
import { Client, problem, signedIn, unique } from './support/client.js';

const MESSAGE = '/API/siteContact/V1/message.json';
const SUBSCRIBE = '/API/siteContact/V1/subscribe.json';
const LISTS = '/API/adminLeads/V1';
const SETTINGS = '/API/adminSettings/V1/settings.json';

interface Listed<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
interface StoredLead {
  leadId: number;
  name: string;
  email: string;
  phone: string;
  source: string;
  messageId: number;
}
interface StoredSubscriber {
  subscriberId: number;
  email: string;
  name: string;
  createdAt: string;
}

const uniqueEmail = (prefix: string) => `${unique(prefix).replace(/\s+/g, '.').toLowerCase()}@example.com`;
const message = (overrides: Record<string, unknown> = {}) => ({
  senderName: unique('Sender'),
  senderEmail: uniqueEmail('sender'),
  messageContent: 'I would like to know more about the beach house.',
  ...overrides,
});

async function list<T>(
  kind: 'messages' | 'leads' | 'subscribers',
  query: Record<string, number> = { limit: 100 },
) {
  const admin = await signedIn('super');
  const res = await admin.get<Listed<T>>(`${LISTS}/${kind}.json`, { query });
  expect(res.status).toBe(200);
  return res.body;
}

describe('contact message', () => {
  it('stores the message with the default subject and answers success and its id, never cached', async () => {
    const body = message();
    const res = await new Client().post(MESSAGE, body);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, messageId: expect.any(Number) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const stored = (await list<StoredMessage>('messages')).items.find(
      (m) => m.messageId === res.body.messageId,
    );
    expect(stored).toMatchObject({
      senderName: body.senderName,
      senderEmail: body.senderEmail,
      messageContent: body.messageContent,
      messageSubject: 'Website inquiry',
      senderPhone: '',
    });
    expect(stored?.leadId).toBeUndefined();
  });

  it('keeps a given subject, and an empty one falls back to the default', async () => {
    const withSubject = await new Client().post(MESSAGE, message({ messageSubject: 'Pets?' }));
    const emptySubject = await new Client().post(MESSAGE, message({ messageSubject: '  ' }));

    const items = (await list<StoredMessage>('messages')).items;
    expect(items.find((m) => m.messageId === withSubject.body.messageId)?.messageSubject).toBe('Pets?');
    expect(items.find((m) => m.messageId === emptySubject.body.messageId)?.messageSubject).toBe(
      'Website inquiry',
    );
  });

  it('creates a lead when senderPhone is given, linked both ways', async () => {
    const body = message({ senderPhone: '+1 (555) 010-2000' });
    const res = await new Client().post(MESSAGE, body);

    expect(res.status).toBe(200);
    const stored = (await list<StoredMessage>('messages')).items.find(
      (m) => m.messageId === res.body.messageId,
    );
    const lead = (await list<StoredLead>('leads')).items.find((l) => l.messageId === res.body.messageId);
    expect(lead).toMatchObject({
      name: body.senderName,
      email: body.senderEmail,
      phone: '+1 (555) 010-2000',
      source: 'contact',
    });
    expect(stored?.leadId).toBe(lead?.leadId);
  });

  it('answers 400 naming each missing required field', async () => {
    for (const field of ['senderName', 'senderEmail', 'messageContent']) {
      const body: Record<string, unknown> = message();
      delete body[field];
      const res = await new Client().post(MESSAGE, body);
      expect(res.status, field).toBe(400);
      expect(problem(res).errors?.map((e) => e.field)).toContain(field);
    }
    const blank = await new Client().post(MESSAGE, message({ senderName: '   ' }));
    expect(blank.status).toBe(400);
  });

  it('answers 400 when the honeypot Url is filled, and stores nothing', async () => {
    const body = message({ Url: 'http://spam.example' });
    const res = await new Client().post(MESSAGE, body);

    expect(res.status).toBe(400);
    expect(problem(res).errors?.[0]).toEqual({ field: 'Url', message: 'must be empty' });
    const items = (await list<StoredMessage>('messages')).items;
    expect(items.some((m) => m.senderName === body.senderName)).toBe(false);
    expect((await new Client().post(MESSAGE, message({ Url: '' }))).status).toBe(200);
  });

  it('answers 400 for an invalid e-mail, a bad phone and every over-long field', async () => {
    const cases: Record<string, unknown>[] = [
      { senderEmail: 'not-an-email' },
      { senderPhone: 'call me' },
      { senderPhone: '1'.repeat(41) },
      { senderName: 'n'.repeat(129) },
      { senderEmail: `${'e'.repeat(250)}@example.com` },
      { messageSubject: 's'.repeat(201) },
      { messageContent: 'c'.repeat(5001) },
    ];
    for (const overrides of cases) {
      const res = await new Client().post(MESSAGE, message(overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
    }
    const longest = await new Client().post(
      MESSAGE,
      message({ senderName: 'n'.repeat(128), messageContent: 'c'.repeat(5000) }),
    );
    expect(longest.status).toBe(200);
  });

  it('answers bad input with 400 problem+json, never 500', async () => {
    const bodies: { rawBody?: string; body?: unknown }[] = [
      { rawBody: '{"senderName":' },
      { rawBody: 'null' },
      { body: ['a'] },
      { body: 'text' },
      { body: { ...message(), senderName: 42 } },
      { body: { ...message(), senderEmail: { $ne: '' } } },
      { body: { ...message(), unknownField: 1 } },
      { body: { ...message(), captcha: { a: 1 } } },
      { body: { ...message(), Url: 5 } },
      { body: {} },
    ];
    for (const options of bodies) {
      const res = await new Client().request('POST', MESSAGE, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(problem(res).status).toBe(400);
    }
  });

  it('accepts the CAPTCHA fields while the site does not require a CAPTCHA', async () => {
    const res = await new Client().post(
      MESSAGE,
      message({ captcha: '3', captcha_sum: 'whatever', captchaToken: 'tok' }),
    );
    expect(res.status).toBe(200);
  });

  it('answers other methods with 405', async () => {
    const res = await new Client().get(MESSAGE);
    expect(res.status).toBe(405);
  });
});

describe('newsletter signup', () => {
  it('stores a subscriber with the default name', async () => {
    const email = uniqueEmail('sub');
    const res = await new Client().post(SUBSCRIBE, { email });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const stored = (await list<StoredSubscriber>('subscribers')).items.filter((s) => s.email === email);
    expect(stored).toEqual([
      { subscriberId: expect.any(Number), email, name: 'Subscriber', createdAt: expect.any(String) },
    ]);
  });

  it('is idempotent per e-mail, case-insensitively: the first signup is kept', async () => {
    const email = uniqueEmail('twice');
    const first = await new Client().post(SUBSCRIBE, { email, name: 'Ann' });
    const again = await new Client().post(SUBSCRIBE, { email: email.toUpperCase(), name: 'Other' });

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual({ success: true });
    const stored = (await list<StoredSubscriber>('subscribers')).items.filter(
      (s) => s.email.toLowerCase() === email,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.name).toBe('Ann');
  });

  it('makes one subscriber of concurrent first signups of one e-mail', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([1, 2, 3, 4].map(() => new Client().post(SUBSCRIBE, { email })));

    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await list<StoredSubscriber>('subscribers')).items.filter((s) => s.email === email)).toHaveLength(
      1,
    );
  });

  it('answers 400 for a missing or invalid e-mail and bad input, never 500', async () => {
    const cases: { body?: unknown; rawBody?: string }[] = [
      { body: {} },
      { body: { email: '' } },
      { body: { email: 'nope' } },
      { body: { email: 5 } },
      { body: { email: uniqueEmail('x'), name: 'n'.repeat(129) } },
      { body: { email: uniqueEmail('x'), extra: true } },
      { rawBody: '{' },
    ];
    for (const options of cases) {
      const res = await new Client().request('POST', SUBSCRIBE, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      problem(res);
    }
  });
});

describe('admin lists of messages, leads and subscribers', () => {
  it('answer 401 without a session and 403 for a housekeeper or landlord; super and svc_rep read', async () => {
    for (const kind of ['messages', 'leads', 'subscribers']) {
      expect((await new Client().get(`${LISTS}/${kind}.json`)).status).toBe(401);
      expect((await (await signedIn('housekeeper')).get(`${LISTS}/${kind}.json`)).status).toBe(403);
      expect((await (await signedIn('landlord')).get(`${LISTS}/${kind}.json`)).status).toBe(403);
      for (const who of ['super', 'svcRep'] as const) {
        expect((await (await signedIn(who)).get(`${LISTS}/${kind}.json`)).status, `${who} ${kind}`).toBe(200);
      }
    }
  });

  it('list newest first in the paging envelope, with page and limit', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await new Client().post(MESSAGE, message())).body.messageId as number);

    const firstPage = await list<StoredMessage>('messages', { page: 1, limit: 2 });
    const secondPage = await list<StoredMessage>('messages', { page: 2, limit: 2 });
    const all = await list<StoredMessage>('messages', { limit: 100 });

    expect(firstPage).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.total).toBeGreaterThanOrEqual(3);
    expect(secondPage.items[0]?.messageId).not.toBe(firstPage.items[1]?.messageId);
    const order = all.items.map((m) => m.createdAt);
    expect(order).toEqual([...order].sort().reverse());
    const positions = ids.map((id) => all.items.findIndex((m) => m.messageId === id));
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });

  it('clamp a large limit to 100 and refuse a bad page with 400', async () => {
    const admin = await signedIn('svcRep');
    const big = await admin.get<Listed<unknown>>(`${LISTS}/leads.json`, { query: { limit: 1000 } });
    const bad = await admin.get(`${LISTS}/leads.json`, { query: { page: 'x' } });

    expect(big.body.limit).toBe(100);
    expect(bad.status).toBe(400);
  });
});

// ---- CAPTCHA required (settings switched on; restored in afterAll) ------------------------------------

interface Question {
  question: string;
  captcha_sum: string;
  expiresIn: number;
}

async function question(client = new Client()): Promise<Question & { answer: number }> {
  const res = await client.get<Question>('/API/publicBooking/V1/captcha.json');
  expect(res.status).toBe(200);
  const match = /^What is (\d+) \+ (\d+)\?$/.exec(res.body.question);
  if (!match) throw new Error(`unexpected question ${res.body.question}`);
  return { ...res.body, answer: Number(match[1]) + Number(match[2]) };
}

describe('the built-in CAPTCHA question', () => {
  it('asks "What is A + B?" with a signed token, never cached, new each time', async () => {
    const a = await question();
    const b = await question();
    const res = await new Client().get('/API/publicBooking/V1/captcha.json');

    expect(a.captcha_sum).not.toBe(b.captcha_sum);
    expect(a.expiresIn).toBe(600);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('contact and signup with the built-in CAPTCHA required', () => {
  const FIELDS = ['apiCaptchaProvider', 'apiContactCaptchaEnabled', 'apiSubscribeCaptchaEnabled'] as const;
  let saved: Record<string, unknown> = {};

  beforeAll(async () => {
    const admin = await signedIn('super');
    const current = await admin.get(SETTINGS);
    saved = Object.fromEntries(FIELDS.map((f) => [f, current.body[f]]));
    const res = await admin.put(SETTINGS, {
      apiCaptchaProvider: 'builtin',
      apiContactCaptchaEnabled: 1,
      apiSubscribeCaptchaEnabled: 1,
    });
    expect(res.status, res.text).toBe(200);
  });

  afterAll(async () => {
    const admin = await signedIn('super');
    const res = await admin.put(SETTINGS, saved);
    expect(res.status, res.text).toBe(200);
  });

  it('is published in the public apiPolicy', async () => {
    const res = await new Client().get('/API/siteSettings/V1/settings.json');
    expect(res.body.apiPolicy).toMatchObject({
      apiCaptchaProvider: 'builtin',
      apiContactCaptchaEnabled: 1,
      apiSubscribeCaptchaEnabled: 1,
    });
  });

  it('answers 400 without a CAPTCHA, and with only half of it', async () => {
    const { captcha_sum, answer } = await question();
    const none = await new Client().post(MESSAGE, message());
    const noAnswer = await new Client().post(MESSAGE, message({ captcha_sum }));
    const noToken = await new Client().post(SUBSCRIBE, {
      email: uniqueEmail('half'),
      captcha: String(answer),
    });

    expect([none.status, noAnswer.status, noToken.status]).toEqual([400, 400, 400]);
    expect(problem(none).errors?.[0]?.field).toBe('captcha_sum');
    expect(problem(noAnswer).errors?.[0]?.field).toBe('captcha');
  });

  it('accepts the solved question, as a string or a number', async () => {
    const q1 = await question();
    const sent = await new Client().post(
      MESSAGE,
      message({ captcha: ` ${q1.answer} `, captcha_sum: q1.captcha_sum }),
    );
    const q2 = await question();
    const email = uniqueEmail('captcha');
    const signed = await new Client().post(SUBSCRIBE, {
      email,
      captcha: q2.answer,
      captcha_sum: q2.captcha_sum,
    });

    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ success: true, messageId: expect.any(Number) });
    expect(signed.status, signed.text).toBe(200);
    expect((await list<StoredSubscriber>('subscribers')).items.some((s) => s.email === email)).toBe(true);
  });

  it('refuses a reused token with 400, even after a right answer', async () => {
    const q = await question();
    const first = await new Client().post(
      MESSAGE,
      message({ captcha: String(q.answer), captcha_sum: q.captcha_sum }),
    );
    const replay = await new Client().post(
      MESSAGE,
      message({ captcha: String(q.answer), captcha_sum: q.captcha_sum }),
    );

    expect(first.status).toBe(200);
    expect(replay.status).toBe(400);
    expect(problem(replay).detail).toMatch(/already answered/);
  });

  it('refuses a wrong answer with 400, and the token is then used up', async () => {
    const q = await question();
    const body = message();
    const wrong = await new Client().post(MESSAGE, {
      ...body,
      captcha: String(q.answer + 1),
      captcha_sum: q.captcha_sum,
    });
    const retry = await new Client().post(MESSAGE, {
      ...body,
      captcha: String(q.answer),
      captcha_sum: q.captcha_sum,
    });

    expect(wrong.status).toBe(400);
    expect(problem(wrong).errors?.[0]?.field).toBe('captcha');
    expect(retry.status).toBe(400);
    expect((await list<StoredMessage>('messages')).items.some((m) => m.senderName === body.senderName)).toBe(
      false,
    );
  });

  it('refuses a tampered or forged token with 400', async () => {
    const q = await question();
    const parts = q.captcha_sum.split('.');
    const mac = parts[3] ?? '';
    const tamperedMac = [...parts.slice(0, 3), `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`].join(
      '.',
    );
    const longerLife = [parts[0], String(Number(parts[1]) + 60), parts[2], parts[3]].join('.');
    const forged = `v1.${Math.floor(Date.now() / 1000) + 300}.${'a'.repeat(22)}.${'b'.repeat(43)}`;

    for (const captcha_sum of [tamperedMac, longerLife, forged, 'md5-of-7', 'x'.repeat(600)]) {
      const res = await new Client().post(MESSAGE, message({ captcha: String(q.answer), captcha_sum }));
      expect(res.status, captcha_sum.slice(0, 40)).toBe(400);
    }
  });

  it('checks the CAPTCHA before the honeypot-free body is stored, and validation before the CAPTCHA', async () => {
    const q = await question();
    const honeypot = await new Client().post(
      MESSAGE,
      message({ Url: 'x', captcha: String(q.answer), captcha_sum: q.captcha_sum }),
    );
    // The honeypot 400 came from validation, so the token was not used up.
    const after = await new Client().post(
      MESSAGE,
      message({ captcha: String(q.answer), captcha_sum: q.captcha_sum }),
    );

    expect(honeypot.status).toBe(400);
    expect(after.status).toBe(200);
  });
});

describe('per-IP daily limits', () => {
  for (const [name, path] of [
    ['message.json', MESSAGE],
    ['subscribe.json', SUBSCRIBE],
  ] as const) {
    it(`allows 20 ${name} posts per IP in 24 hours, malformed ones counted: the 21st is 429`, async () => {
      const client = new Client();
      for (let i = 1; i <= 20; i++) expect((await client.post(path, {})).status, `post ${i}`).toBe(400);
      const refused = await client.post(path, { email: 'limit@example.test' });
      expect(refused.status).toBe(429);
      expect(problem(refused).status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      // Another IP is not affected.
      expect((await new Client().post(path, {})).status).toBe(400);
    });
  }
});

describe('contact messages per sender address, and the limits as site settings', () => {
  it('stores at most contactMessagesPerAddressPerDay messages of one senderEmail from any IPs (5 by default): the 6th is 429', async () => {
    const senderEmail = uniqueEmail('sender-cap');
    for (let i = 1; i <= 5; i++)
      expect((await new Client().post(MESSAGE, message({ senderEmail }))).status, `message ${i}`).toBe(200);
    const refused = await new Client().post(
      MESSAGE,
      message({ senderEmail: ` ${senderEmail.toUpperCase()}` }),
    );
    expect(refused.status).toBe(429);
    expect(problem(refused).detail).toMatch(/this e-mail address/);
    expect(refused.headers.get('ratelimit-limit')).toBe('5');
    const stored = await list<StoredMessage>('messages');
    expect(stored.items.filter((m) => m.senderEmail === senderEmail)).toHaveLength(5);
    expect((await new Client().post(MESSAGE, message())).status).toBe(200);
  });

  it('takes both message limits from the site settings', async () => {
    const admin = await signedIn('super');
    const set = (changes: Record<string, number>) => admin.put(SETTINGS, changes);
    expect((await set({ contactMessagesPerIpPerDay: 2, contactMessagesPerAddressPerDay: 1 })).status).toBe(
      200,
    );
    try {
      const client = new Client();
      expect((await client.post(MESSAGE, {})).status).toBe(400);
      expect((await client.post(MESSAGE, message())).status).toBe(200);
      const perIp = await client.post(MESSAGE, message());
      expect(perIp.status).toBe(429);
      expect(perIp.headers.get('ratelimit-limit')).toBe('2');
      const senderEmail = uniqueEmail('one-only');
      expect((await new Client().post(MESSAGE, message({ senderEmail }))).status).toBe(200);
      expect((await new Client().post(MESSAGE, message({ senderEmail }))).status).toBe(429);
    } finally {
      expect((await set({ contactMessagesPerIpPerDay: 20, contactMessagesPerAddressPerDay: 5 })).status).toBe(
        200,
      );
    }
  });
});
