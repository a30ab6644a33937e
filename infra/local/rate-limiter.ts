/**
 * The per-IP request limit of the local runtime (in the cloud: the WAF rate rule). Fixed windows of 5 s:
 * a window's count resets at its end, which is what `RateLimit-Reset` and `Retry-After` report.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 5000,
  ) {}

  take(key: string, now = Date.now()): RateDecision {
    const start = now - (now % this.windowMs);
    this.sweep(start);
    const window = this.windows.get(key);
    const current = window && window.start === start ? window : { start, count: 0 };
    current.count += 1;
    this.windows.set(key, current);
    const resetSeconds = Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
    return {
      allowed: current.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - current.count),
      resetSeconds,
    };
  }

  /** Old windows are dropped once per window, so memory stays bounded by the clients of one window. */
  private sweep(start: number): void {
    if (start === this.lastSweep) return;
    this.lastSweep = start;
    for (const [key, w] of this.windows) if (w.start < start) this.windows.delete(key);
  }
}
