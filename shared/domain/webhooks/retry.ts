/**
 * When a delivery is tried again (DESIGN.md "Outbound webhooks": after about 5 s, 1 min, 10 min, 1 h, 6 h and
 * 24 h, or later when the receiver's Retry-After says so) and when a subscription is disabled (failing 3 days,
 * or at once on a 410 Gone). Plain functions of the attempt count and the caller's clock.
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

/**
 * The send timeout of one attempt: 15 s, the shortest of the 15–30 s Standard Webhooks recommends
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md "Timeouts"), so a
 * receiver that acknowledges before it works has time to answer.
 */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** A receiver's Retry-After is honoured up to this: longer is the last retry's wait (the schedule's end). */
export const RETRY_AFTER_MAX_MS = 24 * 3600 * 1000;

/** The answers whose Retry-After says when to come back (RFC 9110 10.2.3: 429 and 503). */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * The answer that asks to stop: a receiver answers 410 Gone when it wants no more deliveries (the Standard
 * Webhooks spec has the sender disable such an endpoint), so the subscription is disabled at once and the
 * delivery is not tried again.
 */
export const GONE_STATUS = 410;

/**
 * The due time after `attemptsMade` failed attempts, or undefined when none is left; never sooner than a
 * receiver's Retry-After (`retryAfterMs`, capped at RETRY_AFTER_MAX_MS).
 */
export function nextAttemptAfter(attemptsMade: number, now: Date, retryAfterMs?: number): Date | undefined {
  const notBefore =
    retryAfterMs === undefined
      ? undefined
      : new Date(now.getTime() + Math.min(retryAfterMs, RETRY_AFTER_MAX_MS));
  const next = afterFailedTry(DELIVERY_RETRY, attemptsMade, now, { notBefore });
  return next.kind === 'retry' ? next.at : undefined;
}

/** Whether a subscription failing since `failingSince` has failed long enough to be disabled. */
export function failedTooLong(failingSince: string | undefined, now: Date): boolean {
  if (!failingSince) return false;
  return now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS;
}
