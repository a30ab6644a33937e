/**
 * A lease: a tenant renting an LTR property (docs/tenants.md, DESIGN.md "The LTR rent cycle"). The tenant
 * session takes propertyId and leaseId from the tenant's active lease. Money is integer cents.
 *
 * The terms below are the contract of the rent cycle: shared/domain/rent/ computes from them (the rent of each
 * month, prorated; due and issue dates; late fees), adminLeases writes them, the rent run charges them.
 */
import { completeLateFeeTerms, type LateFeeTerms, lateFeeTerms } from './rent/late-fee-rules.js';

export const LEASE_STATUSES = ['active', 'pending', 'ended'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

export type { LateFeeTerms } from './rent/late-fee-rules.js';

export interface LeaseTerms {
  /** Monthly rent (default: the property's `propertyRate`). */
  rentCents: number;
  /** Invoiced once when the lease is made (default: the property's `propertyDeposit`); 0: none. */
  depositCents: number;
  /** Day of the month rent is due, 1–28 (default 1). */
  dueDay: number;
  /** Days after the due date before a late fee (default 5). */
  graceDays: number;
  lateFee: LateFeeTerms;
  /** Days before its due date a month's RENT invoice is issued (default 14). */
  issueDaysBefore: number;
}

export interface LeaseRecord {
  leaseId: number;
  tenantId: number;
  propertyId: number;
  status: LeaseStatus;
  startDate: string;
  /** '' while open-ended (month to month). */
  endDate: string;
  dateCreated: string;
  /** The terms; absent on leases written before the rent cycle (read with `termsOf`). */
  terms?: LeaseTerms;
  /** The application the lease was made from, when it was. */
  applicationId?: number | null;
  /** The DEPOSIT invoice made with the lease (none when the deposit is 0 or the lease came from a fixture). */
  depositInvoiceId?: number | null;
  dateUpdated?: string;
}

export const DEFAULT_DUE_DAY = 1;
export const DEFAULT_GRACE_DAYS = 5;
export const DEFAULT_ISSUE_DAYS_BEFORE = 14;

/** The property figures the terms default to. */
export interface TermDefaults {
  propertyRateCents: number;
  propertyDepositCents: number;
  latePenaltyCents: number;
}

/** A lease's own terms read whole (a late-fee kind added since they were written counts 0); none before terms. */
export const ownTermsOf = (lease: Pick<LeaseRecord, 'terms'>): LeaseTerms | undefined =>
  lease.terms && { ...lease.terms, lateFee: completeLateFeeTerms(lease.terms.lateFee) };

/** The terms of a lease: its own, or the defaults from its property for a lease written before terms existed. */
export function termsOf(lease: Pick<LeaseRecord, 'terms'>, property: TermDefaults): LeaseTerms {
  return (
    ownTermsOf(lease) ?? {
      rentCents: property.propertyRateCents,
      depositCents: property.propertyDepositCents,
      dueDay: DEFAULT_DUE_DAY,
      graceDays: DEFAULT_GRACE_DAYS,
      lateFee: lateFeeTerms({ flat: property.latePenaltyCents }),
      issueDaysBefore: DEFAULT_ISSUE_DAYS_BEFORE,
    }
  );
}
