/**
 * The export feed: the token is checked against its SHA-256 (constant time) before anything of the property
 * is read, and every failure is the same 404, so the feed tells nothing to whoever guesses ids or tokens.
 */
import { requireEnv } from '../../shared/config.js';
import { exportTokenMatches } from '../../shared/data/ical-export-token.js';
import { getProperty } from '../../shared/data/properties-repo.js';
import { reservationsOfProperty } from '../../shared/data/reservations-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { exportCalendar } from '../../shared/domain/ical/export-calendar.js';
import { NotFound } from '../../shared/errors.js';

/** Stays that ended more than this many days ago are left out: channels need what is to come. */
const PAST_DAYS = 30;

const MAX_TOKEN_CHARS = 200;

export const exportDomain = () => new URL(requireEnv('PUBLIC_BASE_URL')).hostname;

export async function exportFeed(
  rawPropertyId: string,
  token: string | undefined,
  now: Date,
): Promise<string> {
  const notFound = new NotFound('No such calendar');
  if (!/^\d{1,10}$/.test(rawPropertyId) || !token || token.length > MAX_TOKEN_CHARS) throw notFound;
  const propertyId = Number(rawPropertyId);
  if (!(await exportTokenMatches(propertyId, token))) throw notFound;
  const property = await getProperty(propertyId);
  if (property?.record.type !== 'vr') throw notFound;
  const today = todayIn((await getSettings()).systemTimeZone, now);
  const stays = await reservationsOfProperty(propertyId, { fromCheckout: addDays(today, -PAST_DAYS) });
  return exportCalendar({
    propertyId,
    domain: exportDomain(),
    stays: stays.map(({ record, version }) => ({
      reservationId: record.reservationId,
      dateFrom: record.dateFrom,
      dateTo: record.dateTo,
      status: record.status,
      dateUpdated: record.dateUpdated,
      // Version 1 when made, one more on each change (shared/data/reservations-repo.ts): SEQUENCE 0, 1, 2 …
      sequence: Math.max(0, version - 1),
    })),
  });
}
