/**
 * Lease terms as the API takes and answers them (adminLeases, an application's approval, the tenant portal,
 * the `leases` fixture kind; docs/leases.md "The lease and its terms"): the body schemas, their merge over the
 * property's defaults or the lease's own terms, and the lease's view. Amounts are numbers with at most 2
 * decimals at the API edge and integer cents inside (shared/domain/money.ts). Contracts and the registry import
 * this, so it imports nothing but valibot and the domain.
 */
import * as v from 'valibot';
import type { LeaseRecord, LeaseTerms } from '../lease.js';
import { toAmount } from '../money.js';
import { intLike, isoDate, moneyToCents, percent } from '../values.js';
import { LEASE_DATE_STATUSES, leaseStatusOn } from './status.js';

export const DUE_DAY_MAX = 28;
export const GRACE_DAYS_MAX = 60;
export const ISSUE_DAYS_BEFORE_MAX = 60;

/** LateFeeTerms.percent: a percentage (0–100, at most PERCENT_DECIMALS decimals), like every other one. */
const feePercent = percent;

/**
 * null or '': no cap (null inside). A union answers its own message for any failure (valibot does not pass on
 * the amount's own, e.g. "must not be negative"), so it names every form.
 */
const feeCap = v.union(
  [
    v.null(),
    v.pipe(
      v.literal(''),
      v.transform(() => null),
    ),
    moneyToCents,
  ],
  'must be an amount such as 125.50 (not negative, at most 2 decimals), or null or "" for no cap',
);

/** A last day, or '' or null: month to month (stored as ''). */
const endDateValue = v.pipe(
  v.nullable(
    v.union([v.literal(''), isoDate], 'must be a date YYYY-MM-DD, or "" or null for month to month'),
  ),
  v.transform((d) => d ?? ''),
);

/** The terms a PUT may change, each optional: an absent one keeps the lease's value. */
const changeableTermsFields = {
  rent: v.optional(moneyToCents),
  dueDay: v.optional(intLike(1, DUE_DAY_MAX)),
  graceDays: v.optional(intLike(0, GRACE_DAYS_MAX)),
  lateFee: v.optional(
    v.strictObject({
      flat: v.optional(moneyToCents),
      percent: v.optional(feePercent),
      daily: v.optional(moneyToCents),
      maxPerMonth: v.optional(feeCap),
    }),
  ),
  issueDaysBefore: v.optional(intLike(0, ISSUE_DAYS_BEFORE_MAX)),
};

/**
 * The terms of a new lease (bodies are strict: an unknown field is a 400), each optional: an absent one is
 * the property's figure or the default. The deposit only here: it is invoiced when the lease is made.
 */
export const termsFields = { deposit: v.optional(moneyToCents), ...changeableTermsFields };

/** startDate required; endDate absent, null or '' for month to month. */
export const leaseDatesFields = { startDate: isoDate, endDate: v.optional(endDateValue, '') };

/** The dates rule (a side left out, as in a PUT, is not checked here: the workflow checks the merged lease). */
export const END_BEFORE_START = 'must not be before startDate';
export const endNotBeforeStart = (lease: { startDate?: string | undefined; endDate?: string | undefined }) =>
  lease.startDate === undefined ||
  lease.endDate === undefined ||
  lease.endDate === '' ||
  lease.endDate >= lease.startDate;

/** The dates and terms of a new lease, without its tenant and property (an application's approval knows them). */
export const leaseTermsBody = v.pipe(
  v.strictObject({ ...leaseDatesFields, ...termsFields }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endNotBeforeStart, END_BEFORE_START), ['endDate']),
);
export type LeaseTermsInput = v.InferOutput<typeof leaseTermsBody>;

/** adminLeases create. */
export const createLeaseBody = v.pipe(
  v.strictObject({ tenantId: intLike(1), propertyId: intLike(1), ...leaseDatesFields, ...termsFields }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endNotBeforeStart, END_BEFORE_START), ['endDate']),
);
export type CreateLeaseInput = v.InferOutput<typeof createLeaseBody>;

/**
 * adminLeases PUT, at least one field: the terms, which apply to months not yet charged, the end date ('' or
 * null makes it open-ended again) and, while the lease has not started, its start. No deposit (a 400): it was
 * invoiced when the lease was made.
 */
export const updateLeaseBody = v.pipe(
  v.strictObject({
    startDate: v.optional(isoDate),
    endDate: v.optional(endDateValue),
    ...changeableTermsFields,
  }),
  v.check(
    (body) => Object.values(body).some((value) => value !== undefined),
    `give at least one of startDate, endDate, ${Object.keys(changeableTermsFields).join(', ')}`,
  ),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endNotBeforeStart, END_BEFORE_START), ['endDate']),
);
export type UpdateLeaseInput = v.InferOutput<typeof updateLeaseBody>;

export type TermsInput = v.InferOutput<v.StrictObjectSchema<typeof termsFields, undefined>>;

/**
 * The terms a body sets: each given field over `base`, which is the lease's own terms (a PUT) or, for a new
 * lease, its property's figures and the defaults (`termsOf({}, property)`, shared/domain/lease.ts).
 */
export function termsFrom(input: TermsInput, base: LeaseTerms): LeaseTerms {
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

/** The terms under the body's names, as amounts: a body takes them back unchanged. */
export function termsView(terms: LeaseTerms) {
  return {
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
  };
}

/** termsView's answer. */
const termsResponseEntries = {
  rent: v.number(),
  deposit: v.number(),
  dueDay: v.number(),
  graceDays: v.number(),
  lateFee: v.object({
    flat: v.number(),
    /** Percent of the rent still due on the first late day. */
    percent: v.number(),
    daily: v.number(),
    /** Cap of all late fees of one rent invoice; null: none. */
    maxPerMonth: v.nullable(v.number()),
  }),
  issueDaysBefore: v.number(),
};
export const termsResponse = v.object(termsResponseEntries);

/**
 * A lease as adminLeases answers it (every answer, and the `lease.*` events' data): its record, its status on
 * the site's `today`, and its terms under the body's names.
 */
export function leaseView(lease: LeaseRecord, terms: LeaseTerms, today: string) {
  return {
    leaseId: lease.leaseId,
    tenantId: lease.tenantId,
    propertyId: lease.propertyId,
    status: leaseStatusOn(lease, today),
    startDate: lease.startDate,
    endDate: lease.endDate,
    ...termsView(terms),
    applicationId: lease.applicationId ?? null,
    depositInvoiceId: lease.depositInvoiceId ?? null,
    dateCreated: lease.dateCreated,
    dateUpdated: lease.dateUpdated ?? lease.dateCreated,
  };
}

/** leaseView's answer, for route contracts and the registry. */
export const leaseResponse = v.object({
  leaseId: v.number(),
  tenantId: v.number(),
  propertyId: v.number(),
  status: v.picklist(LEASE_DATE_STATUSES),
  startDate: v.string(),
  /** '' while open-ended (month to month); else the lease's last day. */
  endDate: v.string(),
  ...termsResponseEntries,
  applicationId: v.nullable(v.number()),
  depositInvoiceId: v.nullable(v.number()),
  dateCreated: v.string(),
  dateUpdated: v.string(),
});

export type LeaseView = ReturnType<typeof leaseView>;
