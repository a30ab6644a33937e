import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSorted } from './merge.js';

const byNumber = (a: number, b: number) => a - b;

describe('mergeSorted', () => {
  it('answers what sorting every list together answers, up to the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 50 })), { maxLength: 17 }),
        fc.integer({ min: 0, max: 40 }),
        (raw, limit) => {
          const lists = raw.map((l) => [...l].sort(byNumber));
          const all = lists.flat().sort(byNumber);
          expect(mergeSorted(lists, byNumber)).toEqual(all);
          expect(mergeSorted(lists, byNumber, limit)).toEqual(all.slice(0, limit));
        },
      ),
    );
  });

  it('merges newest first with a descending order', () => {
    const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    expect(mergeSorted([['2026-03', '2026-01'], ['2026-04', '2026-02'], []], desc, 3)).toEqual([
      '2026-04',
      '2026-03',
      '2026-02',
    ]);
  });
});
