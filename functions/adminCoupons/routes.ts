/**
 * Coupons (beyond the spec; DESIGN.md "Paths of what we add beyond the spec"): list with uses, create,
 * read, update and deactivate. Codes match whatever their case (docs/pricing.md "Coupons"). Bodies name the
 * code `couponCode` as the public API does (`code` is its alias); answers carry both names.
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import {
  COUPON_BODY_ALIASES,
  couponCode,
  createCouponBody,
  updateCouponBody,
} from '../../shared/domain/booking/coupon-admin.js';
import { flag, itemsOf } from '../../shared/domain/responses/common.js';
import { defineRoute } from '../../shared/http/route.js';

const group = 'adminCoupons';
const base = '/API/adminCoupons/V1';
const tags = ['Admin coupons'];
const beyondSpec =
  'DESIGN.md "Paths of what we add beyond the spec" (adminCoupons): the spec validates and applies coupons but has no endpoint to manage them.';

const params = v.object({ code: couponCode });

export const adminCoupon = v.object({
  couponCode: v.string(),
  /** The same as couponCode: the name answers gave it first. */
  code: v.string(),
  type: v.picklist(['abs', 'percent']),
  value: v.number(),
  isActive: flag,
  validFrom: v.nullable(v.string()),
  validTo: v.nullable(v.string()),
  propertyIds: v.array(v.number()),
  minNights: v.nullable(v.number()),
  maxUses: v.nullable(v.number()),
  uses: v.number(),
  usesLeft: v.nullable(v.number()),
});

export const listCoupons = defineRoute({
  id: 'adminCoupons.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/coupons.json`,
  summary: 'Every coupon by code, with its uses so far',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  response: itemsOf(adminCoupon),
  errors: { 401: 'no admin session', 403: 'wrong role' },
});

export const createCoupon = defineRoute({
  id: 'adminCoupons.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/coupons.json`,
  summary: 'Create a coupon (value: an amount for abs, a percentage up to 100 for percent)',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  body: createCouponBody,
  aliases: { body: COUPON_BODY_ALIASES },
  successStatus: 201,
  response: v.object({
    success: v.boolean(),
    couponCode: v.string(),
    code: v.string(),
    coupon: adminCoupon,
  }),
  errors: {
    400: 'validation',
    401: 'no admin session',
    403: 'wrong role',
    409: 'the code exists (in any case)',
  },
});

export const getCoupon = defineRoute({
  id: 'adminCoupons.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/coupons/{code}.json`,
  summary: 'One coupon, by code in any case',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  params,
  response: adminCoupon,
  errors: { 400: 'not a code', 401: 'no admin session', 403: 'wrong role', 404: 'no such coupon' },
});

export const updateCoupon = defineRoute({
  id: 'adminCoupons.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/coupons/{code}.json`,
  summary: 'Change a coupon’s terms (never its uses); null or "" clears an optional bound',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params,
  body: updateCouponBody,
  response: v.object({ success: v.boolean(), coupon: adminCoupon }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role', 404: 'no such coupon' },
});

export const deactivateCoupon = defineRoute({
  id: 'adminCoupons.deactivate',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/coupons/{code}.json`,
  summary: 'Deactivate a coupon (isActive 0; kept with its uses). Again: no change',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params,
  response: v.object({ success: v.boolean(), coupon: adminCoupon }),
  errors: { 400: 'not a code', 401: 'no admin session', 403: 'wrong role', 404: 'no such coupon' },
});

export const routes = [listCoupons, createCoupon, getCoupon, updateCoupon, deactivateCoupon];
