/**
 * What one import of a feed changes (docs/ical.md "Import"): the feed's events matched by UID against what
 * earlier imports placed. Pure: the job reads the feed's imported events, asks this for the plan and carries
 * it out one event at a time through the shared reservation writes.
 */

import { MAX_NIGHTS_PER_TRANSACTION } from '../booking/capacity.js';
import { addDays } from '../dates.js';
import type { FeedEvent } from './parse-feed.js';

/** One block to hold: an event, or a part of an event longer than one transaction can claim. */
export interface ImportSlice {
  /** The event's key (docs/ical.md "Import"), with `#<n>` for the n-th part (n ≥ 2) of a long event. */
  key: string;
  uid: string;
  dateFrom: string;
  dateTo: string;
}

/** What an earlier import left for one slice key. */
export interface ImportedEvent {
  key: string;
  uid: string;
  /** The dates the block holds (or, when unplaced, the dates last asked for). */
  dateFrom: string;
  dateTo: string;
  /** The block (status 4, source ical); null when the event could not be placed (a conflict). */
  reservationId: number | null;
  /** `<dateFrom>..<dateTo>` of the last conflict recorded for this event, so a repeat records no new one. */
  conflictDates: string | null;
}

export type SyncStep =
  | { kind: 'create'; slice: ImportSlice; current: ImportedEvent | undefined }
  | { kind: 'move'; slice: ImportSlice; current: ImportedEvent & { reservationId: number } }
  /** The block stays as it is; only the key that names it changes (a UID listed once more, for instance). */
  | { kind: 'rekey'; slice: ImportSlice; current: ImportedEvent & { reservationId: number } }
  | { kind: 'release'; current: ImportedEvent & { reservationId: number } }
  /** The mapping alone is dropped: an unplaced event gone from the feed, or an event whose stay has ended. */
  | { kind: 'forget'; current: ImportedEvent };

export const datesKey = (slice: { dateFrom: string; dateTo: string }) => `${slice.dateFrom}..${slice.dateTo}`;

/**
 * The slices of the events still to come (check-out after today): an event that has ended is history, not
 * a block to place. A stay longer than one transaction can claim is cut into consecutive parts, cut from its
 * first night so the parts stay the same from one import to the next.
 */
export function slicesOf(events: readonly FeedEvent[], today: string): ImportSlice[] {
  const slices: ImportSlice[] = [];
  for (const event of events) {
    if (event.dateTo <= today) continue;
    let from = event.dateFrom;
    for (let part = 1; from < event.dateTo; part++) {
      const cut = addDays(from, MAX_NIGHTS_PER_TRANSACTION);
      const to = cut < event.dateTo ? cut : event.dateTo;
      slices.push({
        key: part === 1 ? event.key : `${event.key}#${part}`,
        uid: event.uid,
        dateFrom: from,
        dateTo: to,
      });
      from = to;
    }
  }
  return slices;
}

const placed = (event: ImportedEvent): event is ImportedEvent & { reservationId: number } =>
  event.reservationId !== null;

/**
 * The steps that bring the placed blocks in line with the feed, in the feed's order. An empty feed reaches
 * this only from a provider known to answer so when no stay is left (docs/ical.md "An empty answer"): any
 * other empty feed changes nothing (it marks the feed unhealthy), since a feed that lost its events by mistake
 * must not release every block.
 */
export function planSync(
  slices: readonly ImportSlice[],
  imported: readonly ImportedEvent[],
  today: string,
): SyncStep[] {
  const byKey = new Map(imported.map((event) => [event.key, event]));
  const sliceKeys = new Set(slices.map((slice) => slice.key));
  const paired = pairedByUid(
    slices.filter((slice) => !byKey.has(slice.key)),
    imported.filter((event) => !sliceKeys.has(event.key)),
    today,
  );
  const steps: SyncStep[] = [];
  for (const slice of slices) {
    const current = byKey.get(slice.key);
    if (current) {
      byKey.delete(slice.key);
      if (!placed(current)) {
        // An unplaced event is tried again every import: the conflicting stay may have left.
        steps.push({ kind: 'create', slice, current });
      } else if (current.dateFrom !== slice.dateFrom || current.dateTo !== slice.dateTo) {
        steps.push({ kind: 'move', slice, current });
      }
      continue;
    }
    const partner = paired.get(slice);
    if (!partner) {
      steps.push({ kind: 'create', slice, current: undefined });
      continue;
    }
    byKey.delete(partner.key);
    const sameDates = partner.dateFrom === slice.dateFrom && partner.dateTo === slice.dateTo;
    steps.push({ kind: sameDates ? 'rekey' : 'move', slice, current: partner });
  }
  for (const current of byKey.values()) {
    const ended = current.dateTo <= today;
    if (placed(current) && !ended) steps.push({ kind: 'release', current });
    else steps.push({ kind: 'forget', current });
  }
  return steps;
}

/**
 * New keys matched with left-over blocks of the same UID: when a UID gains or loses a stay (its stays are then
 * keyed by their dates) or a recurring series is edited (its occurrences are keyed by their start), the block
 * already held is moved, or only re-keyed, rather than released while a new one is placed beside it (which on a
 * full property would be a conflict with the feed's own block). Same dates first, then in date order.
 */
function pairedByUid(
  slices: readonly ImportSlice[],
  leftovers: readonly ImportedEvent[],
  today: string,
): Map<ImportSlice, ImportedEvent & { reservationId: number }> {
  const free = leftovers
    .filter(placed)
    .filter((event) => event.dateTo > today)
    .sort((a, b) => a.dateFrom.localeCompare(b.dateFrom));
  const take = (match: (event: ImportedEvent) => boolean) => {
    const i = free.findIndex(match);
    return i < 0 ? undefined : free.splice(i, 1)[0];
  };
  const pairs = new Map<ImportSlice, ImportedEvent & { reservationId: number }>();
  const pair = (slice: ImportSlice, event: (ImportedEvent & { reservationId: number }) | undefined) => {
    if (event) pairs.set(slice, event);
  };
  for (const slice of slices)
    pair(
      slice,
      take((e) => e.uid === slice.uid && e.dateFrom === slice.dateFrom && e.dateTo === slice.dateTo),
    );
  const byDate = [...slices].sort((a, b) => a.dateFrom.localeCompare(b.dateFrom));
  for (const slice of byDate)
    if (!pairs.has(slice))
      pair(
        slice,
        take((e) => e.uid === slice.uid),
      );
  return pairs;
}

/** Whether a conflict for these dates was already recorded for this event (an import repeats quietly). */
export const conflictAlreadyRecorded = (current: ImportedEvent | undefined, slice: ImportSlice) =>
  current?.conflictDates === datesKey(slice);
