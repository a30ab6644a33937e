/**
 * The icalImport schedule's entry: imports every feed, a few at a time, then writes the run's metrics
 * (IcalFeedsUnhealthy, IcalImportStepErrors, IcalConflicts: shared/ical-import-metrics.ts) that the stack's
 * alarms watch (infra/cdk/ical-alarms.ts). A feed that fails is recorded on the feed, never thrown: one bad
 * feed must not stop the others, and EventBridge retrying the whole run would fetch every feed again.
 */

import { now as clockNow } from '../../shared/clock.js';
import { allFeeds } from '../../shared/data/ical-feeds-repo.js';
import { emitIcalImportMetrics, importCounts } from '../../shared/ical-import-metrics.js';
import { mapLimited } from '../../shared/jobs/limiter.js';
import { log } from '../../shared/log.js';
import { type ImportResult, importFeed } from './import-feed.js';

const CONCURRENCY = 4;
/** The job's Lambda runs 60 s: steps stop after this, the rest waits for the next run. */
const STEP_BUDGET_MS = 45_000;

export async function importAllFeeds(now: Date): Promise<ImportResult[]> {
  return mapLimited(
    await allFeeds(),
    async (feed): Promise<ImportResult> => {
      const by = {
        actor: 'system:ical' as const,
        requestId: `icalImport:${now.toISOString()}:${feed.feedId}`,
      };
      try {
        return await importFeed(feed, by, now, STEP_BUDGET_MS);
      } catch (error) {
        log('error', 'iCal import failed', { feedId: feed.feedId, error: (error as Error).message });
        return {
          feedId: feed.feedId,
          healthy: false,
          error: (error as Error).message,
          eventCount: null,
          pending: 0,
          created: 0,
          moved: 0,
          released: 0,
          conflicts: 0,
          errors: [],
        };
      }
    },
    CONCURRENCY,
  );
}

export async function handler(): Promise<void> {
  const now = clockNow();
  emitIcalImportMetrics(importCounts(await importAllFeeds(now)), now);
}
