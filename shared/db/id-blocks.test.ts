import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idBlock } from './id-blocks.js';

/** A counter shared by "processes": each reservation is atomic, after a few turns of the event loop. */
function sharedCounter(start = 0) {
  let value = start;
  let updates = 0;
  const reserve = async (size: number, delay: number) => {
    for (let i = 0; i < delay; i++) await Promise.resolve();
    updates++;
    value += size;
    return value;
  };
  const raise = (atLeast: number) => {
    value = Math.max(value, atLeast);
  };
  return { reserve, raise, updates: () => updates };
}

describe('id blocks', () => {
  it('two processes racing never hand out the same id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 60 }),
        async (sizeA, sizeB, calls) => {
          const counter = sharedCounter();
          let turn = 0;
          const delays = calls.map(([, d]) => d);
          const delay = () => delays[turn++ % delays.length] ?? 0;
          const a = idBlock((size) => counter.reserve(size, delay()), sizeA);
          const b = idBlock((size) => counter.reserve(size, delay()), sizeB);
          const ids = await Promise.all(calls.map(([first]) => (first ? a : b).next()));
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes one block for many ids, and callers waiting at once share its reservation', async () => {
    const counter = sharedCounter(41);
    const block = idBlock((size) => counter.reserve(size, 3), 100);
    const ids = await Promise.all(Array.from({ length: 150 }, () => block.next()));
    expect(ids).toEqual(Array.from({ length: 150 }, (_, i) => 42 + i));
    expect(counter.updates()).toBe(2);
  });

  it('skips the ids a raised counter gave away', async () => {
    const counter = sharedCounter();
    const block = idBlock((size) => counter.reserve(size, 0), 10);
    expect(await block.next()).toBe(1);
    // A fixture kept ids up to 5 (inside the block): the block goes on after them.
    block.skipThrough(5);
    expect(await block.next()).toBe(6);
    // Up to 30 (past the block, the counter raised to 30): the next block is reserved above it.
    counter.raise(30);
    block.skipThrough(30);
    expect(await block.next()).toBe(31);
  });

  it('answers a failed reservation to its callers and tries again on the next call', async () => {
    let fail = true;
    const block = idBlock(async (size) => {
      if (fail) throw new Error('throttled');
      return size;
    }, 3);
    await expect(block.next()).rejects.toThrow('throttled');
    fail = false;
    expect(await block.next()).toBe(1);
  });
});
