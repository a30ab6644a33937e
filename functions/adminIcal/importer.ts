/**
 * The icalImport schedule's entry: imports every feed, a few at a time, then writes one CloudWatch Embedded
 * Metric Format line (IcalFeedsUnhealthy, IcalImportStepErrors, IcalConflicts) that the stack's alarm watches
 * (infra/cdk/ical-alarms.ts). A feed that fails is recorded on the feed, never thrown: one bad feed must not
 * stop the others, and EventBridge retrying the whole run would fetch every feed again.
 */
import { allFeeds } from '../../shared/data/ical-feeds-repo.js';
import { log } from '../../shared/log.js';
import { type ImportResult, importFeed } from './import-feed.js';

const CONCURRENCY = 4;
/** The job's Lambda runs 60 s: steps stop after this, the rest waits for the next run. */
const STEP_BUDGET_MS = 45_000;
export const METRIC_NAMESPACE = 'RentalPm/Ical';

export async function importAllFeeds(now: Date): Promise<ImportResult[]> {
  const feeds = await allFeeds();
  const results: ImportResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < feeds.length) {
      const feed = feeds[next++];
      if (!feed) break;
      const by = {
        actor: 'system:ical' as const,
        requestId: `icalImport:${now.toISOString()}:${feed.feedId}`,
      };
      try {
        results.push(await importFeed(feed, by, now, STEP_BUDGET_MS));
      } catch (error) {
        log('error', 'iCal import failed', { feedId: feed.feedId, error: (error as Error).message });
        results.push({
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
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, feeds.length) }, worker));
  return results;
}

/** One EMF line: CloudWatch turns it into metrics without an API call (only printed inside Lambda). */
export function metricsLine(results: readonly ImportResult[], now: Date): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: METRIC_NAMESPACE,
          Dimensions: [[]],
          Metrics: [
            { Name: 'IcalFeedsUnhealthy', Unit: 'Count' },
            { Name: 'IcalImportStepErrors', Unit: 'Count' },
            { Name: 'IcalConflicts', Unit: 'Count' },
          ],
        },
      ],
    },
    IcalFeedsUnhealthy: results.filter((r) => !r.healthy).length,
    IcalImportStepErrors: results.reduce((sum, r) => sum + r.errors.length, 0),
    IcalConflicts: results.reduce((sum, r) => sum + r.conflicts, 0),
  });
}

export async function handler(): Promise<void> {
  const now = new Date();
  const results = await importAllFeeds(now);
  // Bare JSON on stdout (the runtime's console would prefix the line, and EMF must be the whole line).
  if (process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.LOCAL_RUNTIME !== '1')
    process.stdout.write(`${metricsLine(results, now)}\n`);
}
