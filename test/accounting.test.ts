/**
 * The accounting authorization over HTTP (DESIGN.md "Accounting authorization start"; docs/accounting.md),
 * against the local runtime's stand-in provider: start (302 with the OAuth parameters, or JSON), the consent
 * page and its "Allow", the callback (state once, code exchanged, tokens stored encrypted), the status read,
 * disconnect; a replayed, expired or unknown state (400), a code refused as used (400 with the reason), no
 * realmId (400), no session (401).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTING } from '../infra/local/accounting-provider.js';
import { changesOf } from './support/changes.js';
import { API_URL, Client, problem, signedIn } from './support/client.js';
import { contractMismatch } from './support/contract.js';
import { rawTable, TABLE } from './support/table.js';

const START = '/API/accounting/oauth-start.php';
const CALLBACK = '/API/accounting/oauth-callback.php';
const CONNECTION = '/API/accounting/V1/connection.json';

let admin: Client;
beforeAll(async () => {
  admin = await signedIn('super');
});

/** A GET that does not follow redirects (the test Client's fetch would), contract-checked like the Client's. */
async function getManual(client: Client | undefined, url: string, headers: Record<string, string> = {}) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await fetch(new URL(url, API_URL), {
    redirect: 'manual',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  const text = await res.text();
  const target = new URL(url, API_URL);
  const mismatch = contractMismatch({
    method: 'GET',
    path: target.pathname,
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {},
    text,
  });
  if (mismatch) throw new Error(`Contract: ${mismatch}`);
  return { status: res.status, location: res.headers.get('location') ?? '', text };
}

/** Start → the consent page → Allow: the callback URL the provider sends the browser back to. */
async function consentedCallback(client = admin): Promise<URL> {
  const start = await getManual(client, START);
  expect(start.status, start.text).toBe(302);
  const consent = await getManual(undefined, start.location);
  expect(consent.status).toBe(200);
  expect(consent.text).toContain('Allow');
  const authorize = new URL(start.location);
  const allow = new URL(LOCAL_ACCOUNTING.allowPath, API_URL);
  for (const name of ['redirect_uri', 'state'])
    allow.searchParams.set(name, authorize.searchParams.get(name) ?? '');
  const back = await getManual(undefined, allow.href);
  expect(back.status).toBe(302);
  return new URL(back.location);
}

const stateOf = async () => new URL((await getManual(admin, START)).location).searchParams.get('state') ?? '';

describe('accounting authorization', () => {
  it('needs an admin session (401) and the super_admin role to connect (403)', async () => {
    const anonymous = new Client();
    expect((await anonymous.get(START)).status).toBe(401);
    expect((await anonymous.get(CALLBACK, { query: { state: 'x', code: 'y' } })).status).toBe(401);
    expect((await anonymous.get(CONNECTION)).status).toBe(401);
    expect((await anonymous.delete(CONNECTION)).status).toBe(401);
    const rep = await signedIn('svcRep');
    expect((await rep.get(START)).status).toBe(403);
    expect((await rep.get(CONNECTION)).status).toBe(200);
    expect((await rep.delete(CONNECTION)).status).toBe(403);
    expect((await (await signedIn('landlord')).get(CONNECTION)).status).toBe(403);
  });

  it('redirects to the provider with client_id, the callback as redirect_uri, response_type, scope and state', async () => {
    const start = await getManual(admin, START);
    expect(start.status).toBe(302);
    const url = new URL(start.location);
    expect(`${url.origin}${url.pathname}`).toBe(new URL(LOCAL_ACCOUNTING.authorizePath, API_URL).href);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: LOCAL_ACCOUNTING.clientId,
      redirect_uri: new URL(CALLBACK, API_URL).href,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(await stateOf()).not.toBe(url.searchParams.get('state'));
  });

  it('redirects whatever the Accept header: the back office fetches it as a script that redirects', async () => {
    for (const accept of ['application/json', 'application/json, text/plain, */*', 'text/html', '*/*']) {
      const start = await getManual(admin, START, { accept });
      expect(start.status, accept).toBe(302);
      expect(new URL(start.location).searchParams.get('response_type'), accept).toBe('code');
      expect(JSON.parse(start.text).authorizeUrl, accept).toBe(start.location);
    }
  });

  it('connects: the code is exchanged, the tokens stored encrypted, the status shows no token', async () => {
    const back = await consentedCallback();
    expect(back.pathname).toBe(CALLBACK);
    const res = await admin.get(`${back.pathname}${back.search}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, connected: true, realmId: LOCAL_ACCOUNTING.realmId });
    const status = await admin.get(CONNECTION);
    expect(status.body).toMatchObject({ connected: true, realmId: LOCAL_ACCOUNTING.realmId, connectedBy: 1 });
    expect(Date.parse(String(status.body.expiresAt))).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect(status.text).not.toMatch(/local-(access|refresh)/);
    const { Item } = await rawTable.send(
      new GetCommand({ TableName: TABLE, Key: { PK: 'INTEGRATION#accounting', SK: 'TOKENS' } }),
    );
    expect(String(Item?.accessToken)).toMatch(/^v1:/);
    expect(String(Item?.refreshToken)).toMatch(/^v1:/);
    expect(JSON.stringify(Item)).not.toContain('local-access');
    const [change] = await changesOf('accountingConnection', 'accounting');
    expect(change).toMatchObject({ action: 'connected', actor: 'admin:1' });
    expect(JSON.stringify(change)).not.toMatch(/local-(access|refresh)/);

    // The same redirect again: the state was used.
    const replay = await admin.get(`${back.pathname}${back.search}`);
    expect(replay.status).toBe(400);
    expect(problem(replay).errors?.[0]?.field).toBe('state');
  });

  it('refuses an unknown or expired state (400) and a refused consent', async () => {
    expect((await admin.get(CALLBACK, { query: { state: 'never-issued', code: 'x' } })).status).toBe(400);
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: 'OAUTHSTATE#expired-state',
          SK: 'OAUTHSTATE',
          entity: 'oauthState',
          adminId: 1,
          expiresAt: Math.floor(Date.now() / 1000) - 1,
        },
      }),
    );
    expect((await admin.get(CALLBACK, { query: { state: 'expired-state', code: 'x' } })).status).toBe(400);
    const denied = await admin.get(CALLBACK, { query: { state: await stateOf(), error: 'access_denied' } });
    expect(denied.status).toBe(400);
    expect(problem(denied).detail).toMatch(/access_denied/);
    expect((await admin.get(CALLBACK)).status).toBe(400);
  });

  it('answers 400 with the provider’s reason when it refuses the code as used (invalid_grant), and the state is spent', async () => {
    const back = await consentedCallback();
    expect((await admin.get(`${back.pathname}${back.search}`)).status).toBe(200);
    // The same code again, with a fresh state: the provider answers invalid_grant.
    const state = await stateOf();
    const code = back.searchParams.get('code') ?? '';
    const res = await admin.get(CALLBACK, { query: { state, code, realmId: LOCAL_ACCOUNTING.realmId } });
    expect(res.status, res.text).toBe(400);
    expect(problem(res).detail).toMatch(/invalid_grant/);
    expect(problem(res).errors?.[0]?.field).toBe('code');
    expect((await admin.get(CALLBACK, { query: { state, code: 'x', realmId: 'r' } })).status).toBe(400);
  });

  it('answers 502 when the token endpoint cannot be reached, and the state is spent', async () => {
    const state = await stateOf();
    const tokenUrl = process.env.ACCOUNTING_TOKEN_URL;
    // The handlers run in this worker and read the setting per request: a port nothing listens on.
    process.env.ACCOUNTING_TOKEN_URL = 'http://127.0.0.1:9/token';
    try {
      const res = await admin.get(CALLBACK, { query: { state, code: 'a-code', realmId: 'r' } });
      expect(res.status, res.text).toBe(502);
    } finally {
      process.env.ACCOUNTING_TOKEN_URL = tokenUrl;
    }
    expect((await admin.get(CALLBACK, { query: { state, code: 'a-code', realmId: 'r' } })).status).toBe(400);
  });

  it('needs the company (realmId) the provider sends with the code: none is a 400 naming it', async () => {
    const back = await consentedCallback();
    back.searchParams.delete('realmId');
    const res = await admin.get(`${back.pathname}${back.search}`);
    expect(res.status, res.text).toBe(400);
    expect(problem(res).errors?.[0]?.field).toBe('realmId');
  });

  it('disconnects (tokens gone), and again is no change', async () => {
    const back = await consentedCallback();
    expect((await admin.get(`${back.pathname}${back.search}`)).status).toBe(200);
    const res = await admin.delete(CONNECTION);
    expect(res.body).toEqual({ success: true, connected: false });
    expect((await admin.get(CONNECTION)).body).toEqual({ connected: false });
    expect((await admin.delete(CONNECTION)).status).toBe(200);
    const actions = (await changesOf('accountingConnection', 'accounting')).map((c) => c.action);
    expect(actions.at(-1)).toBe('disconnected');
  });
});
