import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Limiter, mapLimited, paced } from './limiter.js';

// p-queue's windows and the deadline run on the timers and Date.now: faked, so a minute passes at once.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the fake time run until `done` settles. */
async function untilSettled<T>(done: Promise<T>): Promise<T> {
  let settled = false;
  const watched = done.finally(() => {
    settled = true;
  });
  // Its rejection is the caller's to see, once the loop is over.
  watched.catch(() => undefined);
  while (!settled) await vi.advanceTimersByTimeAsync(50);
  return watched;
}

/** The most starts in any window of `ms` (sorted start times). */
function mostIn(starts: readonly number[], ms: number): number {
  let most = 0;
  for (let i = 0, j = 0; j < starts.length; j++) {
    while ((starts[j] ?? 0) - (starts[i] ?? 0) >= ms) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the limiter (shared/jobs/limiter.ts)', () => {
  it('never runs more than `concurrency` tasks at once', async () => {
    const limiter = new Limiter({ concurrency: 3 });
    let running = 0;
    let most = 0;
    const done = limiter.map(
      Array.from({ length: 20 }, (_, i) => i),
      async (i) => {
        running++;
        most = Math.max(most, running);
        await sleep(10 + (i % 4));
        running--;
        return i * 2;
      },
    );
    expect(await untilSettled(done)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(most).toBe(3);
  });

  it('keeps QuickBooks’ three limits at once: 10 at once, 10 in any second, 500 in any minute', async () => {
    const limiter = new Limiter({
      concurrency: 10,
      rates: [
        { starts: 500, perMs: 60_000 },
        { starts: 10, perMs: 1_000 },
      ],
    });
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    const done = limiter.map(
      Array.from({ length: 1_100 }, (_, i) => i),
      async (i) => {
        starts.push(Date.now());
        running++;
        most = Math.max(most, running);
        await sleep(i % 7 === 0 ? 1_500 : 20);
        running--;
      },
    );
    await untilSettled(done);
    expect(starts).toHaveLength(1_100);
    expect(most).toBeLessThanOrEqual(10);
    expect(mostIn(starts, 1_000)).toBe(10);
    expect(mostIn(starts, 60_000)).toBeLessThanOrEqual(500);
    // The minute's 500 are reached (the second's pace alone would allow 600).
    expect(mostIn(starts, 61_000)).toBe(500);
  });

  it('counts the starts an earlier run handed over as made now', async () => {
    const now = Date.now();
    const limiter = new Limiter({
      concurrency: 10,
      rates: [{ starts: 5, perMs: 60_000 }],
      startedBefore: [now - 50_000, now - 40_000, now - 30_000, now - 61_000],
    });
    const starts: number[] = [];
    const done = limiter.map([1, 2, 3], async () => {
      starts.push(Date.now() - now);
    });
    await vi.advanceTimersByTimeAsync(1_000);
    // Three of the four handed over are within the minute: two more fit now, the third waits.
    expect(starts).toEqual([0, 0]);
    // What the next run would be handed: those three and the two, at the times they were made.
    expect(limiter.recentStarts()).toEqual([now - 50_000, now - 40_000, now - 30_000, now, now]);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(starts).toEqual([0, 0]);
    await untilSettled(done);
    expect(starts[2]).toBeGreaterThanOrEqual(60_000);
  });

  it('starts nothing after its deadline: a waiting task is refused, a running one ends', async () => {
    class TooLate extends Error {}
    const limiter = new Limiter({
      concurrency: 1,
      rates: [{ starts: 1, perMs: 10_000 }],
      deadline: { inMs: 5_000, refusal: () => new TooLate() },
    });
    const first = limiter.run(async () => {
      await sleep(8_000);
      return 'ended';
    });
    const second = limiter.run(async () => 'started');
    const outcomes = untilSettled(Promise.allSettled([first, second]));
    const [ran, refused] = await outcomes;
    expect(ran).toEqual({ status: 'fulfilled', value: 'ended' });
    expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(TooLate);
    // After the deadline a task is refused at once.
    await expect(limiter.run(async () => 'late')).rejects.toBeInstanceOf(TooLate);
  });

  it('a pace lowered while it runs applies to every task not started, from the last start on', async () => {
    const limiter = new Limiter({ concurrency: 5, rates: [paced(10)] });
    const starts: number[] = [];
    const t0 = Date.now();
    const done = limiter.map([1, 2, 3, 4, 5], async () => {
      starts.push(Date.now() - t0);
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(starts).toEqual([0, 100]);
    // A throttle: two a second from now on, the start at 100 ms counting.
    limiter.setRates([paced(2)]);
    await untilSettled(done);
    expect(starts.slice(2).map((t) => t >= 600)).toEqual([true, true, true]);
    expect(mostIn(starts.slice(1), 500)).toBe(1);
  });

  it('add: resolves once the task starts, so a producer holds one waiting at most; stops at a failure', async () => {
    const limiter = new Limiter({ concurrency: 2 });
    let started = 0;
    let added = 0;
    let mostWaiting = 0;
    const producing = (async () => {
      for (let i = 0; i < 10; i++) {
        const taken = await limiter.add(async () => {
          started++;
          await sleep(10);
          if (i === 4) throw new Error('page 4 failed');
        });
        if (!taken) break;
        added++;
        mostWaiting = Math.max(mostWaiting, added - started);
      }
      await limiter.drain();
    })();
    await expect(untilSettled(producing)).rejects.toThrow('page 4 failed');
    expect(mostWaiting).toBe(0);
    // Taken until the failure was known: never all ten.
    expect(added).toBeGreaterThanOrEqual(5);
    expect(added).toBeLessThan(10);
  });

  it('mapLimited: results in list order, 8 at a time by default', async () => {
    let running = 0;
    let most = 0;
    const done = mapLimited(
      Array.from({ length: 30 }, (_, i) => i),
      async (i) => {
        running++;
        most = Math.max(most, running);
        await sleep(30 - i);
        running--;
        return i;
      },
    );
    expect(await untilSettled(done)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(most).toBe(8);
  });
});
