/**
 * The content views' fields, derived from the kind definitions (shared/domain/content/): the website's list
 * and full views (whitelists, a field may be absent when never set) and the admin's whole record.
 */
import * as v from 'valibot';
import { CONTENT_BLOCK_KEYS } from '../content/blocks.js';
import type { ContentKind } from '../content/kind.js';
import { KIND } from '../content/kinds.js';
import { itemsOf } from './common.js';

/** Fields answered as numbers (ids, flags, ratings, orders); `children` is the menu's list; the rest are strings. */
const NUMBER_FIELDS = new Set([
  'isActive',
  'r1',
  'r2',
  'r3',
  'r4',
  'r5',
  'r6',
  'propertyId',
  'menuFor',
  'sliderOrder',
  'menuOrder',
  'linkOrder',
  'faqOrder',
  'postCategory',
  'categoryId',
  'adminId',
]);
const menuChild = v.object({ title: v.string(), url: v.string() });

function fieldSchema(def: ContentKind, field: string) {
  if (field === def.idField || NUMBER_FIELDS.has(field)) return v.number();
  if (field === 'children') return v.array(menuChild);
  return v.string();
}

/** The record's fields, each optional; the id always present; aliases emitted beside their fields. */
function recordOf(def: ContentKind, fields: readonly string[]) {
  const entries: Record<string, v.GenericSchema> = {};
  for (const f of fields) entries[f] = v.optional(fieldSchema(def, f));
  for (const [alias, field] of Object.entries(def.aliases ?? {}))
    if (fields.includes(field)) entries[alias] = v.optional(fieldSchema(def, field));
  entries[def.idField] = v.number();
  return v.object(entries);
}

/** What the public lists show of a record. */
export const contentListItem = (def: ContentKind) => recordOf(def, def.listFields);

/** What a public single-record read shows. */
export const contentFull = (def: ContentKind) => recordOf(def, def.fullFields ?? def.listFields);

/** The whole stored record, as the admins see it. */
export const contentAdminRecord = (def: ContentKind) => {
  const stamps = ['dateUpdated', 'dateCreated', ...(def.author ? [def.author] : [])];
  return recordOf(def, [...Object.keys(def.fields), ...stamps]);
};

/** A create's answer: `success` and the new id under the kind's id field (a name known only at run time). */
export const contentCreated = (def: ContentKind) => {
  const id: Record<string, v.NumberSchema<undefined>> = { [def.idField]: v.number() };
  return v.object({ success: v.boolean(), ...id });
};

export const contentList = (def: ContentKind) => itemsOf(contentListItem(def));

/** The CMS block row: every block, '' where none is stored. */
export const contentBlocks = v.object(
  Object.fromEntries(CONTENT_BLOCK_KEYS.map((k) => [k, v.string()])) as Record<
    (typeof CONTENT_BLOCK_KEYS)[number],
    v.StringSchema<undefined>
  >,
);

/** One block by name: an object with that one key. */
export const contentBlock = v.record(v.string(), v.string());

export const navigation = v.object({
  menus: v.array(contentListItem(KIND.menus)),
  links: v.array(contentListItem(KIND.links)),
});
