/**
 * Spaces sends `1 / perSecond` seconds apart (a slot a caller awaits before each send), so a run never goes
 * faster than SES allows; the pace may be lowered while it runs (after a throttle).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class Pacer {
  private nextAt = 0;

  constructor(public perSecond: number) {}

  /** Resolves at this caller's slot: at once when the pace allows, else when its turn comes. */
  async slot(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.perSecond;
    if (at > now) await sleep(at - now);
  }
}
