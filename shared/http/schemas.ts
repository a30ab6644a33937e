/**
 * Reusable valibot pieces for the legacy interface: query strings arrive as strings, ids in paths as
 * strings, and the legacy clients send money and flags as either numbers or strings.
 */
import * as v from 'valibot';
import { intLike, MAX_INT_ID } from '../domain/values.js';

// The field value schemas live with the domain (its record definitions use them); re-exported for the
// contracts that import them from here.
export {
  amountCents,
  flag01,
  intLike,
  isoDate,
  isoMonth,
  MAX_INT_ID,
  moneyToCents,
  percent,
  requiredText,
  text,
} from '../domain/values.js';

/** A positive integer id in a path segment; "abc", "-1", "1.5" and "0" are 400s. */
export const idParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'must be a positive integer'),
  v.transform(Number),
  v.maxValue(MAX_INT_ID, 'is too large'),
);

/**
 * Spec convention 7: page default 1; limit default 20, max 100; a larger limit is clamped, not refused, however
 * many digits it has. A page is any positive integer up to 2^31-1 (as ids); past the end it is empty.
 */
export const paging = (defaultLimit = 20, maxLimit = 100) => ({
  page: v.optional(intLike(1), 1),
  limit: v.pipe(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.regex(/^\d+$/, 'must be a positive integer'),
        v.transform(Number),
        v.minValue(1, 'must be at least 1'),
      ),
      defaultLimit,
    ),
    v.transform((n) => Math.min(n, maxLimit)),
  ),
});

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** Offset paging over a list already in order; the lists that can grow large page on the index instead. */
export function pageOf<T>(all: readonly T[], page: number, limit: number): Page<T> {
  const start = (page - 1) * limit;
  return { items: all.slice(start, start + limit), page, limit, total: all.length };
}
