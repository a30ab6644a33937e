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
  | { kind: 'failed'; error: string };

const fetchLimits = () => ({
  timeoutMs: intEnv('ICAL_FETCH_TIMEOUT_MS', 10_000),
  maxBytes: intEnv('ICAL_MAX_FEED_BYTES', 2 * 1024 * 1024),
});

const FAILURE_WORDS: Record<SafeFetchError['failure'], string> = {
  bad_url: 'the URL is not allowed',
  blocked_address: 'the URL points at a private or reserved address',
  timeout: 'no answer in time',
  too_large: 'the feed is larger than the size limit',
  too_many_redirects: 'too many redirects',
  network: 'the feed could not be reached',
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
    if (error instanceof SafeFetchError)
      return { kind: 'failed', error: `${FAILURE_WORDS[error.failure]} (${error.message})` };
    throw error;
  }
  if (answer.notModified) return { kind: 'notModified' };
  if (answer.status !== 200) return { kind: 'failed', error: `the feed answered HTTP ${answer.status}` };
  const parsed = parseFeed(answer.body.toString('utf8'), siteTimeZone);
  if (!parsed.ok) return { kind: 'failed', error: parsed.error };
  if (parsed.events.length === 0)
    return { kind: 'failed', error: 'the feed has no events: nothing was changed' };
  return {
    kind: 'events',
    events: parsed.events,
    etag: answer.etag ?? null,
    lastModified: answer.lastModified ?? null,
  };
}
