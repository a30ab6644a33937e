/**
 * Coupon use cases: every write is one transaction of the coupon's part and its change item (recordType
 * `coupon`, recordId the upper-case code). An edit is conditioned on the version read and never writes
 * `uses` (a booking counts them in its own transaction), so an edit and a booking never undo each other.
 */

import { changePart } from '../../shared/data/changes-repo.js';
import {
  allCoupons,
  COUPON_PUT_LABEL,
  COUPON_UPDATE_LABEL,
  insertCouponPart,
  getCoupon as readCoupon,
  type StoredCoupon,
  updateCouponPart,
} from '../../shared/data/coupons-repo.js';
import { retryStale, StaleRecord } from '../../shared/db/optimistic.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import { type CouponRecord, couponKey } from '../../shared/domain/booking/coupon.js';
import {
  type CreateCouponInput,
  couponAdminView,
  couponInputOf,
  couponRecordOf,
  type UpdateCouponInput,
} from '../../shared/domain/booking/coupon-admin.js';
import type { Actor } from '../../shared/domain/change.js';
import { Conflict, NotFound } from '../../shared/errors.js';

export async function listCoupons() {
  const coupons = await allCoupons();
  return { items: coupons.map((c) => couponAdminView(c.record)) };
}

async function storedCoupon(code: string): Promise<StoredCoupon> {
  const found = await readCoupon(code);
  if (!found) throw new NotFound(`Coupon ${couponKey(code)} not found`);
  return found;
}

export async function getCoupon(code: string) {
  return couponAdminView((await storedCoupon(code)).record);
}

/** The change item of a coupon write: the admin view before and after (uses left out: a booking moves them). */
const couponChange = (action: string, before: CouponRecord | undefined, after: CouponRecord) => ({
  recordType: 'coupon',
  recordId: couponKey(after.code),
  action,
  before: before && couponInputOf(before),
  after: couponInputOf(after),
});

export async function createCoupon(input: CreateCouponInput, by: Actor, now: Date) {
  const record = couponRecordOf(input);
  try {
    await commit([insertCouponPart(record), changePart(couponChange('created', undefined, record), by, now)]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(COUPON_PUT_LABEL))
      throw new Conflict(`A coupon ${couponKey(record.code)} exists already (codes match in any case)`);
    throw error;
  }
  // `code` as well: the answer's first name for it (couponAdminView).
  return { success: true, couponCode: record.code, code: record.code, coupon: couponAdminView(record) };
}

/** A versioned edit: `change` gives the new terms from the current record; an unchanged coupon writes nothing. */
async function editCoupon(
  code: string,
  action: string,
  change: (current: CouponRecord) => CouponRecord,
  by: Actor,
  now: Date,
) {
  return retryStale(`Coupon ${couponKey(code)}`, async () => {
    const current = await storedCoupon(code);
    const next = change(current.record);
    if (JSON.stringify(couponInputOf(next)) === JSON.stringify(couponInputOf(current.record)))
      return { success: true, coupon: couponAdminView(current.record) };
    try {
      await commit([
        updateCouponPart(current, next),
        changePart(couponChange(action, current.record, next), by, now),
      ]);
    } catch (error) {
      if (
        error instanceof TransactionFailed &&
        (error.conditionFailed(COUPON_UPDATE_LABEL) || error.transient)
      )
        throw new StaleRecord('coupon changed since it was read');
      throw error;
    }
    return { success: true, coupon: couponAdminView(next) };
  });
}

export const updateCoupon = (code: string, patch: UpdateCouponInput, by: Actor, now: Date) =>
  editCoupon(
    code,
    'updated',
    (current) => {
      const defined = Object.fromEntries(Object.entries(patch).filter(([, x]) => x !== undefined));
      return couponRecordOf({ ...couponInputOf(current), ...defined }, current.uses);
    },
    by,
    now,
  );

export const deactivateCoupon = (code: string, by: Actor, now: Date) =>
  editCoupon(code, 'deactivated', (current) => ({ ...current, isActive: 0 }), by, now);
