/**
 * Reading a feed's current events: a conditional GET through the safe fetch (no private addresses, a
 * deadline, a size cap), then ical.js. Anything but a calendar with at least one event is a failure that
 * changes nothing (the caller marks the feed unhealthy with the reason), except an empty answer from a
 * provider known to answer so when no stay is left, which is "no events".
 */
import { intEnv } from '../../shared/config.js';
import type { FeedRecord } from '../../shared/data/ical-feeds-repo.js';
import { type FeedEvent, parseFeed } from '../../shared/domain/ical/parse-feed.js';
import { FEED_PROVIDERS, type FeedProviderId } from '../../shared/domain/ical/providers.js';
import { SafeFetchError, safeFetch } from '../../shared/net/safe-fetch.js';

export type FeedRead =
  | {
      kind: 'events';
      events: FeedEvent[];
      etag: string | null;
      lastModified: string | null;
      /** Why a read that looks odd was taken as it is (an empty answer from Booking.com); shown in the health. */
      note: string | null;
    }
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
  empty:
    'empty: the answer has no content, and this feed’s provider is not known to answer so when no stay is left; nothing was changed',
  tooManyOccurrences: 'too many occurrences: the recurring events expand past the limit; nothing was changed',
  noEvents: 'no events: the feed has no events, nothing was changed',
  status: (status: number) => `HTTP ${status}`,
};

/** What the health says of a read taken as "no events" though it had no calendar in it. */
export const emptyAnswerNote = (provider: FeedProviderId) =>
  `empty answer read as no events: ${FEED_PROVIDERS[provider].name} answers so once no stay is left`;

/** `today` (a site date) bounds the expansion of recurring events (docs/ical.md "Recurring events"). */
export async function readFeed(feed: FeedRecord, siteTimeZone: string, today: string): Promise<FeedRead> {
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
  return readAnswer(feed, answer, siteTimeZone, today);
}

/** A 200's body: its events, or why it changes nothing. */
function readAnswer(
  feed: FeedRecord,
  answer: { body: Buffer; etag?: string | undefined; lastModified?: string | undefined },
  siteTimeZone: string,
  today: string,
): FeedRead {
  const validators = { etag: answer.etag ?? null, lastModified: answer.lastModified ?? null };
  const text = answer.body.toString('utf8');
  if (text.trim() === '') {
    // Booking.com answers an empty body once the last stay is cancelled; anyone else's empty answer is a
    // hiccup that must not free every night the feed had blocked (docs/ical.md "An empty answer").
    if (feed.provider && FEED_PROVIDERS[feed.provider].emptyMeansNoStays)
      return { kind: 'events', events: [], ...validators, note: emptyAnswerNote(feed.provider) };
    return { kind: 'failed', error: FEED_ERRORS.empty };
  }
  const parsed = parseFeed(text, siteTimeZone, today);
  if (!parsed.ok) return { kind: 'failed', error: FEED_ERRORS[parsed.error] };
  // "No events" is a calendar without any: a series that has ended (or starts past the horizon) is an event
  // as a past single event is, so such a feed reads healthy with no stay to block.
  if (parsed.events.length === 0 && parsed.seriesOutsideWindow === 0)
    return { kind: 'failed', error: FEED_ERRORS.noEvents };
  return { kind: 'events', events: parsed.events, ...validators, note: null };
}
