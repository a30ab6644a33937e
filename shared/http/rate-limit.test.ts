import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors.js';

// The module's table access is not used here; the client only needs a table name to load.
process.env.TABLE_NAME ??= 'unit-tests';
const { inForce, refusal, subjectOf } = await import('./rate-limit.js');
const { DEFAULT_SETTINGS } = await import('../domain/settings.js');

const limit = { scope: 's', limit: 5, windowSeconds: 900, key: 'ip' } as const;
const now = new Date('2026-01-01T00:00:00Z');
const nowSec = now.getTime() / 1000;

describe('rate-limit subjects', () => {
  it('keys by IP, or by IP and the trimmed, case-folded body field (the login lockout subject)', () => {
    expect(subjectOf('ip', '10.0.0.1', {})).toBe('10.0.0.1');
    expect(subjectOf({ ipAndBodyField: 'email' }, '10.0.0.1', { email: ' Ann@Example.TEST ' })).toBe(
      '10.0.0.1#ann@example.test',
    );
  });

  it('keys by the body field alone for a limit across IPs', () => {
    const key = { bodyField: 'email' };
    expect(subjectOf(key, '10.0.0.1', { email: ' Ann@Example.TEST ' })).toBe('ann@example.test');
    expect(subjectOf(key, '10.9.9.9', { email: 'ann@example.test' })).toBe('ann@example.test');
    expect(subjectOf({ bodyField: 'constructor' }, '10.0.0.1', {})).toBeUndefined();
  });

  it('keys by IP, counting only requests with the body field (ipWhenBodyField)', () => {
    const key = { ipWhenBodyField: 'couponCode' };
    expect(subjectOf(key, '10.0.0.1', { couponCode: 'SUMMER10' })).toBe('10.0.0.1');
    expect(subjectOf(key, '10.0.0.1', { couponCode: 'WINTER' })).toBe('10.0.0.1');
    for (const body of [{}, { couponCode: ' ' }, { couponCode: 5 }, { couponCode: 'x'.repeat(257) }])
      expect(subjectOf(key, '10.0.0.1', body)).toBeUndefined();
  });

  it('keys by the signed-in tenant, and counts nothing without one (the session check answers that request)', () => {
    expect(subjectOf('tenant', '10.0.0.1', {}, 42)).toBe('tenant:42');
    expect(subjectOf('tenant', '10.0.0.2', { tenantId: 7 }, 42)).toBe('tenant:42');
    expect(subjectOf('tenant', '10.0.0.1', {})).toBeUndefined();
  });

  it('counts nothing for a missing, empty, non-string or overlong field', () => {
    const key = { ipAndBodyField: 'email' };
    for (const body of [{}, { email: '  ' }, { email: ['a'] }, { email: 7 }, { email: 'a'.repeat(257) }])
      expect(subjectOf(key, '10.0.0.1', body)).toBeUndefined();
  });
});

describe('rate-limit refusal', () => {
  it('lets the count reach the limit and refuses the one over it', () => {
    expect(refusal(limit, { count: 5, resetAt: nowSec + 600, start: 0 }, now)).toBeUndefined();
    const refused = refusal(limit, { count: 6, resetAt: nowSec + 600, start: 0 }, now) as AppError;
    expect(refused.status).toBe(429);
    expect(refused.headers).toEqual({
      'Retry-After': '600',
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '600',
    });
  });

  it('uses the declared detail, and never a Retry-After below one second', () => {
    const refused = refusal({ ...limit, detail: 'slow down' }, { count: 9, resetAt: nowSec, start: 0 }, now);
    expect(refused?.message).toBe('slow down');
    expect(refused?.headers?.['Retry-After']).toBe('1');
  });
});

describe('a limit held by a site setting', () => {
  it('takes the setting’s count when the limit names one, its own count otherwise', () => {
    const settings = { ...DEFAULT_SETTINGS, mailsPerAddressPerDay: 3 };
    expect(inForce({ ...limit, setting: 'mailsPerAddressPerDay' }, settings).limit).toBe(3);
    expect(inForce(limit, settings).limit).toBe(5);
    const refused = refusal(
      inForce({ ...limit, setting: 'mailsPerAddressPerDay' }, settings),
      {
        count: 4,
        resetAt: nowSec + 60,
        start: 0,
      },
      now,
    );
    expect(refused?.headers?.['RateLimit-Limit']).toBe('3');
  });
});
