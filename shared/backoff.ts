/**
 * Waits between tries, one module for every kind (the policies of shared/retry-policy.ts use them): the
 * schedules of the work retried later (mail, webhook deliveries, the jobs' records, the accounting sync) and
 * the jittered waits of work retried in place (a write that lost to a concurrent one, keys left unprocessed).
 * The only place a wait grows by doubling (test/source-rules.test.ts).
 */

/** The wait in ms after failed try n (1-based). */
export type Backoff = (failedTries: number) => number;

/** No wait: work tried again at once after a fresh read (a race lost to a concurrent writer re-plans). */
export const noWait: Backoff = () => 0;

/** Waits from a list: the nth after the nth failed try, the last one again after that. */
export function scheduledBackoff(delaysMs: readonly number[]): Backoff {
  if (delaysMs.length === 0) throw new Error('a schedule needs at least one wait');
  return (failedTries) => delaysMs[Math.min(Math.max(failedTries, 1), delaysMs.length) - 1] as number;
}

/** Doubling waits: `firstMs` after the first failed try, twice that after the next …, never above `capMs`. */
export function exponentialBackoff(firstMs: number, capMs: number): Backoff {
  return (failedTries) => Math.min(capMs, firstMs * 2 ** Math.max(failedTries - 1, 0));
}

/** Growing by one step a try: `stepMs` × the failed tries. */
export function linearBackoff(stepMs: number): Backoff {
  return (failedTries) => stepMs * Math.max(failedTries, 1);
}

/**
 * The waits between tries of work that lost to a concurrent one or was left unprocessed: "full jitter"
 * exponential backoff (AWS Architecture Blog, "Exponential Backoff And Jitter"), a random wait up to
 * base × 2^n after failed try n, capped, so rivals that collided once spread out instead of colliding again in
 * step.
 */
export function jitteredBackoff(baseMs: number, capMs = 1_000): Backoff {
  const doubling = exponentialBackoff(2 * baseMs, capMs);
  return (failedTries) => Math.random() * doubling(failedTries);
}
