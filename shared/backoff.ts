/**
 * Waits between tries, one module for every kind: the schedules of the work retried later (mail, webhook
 * deliveries, the jobs' records: shared/retry-policy.ts) and the jittered wait of a write that lost to a
 * concurrent one.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** The wait in ms after failed try n (1-based). */
export type Backoff = (failedTries: number) => number;

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
 * The wait between tries of a write that lost to a concurrent one: "full jitter" exponential backoff (AWS
 * Architecture Blog, "Exponential Backoff And Jitter"), a random wait up to base × 2^try, capped, so rivals
 * that collided once spread out instead of colliding again in step.
 */
export function jitteredBackoff(attempt: number, baseMs: number, capMs = 1_000): Promise<void> {
  return sleep(Math.random() * exponentialBackoff(baseMs, capMs)(attempt + 1));
}
