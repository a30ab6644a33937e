/**
 * Runs work one at a time per key within a sync run: two records that need the same Customer, Item or Invoice
 * (a payment and its invoice pushed side by side) never create it twice at once. Across runs, the run lease
 * and QuickBooks' requestid do the same.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async with<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
