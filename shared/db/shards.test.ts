import { describe, expect, it } from 'vitest';
import { shardedLists } from './keys.js';
import { INDEX_SPREAD, shardedList, shardOf } from './shards.js';

/**
 * The one shard function, checked on fixed ids (nothing random: a result is the same on every run). An item's
 * partition comes from it, so the pinned values below are the store's contract: a change of the function
 * would leave items where no reader looks.
 */
describe('shardOf', () => {
  it('keeps the shards of known ids (a changed function would lose items from their partitions)', () => {
    expect([0, 1, 15, 16, 17, 1000, 999_999_991, -3].map((id) => shardOf(id, 16))).toEqual([
      0, 1, 15, 0, 1, 8, 7, 3,
    ]);
    expect([0, 7, 8, 41, 100_007].map((id) => shardOf(id, 8))).toEqual([0, 7, 0, 1, 7]);
    expect(
      ['msg_abc_1', 'bookingConfirmation.chg_1', '0lz3k1a2b3c4d5e6f', 'whd_1'].map((id) => shardOf(id, 16)),
    ).toEqual([10, 10, 12, 9]);
    expect(['invoice#41', 'payment#7', 'whd_1'].map((id) => shardOf(id, 8))).toEqual([2, 6, 1]);
  });

  it('reaches every shard from a known id range: numbers round the shards, text ids within a few dozen', () => {
    const all = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(
      all(16)
        .map((i) => shardOf(1000 + i, 16))
        .sort((a, b) => a - b),
    ).toEqual(all(16));
    expect(new Set(all(53).map((i) => shardOf(`msg_${i}`, 16)))).toEqual(new Set(all(16)));
    expect(new Set(all(14).map((i) => shardOf(`invoice#${i}`, 8)))).toEqual(new Set(all(8)));
  });

  it('spreads 3,200 change-like ids (base-36 time, then hex) evenly: each shard within 25 % of its share', () => {
    const counts = new Array<number>(INDEX_SPREAD).fill(0);
    for (let i = 0; i < 3200; i++) {
      // A fixed sequence shaped like change ids: the same ids, and so the same counts, on every run.
      const id = `${(1_700_000_000_000 + i).toString(36).padStart(9, '0')}${((i * 2654435761) >>> 0).toString(16).padStart(12, '0')}`;
      const shard = shardOf(id, INDEX_SPREAD);
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(150);
    for (const count of counts) expect(count).toBeLessThan(250);
  });
});

describe('a sharded list', () => {
  it('puts an item in `<base>#<shard>` and reads exactly its shards: no unspread base partition', () => {
    const list = shardedList('INVOICES');
    expect(list.partitionOf(1000)).toBe('INVOICES#8');
    expect(list.partitions()).toEqual(Array.from({ length: INDEX_SPREAD }, (_, i) => `INVOICES#${i}`));
    expect(list.partitions()).not.toContain('INVOICES');
    expect(list.shardNumbers()).toEqual(Array.from({ length: INDEX_SPREAD }, (_, i) => i));
    expect(list.partition(3)).toBe('INVOICES#3');
  });

  it('keeps each list’s own shard count: 16 for the index lists and the rent run, 8 for the sync and the tenants’ total', () => {
    expect(shardedLists.invoices.shards).toBe(16);
    expect(shardedLists.mailDue.shards).toBe(16);
    expect(shardedLists.rentLate.shards).toBe(16);
    expect(shardedLists.accountingAll('realm').shards).toBe(8);
    expect(shardedLists.tenantCount.shards).toBe(8);
    // The rent run's part of a lease is its id's remainder, as before the one shard function.
    expect(shardedLists.rentLate.shardOf(910_005)).toBe(910_005 % 16);
    expect(shardedLists.tenantCount.partitionOf(12)).toBe('tenants#4');
  });

  it('refuses a list without shards', () => {
    expect(() => shardedList('X', 0)).toThrow(/1 or more shards/);
  });
});
