import { afterEach, describe, expect, it } from 'vitest';
import { arnVariable, SECRET_MAX_AGE_SECONDS, type SecretStore, secret, useSecretStore } from './secrets.js';

const ARN = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:captcha-AbCdEf';

function fakeStore(values: Record<string, string>) {
  const calls: [string, number][] = [];
  const store: SecretStore = {
    get: async (id, maxAge) => {
      calls.push([id, maxAge]);
      return values[id];
    },
  };
  return { store, calls };
}

describe('secret()', () => {
  afterEach(() => useSecretStore(undefined));

  it('uses the value in the environment when it is set (the local runtime and tests)', async () => {
    const { store, calls } = fakeStore({ [ARN]: 'from-secrets-manager' });
    useSecretStore(store);
    const env = { CAPTCHA_SECRET: 'local-value', [arnVariable('CAPTCHA_SECRET')]: ARN };
    expect(await secret('CAPTCHA_SECRET', env)).toBe('local-value');
    expect(calls).toEqual([]);
  });

  it('reads Secrets Manager through <NAME>_SECRET_ARN with the cache age, so a rotation is seen without a redeploy', async () => {
    const { store, calls } = fakeStore({ [ARN]: 'from-secrets-manager' });
    useSecretStore(store);
    expect(await secret('CAPTCHA_SECRET', { CAPTCHA_SECRET_SECRET_ARN: ARN })).toBe('from-secrets-manager');
    expect(calls).toEqual([[ARN, SECRET_MAX_AGE_SECONDS]]);
    expect(SECRET_MAX_AGE_SECONDS).toBeLessThanOrEqual(600);
  });

  it('is undefined when neither the value nor its ARN is configured', async () => {
    expect(await secret('CHANNEL_WEBHOOK_SECRET', {})).toBeUndefined();
  });

  it('answers 503 (not a 500) when Secrets Manager cannot be read', async () => {
    useSecretStore({
      get: async () => {
        throw new Error('AccessDeniedException');
      },
    });
    await expect(secret('CSRF_SECRET', { CSRF_SECRET_SECRET_ARN: ARN })).rejects.toMatchObject({
      status: 503,
    });
  });
});
