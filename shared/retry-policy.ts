/**
 * The one retry ladder (docs/jobs.md "One limiter, one retry ladder"). A policy is the tries in all and the
 * wait after each failed one (shared/backoff.ts). Work tried again later (a message SES refused, a webhook
 * delivery that got no 2xx, a table-change job's record that failed, a record QuickBooks could not take)
 * asks `afterFailedTry` when the next try is due, or learns that it is given up: left where a person sees it
 * (a message or a delivery `failed`, a job's record kept as a JOBFAILURE item), never tried again by itself.
 * Work retried in place (a transaction that met a concurrent one, a stale read-modify-write, keys or entries
 * DynamoDB or SQS left unprocessed, a mail SES throttled) waits with `pausedForRetry` or runs in `retrying`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Backoff } from './backoff.js';

export interface RetryPolicy {
  /** Tries in all, the first one included. */
  readonly maxTries: number;
  /** The wait after failed try n. */
  readonly backoff: Backoff;
}

export type RetryDecision = { readonly kind: 'retry'; readonly at: Date } | { readonly kind: 'giveUp' };

/**
 * After failed try `triesMade` (1-based, the one that just failed included): the next try's time, or give up
 * when it was the last try or the failure is one no retry changes (`permanent`).
 */
export function afterFailedTry(
  policy: RetryPolicy,
  triesMade: number,
  now: Date,
  options: { permanent?: boolean; notBefore?: Date | undefined } = {},
): RetryDecision {
  const wait = waitAfterFailedTry(policy, triesMade, options);
  if (wait === undefined) return { kind: 'giveUp' };
  const at = now.getTime() + wait;
  // The other side may say when it takes work again (Retry-After): never sooner, and never sooner than the policy.
  return { kind: 'retry', at: new Date(Math.max(at, options.notBefore?.getTime() ?? at)) };
}

/**
 * The wait a `Retry-After` header asks for (RFC 9110 10.2.3: a number of seconds, or an HTTP date), from
 * `now`; undefined when there is none or it is neither.
 */
export function retryAfterMs(header: string | null | undefined, now: Date): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date starts with its day's name (IMF-fixdate and the two obsolete forms alike).
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

/** After failed try `triesMade`: the wait before the next try, or undefined when the work is given up. */
export function waitAfterFailedTry(
  policy: RetryPolicy,
  triesMade: number,
  options: { permanent?: boolean } = {},
): number | undefined {
  if (options.permanent || triesMade >= policy.maxTries) return undefined;
  return policy.backoff(triesMade);
}

/**
 * Work retried in place, after failed try `triesMade`: waits before the next try and answers true, or answers
 * false at once when the work is given up (the caller throws what it gives up with).
 */
export async function pausedForRetry(
  policy: RetryPolicy,
  triesMade: number,
  options: { permanent?: boolean } = {},
): Promise<boolean> {
  const wait = waitAfterFailedTry(policy, triesMade, options);
  if (wait === undefined) return false;
  if (wait > 0) await sleep(wait);
  return true;
}

/**
 * Runs `attempt` (given its try, 1-based) until it succeeds; a failure `retryable` accepts is tried again after
 * the policy's wait, any other failure, and the failure of the last try, is thrown.
 */
export async function retrying<T>(
  policy: RetryPolicy,
  attempt: (tries: number) => Promise<T>,
  retryable: (error: unknown) => boolean,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(tries);
    } catch (error) {
      if (!(await pausedForRetry(policy, tries, { permanent: !retryable(error) }))) throw error;
    }
  }
}

/** The time of the last try if every try fails: how long the work can be pending at most. */
export function lastTryAfterMs(policy: RetryPolicy): number {
  let total = 0;
  for (let tries = 1; tries < policy.maxTries; tries += 1) total += policy.backoff(tries);
  return total;
}
