/**
 * Ids handed out from blocks: one counter update reserves a block of consecutive ids, and the process hands
 * them out one by one until the block is used up. A writer that takes an id per item of a large run (the rent
 * run's invoices and journal entries) then writes its counter once per block instead of once per item, so the
 * counter's partition is never the hottest of the run. Blocks never overlap (each is a range the counter moved
 * past atomically); ids are unique and increasing within a process, and the unused rest of a block is a gap.
 */

/** Reserves `size` ids atomically and answers the highest of them (the counter's new value). */
export type ReserveBlock = (size: number) => Promise<number>;

export interface IdBlock {
  /** The next id of the block (reserving a new block when the current one is used up). */
  next(): Promise<number>;
  /** Never hands out `id` or below from the current block (the counter was raised to it: a fixture's own ids). */
  skipThrough(id: number): void;
}

export function idBlock(reserve: ReserveBlock, size: number): IdBlock {
  if (!Number.isInteger(size) || size < 1) throw new Error(`an id block holds at least 1 id, not ${size}`);
  let next = 1;
  let last = 0;
  // Callers that find the block used up at once share one reservation rather than each taking a block.
  let refill: Promise<void> | undefined;
  const reserveNext = () => {
    refill ??= reserve(size)
      .then((top) => {
        next = top - size + 1;
        last = top;
      })
      .finally(() => {
        refill = undefined;
      });
    return refill;
  };
  return {
    async next() {
      while (next > last) await reserveNext();
      return next++;
    },
    skipThrough(id) {
      next = Math.max(next, id + 1);
    },
  };
}
