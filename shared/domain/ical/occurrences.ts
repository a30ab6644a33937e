/**
 * The stays one VEVENT stands for, as site dates: itself, or, for a recurring event (RRULE, RDATE, EXDATE, and
 * the RECURRENCE-ID overrides of the same UID), each of its occurrences over the import window, expanded by
 * ical.js's own iterator. The rules for dates are docs/ical.md "Dates".
 */
import ICAL from 'ical.js';
import { addDays } from '../dates.js';
import { type IcalMoment, siteDateOf } from './site-date.js';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

/** One stay an event stands for; `occurrence` names it within a recurring event (its RECURRENCE-ID). */
export interface Occurrence {
  dateFrom: string;
  dateTo: string;
  occurrence: string | null;
}

/** Where the occurrences of recurring events are wanted: from today to the booking horizon (site dates). */
export interface ImportWindow {
  today: string;
  horizon: string;
  siteTimeZone: string;
}

/** Thrown when the recurrences would take more steps than a feed may cost (the import changes nothing). */
export class TooManyOccurrences extends Error {}

/**
 * Steps of the recurrence iterator one feed may take: a daily rule from 1990 to the horizon is about 14,000 steps; a
 * feed of minutely rules would otherwise hold the import for minutes.
 */
export const MAX_RECURRENCE_STEPS = 50_000;

export const isCancelled = (event: Component) => {
  const status = event.getFirstPropertyValue('status');
  return typeof status === 'string' && status.toUpperCase() === 'CANCELLED';
};

const wallDate = (time: Time) =>
  `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

const tzidOf = (event: Component, name: 'dtstart' | 'dtend'): string | undefined => {
  const tzid = event.getFirstProperty(name)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
};

function momentOf(time: Time, tzid: string | undefined): IcalMoment {
  if (time.isDate) return { kind: 'date', date: wallDate(time) };
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

/** Site dates of a start and an end; an end on the start's date (or before it) blocks that one night. */
function stayOf(
  start: { time: Time; tzid: string | undefined },
  end: { time: Time; tzid: string | undefined },
  siteTimeZone: string,
) {
  const dateFrom = siteDateOf(momentOf(start.time, start.tzid), siteTimeZone);
  let dateTo = siteDateOf(momentOf(end.time, end.tzid), siteTimeZone);
  if (dateTo <= dateFrom) dateTo = addDays(dateFrom, 1);
  return { dateFrom, dateTo };
}

/** The end time: DTEND, else DTSTART + DURATION, else one day for a date and the start itself otherwise. */
function endOf(event: Component, start: Time): { time: Time; tzid: string | undefined } {
  const dtend = event.getFirstPropertyValue('dtend');
  if (dtend instanceof ICAL.Time) return { time: dtend, tzid: tzidOf(event, 'dtend') };
  const duration = event.getFirstPropertyValue('duration');
  const time = start.clone();
  if (duration instanceof ICAL.Duration) time.addDuration(duration);
  else if (start.isDate) time.adjust(1, 0, 0, 0);
  return { time, tzid: tzidOf(event, 'dtstart') };
}

/** A single (non-recurring) event, or an override whose series is not in the feed: one stay, or none. */
export function singleStay(event: Component, siteTimeZone: string): Occurrence | undefined {
  const start = event.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return undefined;
  const recurrenceId = event.getFirstPropertyValue('recurrence-id');
  return {
    ...stayOf({ time: start, tzid: tzidOf(event, 'dtstart') }, endOf(event, start), siteTimeZone),
    occurrence: recurrenceId instanceof ICAL.Time ? recurrenceId.toString() : null,
  };
}

export const isRecurring = (event: Component) => event.hasProperty('rrule') || event.hasProperty('rdate');

/**
 * The event as ical.js's iterator can expand it, and the end of each occurrence a period gives:
 * - each `RDATE;VALUE=PERIOD` written as the date-times it starts at (RFC 5545 3.8.5.2: a period gives an
 *   occurrence's start and its own end or duration); the iterator takes only date-times (it cannot order
 *   periods against them, and an event with one yielded nothing at all), so the periods' ends are kept here;
 * - without an RRULE, DTSTART also as an RDATE: it is the recurrence set's first instance (RFC 5545 3.8.5),
 *   which the iterator leaves out when only RDATEs make the set.
 */
function expandableCopy(master: Component): { event: Component; periodEnds: Map<string, Time> } {
  const periodEnds = new Map<string, Time>();
  const periods = master.getAllProperties('rdate').filter((p) => p.type === 'period');
  const start = master.getFirstProperty('dtstart');
  const dtstart = start?.getFirstValue();
  const startMissing = !master.hasProperty('rrule') && dtstart instanceof ICAL.Time;
  if (periods.length === 0 && !startMissing) return { event: master, periodEnds };
  const event = new ICAL.Component(master.toJSON());
  if (startMissing && start) {
    const first = new ICAL.Property('rdate', event);
    const tzid = start.getParameter('tzid');
    if (typeof tzid === 'string') first.setParameter('tzid', tzid);
    first.setValue(dtstart);
    event.addProperty(first);
  }
  for (const prop of event.getAllProperties('rdate').filter((p) => p.type === 'period')) {
    const starts: Time[] = [];
    for (const value of prop.getValues())
      if (value instanceof ICAL.Period) {
        starts.push(value.start);
        periodEnds.set(value.start.toString(), value.getEnd());
      }
    const tzid = prop.getParameter('tzid');
    event.removeProperty(prop);
    const dates = new ICAL.Property('rdate', event);
    if (typeof tzid === 'string') dates.setParameter('tzid', tzid);
    dates.setValues(starts);
    event.addProperty(dates);
  }
  return { event, periodEnds };
}

/**
 * The occurrences of a recurring event that end after `today` and start before the horizon, its overrides
 * (same UID, RECURRENCE-ID) in place of the occurrences they replace, cancelled ones left out. `budget` counts
 * the iterator's steps across the feed.
 */
export function recurringStays(
  master: Component,
  overrides: readonly Component[],
  window: ImportWindow,
  budget: { steps: number },
): Occurrence[] {
  const { event: expandable, periodEnds } = expandableCopy(master);
  const event = new ICAL.Event(expandable);
  for (const override of overrides) event.relateException(override);
  const masterStartTzid = tzidOf(master, 'dtstart');
  const iterator = event.iterator();
  // Wall dates bound the site dates within a day either way (no zone is a day off UTC): occurrences
  // plainly outside the window are passed over without the zone arithmetic.
  const lastWallStart = addDays(window.horizon, 1);
  const lastWallEndBefore = addDays(window.today, -1);
  const stays: Occurrence[] = [];
  for (let next = iterator.next(); next; next = iterator.next()) {
    budget.steps += 1;
    if (budget.steps > MAX_RECURRENCE_STEPS) throw new TooManyOccurrences();
    if (wallDate(next) > lastWallStart) break;
    const details = event.getOccurrenceDetails(next);
    if (wallDate(details.endDate) < lastWallEndBefore) continue;
    // The occurrence's own start decides when the expansion ends: the rule's, not a moved override's.
    if (siteDateOf(momentOf(next, masterStartTzid), window.siteTimeZone) >= window.horizon) break;
    if (isCancelled(details.item.component)) continue;
    const stay = occurrenceStay(details, { expandable, masterStartTzid, periodEnds }, window.siteTimeZone);
    if (stay.dateTo <= window.today) continue;
    stays.push({ ...stay, occurrence: details.recurrenceId.toString() });
  }
  return stays;
}

/** The site dates of one occurrence: the series' or its override's start, and its end. */
function occurrenceStay(
  details: ReturnType<InstanceType<typeof ICAL.Event>['getOccurrenceDetails']>,
  series: { expandable: Component; masterStartTzid: string | undefined; periodEnds: Map<string, Time> },
  siteTimeZone: string,
) {
  const item = details.item.component;
  const isOverride = item !== series.expandable;
  const startTzid = isOverride ? tzidOf(item, 'dtstart') : series.masterStartTzid;
  // ical.js gives an occurrence's end as its start plus the event's duration, in the start's zone; a
  // period's occurrence ends where its period does.
  const endTzid = isOverride && item.hasProperty('dtend') ? tzidOf(item, 'dtend') : startTzid;
  const periodEnd = isOverride ? undefined : series.periodEnds.get(details.recurrenceId.toString());
  return stayOf(
    { time: details.startDate, tzid: startTzid },
    { time: periodEnd ?? details.endDate, tzid: endTzid },
    siteTimeZone,
  );
}
