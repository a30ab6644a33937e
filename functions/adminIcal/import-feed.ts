/**
 * One import of one feed (docs/ical.md "Import"): read it, plan by UID, carry the plan out, and record the
 * feed's health. A failed, empty, oversized or unparsable feed changes no block: the feed is marked unhealthy
 * with the reason and its last good copy's blocks stay. A 304 (unchanged since the last read) still retries
 * the events that could not be placed, from what the last import stored.
 */
import { type FeedRecord, importedEvents, saveHealth } from '../../shared/data/ical-feeds-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import type { Actor } from '../../shared/domain/change.js';
import { todayIn } from '../../shared/domain/dates.js';
import { type ImportSlice, planSync, slicesOf } from '../../shared/domain/ical/plan-sync.js';
import { log } from '../../shared/log.js';
import { StepRunner, type StepTally } from './apply-steps.js';
import { readFeed } from './fetch-feed.js';

export interface ImportResult extends StepTally {
  feedId: number;
  healthy: boolean;
  error: string | null;
  eventCount: number | null;
}

const storedSlices = (events: Awaited<ReturnType<typeof importedEvents>>, today: string): ImportSlice[] =>
  events
    .filter((event) => event.dateTo > today)
    .map(({ key, uid, dateFrom, dateTo }) => ({ key, uid, dateFrom, dateTo }));

export async function importFeed(feed: FeedRecord, by: Actor, now: Date): Promise<ImportResult> {
  const siteTimeZone = (await getSettings()).systemTimeZone;
  const today = todayIn(siteTimeZone, now);
  const attemptedAt = now.toISOString();
  const read = await readFeed(feed, siteTimeZone);
  const runner = new StepRunner(feed, by, now);
  if (read.kind === 'failed') {
    await saveHealth(feed.feedId, { lastAttemptAt: attemptedAt, lastError: read.error });
    log('warn', 'iCal feed unhealthy', { feedId: feed.feedId, error: read.error });
    return {
      feedId: feed.feedId,
      healthy: false,
      error: read.error,
      eventCount: feed.eventCount,
      ...runner.tally,
    };
  }
  const imported = await importedEvents(feed.feedId);
  // Unchanged since the last read: the plan is the stored events again (only unplaced ones are retried).
  const slices = read.kind === 'events' ? slicesOf(read.events, today) : storedSlices(imported, today);
  for (const step of planSync(slices, imported, today)) await runner.run(step);
  const eventCount = read.kind === 'events' ? read.events.length : feed.eventCount;
  await saveHealth(feed.feedId, {
    lastAttemptAt: attemptedAt,
    lastSuccessAt: attemptedAt,
    lastError: null,
    eventCount,
    ...(read.kind === 'events' ? { etag: read.etag, lastModified: read.lastModified } : {}),
  });
  if (runner.tally.errors.length > 0)
    log('warn', 'iCal import steps failed', {
      feedId: feed.feedId,
      errors: runner.tally.errors.slice(0, 10),
    });
  return { feedId: feed.feedId, healthy: true, error: null, eventCount, ...runner.tally };
}
