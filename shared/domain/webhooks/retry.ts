/**
 * When a delivery is tried again (DESIGN.md "Outbound webhooks": after about 5 s, 1 min, 10 min, 1 h, 6 h and
 * 24 h) and when a subscription that keeps failing is disabled (3 days). Plain functions of the attempt count
 * and the caller's clock.
 */
import { scheduledBackoff } from '../../backoff.js';
import { afterFailedTry, type RetryPolicy } from '../../retry-policy.js';

/** The waits after the 1st, 2nd … failed attempt; after the last one the delivery has failed for good. */
export const RETRY_DELAYS_SECONDS = [5, 60, 600, 3600, 6 * 3600, 24 * 3600] as const;

/** Every attempt a delivery gets: the first and one per retry (shared/retry-policy.ts). */
export const DELIVERY_RETRY: RetryPolicy = {
  maxTries: RETRY_DELAYS_SECONDS.length + 1,
  backoff: scheduledBackoff(RETRY_DELAYS_SECONDS.map((seconds) => seconds * 1000)),
};

/** A subscription whose attempts have failed without a success in between for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;

/**
 * How long an attempt holds its delivery: the attempt moves the due time this far ahead before it sends, so
 * the retry sweep does not send the same delivery twice at once, and a crashed attempt is retried after it.
 * Longer than the send timeout plus recording.
 */
export const ATTEMPT_LEASE_MS = 2 * 60 * 1000;

/** The send timeout of one attempt. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The due time after `attemptsMade` failed attempts, or undefined when none is left. */
export function nextAttemptAfter(attemptsMade: number, now: Date): Date | undefined {
  const next = afterFailedTry(DELIVERY_RETRY, attemptsMade, now);
  return next.kind === 'retry' ? next.at : undefined;
}

/** Whether a subscription failing since `failingSince` has failed long enough to be disabled. */
export function failedTooLong(failingSince: string | undefined, now: Date): boolean {
  if (!failingSince) return false;
  return now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS;
}
