/**
 * The RENT invoices of one lease that are due by a day (docs/rent-cycle.md "The run"): each month the rules
 * say is issued by then (shared/domain/rent/schedule.ts) and not charged yet, one transaction each: the
 * invoice with its line, its journal posting and its announcement (the money-document workflow, like any
 * invoice), the month's guard and the lease's rent state, the invoice's late-fee watch, and a check that the lease's end is still the one
 * read. A second run of the same day, or two at once, fail on the guard and charge nothing; an end written
 * meanwhile fails the check, and the lease is read again.
 */
import { noWait } from '../../backoff.js';
import { watchPart } from '../../data/late-fee-watch-repo.js';
import { getLease } from '../../data/leases-repo.js';
import {
  LEASE_END_LABEL,
  leaseEndUnchangedPart,
  RENT_CHARGE_LABEL,
  rentChargedParts,
} from '../../data/rent-state-repo.js';
import { nextBlockId } from '../../db/counters.js';
import { commit, TransactionFailed } from '../../db/transaction.js';
import type { Actor } from '../../domain/change.js';
import { dayOfMoment } from '../../domain/dates.js';
import type { LeaseRecord, LeaseTerms } from '../../domain/lease.js';
import type { DocumentLine } from '../../domain/money-document/line-items.js';
import { rentLineWords } from '../../domain/money-document/words.js';
import { monthOf } from '../../domain/rent/calendar.js';
import { firstLateDay } from '../../domain/rent/late-fee.js';
import { chargesDueBy, type RentPeriod } from '../../domain/rent/schedule.js';
import { pausedForRetry, type RetryPolicy } from '../../retry-policy.js';
import { newJournalEntryId } from '../ledger/posting.js';
import { newInvoice, newInvoiceParts } from '../money-document/create.js';
import type { LeaseTermsReader } from './lease-terms.js';

export interface ChargeContext {
  by: Actor;
  now: Date;
  /** The run's day (site time zone): the invoice date. */
  today: string;
}

/** What charging a lease needs besides: the site's time zone, whose month a lease was recorded in. */
export interface LeaseChargeContext extends ChargeContext {
  /** Settings `systemTimeZone`. */
  timeZone: string;
}

export interface Charged {
  leaseId: number;
  month: string;
  invoiceId: number;
  amountCents: number;
}

/** Why the run left a lease alone: `noTerms`, no terms of its own and no property to take them from. */
export interface SkippedLease {
  leaseId: number;
  reason: 'noTerms';
}

export interface LeaseCharges {
  charged: Charged[];
  /** The lease as last read (read again when its end moved while charging); undefined when it is gone. */
  lease: LeaseRecord | undefined;
  /** Set when the lease was not charged at all, and why. */
  skipped?: SkippedLease;
}

/** The invoice line of a month: the whole rent, or the days covered of a month the lease covers in part. */
export function rentLine(period: RentPeriod): DocumentLine {
  return {
    description: rentLineWords(period.month, period.daysCovered, period.daysInMonth),
    amountCents: period.amountCents,
    quantity: 1,
    taxed: 0,
  };
}

const rentInvoice = (lease: LeaseRecord, period: RentPeriod, invoiceId: number, ctx: ChargeContext) =>
  newInvoice({
    invoiceId,
    description: 'RENT',
    tenantId: lease.tenantId,
    propertyId: lease.propertyId,
    leaseId: lease.leaseId,
    invoiceDate: ctx.today,
    dueDate: period.dueDate,
    period: period.month,
    now: ctx.now,
  });

/** Charges one month; false when it was charged already (by this run's twin, or an earlier run). */
async function chargeMonth(
  lease: LeaseRecord,
  terms: LeaseTerms,
  period: RentPeriod,
  ctx: ChargeContext,
): Promise<Charged | false> {
  const [invoiceId, entryId] = await Promise.all([nextBlockId('invoice'), newJournalEntryId()]);
  const line = rentLine(period);
  try {
    await commit([
      ...newInvoiceParts(rentInvoice(lease, period, invoiceId, ctx), [line], {
        entryId,
        by: ctx.by,
        now: ctx.now,
      }),
      ...rentChargedParts(lease.leaseId, period.month),
      watchPart({
        rentInvoiceId: invoiceId,
        leaseId: lease.leaseId,
        month: period.month,
        dueDate: period.dueDate,
        // Issued today: a month issued after its due date has its grace days from today.
        firstLateDay: firstLateDay({ dueDate: period.dueDate, issueDate: ctx.today }, terms.graceDays),
        baseCents: null,
        postedCents: 0,
        postedThrough: '',
      }),
      leaseEndUnchangedPart(lease),
    ]);
    return { leaseId: lease.leaseId, month: period.month, invoiceId, amountCents: period.amountCents };
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(RENT_CHARGE_LABEL)) return false;
    throw error;
  }
}

/** A lease changed (ended) between the run's read and its charge: read again and decide again. */
const leaseMoved = (error: unknown) =>
  error instanceof TransactionFailed && error.conditionFailed(LEASE_END_LABEL);

/** Charges of a lease whose end moved meanwhile, each after a new read: three tries in all. */
const LEASE_MOVED_RETRY: RetryPolicy = { maxTries: 3, backoff: noWait };

/**
 * Every month of the lease due by `ctx.today` after `chargedThrough`, charged in order with the terms of the
 * lease as last read. Reads the lease again (at most a few times) when its end moved while charging, and takes
 * the terms of that new read (an end and new terms are often one change). A lease without terms is skipped.
 */
export async function chargeLease(
  read: LeaseRecord,
  termsOf: LeaseTermsReader,
  chargedThrough: string,
  ctx: LeaseChargeContext,
): Promise<LeaseCharges> {
  const charged: Charged[] = [];
  let lease: LeaseRecord | undefined = read;
  for (let tries = 1; lease; tries++) {
    const done = new Set(charged.map((c) => c.month));
    const terms = await termsOf(lease);
    if (!terms) return { charged, lease, skipped: { leaseId: lease.leaseId, reason: 'noTerms' } };
    // Months before the lease was recorded are the business's own to invoice (a lease entered mid-way, a
    // migration): the run never bills years of back rent on its first day.
    const recorded = monthOf(dayOfMoment(ctx.timeZone, lease.dateCreated));
    const from = chargedThrough > recorded ? chargedThrough : recorded;
    const due = chargesDueBy(lease, terms, ctx.today, from).filter(
      (p) => p.month > chargedThrough && p.month >= recorded && !done.has(p.month),
    );
    try {
      for (const period of due) {
        const made = await chargeMonth(lease, terms, period, ctx);
        if (made) charged.push(made);
      }
      return { charged, lease };
    } catch (error) {
      if (!leaseMoved(error)) throw error;
      lease = await getLease(read.leaseId);
      if (!(await pausedForRetry(LEASE_MOVED_RETRY, tries))) break;
    }
  }
  return { charged, lease };
}
