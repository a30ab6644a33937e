/**
 * Admin settings: roles, the PUT whitelist, secrets never shown, and the two opt-in flags of the public
 * settings. The flag tests change apiExposeBusinessTaxId / apiExposeInternalPaths (and the CAPTCHA secret) and
 * restore them in afterAll, so the tests after them in this file see the fixture's settings.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, problem, signedIn } from './support/client.js';
import { BASE_FIXTURE } from './support/global-setup.js';

const SETTINGS = '/API/adminSettings/V1/settings.json';
const PUBLIC = '/API/siteSettings/V1/settings.json';
const INTERNAL_PATHS = [
  'uploadPath',
  'VruploadPath',
  'avatarFolder',
  'propertyPicsPath',
  'VrpropertyPicsPath',
];
const FIXTURE_SETTINGS = (
  JSON.parse(readFileSync(BASE_FIXTURE, 'utf8')) as { settings: Record<string, string> }
).settings;
const FIXTURE_SECRET = FIXTURE_SETTINGS.apiCaptchaSecretKey ?? '';

describe('admin settings: roles', () => {
  it('GET answers 401 without a session, 403 for a housekeeper and a landlord, 200 for super and svc_rep', async () => {
    expect((await new Client().get(SETTINGS)).status).toBe(401);
    // Landlords read only the public settings (site endpoints): these hold the tax id and internal paths.
    for (const who of ['housekeeper', 'landlord'] as const) {
      const res = await (await signedIn(who)).get(SETTINGS);
      expect(res.status, who).toBe(403);
      expect(problem(res).status).toBe(403);
    }
    for (const who of ['super', 'svcRep'] as const) {
      const res = await (await signedIn(who)).get(SETTINGS);
      expect(res.status, who).toBe(200);
      expect(res.body.siteName).toBe('Test Rentals');
    }
  });

  it('PUT answers 401 without a session, 403 for every role but super_admin, 200 for super_admin', async () => {
    const current = (await (await signedIn('super')).get(SETTINGS)).body;
    const sameName = { siteName: current.siteName };

    expect((await new Client().put(SETTINGS, sameName)).status).toBe(401);
    for (const who of ['svcRep', 'landlord', 'housekeeper'] as const) {
      const res = await (await signedIn(who)).put(SETTINGS, sameName);
      expect(res.status, who).toBe(403);
      expect(problem(res).status).toBe(403);
    }
    const ok = await (await signedIn('super')).put(SETTINGS, sameName);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, settings: { siteName: current.siteName } });
  });
});

describe('admin settings: the PUT whitelist', () => {
  it('answers 400 for an unknown field and changes nothing', async () => {
    const admin = await signedIn('super');
    const before = (await admin.get(SETTINGS)).body;
    const res = await admin.put(SETTINGS, { siteName: 'Should Not Stick', adminPassword: 'x' });

    expect(res.status).toBe(400);
    expect(problem(res).errors).toContainEqual({ field: 'adminPassword', message: 'unknown field' });
    expect((await admin.get(SETTINGS)).body.siteName).toBe(before.siteName);
  });

  it('answers 400 for invalid values, never 500', async () => {
    const admin = await signedIn('super');
    const cases: { body?: unknown; rawBody?: string }[] = [
      { body: { apiCaptchaProvider: 'turnstile' } },
      { body: { apiContactCaptchaEnabled: 2 } },
      { body: { apiExposeBusinessTaxId: 'yes' } },
      { body: { systemTimeZone: 'Mars/Olympus' } },
      { body: { paymentCurrency: 'usd' } },
      { body: { vrCheckInTime: '25:00' } },
      { body: { vrTaxRate: 101 } },
      { body: { mailsPerAddressPerDay: 0 } },
      { body: { bookingsPerIpPerHour: 100_001 } },
      { body: { autopaySetupsPerTenantPerHour: 1.5 } },
      { body: { installUrl: 'javascript:alert(1)' } },
      { body: { businessEmail: 'nope' } },
      { body: { siteName: 'x'.repeat(129) } },
      { body: { siteName: null } },
      { body: {} },
      { body: ['siteName'] },
      { rawBody: '{"siteName":' },
    ];
    for (const options of cases) {
      const res = await admin.request('PUT', SETTINGS, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      problem(res);
    }
  });

  it('refuses a third-party CAPTCHA provider without a secret key', async () => {
    const admin = await signedIn('super');
    const res = await admin.put(SETTINGS, { apiCaptchaProvider: 'hcaptcha', apiCaptchaSecretKey: '' });

    expect(res.status).toBe(400);
    expect(problem(res).errors?.[0]?.field).toBe('apiCaptchaSecretKey');
  });

  it('accepts the documented provider values in the public apiPolicy shape', async () => {
    const res = await new Client().get(PUBLIC);
    const policy = res.body.apiPolicy as Record<string, unknown>;
    expect(Object.keys(policy).sort()).toEqual(
      [
        'apiBookingGuestEnabled',
        'apiBookingRequireLogin',
        'apiCaptchaProvider',
        'apiCaptchaSiteKey',
        'apiContactCaptchaEnabled',
        'apiSubscribeCaptchaEnabled',
      ].sort(),
    );
    expect(['builtin', 'hcaptcha', 'recaptcha_v2', 'recaptcha_v3']).toContain(policy.apiCaptchaProvider);
  });
});

describe('admin settings: secrets and opt-in flags (restored afterwards)', () => {
  const FLAGS = ['apiExposeBusinessTaxId', 'apiExposeInternalPaths'] as const;
  let saved: Record<string, unknown> = {};

  beforeAll(async () => {
    const current = (await (await signedIn('super')).get(SETTINGS)).body;
    saved = Object.fromEntries(FLAGS.map((f) => [f, current[f]]));
  });

  afterAll(async () => {
    const res = await (await signedIn('super')).put(SETTINGS, {
      ...saved,
      apiCaptchaSecretKey: FIXTURE_SECRET,
    });
    expect(res.status, res.text).toBe(200);
  });

  it('never returns the CAPTCHA secret: admin GET and PUT say only whether it is set, the public view omits it', async () => {
    const admin = await signedIn('super');
    const get = await admin.get(SETTINGS);
    const put = await admin.put(SETTINGS, { apiCaptchaSecretKey: 'rotated-secret-value-1' });
    const after = await admin.get(SETTINGS);
    const publicView = await new Client().get(PUBLIC);

    expect(FIXTURE_SECRET).not.toBe('');
    expect(get.body).not.toHaveProperty('apiCaptchaSecretKey');
    expect(get.body.apiCaptchaSecretKeySet).toBe(true);
    for (const res of [get, put, after, publicView]) {
      expect(res.text).not.toContain(FIXTURE_SECRET);
      expect(res.text).not.toContain('rotated-secret-value-1');
      expect(res.text).not.toContain('apiCaptchaSecretKey"');
    }
    expect(after.body.apiCaptchaSecretKeySet).toBe(true);
  });

  it('shows businessTaxId in the public settings only while apiExposeBusinessTaxId is 1', async () => {
    const admin = await signedIn('super');

    expect((await admin.put(SETTINGS, { apiExposeBusinessTaxId: 1 })).status).toBe(200);
    const shown = await new Client().get(PUBLIC);
    expect((await admin.put(SETTINGS, { apiExposeBusinessTaxId: 0 })).status).toBe(200);
    const hidden = await new Client().get(PUBLIC);

    expect(shown.body.businessTaxId).toBe(FIXTURE_SETTINGS.businessTaxId);
    expect(hidden.body).not.toHaveProperty('businessTaxId');
    expect(hidden.text).not.toContain(FIXTURE_SETTINGS.businessTaxId);
  });

  it('shows the five internal paths only while apiExposeInternalPaths is 1 (flags also accepted as "1"/"0")', async () => {
    const admin = await signedIn('super');

    expect((await admin.put(SETTINGS, { apiExposeInternalPaths: '1' })).status).toBe(200);
    const shown = await new Client().get(PUBLIC);
    expect((await admin.put(SETTINGS, { apiExposeInternalPaths: '0' })).status).toBe(200);
    const hidden = await new Client().get(PUBLIC);

    for (const field of INTERNAL_PATHS) {
      expect(shown.body[field], field).toBe(FIXTURE_SETTINGS[field]);
      expect(hidden.body, field).not.toHaveProperty(field);
    }
    expect((await admin.get(SETTINGS)).body.apiExposeInternalPaths).toBe(0);
  });

  it('stores flags given as strings as numbers', async () => {
    const admin = await signedIn('super');
    const res = await admin.put(SETTINGS, { apiExposeBusinessTaxId: '0' });
    expect((res.body.settings as Record<string, unknown>).apiExposeBusinessTaxId).toBe(0);
  });

  it('shows the limits and the kinds not mailed with their defaults, and changes one alone (a number or a numeric string)', async () => {
    const admin = await signedIn('super');
    const before = (await admin.get(SETTINGS)).body;
    expect(before).toMatchObject({
      registrationsPerIpPerHour: 10,
      bookingsPerIpPerHour: 20,
      contactMessagesPerIpPerDay: 20,
      contactMessagesPerAddressPerDay: 5,
      mailsPerAddressPerDay: 10,
      autopaySetupsPerTenantPerHour: 10,
      // A booking mails once (docs/messages.md "One mail per booking").
      messagesOff: ['holdExpired'],
    });
    const res = await admin.put(SETTINGS, { autopaySetupsPerTenantPerHour: '12' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.settings).toMatchObject({ autopaySetupsPerTenantPerHour: 12, mailsPerAddressPerDay: 10 });
    expect((await admin.put(SETTINGS, { autopaySetupsPerTenantPerHour: 10 })).status).toBe(200);
    // Operational settings, not the website's: never in the public view.
    const open = await new Client().get('/API/siteSettings/V1/settings.json');
    expect(JSON.stringify(open.body)).not.toMatch(/PerIp|PerAddress|PerTenant/);
  });
});
