import { afterEach, describe, expect, it, vi } from 'vitest';
import { exponentialBackoff, jitteredBackoff, linearBackoff, scheduledBackoff } from './backoff.js';
import { MESSAGE_RETRY, nextTryAfterFailure } from './domain/messages/record.js';
import { DELIVERY_RETRY } from './domain/webhooks/retry.js';
import { IN_PROCESS_TRIES, jobRetryPolicy } from './jobs/retry-path.js';
import {
  afterFailedTry,
  lastTryAfterMs,
  pausedForRetry,
  type RetryPolicy,
  retryAfterMs,
  retrying,
  waitAfterFailedTry,
} from './retry-policy.js';

const now = new Date('2030-01-01T00:00:00.000Z');
const MINUTE = 60_000;
const waitsOf = (policy: RetryPolicy) =>
  Array.from({ length: policy.maxTries - 1 }, (_, i) => policy.backoff(i + 1));

describe('the waits (shared/backoff.ts)', () => {
  it('a schedule: the nth wait after the nth failure, the last one after that', () => {
    const backoff = scheduledBackoff([5, 60, 600]);
    expect([1, 2, 3, 4, 9].map(backoff)).toEqual([5, 60, 600, 600, 600]);
    expect(() => scheduledBackoff([])).toThrow();
  });

  it('doubling, capped', () => {
    const backoff = exponentialBackoff(100, 1_000);
    expect([0, 1, 2, 3, 4, 5].map(backoff)).toEqual([100, 100, 200, 400, 800, 1_000]);
  });

  it('one step a try', () => {
    expect([1, 2, 3].map(linearBackoff(100))).toEqual([100, 200, 300]);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('full jitter: a random share of base × 2^n after failed try n, capped', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect([1, 2, 3, 4, 6, 7, 9].map(jitteredBackoff(10))).toEqual(
      [20, 40, 80, 160, 640, 1_000, 1_000].map((ms) => ms / 2),
    );
    expect([1, 5, 6].map(jitteredBackoff(5, 160))).toEqual([5, 80, 80]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(jitteredBackoff(10)(3)).toBe(0);
  });
});

describe('the retry engine (shared/retry-policy.ts)', () => {
  const policy: RetryPolicy = { maxTries: 3, backoff: scheduledBackoff([1_000, 5_000]) };

  it('after a failed try that was not the last: the next try after its wait', () => {
    expect(afterFailedTry(policy, 1, now)).toEqual({ kind: 'retry', at: new Date(now.getTime() + 1_000) });
    expect(afterFailedTry(policy, 2, now)).toEqual({ kind: 'retry', at: new Date(now.getTime() + 5_000) });
  });

  it('gives up after the last try, and at once on a failure no retry changes', () => {
    expect(afterFailedTry(policy, 3, now)).toEqual({ kind: 'giveUp' });
    expect(afterFailedTry(policy, 4, now)).toEqual({ kind: 'giveUp' });
    expect(afterFailedTry(policy, 1, now, { permanent: true })).toEqual({ kind: 'giveUp' });
  });

  it('a single try is never retried', () => {
    expect(afterFailedTry({ maxTries: 1, backoff: linearBackoff(1) }, 1, now)).toEqual({ kind: 'giveUp' });
  });

  it('the last try of a policy comes after the sum of its waits', () => {
    expect(lastTryAfterMs(policy)).toBe(6_000);
  });

  it('the wait before the next try, or none when the work is given up', () => {
    expect([1, 2, 3].map((tries) => waitAfterFailedTry(policy, tries))).toEqual([1_000, 5_000, undefined]);
    expect(waitAfterFailedTry(policy, 1, { permanent: true })).toBeUndefined();
  });
});

describe('work retried in place (shared/retry-policy.ts)', () => {
  const quick: RetryPolicy = { maxTries: 3, backoff: () => 0 };

  it('pausedForRetry: true after a try that was not the last, false after the last or a permanent failure', async () => {
    expect(await pausedForRetry(quick, 1)).toBe(true);
    expect(await pausedForRetry(quick, 2)).toBe(true);
    expect(await pausedForRetry(quick, 3)).toBe(false);
    expect(await pausedForRetry(quick, 1, { permanent: true })).toBe(false);
  });

  it('retrying: tries again what may pass, up to the tries, and throws the last failure', async () => {
    const tries: number[] = [];
    const always = retrying(
      quick,
      async (n) => {
        tries.push(n);
        throw new Error(`try ${n}`);
      },
      () => true,
    );
    await expect(always).rejects.toThrow('try 3');
    expect(tries).toEqual([1, 2, 3]);
    let made = 0;
    const second = await retrying(
      quick,
      async () => {
        made += 1;
        if (made < 2) throw new Error('busy');
        return 'done';
      },
      () => true,
    );
    expect([second, made]).toEqual(['done', 2]);
  });

  it('retrying: a failure no retry changes is thrown at once', async () => {
    let made = 0;
    const refused = retrying(
      quick,
      async () => {
        made += 1;
        throw new RangeError('refused');
      },
      (error) => !(error instanceof RangeError),
    );
    await expect(refused).rejects.toBeInstanceOf(RangeError);
    expect(made).toBe(1);
  });
});

describe('the policies that use it', () => {
  it('mail (docs/messages.md): 1 min, 5 min, 30 min, 2 h, then failed; the last try about 2.6 h after the first', () => {
    expect(MESSAGE_RETRY.maxTries).toBe(5);
    expect(waitsOf(MESSAGE_RETRY)).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]);
    expect(lastTryAfterMs(MESSAGE_RETRY) / 3_600_000).toBeCloseTo(2.6, 1);
    expect(nextTryAfterFailure(1, now)).toBe('2030-01-01T00:01:00.000Z');
    expect(nextTryAfterFailure(5, now)).toBeNull();
    // An answer no retry changes (SES refusing the address): failed at once.
    expect(nextTryAfterFailure(1, now, true)).toBeNull();
  });

  it('webhook deliveries (docs/webhooks.md): 5 s, 1 min, 10 min, 1 h, 6 h, 24 h, then failed', () => {
    expect(DELIVERY_RETRY.maxTries).toBe(7);
    expect(waitsOf(DELIVERY_RETRY)).toEqual([
      5_000,
      MINUTE,
      10 * MINUTE,
      60 * MINUTE,
      360 * MINUTE,
      1_440 * MINUTE,
    ]);
  });

  it("a table-change job's record (docs/jobs.md): parked after the tries in place, then 1, 2, 4, 8 … minutes, kept after maxRetries retries", () => {
    const policy = jobRetryPolicy({ maxRetries: 5 });
    expect(policy.maxTries).toBe(6);
    expect(IN_PROCESS_TRIES).toBe(2);
    expect([2, 3, 4, 5].map(policy.backoff)).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]);
    expect(policy.backoff(20)).toBe(60 * MINUTE);
    // Kept about 15 minutes after the first try (the waits from the parking on).
    expect(lastTryAfterMs(policy) - policy.backoff(1)).toBe(15 * MINUTE);
    expect(afterFailedTry(policy, 5, now).kind).toBe('retry');
    expect(afterFailedTry(policy, 6, now)).toEqual({ kind: 'giveUp' });
  });

  it('reads a Retry-After of seconds or an HTTP date, and a try is never due before it', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 02:00:00 GMT', now)).toBe(2 * 60 * MINUTE);
    expect(retryAfterMs('Mon, 31 Dec 2029 23:00:00 GMT', now)).toBe(0);
    for (const header of [undefined, null, '', 'soon', '-5', '1.5'])
      expect(retryAfterMs(header, now)).toBeUndefined();
    const policy = { maxTries: 3, backoff: () => MINUTE };
    const later = new Date(now.getTime() + 10 * MINUTE);
    expect(afterFailedTry(policy, 1, now, { notBefore: later })).toEqual({ kind: 'retry', at: later });
    expect(afterFailedTry(policy, 1, now, { notBefore: now })).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + MINUTE),
    });
  });
});
