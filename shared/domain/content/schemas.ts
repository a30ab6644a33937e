/** Input schemas built from a kind's definition: the admin create and update bodies, fixture records. */
import * as v from 'valibot';
import type { AnySchema } from '../../http/route.js';
import { intLike } from '../values.js';
import { timestamp } from './fields.js';
import type { ContentKind } from './kind.js';

export function createBodyOf(def: ContentKind) {
  return v.strictObject(
    Object.fromEntries(
      Object.entries(def.fields).map(([f, s]) => [f, def.required.includes(f) ? s : v.optional(s)]),
    ),
  );
}

/** The update whitelist: the same fields, all optional; anything else is a 400. */
export function updateBodyOf(def: ContentKind) {
  return v.strictObject(Object.fromEntries(Object.entries(def.fields).map(([f, s]) => [f, v.optional(s)])));
}

/** Fixture records: the create fields plus the kept id and the server-kept fields a fixture may set. */
export function fixtureRecordOf(def: ContentKind) {
  const extra: Record<string, AnySchema> = { [def.idField]: v.optional(intLike(1)) };
  if (def.stamps?.updated) extra.dateUpdated = v.optional(timestamp);
  if (def.author) extra[def.author] = v.optional(intLike(1));
  return v.strictObject({ ...createBodyOf(def).entries, ...extra });
}
