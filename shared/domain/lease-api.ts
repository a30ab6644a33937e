/**
 * The lease as the admin API takes and shows it (adminLeases, and the `lease` of an application's approval;
 * docs/leases.md): the terms in API names and amounts (`rent`, `deposit`, `lateFee.flat` … as "1250.00"),
 * turned into the record's LeaseTerms in cents with the property's defaults, and the lease's admin view (the
 * payload of `lease.*` events). Pure valibot and plain functions: contracts and the registry import it.
 *
 * At merge the rent rules' own schemas (in shared/domain/rent/) may take this file's place; the
 * shapes of LeaseTerms and LateFeeTerms (shared/domain/lease.ts) are the contract both follow.
 */
import * as v from 'valibot';
import {
  DEFAULT_DUE_DAY,
  DEFAULT_GRACE_DAYS,
  DEFAULT_ISSUE_DAYS_BEFORE,
  type LateFeeTerms,
  type LeaseRecord,
  type LeaseTerms,
  type TermDefaults,
} from './lease.js';
import { LEASE_DATE_STATUSES, leaseStatusOn } from './lease-dates.js';
import { toAmount } from './money.js';
import { intLike, isoDate, moneyToCents } from './values.js';

export const MAX_GRACE_DAYS = 60;
export const MAX_ISSUE_DAYS_BEFORE = 60;

/** A percentage 0–100 with at most 2 decimals (of the rent still due). */
const feePercent = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.finite()),
      v.pipe(v.string(), v.regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage'), v.transform(Number)),
    ],
    'must be a percentage such as 5 or 2.5',
  ),
  v.minValue(0, 'must not be negative'),
  v.maxValue(100, 'must be at most 100'),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'has at most 2 decimals'),
);

const lateFeeInput = v.strictObject({
  flat: v.optional(moneyToCents),
  percent: v.optional(feePercent),
  daily: v.optional(moneyToCents),
  /** null or '': no cap. */
  maxPerMonth: v.optional(
    v.union([
      v.null(),
      v.pipe(
        v.literal(''),
        v.transform(() => null),
      ),
      moneyToCents,
    ]),
  ),
});

/** '' or null: open-ended (month to month). */
const endDateInput = v.union([
  isoDate,
  v.literal(''),
  v.pipe(
    v.null(),
    v.transform(() => ''),
  ),
]);

/** The terms every lease write may carry (each optional: the property's defaults, or the lease's own, stand). */
const termEntries = {
  rent: v.optional(moneyToCents),
  dueDay: v.optional(intLike(1, 28)),
  graceDays: v.optional(intLike(0, MAX_GRACE_DAYS)),
  lateFee: v.optional(lateFeeInput),
  issueDaysBefore: v.optional(intLike(0, MAX_ISSUE_DAYS_BEFORE)),
};

const endNotBeforeStart = (b: { startDate?: string | undefined; endDate?: string | undefined }) =>
  b.startDate === undefined || b.endDate === undefined || b.endDate === '' || b.endDate >= b.startDate;

/** The terms of a new lease without its parties (an application's approval names them). */
/** The money terms of a new lease: the deposit too (PUT refuses it: it was invoiced when the lease was made). */
export const newLeaseTermEntries = { deposit: v.optional(moneyToCents), ...termEntries };

export const leaseTermsEntries = {
  startDate: isoDate,
  endDate: v.optional(endDateInput),
  ...newLeaseTermEntries,
};

export const leaseTermsBody = v.pipe(
  v.strictObject(leaseTermsEntries),
  v.forward(
    v.check((b) => endNotBeforeStart(b), 'must not be before startDate'),
    ['endDate'],
  ),
);
export type LeaseTermsInput = v.InferOutput<typeof leaseTermsBody>;

export const createLeaseBody = v.pipe(
  v.strictObject({ tenantId: intLike(1), propertyId: intLike(1), ...leaseTermsEntries }),
  v.forward(
    v.check((b) => endNotBeforeStart(b), 'must not be before startDate'),
    ['endDate'],
  ),
);
export type CreateLeaseInput = v.InferOutput<typeof createLeaseBody>;

/**
 * PUT: the terms that apply to months not yet charged, the end date ('' makes it open-ended again) and, while
 * the lease has not started, its start. The deposit is not here: it was invoiced when the lease was made.
 */
export const updateLeaseBody = v.pipe(
  v.strictObject({ startDate: v.optional(isoDate), endDate: v.optional(endDateInput), ...termEntries }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), 'send at least one term to change'),
  v.forward(
    v.check((b) => endNotBeforeStart(b), 'must not be before startDate'),
    ['endDate'],
  ),
);
export type UpdateLeaseInput = v.InferOutput<typeof updateLeaseBody>;

type LateFeeInput = v.InferOutput<typeof lateFeeInput>;

const lateFeeOf = (input: LateFeeInput | undefined, base: LateFeeTerms): LateFeeTerms => ({
  flatCents: input?.flat ?? base.flatCents,
  percent: input?.percent ?? base.percent,
  dailyCents: input?.daily ?? base.dailyCents,
  maxPerMonthCents: input?.maxPerMonth !== undefined ? input.maxPerMonth : base.maxPerMonthCents,
});

/** A new lease's terms: what was sent, else the property's figures and the defaults (DESIGN.md). */
export function termsFromInput(input: LeaseTermsInput, property: TermDefaults): LeaseTerms {
  return {
    rentCents: input.rent ?? property.propertyRateCents,
    depositCents: input.deposit ?? property.propertyDepositCents,
    dueDay: input.dueDay ?? DEFAULT_DUE_DAY,
    graceDays: input.graceDays ?? DEFAULT_GRACE_DAYS,
    lateFee: lateFeeOf(input.lateFee, {
      flatCents: property.latePenaltyCents,
      percent: 0,
      dailyCents: 0,
      maxPerMonthCents: null,
    }),
    issueDaysBefore: input.issueDaysBefore ?? DEFAULT_ISSUE_DAYS_BEFORE,
  };
}

/** The terms after a PUT: the lease's own, with what was sent in their place. */
export function mergeTerms(current: LeaseTerms, input: UpdateLeaseInput): LeaseTerms {
  return {
    rentCents: input.rent ?? current.rentCents,
    depositCents: current.depositCents,
    dueDay: input.dueDay ?? current.dueDay,
    graceDays: input.graceDays ?? current.graceDays,
    lateFee: lateFeeOf(input.lateFee, current.lateFee),
    issueDaysBefore: input.issueDaysBefore ?? current.issueDaysBefore,
  };
}

/** The lease as adminLeases shows it: its status on the site's today, the terms in amounts. */
export function leaseAdminView(lease: LeaseRecord, terms: LeaseTerms, today: string) {
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
    depositInvoiceId: lease.depositInvoiceId ?? null,
    dateCreated: lease.dateCreated,
    dateUpdated: lease.dateUpdated ?? lease.dateCreated,
  };
}

/** The schema of leaseAdminView (the single lease, each list row, the `lease.*` events' data). */
export const adminLease = v.object({
  leaseId: v.number(),
  tenantId: v.number(),
  propertyId: v.number(),
  status: v.picklist(LEASE_DATE_STATUSES),
  startDate: v.string(),
  /** '' while open-ended (month to month); else the lease's last day. */
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
  depositInvoiceId: v.nullable(v.number()),
  dateCreated: v.string(),
  dateUpdated: v.string(),
});
