/**
 * iCal feeds of VR properties (beyond the spec; DESIGN.md "iCal" and "Paths of what we add beyond the spec",
 * adminIcal): imported feeds with their health, import now, the export feed's URL and token, and the stays
 * feeds could not place (conflicts). docs/ical.md has the rules.
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { FEED_PROVIDER_IDS } from '../../shared/domain/ical/providers.js';
import { itemsOf } from '../../shared/domain/responses/common.js';
import { intLike, requiredText } from '../../shared/domain/values.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam } from '../../shared/http/schemas.js';

const group = 'adminIcal';
const base = '/API/adminIcal/V1';
const tags = ['Admin iCal'];
const beyondSpec =
  'DESIGN.md "iCal" and "Paths of what we add beyond the spec" (adminIcal): two-way calendar sync with channels.';

export const feedView = v.object({
  feedId: v.number(),
  propertyId: v.number(),
  name: v.string(),
  url: v.string(),
  /** The channel: named when the feed was registered, else told by the URL's host; null for any other. */
  provider: v.nullable(v.picklist(FEED_PROVIDER_IDS)),
  createdAt: v.string(),
  /** pending: never imported yet. */
  health: v.picklist(['pending', 'healthy', 'unhealthy']),
  lastAttemptAt: v.nullable(v.string()),
  lastSuccessAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  /** Why the last good read was taken as it was, when it looked odd (an empty answer read as no events). */
  lastNote: v.nullable(v.string()),
  eventCount: v.nullable(v.number()),
});

const syncResult = v.object({
  ...feedView.entries,
  imported: v.object({
    created: v.number(),
    moved: v.number(),
    released: v.number(),
    conflicts: v.number(),
    /** Steps left for the next run: this import ran out of its time budget. */
    pending: v.number(),
    errors: v.array(v.string()),
  }),
});

/** A conflict as the admin list shows it (and the `ical.conflict` / `channel.conflict` events carry it). */
export const conflictView = v.object({
  conflictId: v.string(),
  source: v.string(),
  reference: v.string(),
  propertyId: v.number(),
  dateFrom: v.string(),
  dateTo: v.string(),
  detail: v.string(),
  status: v.picklist(['open', 'resolved']),
  detectedAt: v.string(),
  resolvedAt: v.nullable(v.string()),
});

const exportView = v.object({ propertyId: v.number(), url: v.string() });

const feedParams = v.object({ id: idParam });
const propertyParams = v.object({ propertyId: idParam });

export const createFeedBody = v.strictObject({
  propertyId: intLike(1),
  url: requiredText(2048),
  name: requiredText(100),
  /**
   * The channel, when its URL's host does not tell it (a proxy, a channel manager's copy); `other` for none of
   * the known ones. It decides what an empty answer means (docs/ical.md "An empty answer").
   */
  provider: v.optional(
    v.picklist(
      [...FEED_PROVIDER_IDS, 'other'],
      `must be one of ${[...FEED_PROVIDER_IDS, 'other'].join(', ')}`,
    ),
  ),
});

export const listFeeds = defineRoute({
  id: 'adminIcal.listFeeds',
  group,
  tags,
  method: 'GET',
  path: `${base}/feeds.json`,
  summary: 'Every imported iCal feed with its health (landlords: their own properties’)',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  query: v.object({ propertyId: v.optional(intLike(1)) }),
  response: itemsOf(feedView),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const createFeed = defineRoute({
  id: 'adminIcal.createFeed',
  group,
  tags,
  method: 'POST',
  path: `${base}/feeds.json`,
  summary: 'Register a feed URL of a VR property (imported on the next run, or now with sync)',
  description:
    "The URL must be http(s), resolve only to public addresses (loopback only in the local runtime) and carry no credentials. The same URL twice on one property is a 409. `provider` (airbnb, booking, vrbo, google, other) names the channel when the URL's host does not tell it: an empty answer from Booking.com means it has no stay left, from anyone else it changes nothing.",
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  body: createFeedBody,
  successStatus: 201,
  response: v.object({ success: v.boolean(), feedId: v.number(), feed: feedView }),
  errors: {
    400: 'validation: not a VR property, archived, or a URL that is not allowed',
    401: 'no admin session',
    403: 'wrong role',
    409: 'this URL is already a feed of the property',
  },
});

export const getFeed = defineRoute({
  id: 'adminIcal.getFeed',
  group,
  tags,
  method: 'GET',
  path: `${base}/feeds/{id}.json`,
  summary: 'One feed and its health: last success, last error, event count',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  params: feedParams,
  response: feedView,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such feed' },
});

export const deleteFeed = defineRoute({
  id: 'adminIcal.deleteFeed',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/feeds/{id}.json`,
  summary: 'Remove a feed; the blocks it imported are released',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: feedParams,
  response: v.object({ success: v.boolean(), feedId: v.number(), released: v.number() }),
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such feed' },
});

export const syncFeed = defineRoute({
  id: 'adminIcal.syncFeed',
  group,
  tags,
  method: 'POST',
  path: `${base}/feeds/{id}/sync.json`,
  summary: 'Import the feed now; answers its health and what the import changed',
  description:
    'A feed that fails, is empty, too large or not a calendar changes nothing: the answer is still 200, with health "unhealthy" and lastError saying why.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: feedParams,
  response: syncResult,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such feed' },
});

export const getExport = defineRoute({
  id: 'adminIcal.getExport',
  group,
  tags,
  method: 'GET',
  path: `${base}/export/{propertyId}.json`,
  summary: 'The export feed URL of a VR property, with its token (made on first use)',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  params: propertyParams,
  response: exportView,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such VR property' },
});

export const rotateExport = defineRoute({
  id: 'adminIcal.rotateExport',
  group,
  tags,
  method: 'POST',
  path: `${base}/export/{propertyId}.json`,
  summary: 'Rotate the export token: the old URL stops working at once',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: propertyParams,
  response: exportView,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such VR property' },
});

export const listConflicts = defineRoute({
  id: 'adminIcal.listConflicts',
  group,
  tags,
  method: 'GET',
  path: `${base}/conflicts.json`,
  summary:
    'Stays an iCal feed or the channel manager could not place because the nights were taken, and explicit overbookings',
  description:
    "Newest first. `source` (ical, channel, overbooking: a super admin's reservation on full nights; default all), `propertyId`, `status` (open, resolved).",
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  query: v.object({
    source: v.optional(v.picklist(['ical', 'channel', 'overbooking'])),
    propertyId: v.optional(intLike(1)),
    status: v.optional(v.picklist(['open', 'resolved'])),
  }),
  response: itemsOf(conflictView),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const routes = [
  listFeeds,
  createFeed,
  getFeed,
  deleteFeed,
  syncFeed,
  getExport,
  rotateExport,
  listConflicts,
];
