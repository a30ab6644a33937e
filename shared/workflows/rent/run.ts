/**
 * The rent run of one day (docs/rent-cycle.md "The run"; the daily `rentRun` schedule and `rentRun.json`):
 * shard by shard (the leases split by id into RENT_SHARDS, a few at a time), every lease's RENT
 * invoices due by the day (charges.ts), autopay when the day is the site's today (autopay.ts), then the late
 * fees of the shard's watched invoices (late-fees.ts). Idempotent: the same day again, or five runs at once,
 * write nothing more (guards and conditions in each transaction); a later day adds only what that day owes.
 */

import { watchesOf } from '../../data/late-fee-watch-repo.js';
import { allLeases, getLease } from '../../data/leases-repo.js';
import { invoiceHeaders } from '../../data/money-documents-repo.js';
import { RENT_SHARDS, rentShardOf, rentStates } from '../../data/rent-state-repo.js';
import type { Actor } from '../../domain/change.js';
import type { LeaseRecord } from '../../domain/lease.js';
import { autopayRunsOn, runDayRefusal } from '../../domain/rent/run-day.js';
import { mapLimited } from '../../map-limited.js';
import { type AutopayTried, chargeAutopayDue } from './autopay.js';
import { type Charged, chargeLease, type SkippedLease } from './charges.js';
import { type LateFeePosted, postLateFees } from './late-fees.js';
import { leaseTermsReader } from './lease-terms.js';

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
const PARALLEL_SHARDS = 4;

/** A card charge this run made that is paid, or on its way: no late fee on that invoice in this run. */
const paysTheRent = (tried: AutopayTried) => tried.outcome === 'succeeded' || tried.outcome === 'processing';

/**
 * The run for `today` when the site's today is `siteToday`: never a day after it (a programming error: the
 * callers refuse such a day first), and autopay only when it is the site's today.
 */
export async function runRent(
  today: string,
  by: Actor,
  now: Date,
  currency: string,
  siteToday: string,
): Promise<RentRunResult> {
  const refusal = runDayRefusal(today, siteToday);
  if (refusal) throw new RangeError(`A rent run for ${today}: ${refusal}`);
  const ctx = { by, now, today };
  const termsFor = leaseTermsReader();

  // L5: every lease, one Query partition read page by page (docs/rent-cycle.md "At scale" for fanning out).
  const everyLease = await allLeases();
  const shards = await mapLimited(
    Array.from({ length: RENT_SHARDS }, (_, shard) => shard),
    async (shard) => {
      const leases = everyLease.filter((l) => rentShardOf(l.leaseId) === shard);
      const states = await rentStates(leases.map((l) => l.leaseId));
      const invoices: Charged[] = [];
      const skipped: SkippedLease[] = [];
      // Each lease as last read: the late fees below take their terms from the same read as its charges.
      const byId = new Map<number, LeaseRecord | undefined>();
      for (const lease of leases) {
        const chargedThrough = states.get(lease.leaseId)?.chargedThrough ?? '';
        const done = await chargeLease(lease, termsFor, chargedThrough, ctx);
        invoices.push(...done.charged);
        if (done.skipped) skipped.push(done.skipped);
        byId.set(lease.leaseId, done.lease);
      }
      // The shard's open RENT invoices (fresh ones included), their headers in batches: autopay, then late fees.
      const watches = await watchesOf(shard);
      const headers = await invoiceHeaders(watches.map((w) => w.rentInvoiceId));
      // A back-dated run is bookkeeping: it charges no card (the run of the site's today does).
      const autopay = autopayRunsOn(today, siteToday)
        ? await chargeAutopayDue(watches, headers, currency, ctx)
        : [];
      // The headers were read before autopay: what it just charged is not late today, whatever they say.
      const charging = new Set(autopay.filter(paysTheRent).map((a) => a.invoiceId));
      const late = await postLateFees(
        watches.filter((w) => !charging.has(w.rentInvoiceId)),
        headers,
        async (id) => (byId.has(id) ? byId.get(id) : getLease(id)),
        termsFor,
        ctx,
      );
      return {
        leases: leases.length,
        invoices,
        skipped,
        autopay,
        lateFees: late.posted,
        settled: late.unwatched.length,
      };
    },
    PARALLEL_SHARDS,
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
