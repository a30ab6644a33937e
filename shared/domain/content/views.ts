/** What the website and the admins see of a content record: whitelisted list and full views, aliases. */
import type { ContentKind, ContentRecord } from './kind.js';

/** The first `length` characters (code points, so an emoji is never cut in half). */
export function excerpt(value: unknown, length: number): string {
  const s = typeof value === 'string' ? value : '';
  const chars = Array.from(s);
  return chars.length <= length ? s : chars.slice(0, length).join('');
}

function pick(record: ContentRecord, fields: readonly string[]): ContentRecord {
  const out: ContentRecord = {};
  for (const f of fields) if (record[f] !== undefined) out[f] = record[f];
  return out;
}

/** Old clients read the alias, new ones the field: both are emitted. */
function withAliases(def: ContentKind, out: ContentRecord): ContentRecord {
  for (const [alias, field] of Object.entries(def.aliases ?? {}))
    if (out[field] !== undefined) out[alias] = out[field];
  return out;
}

export function listView(def: ContentKind, record: ContentRecord): ContentRecord {
  const out = pick(record, def.listFields);
  if (def.excerpt) out[def.excerpt.field] = excerpt(out[def.excerpt.field], def.excerpt.length);
  return withAliases(def, out);
}

export function fullView(def: ContentKind, record: ContentRecord): ContentRecord {
  return withAliases(def, pick(record, def.fullFields ?? def.listFields));
}

/** Admins see the whole stored record, inactive ones included. */
export function adminView(def: ContentKind, record: ContentRecord): ContentRecord {
  return withAliases(def, { ...record });
}
