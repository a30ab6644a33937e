/**
 * Lease terms as the API takes and answers them (adminLeases, an application's approval, the tenant portal):
 * the body schemas, their merge with the property's defaults, and the lease's view. Amounts are numbers with
 * at most 2 decimals at the API edge and integer cents inside (shared/domain/money.ts). Contracts import
 * this, so it imports nothing but valibot and the domain.
 */
import * as v from 'valibot';
import { type LeaseRecord, type LeaseTerms, type TermDefaults, termsOf } from '../lease.js';
import { toAmount } from '../money.js';
import { intLike, isoDate, moneyToCents, percent } from '../values.js';
import { LEASE_DATE_STATUSES, leaseStatusOn } from './status.js';

export const DUE_DAY_MAX = 28;
export const GRACE_DAYS_MAX = 60;
export const ISSUE_DAYS_BEFORE_MAX = 60;

/** LateFeeTerms.percent: 0–100 with at most 2 decimals. */
const feePercent = v.pipe(
  percent,
  v.check((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, 'must have at most 2 decimals'),
);

/** '' or null: month to month (stored as ''). */
const endDate = v.optional(
  v.pipe(
    v.nullable(
      v.union([v.literal(''), isoDate], 'must be a date YYYY-MM-DD, or "" or null for month to month'),
    ),
    v.transform((d) => d ?? ''),
  ),
  '',
);

/** The terms' fields (bodies are strict: an unknown field is a 400), each optional: an absent one keeps the current value (or the property's default). */
export const termsFields = {
  rent: v.optional(moneyToCents),
  deposit: v.optional(moneyToCents),
  dueDay: v.optional(intLike(1, DUE_DAY_MAX)),
  graceDays: v.optional(intLike(0, GRACE_DAYS_MAX)),
  lateFee: v.optional(
    v.strictObject({
      flat: v.optional(moneyToCents),
      percent: v.optional(feePercent),
      daily: v.optional(moneyToCents),
      /** null: no cap. */
      maxPerMonth: v.optional(v.nullable(moneyToCents)),
    }),
  ),
  issueDaysBefore: v.optional(intLike(0, ISSUE_DAYS_BEFORE_MAX)),
};

/** startDate required; endDate absent, null or '' for month to month. */
export const leaseDatesFields = { startDate: isoDate, endDate };

/** The dates rule, for a body that adds fields of its own to leaseDatesFields (forward it to endDate). */
export const END_BEFORE_START = 'must not be before startDate';
export const endNotBeforeStart = (lease: { startDate: string; endDate: string }) =>
  lease.endDate === '' || lease.endDate >= lease.startDate;

/** The dates and terms of a new lease, without its tenant and property (an application's approval knows them). */
export const leaseTermsBody = v.pipe(
  v.strictObject({ ...leaseDatesFields, ...termsFields }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endNotBeforeStart, END_BEFORE_START), ['endDate']),
);

/** adminLeases create. */
export const createLeaseBody = v.pipe(
  v.strictObject({ tenantId: intLike(1), propertyId: intLike(1), ...leaseDatesFields, ...termsFields }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endNotBeforeStart, END_BEFORE_START), ['endDate']),
);

/** adminLeases update of terms: any of them, at least one; they apply to months not yet charged. */
export const updateLeaseTermsBody = v.pipe(
  v.strictObject(termsFields),
  v.check(
    (body) => Object.values(body).some((value) => value !== undefined),
    `give at least one of ${Object.keys(termsFields).join(', ')}`,
  ),
);

export type TermsInput = v.InferOutput<v.StrictObjectSchema<typeof termsFields, undefined>>;

/** The terms a body sets: each given field over `current` (an update) or over the property's defaults. */
export function termsFrom(input: TermsInput, defaults: TermDefaults, current?: LeaseTerms): LeaseTerms {
  const base = current ?? termsOf({}, defaults);
  const fee = input.lateFee ?? {};
  return {
    rentCents: input.rent ?? base.rentCents,
    depositCents: input.deposit ?? base.depositCents,
    dueDay: input.dueDay ?? base.dueDay,
    graceDays: input.graceDays ?? base.graceDays,
    lateFee: {
      flatCents: fee.flat ?? base.lateFee.flatCents,
      percent: fee.percent ?? base.lateFee.percent,
      dailyCents: fee.daily ?? base.lateFee.dailyCents,
      // null is a value here (no cap); only an absent field keeps the current cap.
      maxPerMonthCents: fee.maxPerMonth === undefined ? base.lateFee.maxPerMonthCents : fee.maxPerMonth,
    },
    issueDaysBefore: input.issueDaysBefore ?? base.issueDaysBefore,
  };
}

/** A lease as the API answers it: its record, its status on `today`, and its terms under the body's names. */
export function leaseView(lease: LeaseRecord, terms: LeaseTerms, today: string): LeaseView {
  return {
    leaseId: lease.leaseId,
    tenantId: lease.tenantId,
    propertyId: lease.propertyId,
    status: leaseStatusOn(lease, today),
    startDate: lease.startDate,
    endDate: lease.endDate,
    rent: toAmount(terms.rentCents),
    deposit: toAmount(terms.depositCents),
    dueDay: terms.dueDay,
    graceDays: terms.graceDays,
    lateFee: {
      flat: toAmount(terms.lateFee.flatCents),
      percent: terms.lateFee.percent,
      daily: toAmount(terms.lateFee.dailyCents),
      maxPerMonth: terms.lateFee.maxPerMonthCents === null ? null : toAmount(terms.lateFee.maxPerMonthCents),
    },
    issueDaysBefore: terms.issueDaysBefore,
    applicationId: lease.applicationId ?? null,
    dateCreated: lease.dateCreated,
    dateUpdated: lease.dateUpdated ?? null,
  };
}

/** leaseView's answer, for route contracts. */
export const leaseResponse = v.object({
  leaseId: v.number(),
  tenantId: v.number(),
  propertyId: v.number(),
  status: v.picklist(LEASE_DATE_STATUSES),
  startDate: v.string(),
  /** '' while month to month. */
  endDate: v.string(),
  rent: v.number(),
  deposit: v.number(),
  dueDay: v.number(),
  graceDays: v.number(),
  lateFee: v.object({
    flat: v.number(),
    percent: v.number(),
    daily: v.number(),
    maxPerMonth: v.nullable(v.number()),
  }),
  issueDaysBefore: v.number(),
  applicationId: v.nullable(v.number()),
  dateCreated: v.string(),
  dateUpdated: v.nullable(v.string()),
});

export type LeaseView = v.InferOutput<typeof leaseResponse>;
