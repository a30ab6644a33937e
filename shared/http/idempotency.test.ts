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

  it('scopes keys by the signed-in caller (not the session), else by IP', () => {
    const ip = '10.0.0.1';
    expect(callerOf({ ip })).toBe('ip:10.0.0.1');
    // The same admin in any session, from any address: one scope; another admin: another.
    expect(callerOf({ admin: { adminId: 7 }, ip })).toBe('admin:7');
    expect(callerOf({ admin: { adminId: 7 }, ip: '10.9.9.9' })).toBe('admin:7');
    expect(callerOf({ admin: { adminId: 8 }, ip })).toBe('admin:8');
    expect(callerOf({ tenant: { tenantId: 7 }, ip })).toBe('tenant:7');
  });
});
