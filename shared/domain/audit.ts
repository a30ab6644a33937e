/**
 * The audit log (DESIGN.md "Audit log"): one entry per change, made by the audit job from the change outbox.
 * Entries are kept without expiry, read newest first by record, by actor, or by time. Plain functions: the
 * ordering key, the monthly time buckets and the filter rules.
 */
import type { Change } from './change.js';

/**
 * An audit entry: the change as its writer recorded it (values already masked), under the change's id,
 * without the event's payload. That payload (`data`, `previous`) is the record unmasked, for the business's
 * own signed webhook subscribers only; the change outbox keeps it a week, the audit log would keep it forever.
 */
export interface AuditEntry extends Omit<Change, 'data' | 'previous'> {
  /** The change id: sortable by time and unique, so a change delivered twice is one entry. */
  entryId: string;
}

export function entryFromChange(change: Change & { changeId: string }): AuditEntry {
  const { changeId, data: _data, previous: _previous, ...rest } = change;
  return { entryId: changeId, ...rest };
}

/**
 * An entry as the admin read shows it: its own fields only, so an entry written before the payload was left
 * out (it held `data` and `previous`) shows no more than a new one.
 */
export function entryView(entry: AuditEntry): AuditEntry {
  const { entryId, recordType, recordId, action, actor, requestId, at, fields, event } = entry;
  return {
    entryId,
    recordType,
    recordId,
    action,
    actor,
    requestId,
    at,
    fields,
    ...(event === undefined ? {} : { event }),
  };
}

/** Sort key of every audit list: time first (ISO-8601 sorts as text), the entry id breaks ties. */
export const auditOrder = (at: string, entryId: string) => `${at}#${entryId}`;

/** The UTC month of an ISO time or date: the time bucket of the unfiltered list. */
export const monthOf = (isoTimeOrDate: string) => isoTimeOrDate.slice(0, 7);

/** Above every `<at>#<id>` of a day: `~` sorts after the digits and `T` of an ISO time. */
const END_OF_DAY = '~';

/**
 * The sort-key range of `dateFrom`..`dateTo` (UTC days, both inclusive; either may be open). An open start
 * is a low date rather than '' because DynamoDB refuses an empty key value, even in a condition.
 */
export function orderRange(dateFrom?: string, dateTo?: string): [string, string] {
  return [dateFrom ?? '0000-01-01', `${dateTo ?? '9999-12-31'}${END_OF_DAY}`];
}

/** The months from `from` to `to` (YYYY-MM, inclusive), newest first. */
export function monthsNewestFirst(months: readonly string[], dateFrom?: string, dateTo?: string): string[] {
  const low = dateFrom ? monthOf(dateFrom) : '';
  const high = dateTo ? monthOf(dateTo) : '9999-12';
  return [...months].filter((m) => m >= low && m <= high).sort((a, b) => (a < b ? 1 : -1));
}

export interface AuditFilter {
  recordType?: string | undefined;
  recordId?: string | undefined;
  actor?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** Filter errors the schema cannot see: a record id names a record only with its type, and ranges run forward. */
export function filterProblems(filter: AuditFilter): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (filter.recordId !== undefined && filter.recordType === undefined)
    problems.push({
      field: 'recordId',
      message: 'needs recordType (an id names a record only with its type)',
    });
  if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo)
    problems.push({ field: 'dateTo', message: 'must not be before dateFrom' });
  return problems;
}

/** Which list answers a filter: a record's entries, an actor's, or the monthly buckets (narrowed by a filter). */
export type AuditSource = 'record' | 'actor' | 'time';

export function sourceOf(filter: AuditFilter): AuditSource {
  if (filter.recordType !== undefined && filter.recordId !== undefined) return 'record';
  if (filter.actor !== undefined) return 'actor';
  return 'time';
}
