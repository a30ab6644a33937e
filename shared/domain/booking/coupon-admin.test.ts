import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BadRequest } from '../../errors.js';
import { couponAdminView, couponInputOf, couponRecordOf, createCouponBody } from './coupon-admin.js';

const parse = (body: unknown) => v.parse(createCouponBody, body);

describe('coupon terms an admin writes', () => {
  it('abs in cents, percent as given, ids sorted and unique, uses carried over', () => {
    const abs = couponRecordOf(parse({ couponCode: 'TEN', type: 'abs', value: '10.05' }), 3);
    expect(abs).toMatchObject({ amountCents: 1005, percent: 0, uses: 3, isActive: 1, maxUses: null });
    const pct = couponRecordOf(
      parse({ couponCode: 'P', type: 'percent', value: 100, propertyIds: [3, 1, 3] }),
    );
    expect(pct).toMatchObject({ amountCents: 0, percent: 100, propertyIds: [1, 3] });
    expect(couponInputOf(abs)).toMatchObject({ value: 10.05, type: 'abs' });
  });

  it('refuses a percent above 100 and a window that ends before it starts', () => {
    expect(() => couponRecordOf(parse({ couponCode: 'P', type: 'percent', value: 100.01 }))).toThrow(
      BadRequest,
    );
    expect(() =>
      couponRecordOf(
        parse({ couponCode: 'W', type: 'abs', value: 1, validFrom: '2027-02-01', validTo: '2027-01-31' }),
      ),
    ).toThrow(/validTo/);
  });

  it('"" and 0 clear the optional bounds; the view counts the uses left', () => {
    const c = couponRecordOf(
      parse({ couponCode: 'X', type: 'abs', value: 1, validFrom: '', maxUses: 0, minNights: '' }),
    );
    expect(c).toMatchObject({ validFrom: null, maxUses: null, minNights: null });
    expect(couponAdminView({ ...c, maxUses: 2, uses: 5 }).usesLeft).toBe(0);
  });
});
