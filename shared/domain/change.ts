/**
 * A change to a record, as the audit log and the outbound events see it (DESIGN.md "Audit log", "Outbound
 * webhooks"). A service writes one Change in the same transaction as the change itself (the outbox), so no
 * change goes unrecorded and nothing is recorded for a change that was rolled back; the audit job turns it
 * into audit entries from the table's stream.
 */

/** Who made a change: `admin:<id>`, `tenant:<id>`, `guest:<ip>`, or `system:<name>` (stripe, channel, ical …). */
export type ActorId = `admin:${number}` | `tenant:${number}` | `guest:${string}` | `system:${string}`;

/** The caller of a request, carried from the handler into the service so every change names its author. */
export interface Actor {
  actor: ActorId;
  requestId: string;
}

export type ChangeAction = 'created' | 'updated' | 'deleted' | 'archived' | (string & {});

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface Change {
  recordType: string;
  recordId: string;
  action: ChangeAction;
  actor: ActorId;
  requestId: string;
  /** ISO-8601 time of the change. */
  at: string;
  fields: FieldChange[];
  /** An outbound event name (`reservation.created` …) when the change is announced. */
  event?: string;
  /** An announced change's record and the previous values (eventRecordOf). */
  data?: Record<string, unknown>;
  previous?: Record<string, unknown>;
}

/** A change as its writer describes it; shared/data/changes-repo.ts changePart makes the outbox item of it. */
export interface ChangeInput {
  recordType: string;
  recordId: string | number;
  action: ChangeAction;
  before?: Readonly<Record<string, unknown>> | undefined;
  after?: Readonly<Record<string, unknown>> | undefined;
  /** Fields whose values never reach the log (encrypted contact fields, secrets). */
  masked?: readonly string[];
  /** The outbound event (DESIGN.md "Outbound webhooks"); its payload's `data` is `record` (default `after`). */
  event?: string;
  /**
   * The record as the admin API's single-record GET shows it after the change, when `after` is not that
   * (a tenant's audit view holds ciphertext): the event's `data`. `previousRecord` (default `before`) is the
   * same view before the change: the event's `previous` holds its values of the fields that changed.
   */
  record?: Readonly<Record<string, unknown>> | undefined;
  previousRecord?: Readonly<Record<string, unknown>> | undefined;
}

/** What an announced change carries to its subscribers (the webhook payload's `data` and `previous`). */
export interface EventRecord {
  data: Record<string, unknown>;
  previous?: Record<string, unknown>;
}

/**
 * The event record of a change: the record after it, and the old values of the fields that changed (none on
 * a create). Unmasked: it goes only to the business's own signed subscribers.
 */
export function eventRecordOf(input: ChangeInput): EventRecord {
  const data = input.record ?? input.after;
  if (!data)
    throw new Error(
      `the change of ${input.recordType} ${input.recordId} announces ${input.event} without its record`,
    );
  const before = input.previousRecord ?? input.before;
  if (!before) return { data: { ...data } };
  const previous = Object.fromEntries(
    Object.keys({ ...before, ...data })
      .filter((field) => !sameValue(before[field], data[field]))
      .map((field) => [field, before[field] ?? null]),
  );
  return { data: { ...data }, previous };
}

/** Shown instead of the value of an encrypted or secret field: the audit log says it changed, never to what. */
export const MASK = '***';

/** Values longer than this are cut: an audit entry says what changed, it is not a copy of a 300 KB page. */
export const MAX_VALUE_CHARS = 500;

/** Bookkeeping attributes that are not the record's own fields. */
const IGNORED = new Set(['version', 'updatedAt', 'reservationSeq']);

/**
 * The fields that differ between two versions of a record (undefined before = created, undefined after =
 * deleted), masked where listed and cut to MAX_VALUE_CHARS, in field-name order.
 */
export function diffFields(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
  masked: readonly string[] = [],
): FieldChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of [...names].sort()) {
    if (IGNORED.has(field)) continue;
    const old = before?.[field];
    const next = after?.[field];
    if (sameValue(old, next)) continue;
    const hide = masked.includes(field);
    changes.push({
      field,
      old: hide && old !== undefined ? MASK : shorten(old),
      new: hide && next !== undefined ? MASK : shorten(next),
    });
  }
  return changes;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

function shorten(value: unknown): unknown {
  if (value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length <= MAX_VALUE_CHARS) return value;
  return `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length} characters)`;
}

/** The actor of an admin request. */
export const adminActor = (adminId: number, requestId: string): Actor => ({
  actor: `admin:${adminId}`,
  requestId,
});
