import { describe, expect, it } from 'vitest';
import { ADMINS, Client, problem, signedIn } from './support/client.js';

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
