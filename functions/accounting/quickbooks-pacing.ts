/**
 * Pacing of the requests to one QuickBooks company (docs/accounting.md "Pacing"). Intuit's limits per company
 * (realm ID) and app today: 500 requests a minute and 10 a second
 * (https://developer.intuit.com/app/developer/qbo/docs/learn/limits-and-throttles), and no more than 10 at
 * once (https://blogs.intuit.com/blog/2016/08/08/idg-concurrent-api-use-changes-coming-soon/); beyond any of
 * them QuickBooks answers 429. A run's requests all go through one limiter (shared/jobs/limiter.ts) that keeps
 * the three, starts none after the run's deadline, and counts the starts the previous run made in its last
 * minute (handed over through the run lease), so runs one after the other never add up to more.
 */
import { Limiter } from '../../shared/jobs/limiter.js';

export const QUICKBOOKS_LIMITS = { concurrent: 10, perMinute: 500, perSecond: 10 } as const;

export class PacingDeadline extends Error {
  constructor() {
    super('the request budget of this run is used up: the rest waits for the next run');
  }
}

/**
 * The limiter of one run: no request starts after `deadlineInMs` from now (a waiting one is refused with
 * PacingDeadline); `recentStarts` are the start times (epoch ms) the previous run handed over.
 */
export function quickBooksLimiter(deadlineInMs: number, recentStarts: readonly number[]): Limiter {
  return new Limiter({
    concurrency: QUICKBOOKS_LIMITS.concurrent,
    rates: [
      { starts: QUICKBOOKS_LIMITS.perMinute, perMs: 60_000 },
      { starts: QUICKBOOKS_LIMITS.perSecond, perMs: 1_000 },
    ],
    deadline: { inMs: deadlineInMs, refusal: () => new PacingDeadline() },
    startedBefore: recentStarts,
  });
}
