/**
 * Response schemas shared by the route contracts (the docs' success answers, checked against what the HTTP
 * tests receive). They describe output: plain types, no transformations. Objects are open (valibot's
 * v.object ignores unknown keys), so a field added to a view is a docs gap, never a broken answer.
 */
import * as v from 'valibot';
import type { AnySchema } from '../../http/route.js';

/** The paging envelope of the spec's convention 7. */
export const paged = <T extends AnySchema>(item: T) =>
  v.object({ items: v.array(item), page: v.number(), limit: v.number(), total: v.number() });

/** A list without paging. */
export const itemsOf = <T extends AnySchema>(item: T) => v.object({ items: v.array(item) });

export const success = v.object({ success: v.boolean() });

/** A 0/1 flag as the API answers it. */
export const flag = v.picklist([0, 1]);

/** A date or timestamp string (YYYY-MM-DD or ISO-8601). */
export const dateString = v.string();
