import { describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTING, localAccountingEnv } from './accounting-provider.js';

const BASE = 'http://localhost:3000';

describe('the local runtime picks the accounting provider', () => {
  it('points every variable at the stand-ins when none is set', () => {
    const env = localAccountingEnv(BASE, {});
    expect(env).toMatchObject({
      ACCOUNTING_AUTHORIZE_URL: `${BASE}${LOCAL_ACCOUNTING.authorizePath}`,
      ACCOUNTING_TOKEN_URL: `${BASE}${LOCAL_ACCOUNTING.tokenPath}`,
      ACCOUNTING_CLIENT_ID: LOCAL_ACCOUNTING.clientId,
      ACCOUNTING_API_URL: `${BASE}/_local/quickbooks`,
    });
  });

  it('keeps a set ACCOUNTING_API_URL (a sandbox company, a test server) with the stand-in provider', () => {
    const env = localAccountingEnv(BASE, {
      ACCOUNTING_API_URL: 'https://sandbox-quickbooks.api.intuit.com',
    });
    expect(env.ACCOUNTING_API_URL).toBeUndefined();
    expect(env.ACCOUNTING_AUTHORIZE_URL).toBe(`${BASE}${LOCAL_ACCOUNTING.authorizePath}`);
  });

  it('sets nothing when the developer configured a provider', () => {
    expect(
      localAccountingEnv(BASE, { ACCOUNTING_AUTHORIZE_URL: 'https://appcenter.example/oauth2' }),
    ).toEqual({});
  });

  it('replaces what an earlier runtime of the process set, and still keeps what the developer set', () => {
    const first = localAccountingEnv(BASE, { ACCOUNTING_API_URL: 'http://127.0.0.1:9999/qbo' });
    const env = { ACCOUNTING_API_URL: 'http://127.0.0.1:9999/qbo', ...first };
    const second = localAccountingEnv('http://localhost:4000', env);
    expect(second.ACCOUNTING_AUTHORIZE_URL).toBe(`http://localhost:4000${LOCAL_ACCOUNTING.authorizePath}`);
    expect(second.ACCOUNTING_API_URL).toBeUndefined();
    const fresh = localAccountingEnv(BASE, {});
    const third = localAccountingEnv('http://localhost:5000', { ...fresh });
    expect(third.ACCOUNTING_API_URL).toBe('http://localhost:5000/_local/quickbooks');
  });
});
