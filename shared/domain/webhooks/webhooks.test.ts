import { Webhook } from 'standardwebhooks';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { afterScheduledAttempt, excerpt, RESPONSE_EXCERPT_CHARS } from './delivery.js';
import { isWebhookEvent } from './events.js';
import { DELIVERY_ID_PATTERN, deliveryIdOf, payloadOf } from './payload.js';
import {
  ATTEMPT_TIMEOUT_MS,
  DELIVERY_RETRY,
  failedTooLong,
  nextAttemptAfter,
  RETRY_AFTER_MAX_MS,
  RETRY_DELAYS_SECONDS,
} from './retry.js';
import {
  createSubscriptionBody,
  newSecret,
  receives,
  type SubscriptionRecord,
  updatedSubscription,
  updateSubscriptionBody,
} from './subscription.js';

const now = new Date('2030-01-01T00:00:00.000Z');

describe('retry schedule', () => {
  it('waits about 5 s, 1 min, 10 min, 1 h, 6 h, 24 h, then gives up', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([5, 60, 600, 3600, 21600, 86400]);
    expect(DELIVERY_RETRY.maxTries).toBe(7);
    const waits = [1, 2, 3, 4, 5, 6].map((n) => (nextAttemptAfter(n, now)?.getTime() ?? 0) - now.getTime());
    expect(waits).toEqual([5000, 60000, 600000, 3600000, 21600000, 86400000]);
    expect(nextAttemptAfter(7, now)).toBeUndefined();
  });

  it('moves a delivery on after a scheduled attempt', () => {
    expect(afterScheduledAttempt(1, true, now)).toEqual({ status: 'succeeded' });
    expect(afterScheduledAttempt(1, false, now)).toEqual({
      status: 'pending',
      nextAttemptAt: '2030-01-01T00:00:05.000Z',
    });
    expect(afterScheduledAttempt(6, false, now).status).toBe('pending');
    expect(afterScheduledAttempt(7, false, now)).toEqual({ status: 'failed' });
  });

  it('waits as long as a receiver’s Retry-After asks when that is longer than the schedule, up to 24 h', () => {
    const wait = (attempts: number, retryAfterMs?: number) =>
      (nextAttemptAfter(attempts, now, retryAfterMs)?.getTime() ?? 0) - now.getTime();
    expect(wait(1, 120_000)).toBe(120_000);
    // Never sooner than the schedule: a Retry-After of 1 s after the 2nd attempt still waits a minute.
    expect(wait(2, 1000)).toBe(60_000);
    expect(wait(1, 7 * 86_400_000)).toBe(RETRY_AFTER_MAX_MS);
    expect(nextAttemptAfter(7, now, 1000)).toBeUndefined();
    expect(afterScheduledAttempt(1, false, now, { retryAfterMs: 120_000 })).toEqual({
      status: 'pending',
      nextAttemptAt: '2030-01-01T00:02:00.000Z',
    });
  });

  it('a 410 Gone fails the delivery at once, whatever attempts are left', () => {
    expect(afterScheduledAttempt(1, false, now, { gone: true })).toEqual({ status: 'failed' });
  });

  it('gives a receiver 15–30 s to answer, as Standard Webhooks recommends', () => {
    expect(ATTEMPT_TIMEOUT_MS).toBeGreaterThanOrEqual(15_000);
    expect(ATTEMPT_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it('disables after 3 days of failing, not before', () => {
    expect(failedTooLong(undefined, now)).toBe(false);
    expect(failedTooLong('2029-12-29T00:00:01.000Z', now)).toBe(false);
    expect(failedTooLong('2029-12-29T00:00:00.000Z', now)).toBe(true);
  });
});

describe('payload and ids', () => {
  const change = {
    changeId: '0abcdefgh0123456789ab',
    recordType: 'reservation',
    recordId: '7',
    action: 'created',
    actor: 'admin:1' as const,
    requestId: 'r',
    at: now.toISOString(),
    fields: [{ field: 'status', old: '***', new: '1' }],
    event: 'reservation.modified',
    data: { reservationId: 7, status: '1', name: 'Ann' },
    previous: { status: '0' },
  };

  it('is {id, type, timestamp, data, previous} of the change: the record, not the audit fields or the actor', () => {
    expect(payloadOf(change)).toEqual({
      id: 'evt_0abcdefgh0123456789ab',
      type: 'reservation.modified',
      timestamp: now.toISOString(),
      data: { reservationId: 7, status: '1', name: 'Ann' },
      previous: { status: '0' },
    });
    const { event: _none, ...silent } = change;
    expect(payloadOf(silent)).toBeUndefined();
  });

  it('names a delivery by change and subscription, as the path pattern accepts', () => {
    const id = deliveryIdOf(change.changeId, 12);
    expect(id).toBe('msg_0abcdefgh0123456789ab_12');
    expect(DELIVERY_ID_PATTERN.test(id)).toBe(true);
    expect(DELIVERY_ID_PATTERN.test('msg_x_0')).toBe(false);
    expect(() => deliveryIdOf('../x', 1)).toThrow();
  });

  it('cuts response excerpts', () => {
    expect(excerpt('ok')).toBe('ok');
    expect(excerpt('x'.repeat(1000))).toHaveLength(RESPONSE_EXCERPT_CHARS + 1);
  });
});

describe('subscriptions', () => {
  it('makes Standard Webhooks secrets the package accepts', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const hook = new Webhook(secret);
    const at = new Date();
    const signature = hook.sign('msg_1', at, '{}');
    expect(
      hook.verify('{}', {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      }),
    ).toEqual({});
  });

  it('validates bodies: known event types, at least one, no unknown fields', () => {
    const ok = v.safeParse(createSubscriptionBody, {
      url: ' https://x.example/h ',
      events: ['reservation.created', 'invoice.created', 'reservation.created'],
    });
    expect(ok.success && ok.output).toEqual({
      url: 'https://x.example/h',
      events: ['invoice.created', 'reservation.created'],
    });
    expect(v.safeParse(createSubscriptionBody, { url: 'https://x', events: [] }).success).toBe(false);
    expect(v.safeParse(createSubscriptionBody, { url: 'https://x', events: ['nope'] }).success).toBe(false);
    expect(
      v.safeParse(createSubscriptionBody, { url: 'https://x', events: ['invoice.paid'], x: 1 }).success,
    ).toBe(false);
    expect(v.safeParse(updateSubscriptionBody, {}).success).toBe(false);
    expect(isWebhookEvent('tenant.registered')).toBe(true);
  });

  it('re-enabling clears the failure state; events are matched while active and not deleted', () => {
    const disabled: SubscriptionRecord = {
      subscriptionId: 1,
      url: 'https://x.example',
      events: ['invoice.paid'],
      active: 0,
      createdAt: 'a',
      updatedAt: 'a',
      failingSince: 'b',
      disabledAt: 'c',
      disabledReason: 'd',
    };
    expect(receives(disabled, 'invoice.paid')).toBe(false);
    const again = updatedSubscription(disabled, { active: 1 }, now);
    expect(again).toEqual({
      ...disabled,
      active: 1,
      updatedAt: now.toISOString(),
      failingSince: undefined,
      disabledAt: undefined,
      disabledReason: undefined,
    });
    expect(receives(again, 'invoice.paid')).toBe(true);
    expect(receives(again, 'invoice.created')).toBe(false);
    expect(receives({ ...again, deletedAt: 'x' }, 'invoice.paid')).toBe(false);
  });
});
