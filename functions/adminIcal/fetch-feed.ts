/**
 * Reading a feed's current events: a conditional GET through the safe fetch (no private addresses, a
 * deadline, a size cap), then ical.js. Anything but a calendar with at least one event is a failure that
 * changes nothing: the caller marks the feed unhealthy with the reason.
 */
import { intEnv } from '../../shared/config.js';
import type { FeedRecord } from '../../shared/data/ical-feeds-repo.js';
import { type FeedEvent, parseFeed } from '../../shared/domain/ical/parse-feed.js';
import { SafeFetchError, safeFetch } from '../../shared/net/safe-fetch.js';

export type FeedRead =
  | { kind: 'events'; events: FeedEvent[]; etag: string | null; lastModified: string | null }
  | { kind: 'notModified' }
  /** `error` is stored and shown; `cause` (what the system said) is only logged. */
  | { kind: 'failed'; error: string; cause?: string };

const fetchLimits = () => ({
  timeoutMs: intEnv('ICAL_FETCH_TIMEOUT_MS', 10_000),
  maxBytes: intEnv('ICAL_MAX_FEED_BYTES', 2 * 1024 * 1024),
});

/**
 * The feed's `lastError` names the kind of failure in fixed words (shared/net/outbound-failure.ts and these),
 * never what the URL answered (a private page reached through a redirect) nor a parser's or the system's message.
 */
export const FEED_ERRORS = {
  notCalendar: 'not a calendar: the answer is not an iCalendar file',
  noEvents: 'no events: the feed has no events, nothing was changed',
  status: (status: number) => `HTTP ${status}`,
};

export async function readFeed(feed: FeedRecord, siteTimeZone: string): Promise<FeedRead> {
  let answer: Awaited<ReturnType<typeof safeFetch>>;
  try {
    answer = await safeFetch(feed.url, {
      ...fetchLimits(),
      etag: feed.etag ?? undefined,
      lastModified: feed.lastModified ?? undefined,
      headers: { accept: 'text/calendar, */*;q=0.5' },
    });
  } catch (error) {
    if (error instanceof SafeFetchError) {
      const cause = error.cause instanceof Error ? error.cause.message : undefined;
      return { kind: 'failed', error: error.message, ...(cause ? { cause } : {}) };
    }
    throw error;
  }
  if (answer.notModified) return { kind: 'notModified' };
  if (answer.status !== 200) return { kind: 'failed', error: FEED_ERRORS.status(answer.status) };
  const parsed = parseFeed(answer.body.toString('utf8'), siteTimeZone);
  if (!parsed.ok) return { kind: 'failed', error: FEED_ERRORS.notCalendar };
  if (parsed.events.length === 0) return { kind: 'failed', error: FEED_ERRORS.noEvents };
  return {
    kind: 'events',
    events: parsed.events,
    etag: answer.etag ?? null,
    lastModified: answer.lastModified ?? null,
  };
}
