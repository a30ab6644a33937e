/**
 * The wait between tries of a write that lost to a concurrent one: "full jitter" exponential backoff (AWS
 * Architecture Blog, "Exponential Backoff And Jitter"), a random wait up to base × 2^try, capped, so rivals
 * that collided once spread out instead of colliding again in step.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export function jitteredBackoff(attempt: number, baseMs: number, capMs = 1_000): Promise<void> {
  return sleep(Math.random() * Math.min(capMs, baseMs * 2 ** attempt));
}
