/**
 * Reads an iCal feed (RFC 5545) with ical.js into the stays it blocks: one FeedEvent per VEVENT UID, with the
 * site dates it occupies (DTSTART's date = first night, DTEND's date = check-out, exclusive). The rules for
 * dates are docs/ical.md "Dates": all-day events as written; date-times through their zone to the site date;
 * a date-time end on the check-out day (any hour: the guest leaves that day) is check-out that day; an event
 * that starts and ends on one site date blocks that night.
 */
import ICAL from 'ical.js';
import { addDays } from '../dates.js';
import { type IcalMoment, siteDateOf } from './site-date.js';

export interface FeedEvent {
  uid: string;
  /** First night. */
  dateFrom: string;
  /** Check-out (exclusive). */
  dateTo: string;
}

export type ParsedFeed = { ok: true; events: FeedEvent[]; skipped: number } | { ok: false; error: string };

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

function momentOf(time: Time, tzid: string | undefined): IcalMoment {
  if (time.isDate) {
    const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
    return { kind: 'date', date };
  }
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  if (time.zone?.tzid === 'UTC') return { kind: 'utc', wall };
  if (tzid) return { kind: 'zoned', wall, tzid };
  return { kind: 'floating', wall };
}

function timeProperty(event: Component, name: 'dtstart' | 'dtend') {
  const property = event.getFirstProperty(name);
  if (!property) return undefined;
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time)) return undefined;
  const tzid = property.getParameter('tzid');
  return { time: value, tzid: typeof tzid === 'string' ? tzid : undefined };
}

/** The end time: DTEND, else DTSTART + DURATION, else one day for a date and the start itself otherwise. */
function endTime(event: Component, start: { time: Time; tzid: string | undefined }) {
  const end = timeProperty(event, 'dtend');
  if (end) return end;
  const duration = event.getFirstPropertyValue('duration');
  const time = start.time.clone();
  if (duration instanceof ICAL.Duration) time.addDuration(duration);
  else if (start.time.isDate) time.adjust(1, 0, 0, 0);
  return { time, tzid: start.tzid };
}

function eventOf(event: Component, siteTimeZone: string): FeedEvent | undefined {
  const status = event.getFirstPropertyValue('status');
  if (typeof status === 'string' && status.toUpperCase() === 'CANCELLED') return undefined;
  // An override of one occurrence of a recurring event shares its UID: the master event stands for it.
  if (event.getFirstProperty('recurrence-id')) return undefined;
  const start = timeProperty(event, 'dtstart');
  if (!start) return undefined;
  const end = endTime(event, start);
  const dateFrom = siteDateOf(momentOf(start.time, start.tzid), siteTimeZone);
  let dateTo = siteDateOf(momentOf(end.time, end.tzid), siteTimeZone);
  if (dateTo <= dateFrom) dateTo = addDays(dateFrom, 1);
  const uidValue = event.getFirstPropertyValue('uid');
  const uid =
    typeof uidValue === 'string' && uidValue.trim() !== '' ? uidValue.trim() : `nouid:${dateFrom}/${dateTo}`;
  return { uid, dateFrom, dateTo };
}

export function parseFeed(text: string, siteTimeZone: string): ParsedFeed {
  let root: Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    // Not ical.js's message: it quotes the offending line, i.e. whatever the URL answered.
    return { ok: false, error: 'not an iCalendar file' };
  }
  if (root.name !== 'vcalendar') return { ok: false, error: 'not an iCalendar file (no VCALENDAR)' };
  const events: FeedEvent[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const vevent of root.getAllSubcomponents('vevent')) {
    let event: FeedEvent | undefined;
    try {
      event = eventOf(vevent, siteTimeZone);
    } catch {
      event = undefined;
    }
    if (!event || seen.has(event.uid)) {
      skipped += 1;
      continue;
    }
    seen.add(event.uid);
    events.push(event);
  }
  return { ok: true, events, skipped };
}
