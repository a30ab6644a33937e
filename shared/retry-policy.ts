/**
 * The one retry engine of work that is tried again later: a message SES refused, a webhook delivery that got
 * no 2xx, a table-change job's record that failed (and the local runtime's stand-in of the stream's retries).
 * A policy is the tries in all and the wait after each failed one (shared/backoff.ts); after a failed try the
 * engine says when the next is due, or that the work is given up: left where a person sees it (a message or a
 * delivery `failed`, a job's record kept as a JOBFAILURE item), never tried again by itself.
 */
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
  if (options.permanent || triesMade >= policy.maxTries) return { kind: 'giveUp' };
  const at = now.getTime() + policy.backoff(triesMade);
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

/** The time of the last try if every try fails: how long the work can be pending at most. */
export function lastTryAfterMs(policy: RetryPolicy): number {
  let total = 0;
  for (let tries = 1; tries < policy.maxTries; tries += 1) total += policy.backoff(tries);
  return total;
}
