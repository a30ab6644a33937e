/**
 * Late fees of the watched RENT invoices of a run's day (docs/rent-cycle.md "Late fees"): for each invoice
 * whose first late day has come, what the rules say it owes by today (shared/domain/rent/late-fee.ts) less
 * what was posted, as one ADJUSTMENT invoice per posting day, titled by the days it charges ("Late fee for
 * <Month YYYY>, first day (7 November)", "…, 5 days (8–12 November)": words.ts), linked to the lease
 * and to the rent invoice (`lateFeeOf`), in one transaction with the watch's move (conditioned on what was read: one
 * posting per day however many runs go) and a check that the rent invoice is still unpaid: the headers the
 * run read decide what to try, the check decides at the moment of the write. Nothing while a card payment is
 * processing; an invoice paid or closed is no longer watched. A run on a later day posts what the missed days
 * would have, never more.
 */

import {
  LATE_FEE_LABEL,
  type LateFeeWatch,
  postedPart,
  unwatchPart,
} from '../../data/late-fee-watch-repo.js';
import { INVOICE_UNPAID_LABEL, invoiceUnpaidPart, readHeader } from '../../data/money-documents-repo.js';
import { nextBlockId } from '../../db/counters.js';
import { commit, TransactionFailed } from '../../db/transaction.js';
import type { LeaseRecord, LeaseTerms } from '../../domain/lease.js';
import { amountDueCents } from '../../domain/money-document/figures.js';
import { INVOICE_STATUS } from '../../domain/money-document/kind.js';
import type { InvoiceRecord } from '../../domain/money-document/record.js';
import { type LateFeeDays, lateFeeLineWords } from '../../domain/money-document/words.js';
import { addDays } from '../../domain/rent/calendar.js';
import { lateFeeOwedCents, lateFeeToPost } from '../../domain/rent/late-fee.js';
import { newJournalEntryId } from '../ledger/posting.js';
import { newInvoice, newInvoiceParts } from '../money-document/create.js';
import type { ChargeContext } from './charges.js';

export interface LateFeePosted {
  leaseId: number;
  rentInvoiceId: number;
  invoiceId: number;
  amountCents: number;
}

/** Statuses after which an invoice owes nothing more. */
const SETTLED: ReadonlySet<number> = new Set([
  INVOICE_STATUS.paid,
  INVOICE_STATUS.refunded,
  INVOICE_STATUS.cancelled,
  INVOICE_STATUS.void,
]);

/** Whether a rent invoice owes nothing more (gone, paid, closed, or nothing of it due). */
const settled = (rent: InvoiceRecord | undefined): boolean =>
  !rent || SETTLED.has(rent.status) || amountDueCents(rent) === 0;

/**
 * The days a posting on `today` charges: from the day after the last posting (the first late day when there was
 * none: its fees are charged once) through today.
 */
export const postingDays = (watch: LateFeeWatch, today: string): LateFeeDays =>
  watch.postedThrough
    ? { from: addDays(watch.postedThrough, 1), through: today, first: false }
    : { from: watch.firstLateDay, through: today, first: true };

const lateFeeInvoice = (
  rent: InvoiceRecord,
  watch: LateFeeWatch,
  invoiceId: number,
  ctx: ChargeContext,
  days: LateFeeDays,
) =>
  newInvoice({
    invoiceId,
    description: 'ADJUSTMENT',
    tenantId: rent.tenantId,
    propertyId: rent.propertyId,
    leaseId: watch.leaseId,
    period: watch.month,
    lateFeeOf: watch.rentInvoiceId,
    lateFeeDays: days,
    invoiceDate: ctx.today,
    dueDate: ctx.today,
    now: ctx.now,
  });

/** What one watch came to: a fee posted, the invoice no longer watched (settled), or nothing this time. */
type Outcome = { posted: LateFeePosted } | 'unwatch' | 'nothing';

/**
 * The fee one watched rent invoice owes by `ctx.today` less what was posted, written with the watch's move and
 * the check that the rent invoice is still unpaid.
 */
async function postFee(
  watch: LateFeeWatch,
  rent: InvoiceRecord,
  terms: LeaseTerms,
  ctx: ChargeContext,
): Promise<Outcome> {
  const baseCents = watch.baseCents ?? amountDueCents(rent);
  const owedCents = lateFeeOwedCents(
    { ...terms.lateFee, graceDays: terms.graceDays },
    { dueDate: watch.dueDate, issueDate: rent.invoiceDate, baseCents, rentCents: rent.totalCents },
    ctx.today,
  );
  const cents = lateFeeToPost({
    owedCents,
    postedCents: watch.postedCents,
    paid: false,
    processing: rent.status === INVOICE_STATUS.processing,
  });
  if (cents <= 0) return 'nothing';
  const [invoiceId, entryId] = await Promise.all([nextBlockId('invoice'), newJournalEntryId()]);
  const days = postingDays(watch, ctx.today);
  const header = lateFeeInvoice(rent, watch, invoiceId, ctx, days);
  const line = {
    description: lateFeeLineWords(watch.month, days),
    amountCents: cents,
    quantity: 1,
    taxed: 0 as const,
  };
  try {
    await commit([
      ...newInvoiceParts(header, [line], {
        entryId,
        by: ctx.by,
        now: ctx.now,
      }),
      postedPart(watch, cents, baseCents, ctx.today),
      invoiceUnpaidPart(watch.rentInvoiceId),
    ]);
    return {
      posted: { leaseId: watch.leaseId, rentInvoiceId: watch.rentInvoiceId, invoiceId, amountCents: cents },
    };
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.conditionFailed(INVOICE_UNPAID_LABEL)) {
      // Paid, or a payment began processing, since the run read it: no fee, and not an error. A settled invoice
      // is no longer watched; a processing one stays watched (a failed payment leaves the rent owed).
      return settled((await readHeader('invoice', watch.rentInvoiceId))?.record) ? 'unwatch' : 'nothing';
    }
    // Another run posted today's fee first.
    if (error.conditionFailed(LATE_FEE_LABEL)) return 'nothing';
    throw error;
  }
}

/**
 * Posts what each watch owes by `ctx.today`; stops watching what is settled. `headers` are the rent invoices as
 * the run read them (what to try); the write itself is conditioned on the rent invoice being unpaid.
 */
export async function postLateFees(
  watches: readonly LateFeeWatch[],
  headers: ReadonlyMap<number, InvoiceRecord>,
  leaseOf: (leaseId: number) => Promise<LeaseRecord | undefined>,
  termsOf: (lease: LeaseRecord) => Promise<LeaseTerms | undefined>,
  ctx: ChargeContext,
): Promise<{ posted: LateFeePosted[]; unwatched: number[] }> {
  const open = watches.filter((w) => w.firstLateDay <= ctx.today && w.postedThrough < ctx.today);
  const posted: LateFeePosted[] = [];
  const unwatched: number[] = [];
  for (const watch of open) {
    const rent = headers.get(watch.rentInvoiceId);
    let outcome: Outcome = 'unwatch';
    if (rent && !settled(rent)) {
      const lease = await leaseOf(watch.leaseId);
      // A lease gone, or without terms (the run reports it skipped): its invoice waits, watched.
      const terms = lease && (await termsOf(lease));
      outcome = terms ? await postFee(watch, rent, terms, ctx) : 'nothing';
    }
    if (outcome === 'unwatch') {
      await commit([unwatchPart(watch.rentInvoiceId)]);
      unwatched.push(watch.rentInvoiceId);
    } else if (outcome !== 'nothing') posted.push(outcome.posted);
  }
  return { posted, unwatched };
}
