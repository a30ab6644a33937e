/**
 * iCal feeds and what their imports placed (docs/data-model.md "iCal"): the feed `ICALFEED#<id> / FEED`
 * (GSI1 `ICALFEEDS` lists them, bounded by the site's own channel calendars) with its health, and in the
 * same partition one `EVENT#<sha256 of key>` item per imported event (slice): the block it holds or, when it
 * could not be placed, the dates of its last recorded conflict. An event item changes only in the transaction
 * that changes its block, and each such part is conditioned on what the import read, so two imports of one
 * feed at once cannot place an event twice.
 */
import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys, pad } from '../db/keys.js';
import { type Item, queryPartition } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { updateParts } from '../db/update-expression.js';
import type { ImportedEvent } from '../domain/ical/plan-sync.js';
import { FEED_PROVIDER_IDS, type FeedProviderId, providerOfUrl } from '../domain/ical/providers.js';

export interface FeedHealth {
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  /** Why the last successful read was taken as it was, when it looked odd (an empty answer taken as no events). */
  lastNote: string | null;
  /** Events of the last successful import (after skipping cancelled and repeated ones). */
  eventCount: number | null;
  /** Conditional GET validators of the last copy read. */
  etag: string | null;
  lastModified: string | null;
}

export interface FeedRecord extends FeedHealth {
  feedId: number;
  propertyId: number;
  url: string;
  name: string;
  /** The channel the feed comes from: named when it was registered, else told by its URL's host. */
  provider: FeedProviderId | null;
  createdAt: string;
}

const FEED_ENTITY = 'icalFeed';
const EVENT_ENTITY = 'icalEvent';
const EVENT_LABEL = 'ical:event';
const OLD_KEY_LABEL = 'ical:event (old key)';

const orNull = (value: unknown) => (value === undefined || value === null ? null : String(value));

const providerOf = (item: Item): FeedProviderId | null => {
  if (item.provider === 'other') return null;
  const named = FEED_PROVIDER_IDS.find((id) => id === item.provider);
  return named ?? providerOfUrl(String(item.url));
};

function feedFromItem(item: Item): FeedRecord {
  return {
    feedId: Number(item.feedId),
    propertyId: Number(item.propertyId),
    url: String(item.url),
    name: String(item.name),
    provider: providerOf(item),
    createdAt: String(item.createdAt),
    lastAttemptAt: orNull(item.lastAttemptAt),
    lastSuccessAt: orNull(item.lastSuccessAt),
    lastError: orNull(item.lastError),
    lastNote: orNull(item.lastNote),
    eventCount: item.eventCount === undefined || item.eventCount === null ? null : Number(item.eventCount),
    etag: orNull(item.etag),
    lastModified: orNull(item.lastModified),
  };
}

export async function getFeed(feedId: number): Promise<FeedRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.icalFeed(feedId) }));
  return Item ? feedFromItem(Item) : undefined;
}

/** IC4: every feed by id. */
export async function allFeeds(): Promise<FeedRecord[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.icalFeeds() });
  return items.map(feedFromItem);
}

/**
 * `declared`: the provider the admin named when registering the feed ('other': none of the known ones,
 * whatever its host); without one, the provider is told by the URL's host each time the feed is read.
 */
export function insertFeedPart(feed: FeedRecord, declared?: FeedProviderId | 'other'): TxPart {
  return part.putIfAbsent(`put:icalFeed ${feed.feedId}`, {
    ...keys.icalFeed(feed.feedId),
    entity: FEED_ENTITY,
    GSI1PK: indexKeys.icalFeeds(),
    GSI1SK: pad(feed.feedId),
    feedId: feed.feedId,
    propertyId: feed.propertyId,
    url: feed.url,
    name: feed.name,
    ...(declared ? { provider: declared } : {}),
    createdAt: feed.createdAt,
  });
}

export const feedDeleteLabel = (feedId: number) => `delete:icalFeed ${feedId}`;
export const deleteFeedPart = (feedId: number): TxPart =>
  part.delete(feedDeleteLabel(feedId), keys.icalFeed(feedId), { condition: 'attribute_exists(PK)' });

/** One feed per URL and property: the URL is kept hashed (it often carries the channel's secret token). */
const URL_GUARD = 'icalFeedUrl';
export const FEED_URL_GUARD_LABEL = `guard:${URL_GUARD}`;
const urlGuardValue = (feed: Pick<FeedRecord, 'propertyId' | 'url'>) =>
  `${feed.propertyId}#${createHash('sha256').update(feed.url).digest('base64url')}`;

/** `guard:icalFeedUrl`: fails when the property has a feed of this URL. */
export const feedUrlGuardPart = (feed: FeedRecord): TxPart =>
  part.guard(FEED_URL_GUARD_LABEL, URL_GUARD, urlGuardValue(feed), feed.feedId);

export const releaseFeedUrlGuardPart = (feed: FeedRecord): TxPart =>
  part.releaseGuard(`release:${URL_GUARD}`, URL_GUARD, urlGuardValue(feed), feed.feedId);

/** Health after an import attempt; only while the feed exists (a sync racing a delete writes nothing). */
export async function saveHealth(feedId: number, health: Partial<FeedHealth>): Promise<void> {
  const entries = Object.entries(health);
  if (entries.length === 0) return;
  // A field without a value (null or undefined) is removed.
  const empty = ([, value]: [string, unknown]) => value === null || value === undefined;
  const update = {
    set: Object.fromEntries(entries.filter((entry) => !empty(entry))),
    remove: entries.filter(empty).map(([field]) => field),
  };
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.icalFeed(feedId),
        ...updateParts(update, { expression: 'attribute_exists(PK)' }),
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

// Imported events (IC2).

export const eventKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

function eventFromItem(item: Item): ImportedEvent {
  return {
    key: String(item.key),
    uid: String(item.uid),
    dateFrom: String(item.dateFrom),
    dateTo: String(item.dateTo),
    reservationId: item.reservationId === undefined ? null : Number(item.reservationId),
    conflictDates: orNull(item.conflictDates),
  };
}

export async function importedEvents(feedId: number): Promise<ImportedEvent[]> {
  const items = await queryPartition({
    pk: keys.icalFeedPartition(feedId),
    sk: { beginsWith: keys.icalEventPrefix },
  });
  return items.map(eventFromItem);
}

const eventItem = (feedId: number, event: ImportedEvent) => ({
  ...keys.icalEvent(feedId, eventKeyHash(event.key)),
  entity: EVENT_ENTITY,
  feedId,
  key: event.key,
  uid: event.uid,
  dateFrom: event.dateFrom,
  dateTo: event.dateTo,
  ...(event.reservationId === null ? {} : { reservationId: event.reservationId }),
  ...(event.conflictDates === null ? {} : { conflictDates: event.conflictDates }),
});

/**
 * The event as it is after this import. `expected`: what the import read (undefined: no item), so a
 * concurrent import that already changed it makes this transaction fail (`lostToAnotherImport`).
 */
export function putEventPart(
  feedId: number,
  event: ImportedEvent,
  expected: ImportedEvent | undefined,
): TxPart {
  if (!expected)
    return part.put(EVENT_LABEL, eventItem(feedId, event), { condition: 'attribute_not_exists(PK)' });
  return part.put(EVENT_LABEL, eventItem(feedId, event), sameAsRead(expected));
}

/**
 * The event under a new key (a UID listed once more or once less, a recurring series edited): the item of
 * the old key removed and the new one added, each conditioned on what the import read.
 */
export function rekeyEventParts(feedId: number, event: ImportedEvent, expected: ImportedEvent): TxPart[] {
  return [
    part.delete(OLD_KEY_LABEL, keys.icalEvent(feedId, eventKeyHash(expected.key)), sameAsRead(expected)),
    putEventPart(feedId, event, undefined),
  ];
}

export function deleteEventPart(feedId: number, expected: ImportedEvent): TxPart {
  return part.delete(EVENT_LABEL, keys.icalEvent(feedId, eventKeyHash(expected.key)), sameAsRead(expected));
}

function sameAsRead(expected: ImportedEvent) {
  const values: Record<string, unknown> = { ':from': expected.dateFrom, ':to': expected.dateTo };
  let condition = 'dateFrom = :from AND dateTo = :to';
  if (expected.reservationId === null) condition += ' AND attribute_not_exists(reservationId)';
  else {
    condition += ' AND reservationId = :rid';
    values[':rid'] = expected.reservationId;
  }
  return { condition, values };
}

/** Another import of the same feed changed this event first: this one's step is simply dropped. */
export const lostToAnotherImport = (error: unknown) =>
  error instanceof TransactionFailed &&
  (error.conditionFailed(EVENT_LABEL) || error.conditionFailed(OLD_KEY_LABEL));
