import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors.js';

process.env.TABLE_NAME ??= 'unit-tests';
const { callerOf, idempotencyKeyOf } = await import('./idempotency.js');

describe('Idempotency-Key', () => {
  it('accepts 1 to 255 printable characters and no header at all', () => {
    expect(idempotencyKeyOf({})).toBeUndefined();
    expect(idempotencyKeyOf({ 'idempotency-key': 'order 42 / try #1' })).toBe('order 42 / try #1');
    expect(idempotencyKeyOf({ 'idempotency-key': 'k'.repeat(255) })).toBe('k'.repeat(255));
  });

  it('answers 400 for an empty, overlong or unprintable key', () => {
    for (const key of ['', 'k'.repeat(256), 'tab\there', 'é']) {
      try {
        idempotencyKeyOf({ 'idempotency-key': key });
        expect.unreachable(key);
      } catch (error) {
        expect((error as AppError).status).toBe(400);
      }
    }
  });

  it('scopes keys by the loaded session, else by IP, never by the raw token', () => {
    const ip = '10.0.0.1';
    expect(callerOf({ ip })).toBe('ip:10.0.0.1');
    const admin = callerOf({ admin: {}, adminToken: 'secret-token', ip });
    expect(admin).toMatch(/^admin:[A-Za-z0-9_-]{43}$/);
    expect(admin).not.toContain('secret-token');
    expect(callerOf({ tenant: {}, tenantToken: 'secret-token', ip })).toMatch(/^tenant:/);
    // A cookie without a session the pipeline loaded is no identity.
    expect(callerOf({ adminToken: 'stale', ip })).toBe('ip:10.0.0.1');
  });
});
