/**
 * What an admin (or a fixture) writes of a coupon, and how the back office sees it: the input fields with the
 * API's names (`value` is an amount for an `abs` coupon, a percentage for a `percent` one), the record they
 * make, and the admin view with the uses counted so far. A percent coupon above 100 is refused: it would pay
 * the guest. Pure valibot and plain functions, so the admin group and the fixture loader share them.
 *
 * The code is `couponCode`, the public API's name for it (quote, book, validateCoupon; docs/pricing.md
 * "Coupons"); `code`, the name these bodies took first, is its alias (COUPON_BODY_ALIASES).
 */
import * as v from 'valibot';
import { BadRequest, type FieldError } from '../../errors.js';
import { toAmount } from '../money.js';
import { amountCents, flag01, intLike, isoDate, MAX_INT_ID, percent } from '../values.js';
import type { CouponRecord } from './coupon.js';

/** Letters, digits, `-` and `_`, 1–32 characters (it sits in a path: `coupons/{code}.json`). */
export const couponCode = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, - or _'),
);

/**
 * The value as sent (a number or a decimal string): what it must be depends on the type, an amount for `abs`,
 * a percentage for `percent`, so couponRecordOf checks it with the one money schema or the one percentage
 * schema once the type is known (an update may change either alone).
 */
const couponValue = v.union(
  [v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim())],
  'must be a number such as 10 or 12.50',
);

/** An `abs` coupon's amount off: at least a cent, at most 2 decimals. */
const absValue = amountCents({ min: 0.01 });
/** A `percent` coupon's percentage off: above 0, and like every percentage at most 100 (more would pay the guest). */
const percentValue = v.pipe(
  percent,
  v.check((p) => p > 0, 'must be above 0'),
);

/** A date bound, or null / "" for none. */
const optionalDate = v.nullable(
  v.union([
    isoDate,
    v.pipe(
      v.literal(''),
      v.transform(() => null),
    ),
  ]),
);
/** A positive count, or null / "" / 0 for none. */
const optionalCount = v.nullable(
  v.union([
    v.pipe(
      v.literal(''),
      v.transform(() => null),
    ),
    v.pipe(
      intLike(0, 100_000),
      v.transform((n) => (n === 0 ? null : n)),
    ),
  ]),
);

export const couponFields = {
  type: v.picklist(['abs', 'percent'], 'must be abs or percent'),
  value: couponValue,
  isActive: flag01,
  validFrom: optionalDate,
  validTo: optionalDate,
  propertyIds: v.pipe(v.array(intLike(1, MAX_INT_ID)), v.maxLength(500, 'at most 500 properties')),
  minNights: optionalCount,
  maxUses: optionalCount,
};

/** alias → field, as route contracts take aliases: `code` is accepted in place of `couponCode`. */
export const COUPON_BODY_ALIASES = { code: 'couponCode' } as const;

export const createCouponBody = v.strictObject({
  couponCode,
  type: couponFields.type,
  value: couponFields.value,
  isActive: v.optional(couponFields.isActive, 1),
  validFrom: v.optional(couponFields.validFrom, null),
  validTo: v.optional(couponFields.validTo, null),
  propertyIds: v.optional(couponFields.propertyIds, []),
  minNights: v.optional(couponFields.minNights, null),
  maxUses: v.optional(couponFields.maxUses, null),
});
export type CreateCouponInput = v.InferOutput<typeof createCouponBody>;

/** Every field optional; the code is the path's and cannot change. */
export const updateCouponBody = v.pipe(
  v.strictObject({
    type: v.optional(couponFields.type),
    value: v.optional(couponFields.value),
    isActive: v.optional(couponFields.isActive),
    validFrom: v.optional(couponFields.validFrom),
    validTo: v.optional(couponFields.validTo),
    propertyIds: v.optional(couponFields.propertyIds),
    minNights: v.optional(couponFields.minNights),
    maxUses: v.optional(couponFields.maxUses),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), 'send at least one field to change'),
);
export type UpdateCouponInput = v.InferOutput<typeof updateCouponBody>;

/** The terms as the API writes them, from a record (an update merges the body into these). */
export function couponInputOf(c: CouponRecord): CreateCouponInput & { value: number } {
  return {
    couponCode: c.code,
    type: c.type,
    value: c.type === 'abs' ? toAmount(c.amountCents) : c.percent,
    isActive: c.isActive,
    validFrom: c.validFrom,
    validTo: c.validTo,
    propertyIds: c.propertyIds,
    minNights: c.minNights,
    maxUses: c.maxUses,
  };
}

/** The record of validated input; `uses` carried over (a new coupon has 0). Throws BadRequest on bad terms. */
export function couponRecordOf(input: CreateCouponInput, uses = 0): CouponRecord {
  const errors: FieldError[] = [];
  const amount =
    input.type === 'abs' ? v.safeParse(absValue, input.value, { abortPipeEarly: true }) : undefined;
  const share =
    input.type === 'percent' ? v.safeParse(percentValue, input.value, { abortPipeEarly: true }) : undefined;
  const valueIssue = amount?.issues?.[0] ?? share?.issues?.[0];
  if (valueIssue) errors.push({ field: 'value', message: valueIssue.message });
  if (input.validFrom && input.validTo && input.validTo < input.validFrom)
    errors.push({ field: 'validTo', message: 'must be on or after validFrom' });
  if (errors.length) throw new BadRequest(errors.map((e) => `${e.field} ${e.message}`).join('; '), errors);
  return {
    code: input.couponCode,
    type: input.type,
    amountCents: amount?.success ? amount.output : 0,
    percent: share?.success ? share.output : 0,
    isActive: input.isActive,
    validFrom: input.validFrom,
    validTo: input.validTo,
    propertyIds: [...new Set(input.propertyIds)].sort((a, b) => a - b),
    minNights: input.minNights,
    maxUses: input.maxUses,
    uses,
  };
}

/**
 * The admin view: the API's fields, with the uses so far and the uses left (null: no limit). `code` repeats
 * `couponCode` for the back office that read it before the field had the public API's name.
 */
export function couponAdminView(c: CouponRecord) {
  return {
    ...couponInputOf(c),
    code: c.code,
    uses: c.uses,
    usesLeft: c.maxUses === null ? null : Math.max(0, c.maxUses - c.uses),
  };
}
