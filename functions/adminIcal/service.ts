/**
 * adminIcal: feeds (register, read with health, remove with their blocks, import now), the export URL and its
 * token, and the conflicts list (docs/ical.md). Landlords reach only their own properties' feeds, exports and
 * conflicts; anything else answers as missing.
 */

import { canSeeProperty } from '../../shared/auth/roles.js';
import type { AdminSession } from '../../shared/auth/session-types.js';
import { requireEnv } from '../../shared/config.js';
import { changePart } from '../../shared/data/changes-repo.js';
import {
  listConflicts as allConflicts,
  type ConflictSource,
  type ConflictStatus,
} from '../../shared/data/conflicts-repo.js';
import {
  exportTokenLabel,
  exportTokenPart,
  newExportToken,
  revealExportToken,
} from '../../shared/data/ical-export-repo.js';
import {
  allFeeds,
  deleteFeedPart,
  FEED_URL_GUARD_LABEL,
  type FeedRecord,
  feedDeleteLabel,
  feedUrlGuardPart,
  importedEvents,
  insertFeedPart,
  getFeed as readFeed,
  releaseFeedUrlGuardPart,
} from '../../shared/data/ical-feeds-repo.js';
import { getProperty, type StoredProperty } from '../../shared/data/properties-repo.js';
import { nextId } from '../../shared/db/counters.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { type FeedProviderId, providerOfUrl } from '../../shared/domain/ical/providers.js';
import { BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { checkOutboundUrl } from '../../shared/net/safe-fetch.js';
import { bookableProperty } from '../../shared/workflows/reservations/stay-checks.js';
import { StepRunner } from './apply-steps.js';
import { importFeed } from './import-feed.js';

/** The API answers within 29 s: an import now stops applying steps after this (the schedule finishes it). */
const SYNC_BUDGET_MS = 20_000;

export function feedView(feed: FeedRecord) {
  const health = feed.lastAttemptAt === null ? 'pending' : feed.lastError === null ? 'healthy' : 'unhealthy';
  return {
    feedId: feed.feedId,
    propertyId: feed.propertyId,
    name: feed.name,
    url: feed.url,
    provider: feed.provider,
    createdAt: feed.createdAt,
    health: health as 'pending' | 'healthy' | 'unhealthy',
    lastAttemptAt: feed.lastAttemptAt,
    lastSuccessAt: feed.lastSuccessAt,
    lastError: feed.lastError,
    lastNote: feed.lastNote,
    eventCount: feed.eventCount,
  };
}

/** The properties (by id) this admin may see, among those asked; landlords only their own. */
async function visiblePropertyIds(admin: AdminSession, propertyIds: readonly number[]): Promise<Set<number>> {
  if (admin.role !== 'landlord') return new Set(propertyIds);
  const visible = new Set<number>();
  for (const id of new Set(propertyIds)) {
    const property = await getProperty(id);
    if (property && canSeeProperty(admin, property.record.landlord)) visible.add(id);
  }
  return visible;
}

async function visibleVrProperty(admin: AdminSession, propertyId: number): Promise<StoredProperty> {
  const property = await getProperty(propertyId);
  if (property?.record.type !== 'vr' || !canSeeProperty(admin, property.record.landlord))
    throw new NotFound(`VR property ${propertyId} not found`);
  return property;
}

async function visibleFeed(admin: AdminSession, feedId: number): Promise<FeedRecord> {
  const feed = await readFeed(feedId);
  if (!feed || !(await visiblePropertyIds(admin, [feed.propertyId])).has(feed.propertyId))
    throw new NotFound(`Feed ${feedId} not found`);
  return feed;
}

export async function listFeeds(admin: AdminSession, propertyId: number | undefined) {
  const feeds = (await allFeeds()).filter((f) => propertyId === undefined || f.propertyId === propertyId);
  const visible = await visiblePropertyIds(
    admin,
    feeds.map((f) => f.propertyId),
  );
  return { items: feeds.filter((f) => visible.has(f.propertyId)).map(feedView) };
}

export async function getFeed(admin: AdminSession, feedId: number) {
  return feedView(await visibleFeed(admin, feedId));
}

export async function createFeed(
  body: { propertyId: number; url: string; name: string; provider?: FeedProviderId | 'other' | undefined },
  by: Actor,
  now: Date,
) {
  // A feed's blocks go through the reservation workflow: its property is one a reservation may be on.
  await bookableProperty(body.propertyId);
  const check = await checkOutboundUrl(body.url);
  if (!check.ok)
    throw new BadRequest(`The feed URL is not allowed: ${check.reason}`, [
      { field: 'url', message: check.reason },
    ]);
  const feed: FeedRecord = {
    feedId: await nextId('icalFeed'),
    propertyId: body.propertyId,
    url: check.url.toString(),
    name: body.name,
    provider: body.provider === 'other' ? null : (body.provider ?? providerOfUrl(check.url.toString())),
    createdAt: now.toISOString(),
    lastAttemptAt: null,
    lastSuccessAt: null,
    lastError: null,
    lastNote: null,
    eventCount: null,
    etag: null,
    lastModified: null,
  };
  try {
    await commit([
      insertFeedPart(feed, body.provider),
      feedUrlGuardPart(feed),
      // Feed URLs often carry the channel's own secret token: the audit log says it changed, never to what.
      changePart(
        {
          recordType: 'icalFeed',
          recordId: feed.feedId,
          action: 'created',
          after: feedView(feed),
          masked: ['url'],
        },
        by,
        now,
      ),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(FEED_URL_GUARD_LABEL))
      throw new Conflict(`This URL is already a feed of property ${feed.propertyId}`);
    throw error;
  }
  return { success: true, feedId: feed.feedId, feed: feedView(feed) };
}

/**
 * Releases the feed's blocks first and removes the feed last, so a removal that fails half-way is finished by
 * sending it again (the feed is still there to find its events).
 */
export async function deleteFeed(admin: AdminSession, feedId: number, by: Actor, now: Date) {
  const feed = await visibleFeed(admin, feedId);
  const runner = new StepRunner(feed, by, now);
  for (const current of await importedEvents(feedId)) {
    if (current.reservationId === null) await runner.run({ kind: 'forget', current });
    else await runner.run({ kind: 'release', current: { ...current, reservationId: current.reservationId } });
  }
  if (runner.tally.errors.length > 0)
    throw new Conflict(
      `Some imported blocks could not be released: ${runner.tally.errors.slice(0, 3).join('; ')}`,
    );
  try {
    await commit([
      deleteFeedPart(feedId),
      releaseFeedUrlGuardPart(feed),
      changePart(
        {
          recordType: 'icalFeed',
          recordId: feedId,
          action: 'deleted',
          before: feedView(feed),
          masked: ['url'],
        },
        by,
        now,
      ),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(feedDeleteLabel(feedId)))
      throw new NotFound(`Feed ${feedId} not found`);
    throw error;
  }
  return { success: true, feedId, released: runner.tally.released };
}

export async function syncFeed(admin: AdminSession, feedId: number, by: Actor, now: Date) {
  const feed = await visibleFeed(admin, feedId);
  const result = await importFeed(feed, by, now, SYNC_BUDGET_MS);
  const after = (await readFeed(feedId)) ?? feed;
  const { created, moved, released, conflicts, errors, pending } = result;
  return { ...feedView(after), imported: { created, moved, released, conflicts, pending, errors } };
}

const exportUrl = (propertyId: number, token: string) =>
  `${requireEnv('PUBLIC_BASE_URL').replace(/\/+$/, '')}/API/ical/V1/${propertyId}.ics?token=${token}`;

/** The export URL; the first read makes the token (two first reads at once keep one). */
export async function getExport(admin: AdminSession, propertyId: number, by: Actor, now: Date) {
  await visibleVrProperty(admin, propertyId);
  let token = await revealExportToken(propertyId);
  if (token === undefined) {
    const made = newExportToken();
    try {
      await commit([
        await exportTokenPart(propertyId, made, now, true),
        tokenChange(propertyId, 'created', by, now),
      ]);
      token = made;
    } catch (error) {
      if (!(error instanceof TransactionFailed && error.conditionFailed(exportTokenLabel(propertyId))))
        throw error;
      token = await revealExportToken(propertyId);
    }
  }
  if (token === undefined) throw new Conflict('The export token could not be read; rotate it');
  return { propertyId, url: exportUrl(propertyId, token) };
}

export async function rotateExport(admin: AdminSession, propertyId: number, by: Actor, now: Date) {
  await visibleVrProperty(admin, propertyId);
  const token = newExportToken();
  await commit([
    await exportTokenPart(propertyId, token, now, false),
    tokenChange(propertyId, 'rotated', by, now),
  ]);
  return { propertyId, url: exportUrl(propertyId, token) };
}

const tokenChange = (propertyId: number, action: string, by: Actor, now: Date) =>
  changePart(
    { recordType: 'icalExport', recordId: propertyId, action, after: { token: 'set' }, masked: ['token'] },
    by,
    now,
  );

export async function listConflicts(
  admin: AdminSession,
  query: {
    source?: ConflictSource | undefined;
    propertyId?: number | undefined;
    status?: ConflictStatus | undefined;
  },
) {
  const conflicts = await allConflicts(query);
  const visible = await visiblePropertyIds(
    admin,
    conflicts.map((c) => c.propertyId),
  );
  return { items: conflicts.filter((c) => visible.has(c.propertyId)) };
}
