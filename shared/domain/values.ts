/**
 * Field values as the legacy clients send them (numbers or numeric strings, 0/1 flags, money as "125.50",
 * dates, bounded text): valibot schemas the record definitions of the domain are built from. Pure valibot;
 * shared/http/schemas.ts re-exports them beside the HTTP-only pieces (path ids, paging).
 */
import * as v from 'valibot';

export const MAX_INT_ID = 2_147_483_647;

/**
 * An integer from a query string or JSON (clients send both): a JSON integer, or its digits as a string. A union
 * of the two forms, each bounded, so the OpenAPI document generated from it says the same (`anyOf` an integer
 * and a digit string) and a client or validator made from the document takes the strings the API takes.
 */
export const intLike = (min = 0, max = MAX_INT_ID) => {
  // Without a minus sign when negatives are refused anyway: the document's pattern is then exact.
  const digits = min >= 0 ? /^\d{1,10}$/ : /^-?\d{1,10}$/;
  // Also the union's message: a string that is not digits (or anything but a string or number) reaches the
  // union with no typed branch, so this is what such a value is told.
  const digitsMessage = min >= 0 ? `must be an integer of at least ${min}` : 'must be an integer';
  return v.union(
    [
      v.pipe(
        v.number(),
        v.integer('must be an integer'),
        v.minValue(min, `must be at least ${min}`),
        v.maxValue(max, `must be at most ${max}`),
      ),
      v.pipe(
        v.string(),
        v.regex(digits, digitsMessage),
        v.transform(Number),
        v.minValue(min, `must be at least ${min}`),
        v.maxValue(max, `must be at most ${max}`),
      ),
    ],
    digitsMessage,
  );
};

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
