/**
 * Reusable valibot pieces for the legacy interface: query strings arrive as strings, ids in paths as
 * strings, and the legacy clients send money and flags as either numbers or strings.
 */
import * as v from 'valibot';

export const MAX_INT_ID = 2_147_483_647;

/** A positive integer id in a path segment; "abc", "-1", "1.5" and "0" are 400s. */
export const idParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'must be a positive integer'),
  v.transform(Number),
  v.maxValue(MAX_INT_ID, 'is too large'),
);

/** An integer from a query string or JSON (clients send both). */
export const intLike = (min = 0, max = MAX_INT_ID) =>
  v.pipe(
    v.union([
      v.pipe(v.string(), v.regex(/^-?\d{1,10}$/, 'must be an integer'), v.transform(Number)),
      v.number(),
    ]),
    v.integer('must be an integer'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** 0 or 1, as number or string ("1"); the legacy flags. */
export const flag01 = v.pipe(
  v.union([v.picklist([0, 1]), v.pipe(v.picklist(['0', '1']), v.transform(Number))], 'must be 0 or 1'),
  v.transform((n) => n as 0 | 1),
);

/** Money given as number or decimal string ("125.50"); stored as integer cents. */
export const moneyToCents = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.finite()),
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'must be an amount such as 125.50'),
        v.transform(Number),
      ),
    ],
    'must be an amount such as 125.50',
  ),
  v.minValue(0, 'must not be negative'),
  v.maxValue(99_999_999, 'is too large'),
  v.transform((amount) => Math.round(amount * 100)),
);

/** A percentage (tax rates). */
export const percent = v.pipe(
  v.union([
    v.number(),
    v.pipe(v.string(), v.regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage'), v.transform(Number)),
  ]),
  v.minValue(0, 'must not be negative'),
  v.maxValue(100, 'must be at most 100'),
);

export const isoDate = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  v.check(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'is not a calendar date',
  ),
);

export const text = (max: number) =>
  v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters`));
export const requiredText = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(max, `must be at most ${max} characters`),
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
