import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INDEX_SPREAD, shardOf, spreadPartitions } from './spread.js';

describe('shardOf', () => {
  it('spreads change ids (base-36 time, then random hex) evenly over the shards', () => {
    const counts = new Array<number>(INDEX_SPREAD).fill(0);
    const start = Date.now();
    for (let i = 0; i < 3200; i++) {
      const id = `${(start + i).toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
      counts[shardOf(id)] = (counts[shardOf(id)] ?? 0) + 1;
    }
    // 200 expected in each; a uniform spread stays well within 140..260.
    for (const count of counts) expect(count).toBeGreaterThan(140);
    for (const count of counts) expect(count).toBeLessThan(260);
  });

  it('spreads consecutive numeric ids round the shards, and the same id always lands in the same shard', () => {
    expect(Array.from({ length: INDEX_SPREAD }, (_, i) => shardOf(1000 + i)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: INDEX_SPREAD }, (_, i) => i),
    );
    expect(shardOf('msg_abc_1')).toBe(shardOf('msg_abc_1'));
  });

  it('a spread list reads each shard and the unspread key', () => {
    const all = spreadPartitions('INVOICES');
    expect(all).toHaveLength(INDEX_SPREAD + 1);
    expect(all).toContain('INVOICES');
    expect(all).toContain(`INVOICES#${shardOf(7)}`);
  });
});
