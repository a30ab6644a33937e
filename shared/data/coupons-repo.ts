/**
 * Coupons (docs/data-model.md R7): `COUPON#<UPPER-CASE CODE>`, so a code matches whatever its case; GSI1
 * `COUPONS` lists them (bounded by the site's own coupons). A booking counts its use in its own transaction
 * with `use:coupon <CODE>`, conditioned on `uses < maxUses` (and still active), so concurrent bookings can
 * never use a coupon more often than allowed; an admin edit never writes `uses`, so it cannot undo a count.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartition } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { part, TransactionFailed, type TxPart } from '../db/transaction.js';
import { type CouponRecord, couponKey } from '../domain/booking/coupon.js';

export interface StoredCoupon {
  record: CouponRecord;
  version: number;
}

const USE_LABEL = 'use:coupon';

/** Optional fields are left out of the item when null, so conditions can test `attribute_not_exists`. */
const orUndefined = <T>(value: T | null) => (value === null ? undefined : value);

/** The fields an admin writes (everything but the use count). */
function editableFields(c: CouponRecord) {
  return {
    code: c.code,
    type: c.type,
    amountCents: c.amountCents,
    percent: c.percent,
    isActive: c.isActive,
    validFrom: orUndefined(c.validFrom),
    validTo: orUndefined(c.validTo),
    propertyIds: c.propertyIds,
    minNights: orUndefined(c.minNights),
    maxUses: orUndefined(c.maxUses),
  };
}

function fromItem(item: Item): StoredCoupon {
  const nullable = <T>(value: unknown) => (value === undefined || value === null ? null : (value as T));
  return {
    record: {
      code: String(item.code),
      type: item.type === 'abs' ? 'abs' : 'percent',
      amountCents: Number(item.amountCents ?? 0),
      percent: Number(item.percent ?? 0),
      isActive: item.isActive === 1 ? 1 : 0,
      validFrom: nullable<string>(item.validFrom),
      validTo: nullable<string>(item.validTo),
      propertyIds: ((item.propertyIds as number[] | undefined) ?? []).map(Number),
      minNights: nullable<number>(item.minNights),
      maxUses: nullable<number>(item.maxUses),
      uses: Number(item.uses ?? 0),
    },
    version: Number(item.version ?? 0),
  };
}

/** R7: a coupon by code, whatever its case. */
export async function getCoupon(code: string): Promise<StoredCoupon | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.coupon(couponKey(code)) }),
  );
  return Item ? fromItem(Item) : undefined;
}

/** Every coupon, by code (the admin list). */
export async function allCoupons(): Promise<StoredCoupon[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.coupons() });
  return items.map(fromItem);
}

/** Labels of the coupon's parts (a code follows): services ask a failed transaction by these, never retyped. */
export const COUPON_PUT_LABEL = 'put:coupon';
export const COUPON_UPDATE_LABEL = 'update:coupon';

/** `put:coupon <CODE>`: fails its condition when the code (in any case) exists. */
export function insertCouponPart(coupon: CouponRecord): TxPart {
  const key = couponKey(coupon.code);
  return part.putIfAbsent(`${COUPON_PUT_LABEL} ${key}`, {
    ...keys.coupon(key),
    entity: 'coupon',
    ...editableFields(coupon),
    uses: coupon.uses,
    version: 1,
    GSI1PK: indexKeys.coupons(),
    GSI1SK: key,
  });
}

/**
 * `update:coupon <CODE>`: the admin's fields, conditioned on the version read; `uses` is left as the table
 * has it. A field set to null is removed.
 */
export function updateCouponPart(current: StoredCoupon, next: CouponRecord): TxPart {
  const fields = Object.entries(editableFields(next));
  return part.update(
    `${COUPON_UPDATE_LABEL} ${couponKey(current.record.code)}`,
    keys.coupon(couponKey(current.record.code)),
    {
      set: { version: current.version + 1, ...Object.fromEntries(fields) },
      // A field without a value (editableFields maps null to undefined) is removed.
      remove: fields.filter(([, value]) => value === undefined).map(([field]) => field),
    },
    { condition: 'version = :v', values: { ':v': current.version } },
  );
}

/** `use:coupon <CODE>`: one more use, only while the coupon is active and has uses left. */
export function useCouponPart(code: string): TxPart {
  const key = couponKey(code);
  return part.update(`${USE_LABEL} ${key}`, keys.coupon(key), 'ADD #uses :one', {
    condition:
      'attribute_exists(PK) AND isActive = :one AND (attribute_not_exists(maxUses) OR #uses < maxUses)',
    names: { '#uses': 'uses' },
    values: { ':one': 1 },
  });
}

/** Whether a booking failed because its coupon was used up or deactivated since it was read. */
export const couponUseFailed = (error: unknown): boolean =>
  error instanceof TransactionFailed && error.conditionFailed(USE_LABEL);
