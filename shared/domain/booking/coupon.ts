/**
 * Coupons (docs/pricing.md "Coupons"): a code, a type (`abs`: a fixed amount, `percent`), an active flag and
 * optionally a validity window, the properties it applies to (none listed: all), a minimum number of nights
 * and a maximum number of uses. Codes match whatever their case: the stored key is the upper-case code.
 */
import { percentOfCents, toAmount } from '../money.js';

export type CouponType = 'abs' | 'percent';

export interface CouponRecord {
  /** The code as the admin wrote it; matching uses couponKey(code). */
  code: string;
  type: CouponType;
  /** The amount off for an `abs` coupon, in cents (0 for a percent coupon). */
  amountCents: number;
  /** The percentage off for a `percent` coupon, 0–100 (0 for an abs coupon). */
  percent: number;
  isActive: 0 | 1;
  /** First and last valid dates (inclusive, site dates), or null for no bound. */
  validFrom: string | null;
  validTo: string | null;
  /** Property ids it applies to; empty: every property. */
  propertyIds: number[];
  /** Minimum nights of the stay, or null. */
  minNights: number | null;
  /** Maximum uses in all, or null for no limit. */
  maxUses: number | null;
  /** Uses so far: counted in the booking's own transaction. */
  uses: number;
}

/** The terms a quote needs from a coupon that applies. */
export type CouponTerms = Pick<CouponRecord, 'type' | 'amountCents' | 'percent'>;

/** The matching form of a code: trimmed and upper-case, so "summer10" finds "SUMMER10". */
export const couponKey = (code: string): string => code.trim().toUpperCase();

export interface CouponContext {
  propertyId: number;
  /** The site's today. */
  today: string;
  /** The stay's nights, when a stay is known (validateCoupon has none: minNights is then not checked). */
  nights?: number | undefined;
}

/**
 * Why a coupon does not apply, or undefined when it does. Checked in this order: known, active, window,
 * property scope, minimum nights, uses left; the message names the first that fails.
 */
export function couponProblem(coupon: CouponRecord | undefined, context: CouponContext): string | undefined {
  if (!coupon) return 'Unknown coupon code';
  if (coupon.isActive !== 1) return 'This coupon is no longer active';
  if (coupon.validFrom && context.today < coupon.validFrom)
    return `This coupon is valid from ${coupon.validFrom}`;
  if (coupon.validTo && context.today > coupon.validTo) return `This coupon expired on ${coupon.validTo}`;
  if (coupon.propertyIds.length > 0 && !coupon.propertyIds.includes(context.propertyId))
    return 'This coupon does not apply to this property';
  if (coupon.minNights !== null && context.nights !== undefined && context.nights < coupon.minNights)
    return `This coupon needs a stay of at least ${coupon.minNights} nights`;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'This coupon has been used up';
  return undefined;
}

/** What the public is told about a code that does not apply and is not this property's to name. */
export const NOT_A_VALID_COUPON = 'Not a valid coupon code for this property';

/**
 * Whether the public may learn why a code does not apply: only for a code that would apply to this property on
 * a later day or for a longer stay (active, in scope, uses left, not expired). Unknown, inactive, expired, used
 * up and another property's codes all answer NOT_A_VALID_COUPON, so a guesser cannot tell a code that exists
 * from one that does not (docs/pricing.md "Coupons").
 */
function explainable(coupon: CouponRecord | undefined, context: CouponContext): coupon is CouponRecord {
  if (coupon?.isActive !== 1) return false;
  if (coupon.validTo && context.today > coupon.validTo) return false;
  if (coupon.propertyIds.length > 0 && !coupon.propertyIds.includes(context.propertyId)) return false;
  return coupon.maxUses === null || coupon.uses < coupon.maxUses;
}

/**
 * Why a code does not apply, as the public is told (validateCoupon's message, book's 409): the rule that
 * fails for a code of this property that is not valid yet or needs a longer stay, else NOT_A_VALID_COUPON;
 * undefined when it applies.
 */
export function publicCouponProblem(
  coupon: CouponRecord | undefined,
  context: CouponContext,
): string | undefined {
  const problem = couponProblem(coupon, context);
  if (problem === undefined) return undefined;
  return explainable(coupon, context) ? problem : NOT_A_VALID_COUPON;
}

/** The coupon when it applies, else undefined (a quote with an invalid code simply has no discount). */
export const applicableCoupon = (coupon: CouponRecord | undefined, context: CouponContext) =>
  coupon && couponProblem(coupon, context) === undefined ? coupon : undefined;

/** The discount on a subtotal: fixed → the smaller of its value and the subtotal; percent → rounded once. */
export function discountCents(coupon: CouponTerms | undefined, subtotalCents: number): number {
  if (!coupon) return 0;
  if (coupon.type === 'abs') return Math.min(coupon.amountCents, subtotalCents);
  return Math.min(percentOfCents(subtotalCents, coupon.percent), subtotalCents);
}

/**
 * The spec's "Coupon check result": valid, type, value (an amount for abs, a percentage for percent), message.
 * Type and value only for a code that applies or is this property's for a later day (publicCouponProblem):
 * anything else is the same answer, whatever the code is.
 */
export function couponCheckView(coupon: CouponRecord | undefined, context: CouponContext) {
  const problem = publicCouponProblem(coupon, context);
  const shown = coupon && problem !== NOT_A_VALID_COUPON ? coupon : undefined;
  return {
    valid: problem === undefined,
    type: shown?.type ?? null,
    value: shown ? (shown.type === 'abs' ? toAmount(shown.amountCents) : shown.percent) : null,
    message: problem ?? 'The coupon applies',
  };
}
