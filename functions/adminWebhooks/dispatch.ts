/**
 * One scheduled attempt of a delivery the caller has claimed (the first try right after the change, or a
 * retry of the sweep): send, log the attempt, move the delivery on (succeeded, pending until the next retry,
 * or failed), and keep the subscription's health — a success ends a failure streak, a failure starts one,
 * and a streak of 3 days disables the subscription, as a 410 Gone does at once. A 429 or 503's Retry-After
 * puts the next attempt no sooner than it asks.
 */

import { failWithoutAttempt, recordScheduledAttempt } from '../../shared/data/webhook-deliveries-repo.js';
import {
  disableFailing,
  markFailing,
  markHealthy,
  openSecret,
  type StoredSubscription,
} from '../../shared/data/webhook-subscriptions-repo.js';
import {
  type Attempt,
  afterScheduledAttempt,
  type DeliveryRecord,
} from '../../shared/domain/webhooks/delivery.js';
import {
  DISABLE_AFTER_MS,
  failedTooLong,
  GONE_STATUS,
  RETRY_AFTER_STATUSES,
} from '../../shared/domain/webhooks/retry.js';
import { log, urlForLog } from '../../shared/log.js';
import { retryAfterMs } from '../../shared/retry-policy.js';
import { type SendResult, sendWebhook } from './send.js';

export type Clock = () => Date;

/** Sends once and says how it went, as the log records it, with the answer's Retry-After. */
export async function sendOnce(
  delivery: DeliveryRecord,
  subscription: StoredSubscription,
  kind: Attempt['kind'],
  clock: Clock,
): Promise<{ attempt: Attempt; retryAfter: string | undefined }> {
  const at = clock();
  const secret = await openSecret(subscription);
  const result: SendResult = secret
    ? await sendWebhook(subscription.record.url, delivery.deliveryId, delivery.body, secret, at)
    : {
        status: null,
        ok: false,
        latencyMs: 0,
        responseExcerpt: '',
        error: 'the signing secret cannot be opened',
      };
  if (result.cause)
    // What the system said (OpenSSL's reason, the resolver's): for us, never for the delivery log.
    log('info', 'webhook attempt got no answer', {
      deliveryId: delivery.deliveryId,
      subscriptionId: delivery.subscriptionId,
      target: urlForLog(subscription.record.url),
      kind,
      error: result.error,
      cause: result.cause,
    });
  const attempt: Attempt = {
    at: at.toISOString(),
    kind,
    status: result.status,
    ok: result.ok,
    latencyMs: result.latencyMs,
    responseExcerpt: result.responseExcerpt,
    ...(result.error ? { error: result.error } : {}),
  };
  return { attempt, retryAfter: result.retryAfter };
}

const describe = (attempt: Attempt) =>
  attempt.error ??
  `answered ${attempt.status}${attempt.responseExcerpt ? `: ${attempt.responseExcerpt.slice(0, 100)}` : ''}`;

export async function attemptClaimed(
  claimed: DeliveryRecord,
  subscription: StoredSubscription | undefined,
  clock: Clock,
): Promise<Attempt | undefined> {
  if (!subscription || subscription.record.deletedAt || subscription.record.active !== 1) {
    const why =
      !subscription || subscription.record.deletedAt ? 'subscription deleted' : 'subscription disabled';
    await failWithoutAttempt(claimed, why, clock());
    return undefined;
  }
  const { attempt, retryAfter } = await sendOnce(claimed, subscription, 'scheduled', clock);
  const now = clock();
  const made = claimed.attemptCount + 1;
  const gone = attempt.status === GONE_STATUS;
  const outcome = afterScheduledAttempt(made, attempt.ok, now, {
    gone,
    retryAfterMs:
      attempt.status !== null && RETRY_AFTER_STATUSES.has(attempt.status)
        ? retryAfterMs(retryAfter, now)
        : undefined,
  });
  await recordScheduledAttempt(
    claimed,
    attempt,
    attempt.ok ? outcome : { ...outcome, lastError: describe(attempt) },
    now,
  );
  if (attempt.ok) {
    if (subscription.record.failingSince) await markHealthy(subscription.record.subscriptionId);
    return attempt;
  }
  // The alarm on delivery failures counts these lines (infra/cdk/webhook-alarms.ts).
  log('warn', 'webhook delivery failed', {
    deliveryId: claimed.deliveryId,
    subscriptionId: claimed.subscriptionId,
    target: urlForLog(subscription.record.url),
    attempt: made,
    final: outcome.status === 'failed',
    status: attempt.status,
    error: attempt.error,
  });
  const since = await markFailing(subscription.record.subscriptionId, now);
  if (gone) await disable(subscription, `the receiver answered 410 Gone: it wants no more deliveries`, now);
  else if (failedTooLong(since, now)) {
    const days = Math.round(DISABLE_AFTER_MS / 86_400_000);
    await disable(
      subscription,
      `every attempt failed since ${since} (${days} days or more); last: ${describe(attempt)}`,
      now,
    );
  }
  return attempt;
}

async function disable(subscription: StoredSubscription, reason: string, now: Date): Promise<void> {
  if (await disableFailing(subscription.record.subscriptionId, reason.slice(0, 500), now))
    log('warn', 'webhook subscription disabled', {
      subscriptionId: subscription.record.subscriptionId,
      target: urlForLog(subscription.record.url),
      reason,
    });
}
