/**
 * Turning an iCal date or date-time into a site calendar date (`YYYY-MM-DD` in the site's time zone), the unit
 * every stay is kept in (docs/pricing.md "Stays and nights"):
 * - a DATE value is the date itself (all-day events: no zone applies);
 * - a UTC date-time (`…Z`) is the site date of that instant;
 * - a date-time with a TZID is the wall-clock time in that zone (an IANA name, as Airbnb, VRBO and Google
 *   write them), converted to its instant and then to the site date; a TZID that is no IANA name is read as
 *   floating (docs/ical.md);
 * - a floating date-time (no zone) is the wall-clock date as written.
 */
import { todayIn } from '../dates.js';

/**
 * Formatters by zone, made once: building an Intl.DateTimeFormat costs far more than formatting with it, and a
 * recurring event's occurrences are converted by the hundred.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterOf(kind: 'date' | 'parts', timeZone: string): Intl.DateTimeFormat | null {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter =
        kind === 'date'
          ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
          : new Intl.DateTimeFormat('en-US', {
              timeZone,
              hourCycle: 'h23',
              year: 'numeric',
              month: 'numeric',
              day: 'numeric',
              hour: 'numeric',
              minute: 'numeric',
              second: 'numeric',
            });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The site date of an instant (todayIn's answer, with a formatter made once per zone). */
const dateAt = (timeZone: string, instant: Date) =>
  formatterOf('date', timeZone)?.format(instant) ?? todayIn(timeZone, instant);

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export type IcalMoment =
  | { kind: 'date'; date: string }
  | { kind: 'utc'; wall: WallTime }
  | { kind: 'zoned'; wall: WallTime; tzid: string }
  | { kind: 'floating'; wall: WallTime };

const two = (n: number) => String(n).padStart(2, '0');
export const wallDate = (wall: WallTime) =>
  `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`;

const wallAsUtcMs = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

export const isIanaZone = (tzid: string): boolean => formatterOf('parts', tzid) !== null;

/** The offset (ms) of `timeZone` from UTC at the instant `utcMs`. */
function offsetAt(timeZone: string, utcMs: number): number {
  const parts = (formatterOf('parts', timeZone) as Intl.DateTimeFormat).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - utcMs;
}

/** The instant of a wall-clock time in an IANA zone (two passes settle the offset across a DST change). */
export function zonedToInstant(wall: WallTime, timeZone: string): Date {
  const guess = wallAsUtcMs(wall);
  let instant = guess - offsetAt(timeZone, guess);
  instant = guess - offsetAt(timeZone, instant);
  return new Date(instant);
}

export function siteDateOf(moment: IcalMoment, siteTimeZone: string): string {
  switch (moment.kind) {
    case 'date':
      return moment.date;
    case 'floating':
      return wallDate(moment.wall);
    case 'utc':
      return dateAt(siteTimeZone, new Date(wallAsUtcMs(moment.wall)));
    case 'zoned':
      if (!isIanaZone(moment.tzid)) return wallDate(moment.wall);
      return dateAt(siteTimeZone, zonedToInstant(moment.wall, moment.tzid));
  }
}
