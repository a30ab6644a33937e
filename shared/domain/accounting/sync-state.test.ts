import { describe, expect, it } from 'vitest';
import { afterFailedTry } from '../../retry-policy.js';
import { fingerprintOf, requestIdFor, SYNC_RETRY } from './sync-state.js';

const ref = { recordType: 'invoice', recordId: '41' } as const;

describe('sync state rules', () => {
  it('makes one requestid per record, operation and generation, within QuickBooks’ 50 characters', () => {
    const id = requestIdFor('realm-1', ref, 'create', 0);
    expect(id).toHaveLength(40);
    expect(requestIdFor('realm-1', ref, 'create', 0)).toBe(id);
    expect(requestIdFor('realm-1', ref, 'create', 1)).not.toBe(id);
    expect(requestIdFor('realm-2', ref, 'create', 0)).not.toBe(id);
    expect(requestIdFor('realm-1', { ...ref, recordId: '42' }, 'create', 0)).not.toBe(id);
  });

  it('fingerprints equal bodies equally, whatever the order of their keys', () => {
    const a = fingerprintOf({ Line: [{ Amount: 1, Description: 'x' }], DocNumber: '41' });
    expect(fingerprintOf({ DocNumber: '41', Line: [{ Description: 'x', Amount: 1 }] })).toBe(a);
    expect(fingerprintOf({ DocNumber: '41', Line: [{ Description: 'x', Amount: 2 }] })).not.toBe(a);
    expect(
      fingerprintOf({ DocNumber: '41', Line: [{ Amount: 1, Description: 'x' }], ClassRef: undefined }),
    ).toBe(a);
  });

  // The waits are a policy of the one retry ladder now (retryDelayMs became SYNC_RETRY): the same waits.
  it('waits 1, 2, 4 … minutes between tries, at most an hour, and never gives up', () => {
    expect([1, 2, 3, 4, 7, 20].map(SYNC_RETRY.backoff)).toEqual([1, 2, 4, 8, 60, 60].map((m) => m * 60_000));
    const now = new Date('2030-01-01T00:00:00.000Z');
    expect(afterFailedTry(SYNC_RETRY, 1_000, now)).toEqual({
      kind: 'retry',
      at: new Date('2030-01-01T01:00:00.000Z'),
    });
  });
});
