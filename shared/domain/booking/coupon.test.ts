import { describe, expect, it } from 'vitest';
import {
  type CouponRecord,
  couponCheckView,
  couponKey,
  couponProblem,
  discountCents,
  NOT_A_VALID_COUPON,
  publicCouponProblem,
} from './coupon.js';

const coupon = (over: Partial<CouponRecord> = {}): CouponRecord => ({
  code: 'Summer10',
  type: 'percent',
  amountCents: 0,
  percent: 10,
  isActive: 1,
  validFrom: null,
  validTo: null,
  propertyIds: [],
  minNights: null,
  maxUses: null,
  uses: 0,
  ...over,
});

const context = { propertyId: 2001, today: '2027-06-15', nights: 3 };

describe('coupon validity, first failing rule named', () => {
  it('a valid coupon has no problem', () => {
    expect(couponProblem(coupon(), context)).toBeUndefined();
  });

  it.each([
    [undefined, 'Unknown coupon code'],
    [coupon({ isActive: 0 }), 'This coupon is no longer active'],
    [coupon({ validFrom: '2027-06-16' }), 'This coupon is valid from 2027-06-16'],
    [coupon({ validTo: '2027-06-14' }), 'This coupon expired on 2027-06-14'],
    [coupon({ propertyIds: [2002, 2003] }), 'This coupon does not apply to this property'],
    [coupon({ minNights: 4 }), 'This coupon needs a stay of at least 4 nights'],
    [coupon({ maxUses: 5, uses: 5 }), 'This coupon has been used up'],
    // Inactive and used up: the earlier rule is the one named.
    [coupon({ isActive: 0, maxUses: 1, uses: 1 }), 'This coupon is no longer active'],
  ])('%# %s', (c, message) => {
    expect(couponProblem(c, context)).toBe(message);
  });

  it('the window is inclusive at both ends; scope and minNights pass when met', () => {
    const c = coupon({ validFrom: '2027-06-15', validTo: '2027-06-15', propertyIds: [2001], minNights: 3 });
    expect(couponProblem(c, context)).toBeUndefined();
    expect(couponProblem(coupon({ maxUses: 5, uses: 4 }), context)).toBeUndefined();
  });

  it('validateCoupon has no stay: minNights is not checked there', () => {
    expect(
      couponProblem(coupon({ minNights: 7 }), { propertyId: 2001, today: '2027-06-15' }),
    ).toBeUndefined();
  });

  it('codes match whatever their case', () => {
    expect(couponKey(' summer10 ')).toBe('SUMMER10');
    expect(couponKey('SuMmEr10')).toBe(couponKey('SUMMER10'));
  });
});

describe('discount', () => {
  it('fixed: the smaller of its value and the subtotal; percent: rounded once, half away from zero', () => {
    expect(discountCents(coupon({ type: 'abs', amountCents: 5000, percent: 0 }), 30000)).toBe(5000);
    expect(discountCents(coupon({ type: 'abs', amountCents: 50000, percent: 0 }), 30000)).toBe(30000);
    expect(discountCents(coupon({ percent: 10 }), 12345)).toBe(1235); // 1234.5 → 1235
    expect(discountCents(coupon({ percent: 12.5 }), 101)).toBe(13); // 12.625 → 13
    expect(discountCents(undefined, 12345)).toBe(0);
  });
});

describe('what the public is told', () => {
  it.each([
    [undefined, NOT_A_VALID_COUPON],
    [coupon({ isActive: 0 }), NOT_A_VALID_COUPON],
    [coupon({ validTo: '2027-06-14' }), NOT_A_VALID_COUPON],
    [coupon({ propertyIds: [2002, 2003] }), NOT_A_VALID_COUPON],
    [coupon({ maxUses: 5, uses: 5 }), NOT_A_VALID_COUPON],
    // Not valid yet but also used up or another property's: nothing of it is said.
    [coupon({ validFrom: '2027-06-16', maxUses: 1, uses: 1 }), NOT_A_VALID_COUPON],
    [coupon({ validFrom: '2027-06-16', propertyIds: [2002] }), NOT_A_VALID_COUPON],
    // This property's code, on a later day or for a longer stay: why.
    [coupon({ validFrom: '2027-06-16' }), 'This coupon is valid from 2027-06-16'],
    [coupon({ minNights: 4, propertyIds: [2001] }), 'This coupon needs a stay of at least 4 nights'],
    [coupon(), undefined],
  ])('%# %s', (c, message) => {
    expect(publicCouponProblem(c, context)).toBe(message);
  });
});

describe('coupon check view', () => {
  it('says valid, type and value for a code that applies', () => {
    expect(couponCheckView(coupon({ type: 'abs', amountCents: 2550, percent: 0 }), context)).toEqual({
      valid: true,
      type: 'abs',
      value: 25.5,
      message: 'The coupon applies',
    });
  });

  it('answers an inactive code exactly as an unknown one', () => {
    const unknown = couponCheckView(undefined, context);
    expect(unknown).toEqual({ valid: false, type: null, value: null, message: NOT_A_VALID_COUPON });
    for (const c of [
      coupon({ isActive: 0 }),
      coupon({ propertyIds: [9] }),
      coupon({ validTo: '2020-01-01' }),
    ])
      expect(couponCheckView(c, context)).toEqual(unknown);
  });

  it('tells type, value and the day for this property’s code that is not valid yet', () => {
    expect(couponCheckView(coupon({ validFrom: '2027-07-01' }), context)).toEqual({
      valid: false,
      type: 'percent',
      value: 10,
      message: 'This coupon is valid from 2027-07-01',
    });
  });
});
