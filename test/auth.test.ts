import { describe, expect, it } from 'vitest';
import { ADMINS, Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';

describe('admin authentication', () => {
  it('signs in with API key and secret, sets a secure session cookie and returns the identity', async () => {
    const client = new Client();
    const { adminAPIKey, adminAPISecret } = ADMINS.super;
    const res = await client.post('/API/auth/V1/login.json', { adminAPIKey, adminAPISecret });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      adminId: 1,
      adminFirstName: 'Sue',
      adminLastName: 'Super',
      adminRole: '0',
      superuser: '1',
    });
    const cookie = res.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^pm_admin_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('answers user.json with the session data, for every role', async () => {
    for (const [who, code] of [
      ['landlord', '1'],
      ['svcRep', '2'],
      ['housekeeper', '3'],
    ] as const) {
      const client = await signedIn(who);
      const res = await client.get('/API/auth/V1/user.json');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ adminId: ADMINS[who].adminId, adminRole: code, superuser: '0' });
    }
  });

  it('refuses a wrong secret and an unknown key with 401 problem+json', async () => {
    const wrongSecret = await new Client().post('/API/auth/V1/login.json', {
      adminAPIKey: 'test-super',
      adminAPISecret: 'nope',
    });
    const unknownKey = await new Client().post('/API/auth/V1/login.json', {
      adminAPIKey: 'who',
      adminAPISecret: 'nope',
    });

    expect(wrongSecret.status).toBe(401);
    expect(unknownKey.status).toBe(401);
    expect(problem(wrongSecret).detail).toBe(problem(unknownKey).detail);
  });

  it('answers missing fields and malformed JSON with 400', async () => {
    const missing = await new Client().post('/API/auth/V1/login.json', { adminAPIKey: 'test-super' });
    const malformed = await new Client().request('POST', '/API/auth/V1/login.json', {
      rawBody: '{"adminAPIKey":',
    });
    const notObject = await new Client().post('/API/auth/V1/login.json', ['a']);

    expect(missing.status).toBe(400);
    expect(problem(missing).errors?.[0]?.field).toBe('adminAPISecret');
    expect(malformed.status).toBe(400);
    expect(problem(malformed).title).toBe('Bad Request');
    expect(notObject.status).toBe(400);
  });

  it('answers user.json without a session with 401', async () => {
    const res = await new Client().get('/API/auth/V1/user.json');
    expect(res.status).toBe(401);
    expect(problem(res).status).toBe(401);
  });

  it('logout ends the session server-side: the old cookie no longer works', async () => {
    const client = await signedIn('super');
    const token = client.cookies.get('pm_admin_session') ?? '';

    const out = await client.post('/API/auth/V1/logout.json');
    const replay = new Client();
    replay.cookies.set('pm_admin_session', token);
    const after = await replay.get('/API/auth/V1/user.json');

    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(after.status).toBe(401);
  });

  it('ignores a forged session cookie', async () => {
    const client = new Client();
    client.cookies.set('pm_admin_session', 'x'.repeat(43));
    expect((await client.get('/API/auth/V1/user.json')).status).toBe(401);
  });
});

/** A fresh admin of this file, written as the fixture loader writes admins (Cognito identity, then profile). */
async function loadAdmin(admin: {
  adminId: number;
  adminAPIKey: string;
  adminAPISecret: string;
  adminRole: number;
}) {
  useLocalTable();
  const { loadAdmins } = await import('../infra/local/fixture/core.js');
  await loadAdmins([{ ...admin, adminFirstName: 'Fresh', adminLastName: 'Admin', adminEmail: '' }]);
}

const freshAdmin = (role = 2) => ({
  adminId: 9000 + Math.floor(Math.random() * 90_000),
  adminAPIKey: `fresh-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`,
  adminAPISecret: 'fresh-admin-secret-1',
  adminRole: role,
});

const login = (client: Client, adminAPIKey: string, adminAPISecret: string) =>
  client.post('/API/auth/V1/login.json', { adminAPIKey, adminAPISecret });

describe('admin sessions end when the identity changes', () => {
  it('a new secret ends the earlier session; a login with the new secret works', async () => {
    const admin = freshAdmin();
    await loadAdmin(admin);
    const old = new Client();
    expect((await login(old, admin.adminAPIKey, admin.adminAPISecret)).status).toBe(200);
    expect((await old.get('/API/auth/V1/user.json')).status).toBe(200);

    await loadAdmin({ ...admin, adminAPISecret: 'fresh-admin-secret-2' });
    expect((await old.get('/API/auth/V1/user.json')).status).toBe(401);
    const fresh = new Client();
    expect((await login(fresh, admin.adminAPIKey, 'fresh-admin-secret-2')).status).toBe(200);
    expect((await fresh.get('/API/auth/V1/user.json')).status).toBe(200);
  });

  it('a role change ends the earlier session, which held the old role', async () => {
    const admin = freshAdmin(0);
    await loadAdmin(admin);
    const old = new Client();
    expect((await login(old, admin.adminAPIKey, admin.adminAPISecret)).status).toBe(200);
    await loadAdmin({ ...admin, adminRole: 3 });
    expect((await old.get('/API/auth/V1/user.json')).status).toBe(401);
    const fresh = new Client();
    await login(fresh, admin.adminAPIKey, admin.adminAPISecret);
    expect((await fresh.get('/API/auth/V1/user.json')).body).toMatchObject({ adminRole: '3' });
  });
});

describe('admin login lockout', () => {
  it('locks the IP and key pair after 5 failures: the 6th is 429 even with the right secret', async () => {
    const admin = freshAdmin();
    await loadAdmin(admin);
    const client = new Client();
    for (let i = 1; i <= 5; i++)
      expect((await login(client, admin.adminAPIKey, `wrong-secret-${i}`)).status, `failure ${i}`).toBe(401);
    const locked = await login(client, admin.adminAPIKey, admin.adminAPISecret);
    expect(locked.status).toBe(429);
    expect(problem(locked).status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // The same key from another IP still signs in, and that success forgives the key's count.
    expect((await login(new Client(), admin.adminAPIKey, admin.adminAPISecret)).status).toBe(200);
  });

  it('forgives earlier failures after a successful sign-in', async () => {
    const admin = freshAdmin();
    await loadAdmin(admin);
    const client = new Client();
    for (let i = 0; i < 4; i++) await login(client, admin.adminAPIKey, 'wrong-secret');
    expect((await login(client, admin.adminAPIKey, admin.adminAPISecret)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(client, admin.adminAPIKey, 'wrong-secret')).status).toBe(401);
  });

  it('locks the key after 30 failures from rotating IPs, the right secret from a new IP included', async () => {
    const admin = freshAdmin();
    await loadAdmin(admin);
    for (let batch = 0; batch < 3; batch++) {
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login(new Client(), admin.adminAPIKey, `rotating-${batch}-${i}`),
        ),
      );
      expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const locked = await login(new Client(), admin.adminAPIKey, admin.adminAPISecret);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another admin is not affected.
    expect((await signedIn('svcRep')).cookies.size).toBe(1);
  });
});
