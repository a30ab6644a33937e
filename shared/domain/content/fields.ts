/** Field schemas shared by the content kinds (slugs, timestamps, orders, ratings, HTML, menu children). */
import * as v from 'valibot';
import { DATE_MAX, DATE_MIN, intLike, isDateInWindow, requiredText, text } from '../values.js';

export const SLUG = /^[a-z0-9-]{1,64}$/;
export const slug = v.pipe(
  v.string('must be a string'),
  v.regex(SLUG, 'must be 1 to 64 characters a-z, 0-9 or -'),
);
export const html = text(60_000);
export const order = intLike(0, 99_999);
export const optionalId = intLike(1);
export const rating = intLike(1, 5);

/**
 * A timestamp given as `YYYY-MM-DD` or ISO-8601 date-time (UTC unless it carries an offset); stored as full ISO-8601 UTC so the sort keys
 * built from it order by time.
 */
export const timestamp = v.pipe(
  v.string('must be a date or an ISO-8601 timestamp'),
  v.regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/,
    'must be a date or an ISO-8601 timestamp',
  ),
  // A date-time without an offset is UTC, whatever the server's zone.
  v.transform((s) => {
    if (s.length === 10) return `${s}T00:00:00Z`;
    const t = s.replace(' ', 'T');
    return /(Z|[+-]\d{2}:\d{2})$/.test(t) ? t : `${t}Z`;
  }),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'is not a valid date'),
  v.transform((s) => new Date(s).toISOString()),
  // Its day (UTC) within the window every date the system takes keeps (values.ts isoDate).
  v.check((iso) => isDateInWindow(iso.slice(0, 10)), `must be between ${DATE_MIN} and ${DATE_MAX}`),
);

export const menuChild = v.strictObject({ title: requiredText(128), url: v.optional(text(512), '') });
