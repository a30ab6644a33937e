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
  | { ok: true; events: FeedEvent[]; skipped: number }
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
  for (const master of masters) {
    if (isCancelled(master)) {
      skipped += 1;
      continue;
    }
    if (isRecurring(master)) {
      // Overrides belong to the series; with two series of one UID (a broken feed) to the first.
      const own = master === series[0] ? overrides : [];
      stays.push(...recurringStays(master, own, window, budget));
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
  return { stays, skipped };
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

/** `today` (a site date) bounds the expansion of recurring events: from today to the booking horizon. */
export function parseFeed(text: string, siteTimeZone: string, today: string): ParsedFeed {
  let root: Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    // Not ical.js's message: it quotes the offending line, i.e. whatever the URL answered.
    return { ok: false, error: 'notCalendar' };
  }
  if (root.name !== 'vcalendar') return { ok: false, error: 'notCalendar' };
  const window: ImportWindow = { today, horizon: bookingHorizon(today), siteTimeZone };
  const budget = { steps: 0 };
  const events: FeedEvent[] = [];
  let skipped = 0;
  for (const group of byUid(root.getAllSubcomponents('vevent'))) {
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
  }
  return { ok: true, events, skipped };
}
