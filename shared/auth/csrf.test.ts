import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../errors.js';
import { CSRF_COOKIE, checkCsrfToken, issueCsrfToken } from './csrf.js';

const cookieValue = (cookie: string) => cookie.split(';')[0]?.slice(CSRF_COOKIE.length + 1) ?? '';

async function statusOf(fn: () => Promise<void>): Promise<number | undefined> {
  try {
    await fn();
    return undefined;
  } catch (error) {
    return (error as AppError).status;
  }
}

describe('payment CSRF token', () => {
  beforeAll(() => {
    process.env.CSRF_SECRET = 'csrf-secret-for-unit-tests';
  });

  it('issues a random HttpOnly cookie and the token bound to it', async () => {
    const a = await issueCsrfToken();
    const b = await issueCsrfToken();
    expect(a.cookie).toMatch(
      new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=\\d+; Path=/; HttpOnly; Secure`),
    );
    expect(a.token).not.toBe(b.token);
    expect(await statusOf(() => checkCsrfToken(cookieValue(a.cookie), a.token))).toBeUndefined();
  });

  it('answers 403 for a missing cookie or token, and for a token of another cookie', async () => {
    const a = await issueCsrfToken();
    const b = await issueCsrfToken();
    expect(await statusOf(() => checkCsrfToken(undefined, a.token))).toBe(403);
    expect(await statusOf(() => checkCsrfToken(cookieValue(a.cookie), undefined))).toBe(403);
    expect(await statusOf(() => checkCsrfToken(cookieValue(a.cookie), b.token))).toBe(403);
    expect(await statusOf(() => checkCsrfToken(cookieValue(a.cookie), `${a.token}x`))).toBe(403);
  });

  it('cannot be minted without the secret', async () => {
    const a = await issueCsrfToken();
    process.env.CSRF_SECRET = 'another-secret';
    expect(await statusOf(() => checkCsrfToken(cookieValue(a.cookie), a.token))).toBe(403);
    process.env.CSRF_SECRET = 'csrf-secret-for-unit-tests';
  });
});
