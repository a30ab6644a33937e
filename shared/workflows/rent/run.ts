/**
 * The rent run of one day (docs/rent-cycle.md "The run"; the daily `rentRun` schedule and `rentRun.json`):
 * shard by shard (the leases split by id into RENT_SHARDS, a few at a time), every lease's RENT
 * invoices due by the day (charges.ts), then the late fees of the shard's watched invoices (late-fees.ts).
 * Idempotent: the same day again, or five runs at once, write nothing more (guards and conditions in each
 * transaction); a later day adds only what that day owes.
 */

import { watchesOf } from '../../data/late-fee-watch-repo.js';
import { allLeases, getLease } from '../../data/leases-repo.js';
import { invoiceHeaders } from '../../data/money-documents-repo.js';
import { getProperty } from '../../data/properties-repo.js';
import { RENT_SHARDS, rentShardOf, rentStates } from '../../data/rent-state-repo.js';
import type { Actor } from '../../domain/change.js';
import { type LeaseRecord, type LeaseTerms, termsOf } from '../../domain/lease.js';
import type { PropertyRecord } from '../../domain/property.js';
import { mapLimited } from '../../map-limited.js';
import { type AutopayTried, chargeAutopayDue } from './autopay.js';
import { type Charged, chargeLease } from './charges.js';
import { type LateFeePosted, postLateFees } from './late-fees.js';

export interface RentRunResult {
  date: string;
  leases: number;
  invoices: Charged[];
  /** Autopay charges made by this run, with what Stripe answered. */
  autopay: AutopayTried[];
  lateFees: LateFeePosted[];
  /** RENT invoices no longer watched for late fees (paid or closed). */
  settled: number;
}

/** Shards run at once: each reads its leases and writes its own lease's items only. */
const PARALLEL_SHARDS = 4;

export async function runRent(today: string, by: Actor, now: Date, currency: string): Promise<RentRunResult> {
  const ctx = { by, now, today };
  // A lease written before the rent cycle takes its terms from its property: one read per property, once.
  const properties = new Map<number, Promise<PropertyRecord | undefined>>();
  const propertyOf = (id: number) => {
    if (!properties.has(id))
      properties.set(
        id,
        getProperty(id).then((p) => p?.record),
      );
    return properties.get(id) as Promise<PropertyRecord | undefined>;
  };
  const defaults = { propertyRateCents: 0, propertyDepositCents: 0, latePenaltyCents: 0 };
  const termsFor = async (lease: LeaseRecord): Promise<LeaseTerms> =>
    lease.terms ?? termsOf(lease, (await propertyOf(lease.propertyId)) ?? defaults);

  // L5: every lease, one Query partition read page by page (docs/rent-cycle.md "At scale" for fanning out).
  const everyLease = await allLeases();
  const shards = await mapLimited(
    Array.from({ length: RENT_SHARDS }, (_, shard) => shard),
    async (shard) => {
      const leases = everyLease.filter((l) => rentShardOf(l.leaseId) === shard);
      const states = await rentStates(leases.map((l) => l.leaseId));
      const invoices: Charged[] = [];
      for (const lease of leases) {
        const terms = await termsFor(lease);
        const chargedThrough = states.get(lease.leaseId)?.chargedThrough ?? '';
        invoices.push(...(await chargeLease(lease, () => terms, chargedThrough, ctx)));
      }
      // The shard's open RENT invoices (fresh ones included), their headers in batches: autopay, then late fees.
      const watches = await watchesOf(shard);
      const headers = await invoiceHeaders(watches.map((w) => w.rentInvoiceId));
      const autopay = await chargeAutopayDue(watches, headers, currency, ctx);
      const byId = new Map(leases.map((l) => [l.leaseId, l]));
      const late = await postLateFees(
        watches,
        headers,
        async (id) => byId.get(id) ?? getLease(id),
        termsFor,
        ctx,
      );
      return {
        leases: leases.length,
        invoices,
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
    autopay: shards.flatMap((s) => s.autopay),
    lateFees: shards.flatMap((s) => s.lateFees),
    settled: shards.reduce((n, s) => n + s.settled, 0),
  };
}
