/**
 * Reads an iCal feed (RFC 5545) with ical.js into the stays it blocks, each with a key that names it from one
 * import to the next (docs/ical.md "Import"):
 * - an event whose UID appears once: the UID;
 * - an occurrence of a recurring event (or an override whose series is not in the feed): `<UID>#<RECURRENCE-ID>`,
 *   the identity RFC 5545 gives an occurrence;
 * - events that share a UID without being one series (a feed that reuses a UID for another stay):
 *   `<UID>#<first night>..<check-out>`, each a stay of its own; the same dates twice are one stay.
 * Cancelled events and occurrences are no stays. Site dates follow docs/ical.md "Dates".
 */
import ICAL from 'ical.js';
import { bookingHorizon } from '../booking/bookable.js';
import {
  type ImportWindow,
  isCancelled,
  isRecurring,
  type Occurrence,
  recurringStays,
  singleStay,
  TooManyOccurrences,
} from './occurrences.js';

export interface FeedEvent {
  /** What names this stay from one import to the next (see above). */
  key: string;
  uid: string;
  /** First night. */
  dateFrom: string;
  /** Check-out (exclusive). */
  dateTo: string;
}

export type ParsedFeed =
  | {
      ok: true;
      events: FeedEvent[];
      skipped: number;
      /**
       * Recurring events with no occurrence in the import window (a series that ended, or starts after the
       * horizon): events of the feed all the same, as a past single event is, so the feed is not "no events".
       */
      seriesOutsideWindow: number;
    }
  | { ok: false; error: 'notCalendar' | 'tooManyOccurrences' };

type Component = InstanceType<typeof ICAL.Component>;

const uidOf = (event: Component): string | undefined => {
  const value = event.getFirstPropertyValue('uid');
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** The VEVENTs by UID, in the feed's order; an event without UID is a group of its own. */
function byUid(vevents: readonly Component[]): Component[][] {
  const groups = new Map<string | Component, Component[]>();
  for (const vevent of vevents) {
    const uid = uidOf(vevent) ?? vevent;
    groups.set(uid, [...(groups.get(uid) ?? []), vevent]);
  }
  return [...groups.values()];
}

/** The stays of one UID's events: a series with its overrides, single events, or both. */
function staysOfGroup(group: readonly Component[], window: ImportWindow, budget: { steps: number }) {
  const masters = group.filter((event) => !event.hasProperty('recurrence-id'));
  const overrides = group.filter((event) => event.hasProperty('recurrence-id'));
  const series = masters.filter(isRecurring);
  const stays: Occurrence[] = [];
  let skipped = 0;
  let outside = 0;
  for (const master of masters) {
    if (isCancelled(master)) {
      skipped += 1;
      continue;
    }
    if (isRecurring(master)) {
      // Overrides belong to the series; with two series of one UID (a broken feed) to the first.
      const own = master === series[0] ? overrides : [];
      const occurrences = recurringStays(master, own, window, budget);
      if (occurrences.length === 0) outside += 1;
      stays.push(...occurrences);
      continue;
    }
    const stay = singleStay(master, window.siteTimeZone);
    if (stay) stays.push(stay);
    else skipped += 1;
  }
  // Overrides without their series stand for themselves (a feed that lists only the changed occurrence).
  if (series.length === 0) {
    const orphans = overrides.map((o) => (isCancelled(o) ? undefined : singleStay(o, window.siteTimeZone)));
    for (const stay of orphans) if (stay) stays.push(stay);
    skipped += orphans.filter((stay) => !stay).length;
  }
  return { stays, skipped, outside };
}

/** Each stay of one UID with its key; the same stay listed twice (same dates) is one. */
function keyed(uid: string | undefined, stays: readonly Occurrence[]) {
  const distinct = [...new Map(stays.map((s) => [`${s.occurrence} ${s.dateFrom} ${s.dateTo}`, s])).values()];
  const events = new Map<string, FeedEvent>();
  for (const stay of distinct) {
    const name = uid ?? `nouid:${stay.dateFrom}/${stay.dateTo}`;
    let key = name;
    if (stay.occurrence !== null) key = `${name}#${stay.occurrence}`;
    else if (distinct.length > 1) key = `${name}#${stay.dateFrom}..${stay.dateTo}`;
    if (!events.has(key)) events.set(key, { key, uid: name, dateFrom: stay.dateFrom, dateTo: stay.dateTo });
  }
  return { events: [...events.values()], repeats: stays.length - events.size };
}

/**
 * The feed's VCALENDAR objects (RFC 5545 3.4: an iCalendar stream is one or more of them, and a feed that
 * joins several calendars sends each), after a UTF-8 byte-order mark if the feed starts with one (RFC 3629
 * lets a UTF-8 text carry it; Windows tools write it). Undefined when the text is no calendar.
 */
function calendarsOf(text: string): Component[] | undefined {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // Not ical.js's message: it quotes the offending line, i.e. whatever the URL answered.
    return undefined;
  }
  // One component is its jCal array ['vcalendar', …]; several are an array of those.
  const list = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed];
  const calendars = list.map((jcal) => new ICAL.Component(jcal as unknown[]));
  return calendars.length > 0 && calendars.every((c) => c.name === 'vcalendar') ? calendars : undefined;
}

/** `today` (a site date) bounds the expansion of recurring events: from today to the booking horizon. */
export function parseFeed(text: string, siteTimeZone: string, today: string): ParsedFeed {
  const calendars = calendarsOf(text);
  if (!calendars) return { ok: false, error: 'notCalendar' };
  const window: ImportWindow = { today, horizon: bookingHorizon(today), siteTimeZone };
  const budget = { steps: 0 };
  const events: FeedEvent[] = [];
  let skipped = 0;
  let seriesOutsideWindow = 0;
  for (const group of byUid(calendars.flatMap((c) => c.getAllSubcomponents('vevent')))) {
    let found: ReturnType<typeof staysOfGroup>;
    try {
      found = staysOfGroup(group, window, budget);
    } catch (error) {
      if (error instanceof TooManyOccurrences) return { ok: false, error: 'tooManyOccurrences' };
      // One event ical.js cannot read (a malformed date, a broken rule) is skipped, not the whole feed.
      skipped += group.length;
      continue;
    }
    const { events: stays, repeats } = keyed(uidOf(group[0] as Component), found.stays);
    events.push(...stays);
    skipped += found.skipped + repeats;
    seriesOutsideWindow += found.outside;
  }
  return { ok: true, events, skipped, seriesOutsideWindow };
}
