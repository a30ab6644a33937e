import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash } from '../shared/crypto/password.js';
import { guestBody, guestBook, siteDay, stayTenantId } from './support/booking.js';
import {
  createTenant,
  createVrProperty,
  registeredTenant,
  signedInTenant,
  tenantSession,
} from './support/builders.js';
import { changesOf } from './support/changes.js';
import {
  API_URL,
  Client,
  latestMailTo,
  MAIL_URL,
  problem,
  type SentMail,
  signedIn,
} from './support/client.js';
import { rawTable as db, TABLE } from './support/table.js';

const AUTH = '/API/publicAuth/V1';

const FIXTURE_TENANT = { email: 'fixture-tenant@example.test', password: 'fixture-tenant-pass-1' };
const newEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;

function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    tenantFirstName: 'Rita',
    tenantLastName: 'Register',
    tenantEmail: email,
    password: 'a-good-password',
    password2: 'a-good-password',
    ...extra,
  };
}

/** Registers and returns the activation link from the e-mail the local SES received. */
async function registerAndReadLink(email: string, extra: Record<string, unknown> = {}) {
  const res = await new Client().post(`${AUTH}/register.json`, registration(email, extra));
  expect(res.status).toBe(200);
  const mail = await latestMailTo(email);
  const link = mail.body.text?.match(/https?:\/\/\S+activate\.json\?\S+/)?.[0];
  if (!link) throw new Error(`no activation link in: ${mail.body.text}`);
  return { res, mail, link: new URL(link) };
}

async function rawItem(key: { PK: string; SK: string }) {
  return (await db.send(new GetCommand({ TableName: TABLE, Key: key }))).Item;
}

describe('tenant registration and activation', () => {
  it('registers an inactive account, mails the activation link, and activates once with it', async () => {
    const email = newEmail('reg');
    const { res, mail, link } = await registerAndReadLink(email, { applyToLeaseId: 11 });

    // activateUrl names the endpoint and the e-mail but never carries the secret.
    expect(res.body.success).toBe(true);
    const activateUrl = new URL(String(res.body.activateUrl));
    expect(activateUrl.pathname).toBe(`${AUTH}/activate.json`);
    expect(activateUrl.searchParams.get('tenantEmail')).toBe(email);
    expect(activateUrl.searchParams.has('hash')).toBe(false);
    expect(mail.destination.to).toContain(email);
    expect(mail.subject).toMatch(/Activate/);
    expect(link.searchParams.get('tenantEmail')).toBe(email);
    expect(link.searchParams.get('hash')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('applyToLeaseId')).toBe('11');

    const beforeActivation = await new Client().post(`${AUTH}/login.json`, {
      email,
      password: 'a-good-password',
    });
    expect(beforeActivation.status).toBe(403);

    const tenant = new Client();
    const activated = await tenant.get(`${link.pathname}${link.search}`);
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      success: true,
      applyToLeaseId: 11,
      user: { tenantEmail: email, tenantFirstName: 'Rita', tenantLastName: 'Register' },
    });
    const cookie = activated.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^pm_tenant_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    const me = await tenant.get(`${AUTH}/me.json`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ tenantEmail: email, propertyId: null, leaseId: null });

    const again = await new Client().get(`${link.pathname}${link.search}`);
    expect(again.status).toBe(400);
    expect(problem(again).detail).toMatch(/invalid, expired or already used/);
    const login = await new Client().post(`${AUTH}/login.json`, { email, password: 'a-good-password' });
    expect(login.status).toBe(200);
  });

  it('accepts the aliases newEmail and password1, and answers 409 for an activated e-mail in any case', async () => {
    const email = newEmail('alias');
    const first = await new Client().post(`${AUTH}/register.json`, {
      tenantFirstName: 'Al',
      tenantLastName: 'Ias',
      newEmail: email,
      password1: 'another-password',
      password2: 'another-password',
    });
    expect(first.status).toBe(200);

    // Only an activated address is a 409 (an unactivated one registers again, tested below).
    const duplicate = await new Client().post(
      `${AUTH}/register.json`,
      registration(FIXTURE_TENANT.email.toUpperCase()),
    );
    expect(duplicate.status).toBe(409);
    expect(problem(duplicate).status).toBe(409);
  });

  it('refuses invalid registrations with 400 problem+json', async () => {
    const email = newEmail('bad');
    const cases: [string, unknown][] = [
      ['missing names', { tenantEmail: email, password: 'a-good-password', password2: 'a-good-password' }],
      ['passwords differ', registration(email, { password2: 'something-else' })],
      ['no confirmation', { ...registration(email), password2: undefined }],
      ['honeypot filled', registration(email, { isEmpty: 'http://spam.example' })],
      ['short password', registration(email, { password: 'short', password2: 'short' })],
      ['not an e-mail', registration('not-an-email')],
      ['unknown field', registration(email, { isAdmin: 1 })],
      ['wrong type', registration(email, { tenantFirstName: 42 })],
      ['oversize', registration(email, { tenantLastName: 'x'.repeat(65) })],
      ['oversize phone', registration(email, { tenantPhone: '1'.repeat(41) })],
      ['bad applyToLeaseId', registration(email, { applyToLeaseId: 'abc' })],
    ];
    for (const [name, body] of cases) {
      const res = await new Client().post(`${AUTH}/register.json`, body);
      expect(res.status, name).toBe(400);
      expect(problem(res).status, name).toBe(400);
    }
    const malformed = await new Client().request('POST', `${AUTH}/register.json`, {
      rawBody: '{"tenantEmail":',
    });
    expect(malformed.status).toBe(400);
    expect(problem(malformed).title).toBe('Bad Request');
    const notObject = await new Client().post(`${AUTH}/register.json`, [1, 2]);
    expect(notObject.status).toBe(400);
    // None of the refused registrations created the account.
    expect((await new Client().post(`${AUTH}/register.json`, registration(email))).status).toBe(200);
  });

  it('stores contact fields encrypted and the password hashed: no plaintext in the item', async () => {
    const email = newEmail('enc');
    const phone = '+1 555 0199 7731';
    const address = '742 Evergreen Terrace';
    const { link } = await registerAndReadLink(email, {
      tenantPhone: phone,
      tenantAltPhone: '+1 555 0123 4567',
      tenantAddress: address,
      tenantCity: 'Springfield',
      tenantZip: '49007',
    });
    const activated = await new Client().get(`${link.pathname}${link.search}`);
    const tenantId = (activated.body.user as { tenantId: number }).tenantId;

    const item = await rawItem({ PK: `TENANT#${tenantId}`, SK: 'TENANT' });
    const stored = JSON.stringify(item);
    expect(item).toBeDefined();
    for (const plain of [phone, address, 'Springfield', '49007', '0199', 'Evergreen', 'a-good-password']) {
      expect(stored).not.toContain(plain);
    }
    expect(item?.passwordHash).toMatch(/^scrypt\$8192\$8\$1\$/);
    expect(item?.contact?.tenantPhone).toMatch(/^v1:/);
    expect(item?.contact?.tenantAddress).toMatch(/^v1:/);
    // A fresh IV per value: equal plaintexts would still give different ciphertexts.
    expect(item?.contact?.tenantPhone).not.toBe(item?.contact?.tenantAltPhone);

    // The admin single-tenant view decrypts them.
    const admin = new Client();
    await admin.post('/API/auth/V1/login.json', {
      adminAPIKey: 'test-super',
      adminAPISecret: 'test-super-secret-1',
    });
    const profile = await admin.get(`/API/adminTenants/V1/tenants/${tenantId}.json`);
    expect(profile.body).toMatchObject({
      tenantPhone: phone,
      tenantAddress: address,
      tenantCity: 'Springfield',
      tenantZip: '49007',
    });
  });

  it('refuses invalid, mismatched and expired activation links with 400', async () => {
    const email = newEmail('links');
    const { link } = await registerAndReadLink(email);
    const hash = link.searchParams.get('hash') ?? '';
    const client = new Client();
    const path = `${AUTH}/activate.json`;

    const otherEmail = await client.get(path, { query: { tenantEmail: FIXTURE_TENANT.email, hash } });
    const wrongHash = await client.get(path, { query: { tenantEmail: email, hash: 'A'.repeat(43) } });
    const malformedHash = await client.get(path, { query: { tenantEmail: email, hash: 'not-a-token' } });
    const missingHash = await client.get(path, { query: { tenantEmail: email } });
    const missingEmail = await client.get(path, { query: { hash } });
    const badLeaseId = await client.get(path, { query: { tenantEmail: email, hash, applyToLeaseId: 'x1' } });
    for (const res of [otherEmail, wrongHash, malformedHash, missingHash, missingEmail, badLeaseId]) {
      expect(res.status).toBe(400);
      expect(problem(res).status).toBe(400);
    }
    // The refused attempts did not use the token up.
    expect((await client.get(`${link.pathname}${link.search}`)).status).toBe(200);

    // An expired token: planted directly with an expiry in the past.
    const expiredEmail = newEmail('expired');
    await registerAndReadLink(expiredEmail);
    const guard = await rawItem({ PK: `UNIQUE#tenantEmail#${expiredEmail.toLowerCase()}`, SK: 'UNIQUE' });
    const token = 'E'.repeat(43);
    await db.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `ACTIVATION#${createHash('sha256').update(token).digest('base64url')}`,
          SK: 'ACTIVATION',
          entity: 'activation',
          tenantId: guard?.ownerId,
          expiresAt: Math.floor(Date.now() / 1000) - 60,
        },
      }),
    );
    const expired = await new Client().get(path, { query: { tenantEmail: expiredEmail, hash: token } });
    expect(expired.status).toBe(400);
  });

  it('allows 10 activation requests per hour per IP: the 11th is 429 with Retry-After', async () => {
    const client = new Client();
    for (let i = 1; i <= 10; i++) {
      const res = await client.get(`${AUTH}/activate.json`, {
        query: { tenantEmail: 'nobody@example.test', hash: 'B'.repeat(43) },
      });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    // Even a request that would fail validation is counted and refused once over the limit.
    const eleventh = await client.get(`${AUTH}/activate.json`);
    expect(eleventh.status).toBe(429);
    expect(problem(eleventh).status).toBe(429);
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another IP is unaffected.
    expect((await new Client().get(`${AUTH}/activate.json`)).status).toBe(400);
  });
});

describe('tenant login, me and logout', () => {
  it('logs in (email alias tenantEmail) into a session holding the active lease', async () => {
    const client = new Client();
    const res = await client.post(`${AUTH}/login.json`, {
      tenantEmail: FIXTURE_TENANT.email.toUpperCase(),
      password: FIXTURE_TENANT.password,
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: {
        tenantId: 1,
        tenantEmail: FIXTURE_TENANT.email,
        tenantFirstName: 'Tess',
        tenantLastName: 'Tenant',
      },
    });
    const cookie = res.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^pm_tenant_session=/);
    expect(cookie).toContain('HttpOnly');
    const me = await client.get(`${AUTH}/me.json`);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      tenantId: 1,
      tenantEmail: FIXTURE_TENANT.email,
      tenantFirstName: 'Tess',
      tenantLastName: 'Tenant',
      propertyId: 11,
      leaseId: 1,
    });
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 400 for missing fields, 401 alike for a wrong password and an unknown e-mail', async () => {
    const missing = await new Client().post(`${AUTH}/login.json`, { email: FIXTURE_TENANT.email });
    const empty = await new Client().post(`${AUTH}/login.json`, {});
    const wrongType = await new Client().post(`${AUTH}/login.json`, { email: ['a'], password: 'x' });
    const unknownField = await new Client().post(`${AUTH}/login.json`, { ...FIXTURE_TENANT, remember: true });
    for (const res of [missing, empty, wrongType, unknownField]) expect(res.status).toBe(400);

    const wrong = await new Client().post(`${AUTH}/login.json`, {
      email: FIXTURE_TENANT.email,
      password: 'not-the-password',
    });
    const unknown = await new Client().post(`${AUTH}/login.json`, {
      email: newEmail('ghost'),
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(problem(wrong).detail).toBe(problem(unknown).detail);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('locks the IP and e-mail pair after 5 failures: the 6th attempt is 429 even with the right password', async () => {
    const client = new Client();
    for (let i = 1; i <= 5; i++) {
      const res = await client.post(`${AUTH}/login.json`, {
        email: FIXTURE_TENANT.email,
        password: `wrong-${i}-password`,
      });
      expect(res.status, `failure ${i}`).toBe(401);
    }
    const locked = await client.post(`${AUTH}/login.json`, {
      email: FIXTURE_TENANT.email,
      password: FIXTURE_TENANT.password,
    });
    expect(locked.status).toBe(429);
    expect(problem(locked).status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Another e-mail from the same IP, and the same e-mail from another IP, are unaffected.
    const otherEmail = await client.post(`${AUTH}/login.json`, {
      email: 'fixture-tenant-b@example.test',
      password: 'fixture-tenant-pass-2',
    });
    expect(otherEmail.status).toBe(200);
    const otherIp = await new Client().post(`${AUTH}/login.json`, {
      email: FIXTURE_TENANT.email,
      password: FIXTURE_TENANT.password,
    });
    expect(otherIp.status).toBe(200);
  });

  it('forgives earlier failures after a successful login', async () => {
    const client = new Client();
    for (let i = 0; i < 4; i++)
      await client.post(`${AUTH}/login.json`, { email: FIXTURE_TENANT.email, password: 'wrong-password' });
    expect((await client.post(`${AUTH}/login.json`, FIXTURE_TENANT)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect(
        (await client.post(`${AUTH}/login.json`, { email: FIXTURE_TENANT.email, password: 'wrong-password' }))
          .status,
      ).toBe(401);
    }
  });

  it('counts parallel guesses atomically: after one failure, only 4 of 11 concurrent attempts are checked', async () => {
    const client = new Client();
    const login = (password: string) =>
      client.post(`${AUTH}/login.json`, { email: 'fixture-tenant-b@example.test', password });
    // The first failure opens the pair's window; every concurrent attempt then ADDs to that one item.
    expect((await login('first-wrong-guess')).status).toBe(401);
    const results = await Promise.all(Array.from({ length: 11 }, (_, i) => login(`guess-${i}-xx`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('answers me.json without a session with 401, and logout ends the session', async () => {
    expect((await new Client().get(`${AUTH}/me.json`)).status).toBe(401);

    const client = new Client();
    await client.post(`${AUTH}/login.json`, FIXTURE_TENANT);
    const token = client.cookies.get('pm_tenant_session') ?? '';
    expect(token).not.toBe('');
    const out = await client.post(`${AUTH}/logout.json`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(out.headers.getSetCookie()[0]).toMatch(/^pm_tenant_session=; Max-Age=0/);

    const replay = new Client();
    replay.cookies.set('pm_tenant_session', token);
    expect((await replay.get(`${AUTH}/me.json`)).status).toBe(401);
    // Logout without a session is still a success (idempotent).
    expect((await new Client().post(`${AUTH}/logout.json`)).body).toEqual({ success: true });
  });

  it('answers the wrong method with 405', async () => {
    const res = await new Client().get(`${AUTH}/login.json`);
    expect(res.status).toBe(405);
    expect(API_URL).toBeTruthy();
  });
});

describe('sessions end when the credentials change', () => {
  const TENANTS = '/API/adminTenants/V1/tenant';

  it('an admin password reset ends the earlier tenant session; a new login works', async () => {
    const { tenant, client: old } = await signedInTenant();
    expect((await old.get(`${AUTH}/me.json`)).status).toBe(200);
    const admin = await signedIn('super');
    const reset = await admin.put(`${TENANTS}/${tenant.tenantId}.json`, { password: 'a-new-password-1' });
    expect(reset.status, reset.text).toBe(200);

    expect((await old.get(`${AUTH}/me.json`)).status).toBe(401);
    const fresh = await tenantSession({ email: tenant.tenantEmail, password: 'a-new-password-1' });
    expect((await fresh.get(`${AUTH}/me.json`)).status).toBe(200);
  });

  it('a deactivation and a reactivation end the earlier session; a name change does not', async () => {
    const { tenant, client: old } = await signedInTenant();
    const admin = await signedIn('super');
    const renamed = await admin.put(`${TENANTS}/${tenant.tenantId}.json`, { tenantFirstName: 'Renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await old.get(`${AUTH}/me.json`)).status).toBe(200);

    expect((await admin.delete(`${TENANTS}/${tenant.tenantId}.json`)).status).toBe(200);
    expect((await old.get(`${AUTH}/me.json`)).status).toBe(401);
    const back = await admin.put(`${TENANTS}/${tenant.tenantId}.json`, { isActive: 1 });
    expect(back.status, back.text).toBe(200);
    // Reactivated: the session from before the deactivation stays ended.
    expect((await old.get(`${AUTH}/me.json`)).status).toBe(401);
    const fresh = await tenantSession({ email: tenant.tenantEmail, password: tenant.password });
    expect((await fresh.get(`${AUTH}/me.json`)).status).toBe(200);
  });
});

describe("the tenant's writes are audited like an admin's", () => {
  it('a login that upgrades a weaker password hash leaves a masked change item and keeps the session it opens', async () => {
    const tenant = await createTenant({ isActive: 1 });
    const weaker = await hashPassword(tenant.password, { N: 2 ** 10, r: 8, p: 1 });
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `TENANT#${tenant.tenantId}`, SK: 'TENANT' },
        UpdateExpression: 'SET passwordHash = :h',
        ExpressionAttributeValues: { ':h': weaker },
      }),
    );
    const client = await tenantSession({ email: tenant.tenantEmail, password: tenant.password });
    expect((await client.get(`${AUTH}/me.json`)).status).toBe(200);
    const rehash = (await changesOf('tenant', tenant.tenantId)).find((c) => c.action === 'passwordRehashed');
    expect(rehash?.actor).toBe(`tenant:${tenant.tenantId}`);
    expect(rehash?.fields).toContainEqual({ field: 'passwordHash', old: '***', new: '***' });
    const stored = await rawItem({ PK: `TENANT#${tenant.tenantId}`, SK: 'TENANT' });
    expect(needsRehash(String(stored?.passwordHash))).toBe(false);
  });

  it('an activation leaves a change item', async () => {
    const { email } = await registeredTenant();
    const guard = await rawItem({ PK: `UNIQUE#tenantEmail#${email.toLowerCase()}`, SK: 'UNIQUE' });
    const tenantId = Number(guard?.ownerId);
    const actions = (await changesOf('tenant', tenantId)).map((c) => c.action);
    expect(actions).toEqual(['registered', 'activated']);
  });
});

describe('login lockout per e-mail across IPs', () => {
  it('after 30 failures from rotating IPs the e-mail is locked, the right password from a new IP included', async () => {
    const { tenant } = await signedInTenant();
    for (let batch = 0; batch < 3; batch++) {
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new Client().post(`${AUTH}/login.json`, {
            email: tenant.tenantEmail.toUpperCase(),
            password: `rotating-${batch}-${i}-x`,
          }),
        ),
      );
      expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const locked = await new Client().post(`${AUTH}/login.json`, {
      email: tenant.tenantEmail,
      password: tenant.password,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Other accounts are not affected.
    expect((await new Client().post(`${AUTH}/login.json`, FIXTURE_TENANT)).status).toBe(200);
  });
});

describe('registration hardening', () => {
  it('allows 10 registration requests per hour per IP: the 11th is 429, malformed ones counted too', async () => {
    const client = new Client();
    for (let i = 1; i <= 10; i++)
      expect((await client.post(`${AUTH}/register.json`, {})).status, `request ${i}`).toBe(400);
    const refused = await client.post(`${AUTH}/register.json`, registration(newEmail('limit')));
    expect(refused.status).toBe(429);
    expect(problem(refused).status).toBe(429);
    expect((await new Client().post(`${AUTH}/register.json`, registration(newEmail('ok')))).status).toBe(200);
  });

  it('registers an unactivated address again: the account is replaced, a new link sent, the old link void', async () => {
    const email = newEmail('again');
    const first = await registerAndReadLink(email, {
      password: 'first-password-1',
      password2: 'first-password-1',
    });
    const tenantId = (await rawItem({ PK: `UNIQUE#tenantEmail#${email}`, SK: 'UNIQUE' }))?.ownerId;
    const again = await new Client().post(
      `${AUTH}/register.json`,
      registration(email.toUpperCase(), {
        tenantFirstName: 'Second',
        password: 'second-password-2',
        password2: 'second-password-2',
      }),
    );
    expect(again.status, again.text).toBe(200);
    const mail = await latestMailTo(email);
    const link = new URL(mail.body.text?.match(/https?:\/\/\S+activate\.json\?\S+/)?.[0] ?? '');
    expect(link.searchParams.get('hash')).not.toBe(first.link.searchParams.get('hash'));

    expect((await new Client().get(`${first.link.pathname}${first.link.search}`)).status).toBe(400);
    const activated = await new Client().get(`${link.pathname}${link.search}`);
    expect(activated.status, activated.text).toBe(200);
    expect(activated.body.user).toMatchObject({ tenantFirstName: 'Second' });
    if (tenantId !== undefined) expect(activated.body.user).toMatchObject({ tenantId });
    const login = (password: string) => new Client().post(`${AUTH}/login.json`, { email, password });
    expect((await login('first-password-1')).status).toBe(401);
    expect((await login('second-password-2')).status).toBe(200);

    // Activated: the spec's 409 from now on.
    expect((await new Client().post(`${AUTH}/register.json`, registration(email))).status).toBe(409);
  });

  it('answers 409 for an address of an admin-made account, even one never activated', async () => {
    const made = await createTenant({ isActive: 0 });
    const res = await new Client().post(`${AUTH}/register.json`, registration(made.tenantEmail));
    expect(res.status).toBe(409);
  });

  it('never puts a typed name into the mail as a link or as markup', async () => {
    const email = newEmail('names');
    const { mail } = await registerAndReadLink(email, {
      tenantFirstName: 'http://evil.example/<b>x</b>',
      tenantLastName: 'www.evil.example',
    });
    const text = mail.body.text ?? '';
    const html = mail.body.html ?? '';
    for (const part of [text, html]) {
      expect(part).not.toContain('http://evil');
      expect(part).not.toContain('evil.example');
    }
    expect(text).toContain('http[:]//evil[.]example/<b>x</b>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('http[:]//evil[.]example/&lt;b&gt;x&lt;/b&gt;');
    // The only links in the HTML part are ours: the activation link and the reset page for the address.
    const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map(
      (m) => new URL(String(m[1]).replaceAll('&amp;', '&')),
    );
    expect(hrefs.map((u) => u.pathname.split('/').at(-1))).toEqual(['activate.json', 'reset-password']);
    expect(hrefs[1]?.searchParams.get('email')).toBe(email);
  });
});

describe('the mails one address is sent, and the limits as site settings', () => {
  const SETTINGS = '/API/adminSettings/V1/settings.json';
  const lowered = { mailsPerAddressPerDay: 2, registrationsPerIpPerHour: 3 };
  let saved: Record<string, unknown> = {};

  beforeAll(async () => {
    const admin = await signedIn('super');
    const current = await admin.get(SETTINGS);
    saved = Object.fromEntries(Object.keys(lowered).map((k) => [k, current.body[k]]));
    expect(saved).toEqual({ mailsPerAddressPerDay: 10, registrationsPerIpPerHour: 10 });
    const res = await admin.put(SETTINGS, lowered);
    expect(res.status, res.text).toBe(200);
  });

  afterAll(async () => {
    const res = await (await signedIn('super')).put(SETTINGS, saved);
    expect(res.status, res.text).toBe(200);
  });

  const mailsTo = async (address: string) => {
    const { emails } = (await (await fetch(`${MAIL_URL}/store`)).json()) as { emails: SentMail[] };
    return emails.filter((m) => m.destination.to.some((t) => t.toLowerCase() === address.toLowerCase()));
  };

  it('re-sends an activation to one address at most mailsPerAddressPerDay times, from any IPs; then 429 with Retry-After', async () => {
    const email = newEmail('resend');
    // A request that fails its own checks mails no one and uses up nothing.
    const mismatched = await new Client().post(
      `${AUTH}/register.json`,
      registration(email, { password2: 'x' }),
    );
    expect(mismatched.status).toBe(400);
    for (const tag of ['first', 'second'])
      expect((await new Client().post(`${AUTH}/register.json`, registration(email))).status, tag).toBe(200);
    const refused = await new Client().post(`${AUTH}/register.json`, registration(` ${email.toUpperCase()}`));
    expect(refused.status).toBe(429);
    expect(problem(refused).detail).toMatch(/e-mails to this address/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    await latestMailTo(email);
    expect(await mailsTo(email)).toHaveLength(2);
    // Another address is not held up.
    expect((await new Client().post(`${AUTH}/register.json`, registration(newEmail('other')))).status).toBe(
      200,
    );
  });

  it('a registration of an activated address (the 409) mails no one and uses up none of its mails', async () => {
    const email = newEmail('activated');
    const { link } = await registerAndReadLink(email);
    expect((await new Client().get(`${link.pathname}${link.search}`)).status).toBe(200);
    for (let i = 1; i <= 3; i++)
      expect((await new Client().post(`${AUTH}/register.json`, registration(email))).status, `try ${i}`).toBe(
        409,
      );
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a registration of an address that booked as a guest counts its mail too: over the limit, 429, and no account is made', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 2 });
    const email = newEmail('guestclaim');
    // Two guest bookings of the address: its two mails of the day (each booking's confirmation).
    const guestIds = new Set<number>();
    for (const days of [90, 92]) {
      const booked = await guestBook(guestBody(propertyId, siteDay(days), siteDay(days + 1), { email }));
      expect(booked.status, booked.text).toBe(200);
      guestIds.add(await stayTenantId(booked.body.reservationId));
    }
    const [guestId] = [...guestIds];
    expect(guestIds.size).toBe(1);
    const refused = await new Client().post(`${AUTH}/register.json`, registration(email));
    expect(refused.status, refused.text).toBe(429);
    expect(problem(refused).detail).toMatch(/e-mails to this address/);
    const admin = await signedIn('super');
    expect((await admin.get(`/API/adminTenants/V1/tenants/${guestId}.json`)).body).toMatchObject({
      isGuest: 1,
      isActive: 0,
    });
    const accounts = await admin.get('/API/adminTenants/V1/tenants.json', { query: { search: email } });
    expect((accounts.body.items as { isGuest: number }[]).map((t) => t.isGuest)).toEqual([1]);
  });

  it('takes the per-IP registration limit from the settings', async () => {
    const client = new Client();
    for (let i = 1; i <= 3; i++)
      expect((await client.post(`${AUTH}/register.json`, {})).status, `request ${i}`).toBe(400);
    const refused = await client.post(`${AUTH}/register.json`, registration(newEmail('perip')));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
  });
});

describe('registration with the site CAPTCHA on contact', () => {
  const SETTINGS = '/API/adminSettings/V1/settings.json';
  let saved: Record<string, unknown> = {};

  beforeAll(async () => {
    const admin = await signedIn('super');
    const current = await admin.get(SETTINGS);
    saved = {
      apiCaptchaProvider: current.body.apiCaptchaProvider,
      apiContactCaptchaEnabled: current.body.apiContactCaptchaEnabled,
    };
    const res = await admin.put(SETTINGS, { apiCaptchaProvider: 'builtin', apiContactCaptchaEnabled: 1 });
    expect(res.status, res.text).toBe(200);
  });

  afterAll(async () => {
    const res = await (await signedIn('super')).put(SETTINGS, saved);
    expect(res.status, res.text).toBe(200);
  });

  it('requires the CAPTCHA when the site asks for one on contact, and registers with a right answer', async () => {
    const missing = await new Client().post(`${AUTH}/register.json`, registration(newEmail('nocaptcha')));
    expect(missing.status).toBe(400);
    expect(problem(missing).errors?.[0]?.field).toBe('captcha_sum');

    const q = await new Client().get('/API/publicBooking/V1/captcha.json');
    const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(String(q.body.question)) ?? [];
    const wrong = await new Client().post(
      `${AUTH}/register.json`,
      registration(newEmail('wrongcaptcha'), {
        captcha: String(Number(a) + Number(b) + 1),
        captcha_sum: q.body.captcha_sum,
      }),
    );
    expect(wrong.status).toBe(400);

    const q2 = await new Client().get('/API/publicBooking/V1/captcha.json');
    const [, c, d] = /What is (\d+) \+ (\d+)\?/.exec(String(q2.body.question)) ?? [];
    const ok = await new Client().post(
      `${AUTH}/register.json`,
      registration(newEmail('captcha'), {
        captcha: String(Number(c) + Number(d)),
        captcha_sum: q2.body.captcha_sum,
      }),
    );
    expect(ok.status, ok.text).toBe(200);
  });
});
