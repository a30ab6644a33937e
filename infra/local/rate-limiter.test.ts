import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limiter.js';

describe('FixedWindowLimiter', () => {
  it('allows the limit per window and key, then refuses until the window ends', () => {
    const limiter = new FixedWindowLimiter(3, 5000);
    const t0 = 1_000_000; // a window boundary
    expect([1, 2, 3].map(() => limiter.take('a', t0).allowed)).toEqual([true, true, true]);
    const refused = limiter.take('a', t0 + 1000);
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 4 });
    expect(limiter.take('b', t0 + 1000).allowed).toBe(true);
    expect(limiter.take('a', t0 + 5000)).toMatchObject({ allowed: true, remaining: 2 });
  });
});
