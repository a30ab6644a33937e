/**
 * One import of one feed (docs/ical.md "Import"): read it, plan by event key, carry the plan out, and record
 * the feed's health. A failed, empty, oversized or unparsable feed changes no block: the feed is marked
 * unhealthy with the reason and its last good copy's blocks stay (an empty answer from a provider known to
 * answer so when no stay is left is "no events", which releases them, and the health says why). A 304 (unchanged since the last read) still retries
 * the events that could not be placed, from what the last import stored.
 */
import { type FeedRecord, importedEvents, saveHealth } from '../../shared/data/ical-feeds-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { type ImportSlice, planSync, slicesOf } from '../../shared/domain/ical/plan-sync.js';
import { mapLimited } from '../../shared/jobs/limiter.js';
import { log } from '../../shared/log.js';
import { StepRunner, type StepTally } from './apply-steps.js';
import { readFeed } from './fetch-feed.js';

export interface ImportResult extends StepTally {
  feedId: number;
  /** Steps left for the next import because this one ran out of its time budget. */
  pending: number;
  healthy: boolean;
  error: string | null;
  eventCount: number | null;
}

/** Steps applied at once (see importFeed). */
const STEP_CONCURRENCY = 4;

const storedSlices = (events: Awaited<ReturnType<typeof importedEvents>>, today: string): ImportSlice[] =>
  events
    .filter((event) => event.dateTo > today)
    .map(({ key, uid, dateFrom, dateTo }) => ({ key, uid, dateFrom, dateTo }));

/**
 * `budgetMs` bounds the time spent applying steps (the API's 29 s, the job's 60 s): a first import of a large
 * feed that does not fit finishes on the next run (the plan is recomputed from what was committed).
 */
export async function importFeed(
  feed: FeedRecord,
  by: Actor,
  now: Date,
  budgetMs: number,
): Promise<ImportResult> {
  const stopAt = performance.now() + budgetMs;
  const siteTimeZone = (await getSettings()).systemTimeZone;
  const today = todayIn(siteTimeZone, now);
  const attemptedAt = now.toISOString();
  const read = await readFeed(feed, siteTimeZone, today);
  const runner = new StepRunner(feed, by, now);
  if (read.kind === 'failed') {
    await saveHealth(feed.feedId, { lastAttemptAt: attemptedAt, lastError: read.error });
    log('warn', 'iCal feed unhealthy', { feedId: feed.feedId, error: read.error, cause: read.cause });
    return {
      feedId: feed.feedId,
      pending: 0,
      healthy: false,
      error: read.error,
      eventCount: feed.eventCount,
      ...runner.tally,
    };
  }
  const imported = await importedEvents(feed.feedId);
  // Unchanged since the last read: the plan is the stored events again (only unplaced ones are retried).
  const slices = read.kind === 'events' ? slicesOf(read.events, today) : storedSlices(imported, today);
  const steps = planSync(slices, imported, today);
  // A few steps at once: each is its own transaction on other nights; the property's reservationSeq, which every
  // one of them bumps, makes concurrent ones conflict now and then, and the writes retry those themselves.
  // A step not started within the budget is left for the next import.
  const ran = await mapLimited(
    steps,
    async (step) => {
      if (performance.now() >= stopAt) return false;
      await runner.run(step);
      return true;
    },
    STEP_CONCURRENCY,
  );
  const done = ran.filter(Boolean).length;
  const eventCount = read.kind === 'events' ? read.events.length : feed.eventCount;
  await saveHealth(feed.feedId, {
    lastAttemptAt: attemptedAt,
    lastSuccessAt: attemptedAt,
    lastError: null,
    eventCount,
    ...(read.kind === 'events'
      ? { etag: read.etag, lastModified: read.lastModified, lastNote: read.note }
      : {}),
  });
  if (runner.tally.errors.length > 0)
    log('warn', 'iCal import steps failed', {
      feedId: feed.feedId,
      errors: runner.tally.errors.slice(0, 10),
    });
  return {
    feedId: feed.feedId,
    pending: steps.length - done,
    healthy: true,
    error: null,
    eventCount,
    ...runner.tally,
  };
}
