import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../errors.js';
import { CSRF_COOKIE, checkCsrfToken, issueCsrfToken } from './csrf.js';

const cookieValue = (cookie: string) => cookie.split(';')[0]?.slice(CSRF_COOKIE.length + 1) ?? '';

function statusOf(fn: () => void): number | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as AppError).status;
  }
}

describe('payment CSRF token', () => {
  beforeAll(() => {
    process.env.CSRF_SECRET = 'csrf-secret-for-unit-tests';
  });

  it('issues a random HttpOnly cookie and the token bound to it', () => {
    const a = issueCsrfToken();
    const b = issueCsrfToken();
    expect(a.cookie).toMatch(
      new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=\\d+; Path=/; HttpOnly; Secure`),
    );
    expect(a.token).not.toBe(b.token);
    expect(statusOf(() => checkCsrfToken(cookieValue(a.cookie), a.token))).toBeUndefined();
  });

  it('answers 403 for a missing cookie or token, and for a token of another cookie', () => {
    const a = issueCsrfToken();
    const b = issueCsrfToken();
    expect(statusOf(() => checkCsrfToken(undefined, a.token))).toBe(403);
    expect(statusOf(() => checkCsrfToken(cookieValue(a.cookie), undefined))).toBe(403);
    expect(statusOf(() => checkCsrfToken(cookieValue(a.cookie), b.token))).toBe(403);
    expect(statusOf(() => checkCsrfToken(cookieValue(a.cookie), `${a.token}x`))).toBe(403);
  });

  it('cannot be minted without the secret', () => {
    const a = issueCsrfToken();
    process.env.CSRF_SECRET = 'another-secret';
    expect(statusOf(() => checkCsrfToken(cookieValue(a.cookie), a.token))).toBe(403);
    process.env.CSRF_SECRET = 'csrf-secret-for-unit-tests';
  });
});
