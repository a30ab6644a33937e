/** The rules of a content record's life: what a create stores, what an update changes, website order. */
import { BadRequest, Conflict } from '../../errors.js';
import type { ContentKind, ContentRecord } from './kind.js';

/** The record a create stores: defaults, the input, the id, the server-kept stamps. */
export function newRecord(
  def: ContentKind,
  input: ContentRecord,
  id: number,
  now: Date,
  authorId?: number,
): ContentRecord {
  const record: ContentRecord = { ...def.defaults, ...definedOnly(input), [def.idField]: id };
  const at = now.toISOString();
  if (def.stamps?.created && record.dateCreated === undefined) record.dateCreated = at;
  if (def.stamps?.updated && record.dateUpdated === undefined) record.dateUpdated = at;
  if (def.author && record[def.author] === undefined && authorId !== undefined) record[def.author] = authorId;
  def.check?.(record);
  return record;
}

/** The record after an update: only the given fields change; dateUpdated moves. */
export function updatedRecord(
  def: ContentKind,
  current: ContentRecord,
  input: ContentRecord,
  now: Date,
): ContentRecord {
  const record: ContentRecord = { ...current, ...definedOnly(input) };
  if (def.stamps?.updated) record.dateUpdated = now.toISOString();
  def.check?.(record);
  return record;
}

export const isActive = (r: ContentRecord) => Number(r.isActive ?? 1) === 1;

/** Admin lists: every record, in the same order the website shows the active ones. */
export function inWebsiteOrder(def: ContentKind, records: ContentRecord[]): ContentRecord[] {
  const sorted = [...records].sort((a, b) =>
    def.order(a) < def.order(b) ? -1 : def.order(a) > def.order(b) ? 1 : 0,
  );
  return def.newestFirst ? sorted.reverse() : sorted;
}

/** The parent a record points at (a review's property, a post's or attraction's category), if any. */
export function parentIdOf(def: ContentKind, input: ContentRecord): number | undefined {
  const value = def.parent ? input[def.parent.field] : undefined;
  return value === undefined ? undefined : Number(value);
}

/** A record may only point at a parent that exists. */
export function noSuchParent(def: ContentKind, parentId: number): BadRequest {
  const field = def.parent?.field ?? 'parent';
  return new BadRequest(`${field} ${parentId} does not exist`, [{ field, message: 'no such record' }]);
}

/** The unique field's value (a page's slug) belongs to another record. */
export function duplicateValue(def: ContentKind, record: ContentRecord): Conflict {
  return new Conflict(
    `Another ${def.label} already uses ${def.unique} "${String(record[def.unique ?? ''])}"`,
  );
}

/** Spec convention 4 for fixtures and other non-HTTP input: the field wins when both are given. */
export function resolveAliases(def: ContentKind, input: ContentRecord): ContentRecord {
  const out = { ...input };
  for (const [alias, field] of Object.entries(def.aliases ?? {})) {
    if (!(alias in out)) continue;
    if (!(field in out)) out[field] = out[alias];
    delete out[alias];
  }
  return out;
}

function definedOnly(input: ContentRecord): ContentRecord {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
