import { describe, expect, it } from 'vitest';
import { adminActor, diffFields, MASK, MAX_VALUE_CHARS } from './change.js';

describe('diffFields', () => {
  it('a created record lists every field, old values null', () => {
    expect(diffFields(undefined, { name: 'Sea Glass', rate: 180 })).toEqual([
      { field: 'name', old: null, new: 'Sea Glass' },
      { field: 'rate', old: null, new: 180 },
    ]);
  });

  it('a deleted record lists every field, new values null', () => {
    expect(diffFields({ name: 'Sea Glass' }, undefined)).toEqual([
      { field: 'name', old: 'Sea Glass', new: null },
    ]);
  });

  it('omits unchanged fields (also equal objects and arrays) and bookkeeping, in field-name order', () => {
    const before = { b: 1, a: 'x', tags: ['p', 'q'], nested: { k: 1 }, version: 3, updatedAt: 't1' };
    const after = { b: 2, a: 'x', tags: ['p', 'q'], nested: { k: 1 }, version: 4, updatedAt: 't2', c: 0 };
    expect(diffFields(before, after)).toEqual([
      { field: 'b', old: 1, new: 2 },
      { field: 'c', old: null, new: 0 },
    ]);
    expect(diffFields(before, before)).toEqual([]);
  });

  it('masks listed fields: says that they changed, never to what', () => {
    const changes = diffFields(
      { tenantPhone: 'v1:aaa', passwordHash: 'scrypt$1', tenantFirstName: 'Mia' },
      { tenantPhone: 'v1:bbb', passwordHash: 'scrypt$2', tenantFirstName: 'Mia', tenantCity: 'v1:ccc' },
      ['tenantPhone', 'passwordHash', 'tenantCity'],
    );
    expect(changes).toEqual([
      { field: 'passwordHash', old: MASK, new: MASK },
      { field: 'tenantCity', old: null, new: MASK },
      { field: 'tenantPhone', old: MASK, new: MASK },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/scrypt|v1:/);
  });

  it('a masked field that is the same is omitted, like any other', () => {
    expect(diffFields({ secret: 's' }, { secret: 's' }, ['secret'])).toEqual([]);
  });

  it('shortens long values and says how long they were', () => {
    const long = 'x'.repeat(MAX_VALUE_CHARS + 50);
    const [change] = diffFields({ body: 'short' }, { body: long });
    expect(change?.old).toBe('short');
    expect(String(change?.new)).toBe(`${'x'.repeat(MAX_VALUE_CHARS)}… (${long.length} characters)`);
    const [object] = diffFields(undefined, { list: Array.from({ length: 200 }, (_, i) => i) });
    expect(String(object?.new)).toMatch(/… \(\d+ characters\)$/);
  });

  it('null and undefined are changes from a value, and between each other only when one is absent', () => {
    expect(diffFields({ a: 1 }, { a: null })).toEqual([{ field: 'a', old: 1, new: null }]);
    expect(diffFields({ a: null }, { a: null })).toEqual([]);
  });
});

describe('adminActor', () => {
  it('names the admin and carries the request id', () => {
    expect(adminActor(7, 'req-1')).toEqual({ actor: 'admin:7', requestId: 'req-1' });
  });
});
