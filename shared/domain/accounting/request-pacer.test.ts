import { describe, expect, it } from 'vitest';
import { PacingDeadline, RequestPacer } from './request-pacer.js';

/** A clock that moves only when the pacer sleeps. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

describe('RequestPacer', () => {
  it('never runs more than `concurrent` requests at once', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer({
      perMinute: 500,
      concurrent: 3,
      deadline: Number.MAX_SAFE_INTEGER,
      ...clock,
    });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        pacer.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 1));
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(pacer.running()).toBe(0);
  });

  it('keeps to `perMinute` in any 60 s, counting the starts an earlier run handed over', async () => {
    const clock = fakeClock();
    const earlier = [clock.now() - 30_000, clock.now() - 20_000];
    const pacer = new RequestPacer({
      perMinute: 4,
      concurrent: 10,
      deadline: Number.MAX_SAFE_INTEGER,
      recentStarts: earlier,
      ...clock,
    });
    const starts: number[] = [];
    for (let i = 0; i < 4; i++) await pacer.run(async () => starts.push(clock.now()));
    // Two fit now; the third waits until the first handed-over start is a minute old, the fourth for the second.
    expect(starts.map((t) => t - 1_000_000)).toEqual([0, 0, 30_000, 40_000]);
    expect(pacer.recent()).toHaveLength(4);
  });

  it('refuses a wait that would end after the run’s deadline', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer({ perMinute: 1, concurrent: 1, deadline: clock.now() + 5_000, ...clock });
    await pacer.run(async () => undefined);
    await expect(pacer.run(async () => undefined)).rejects.toBeInstanceOf(PacingDeadline);
  });
});
