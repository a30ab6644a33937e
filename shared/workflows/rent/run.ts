/**
 * The rent run of one day (docs/rent-cycle.md "The run"; the daily `rentRun` schedule and `rentRun.json`):
 * shard by shard (the leases split by id into the rent shards, a few at a time), every lease's RENT
 * invoices due by the day (charges.ts), autopay when the day is the site's today (autopay.ts), then the late
 * fees of the shard's watched invoices (late-fees.ts). Idempotent: the same day again, or five runs at once,
 * write nothing more (guards and conditions in each transaction); a later day adds only what that day owes.
 */

import { type LateFeeWatch, watchesOf } from '../../data/late-fee-watch-repo.js';
import { allLeases, getLease } from '../../data/leases-repo.js';
import { invoiceHeaders } from '../../data/money-documents-repo.js';
import { rentShards, rentStates } from '../../data/rent-state-repo.js';
import type { Actor } from '../../domain/change.js';
import type { LeaseRecord } from '../../domain/lease.js';
import { autopayRunsOn, runDayRefusal } from '../../domain/rent/run-day.js';
import { mapLimited } from '../../jobs/limiter.js';
import { type AutopayTried, chargeAutopayDue } from './autopay.js';
import { type Charged, chargeLease, type LeaseChargeContext, type SkippedLease } from './charges.js';
import { type LateFeePosted, postLateFees } from './late-fees.js';
import { type LeaseTermsReader, leaseTermsReader } from './lease-terms.js';

export interface RentRunResult {
  date: string;
  leases: number;
  invoices: Charged[];
  /** Leases the run could not charge, and why (docs/rent-cycle.md "The run"). */
  skipped: SkippedLease[];
  /** Autopay charges made by this run, with what Stripe answered. */
  autopay: AutopayTried[];
  lateFees: LateFeePosted[];
  /** RENT invoices no longer watched for late fees (paid or closed). */
  settled: number;
}

/** Shards run at once: each reads its leases and writes its own lease's items only. */
const SHARDS_AT_A_TIME = 4;

/** A card charge this run made that is paid, or on its way: no late fee on that invoice in this run. */
const paysTheRent = (tried: AutopayTried) => tried.outcome === 'succeeded' || tried.outcome === 'processing';

/** One run's day and what every part of it shares (the in-process run and the queue's page workers alike). */
export interface RunContext extends LeaseChargeContext {
  currency: string;
  siteToday: string;
  termsFor: LeaseTermsReader;
}

/** What a run takes of the site's settings: its currency (autopay) and its time zone (which month is which). */
export interface RunSite {
  currency: string;
  timeZone: string;
}

export function runContext(
  today: string,
  by: Actor,
  now: Date,
  site: RunSite,
  siteToday: string,
): RunContext {
  const refusal = runDayRefusal(today, siteToday);
  if (refusal) throw new RangeError(`A rent run for ${today}: ${refusal}`);
  return { by, now, today, ...site, siteToday, termsFor: leaseTermsReader() };
}

export interface LeasesCharged {
  invoices: Charged[];
  skipped: SkippedLease[];
  /** Each lease as last read: the late fees take their terms from the same read as its charges. */
  byId: Map<number, LeaseRecord | undefined>;
  /** Leases whose charge failed (the others are done): the caller reports or retries them. */
  failed: { leaseId: number; error: Error }[];
}

/** Step 1 of the run for these leases (each as read): their rent due by the day, `parallel` leases at a time. */
export async function chargeLeases(
  leases: readonly LeaseRecord[],
  run: RunContext,
  parallel = 1,
): Promise<LeasesCharged> {
  const states = await rentStates(leases.map((l) => l.leaseId));
  const done: LeasesCharged = { invoices: [], skipped: [], byId: new Map(), failed: [] };
  await mapLimited(
    leases,
    async (lease) => {
      try {
        const chargedThrough = states.get(lease.leaseId)?.chargedThrough ?? '';
        const charges = await chargeLease(lease, run.termsFor, chargedThrough, run);
        done.invoices.push(...charges.charged);
        if (charges.skipped) done.skipped.push(charges.skipped);
        done.byId.set(lease.leaseId, charges.lease);
      } catch (error) {
        done.failed.push({ leaseId: lease.leaseId, error: error as Error });
      }
    },
    parallel,
  );
  return done;
}

export interface WatchesSettled {
  autopay: AutopayTried[];
  lateFees: LateFeePosted[];
  settled: number;
}

/**
 * Steps 2 and 3 for these watched RENT invoices: autopay (only in the run of the site's today), then the late
 * fees of what autopay did not just charge. `leaseOf` gives a lease as the run last read it, when it did.
 */
export async function settleWatches(
  watches: readonly LateFeeWatch[],
  run: RunContext,
  leaseOf: ReadonlyMap<number, LeaseRecord | undefined> = new Map(),
): Promise<WatchesSettled> {
  if (watches.length === 0) return { autopay: [], lateFees: [], settled: 0 };
  const headers = await invoiceHeaders(watches.map((w) => w.rentInvoiceId));
  // A back-dated run is bookkeeping: it charges no card (the run of the site's today does).
  const autopay = autopayRunsOn(run.today, run.siteToday)
    ? await chargeAutopayDue(watches, headers, run.currency, run)
    : [];
  // The headers were read before autopay: what it just charged is not late today, whatever they say.
  const charging = new Set(autopay.filter(paysTheRent).map((a) => a.invoiceId));
  const late = await postLateFees(
    watches.filter((w) => !charging.has(w.rentInvoiceId)),
    headers,
    async (id) => (leaseOf.has(id) ? leaseOf.get(id) : getLease(id)),
    run.termsFor,
    run,
  );
  return { autopay, lateFees: late.posted, settled: late.unwatched.length };
}

/**
 * The run for `today` when the site's today is `siteToday`, in this process: never a day after it (a
 * programming error: the callers refuse such a day first), and autopay only when it is the site's today. The
 * on-demand run of a small site (rentRun.json answers what it did); the schedule fans out instead (pages.ts).
 */
export async function runRent(
  today: string,
  by: Actor,
  now: Date,
  site: RunSite,
  siteToday: string,
): Promise<RentRunResult> {
  const run = runContext(today, by, now, site, siteToday);

  // L5: every lease, one Query partition read page by page.
  const everyLease = await allLeases();
  const shards = await mapLimited(
    rentShards.shardNumbers(),
    async (shard) => {
      const leases = everyLease.filter((l) => rentShards.shardOf(l.leaseId) === shard);
      const charged = await chargeLeases(leases, run);
      const failure = charged.failed[0];
      if (failure) throw failure.error;
      // The shard's open RENT invoices (fresh ones included): autopay, then late fees.
      const settled = await settleWatches(await watchesOf(shard), run, charged.byId);
      return { leases: leases.length, ...charged, ...settled };
    },
    SHARDS_AT_A_TIME,
  );
  return {
    date: today,
    leases: shards.reduce((n, s) => n + s.leases, 0),
    invoices: shards.flatMap((s) => s.invoices),
    skipped: shards.flatMap((s) => s.skipped),
    autopay: shards.flatMap((s) => s.autopay),
    lateFees: shards.flatMap((s) => s.lateFees),
    settled: shards.reduce((n, s) => n + s.settled, 0),
  };
}
