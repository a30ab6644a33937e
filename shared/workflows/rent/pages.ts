/**
 * The rent run fanned out (docs/rent-cycle.md "At scale"): the schedule's invocation walks the lease ids (L5,
 * keys only) and the watched RENT invoices' ids (L8, keys only), page by page, and hands each page on as it
 * reads it; a worker runs the day's work for one page with the same per-lease transactions as the run in one
 * process (run.ts). A page may come twice, or two runs may send the same pages: the guards and conditions of
 * each transaction make the second pass write nothing.
 */
import { watchesOfInvoices, watchKeyPages } from '../../data/late-fee-watch-repo.js';
import { leaseIdPages, leasesById } from '../../data/leases-repo.js';
import { rentShards } from '../../data/rent-state-repo.js';
import type { Actor } from '../../domain/change.js';
import type { RentRunPage } from '../../domain/rent/queue-pages.js';
import { Limiter } from '../../jobs/limiter.js';
import type { Charged, SkippedLease } from './charges.js';
import { chargeLeases, type RunSite, runContext, settleWatches } from './run.js';

/**
 * Leases (or watched invoices) in one page. 250 leases are about 3 KB of ids (SQS takes 1 MiB) and, on the
 * 1st of a month, 250 transactions: 3–6 seconds with 8 at a time, so a page redelivered after a failure
 * repeats seconds of reads, and a worker's timeout holds many pages' worth of slack.
 */
export const LEASES_PER_PAGE = 250;
/** Leases of a page charged at once: each writes its own lease's items, so they never contend. */
export const CHARGES_IN_FLIGHT = 8;
/** Pages sent per SendMessageBatch (SQS's most). */
const PAGES_PER_SEND = 10;

/** One message of the run: its day and author, and either lease ids or watched RENT invoice ids. */
export type { RentRunPage };

export interface RentRunQueued {
  date: string;
  leases: number;
  watched: number;
  pages: number;
}

/** Keys a Query reads at once (DynamoDB's 1 MB a page holds about 1,000 lease items). */
const KEYS_PER_READ = 1000;
/** SendMessageBatch calls in flight: the walk reads on while the pages go out. */
const SENDS_IN_FLIGHT = 4;

/**
 * The schedule's part: every lease id in pages, then every watched invoice id in pages (their autopay and late
 * fees), sent as they are read; never more than a few pages in memory. docs/rent-cycle.md "At scale" has its
 * time at 1,000,000 leases.
 */
export async function queueRentRun(
  day: string,
  by: Actor,
  send: (pages: readonly RentRunPage[]) => Promise<unknown>,
  leasesPerPage = LEASES_PER_PAGE,
): Promise<RentRunQueued> {
  const queued: RentRunQueued = { date: day, leases: 0, watched: 0, pages: 0 };
  let buffer: RentRunPage[] = [];
  const sends = new Limiter({ concurrency: SENDS_IN_FLIGHT });
  // Resolves once the batch's send has started (the walk reads on only as fast as the pages go out); after a
  // send failed, the walk stops and `drain` throws the failure.
  const flush = async () => {
    if (buffer.length === 0) return;
    const pages = buffer;
    buffer = [];
    if (!(await sends.add(() => send(pages)))) await sends.drain();
  };
  const push = async (page: RentRunPage) => {
    buffer.push(page);
    queued.pages += 1;
    if (buffer.length >= PAGES_PER_SEND) await flush();
  };
  for await (const read of leaseIdPages(KEYS_PER_READ))
    for (const leaseIds of pagesOf(read, leasesPerPage)) {
      queued.leases += leaseIds.length;
      await push({ day, by, leaseIds });
    }
  for (const shard of rentShards.shardNumbers())
    for await (const read of watchKeyPages(shard, KEYS_PER_READ))
      for (const invoiceIds of pagesOf(
        read.map((w) => w.rentInvoiceId),
        leasesPerPage,
      )) {
        queued.watched += invoiceIds.length;
        await push({ day, by, invoiceIds });
      }
  await flush();
  await sends.drain();
  return queued;
}

function pagesOf(ids: readonly number[], size: number): number[][] {
  const pages: number[][] = [];
  for (let i = 0; i < ids.length; i += size) pages.push(ids.slice(i, i + size));
  return pages;
}

export interface RentPageDone {
  leases: number;
  invoices: Charged[];
  skipped: SkippedLease[];
  autopay: number;
  lateFees: number;
  settled: number;
}

/** A page failed in part: the other leases of it are done; the page comes again for these. */
export class RentPageFailed extends Error {
  constructor(readonly failed: { leaseId: number; error: Error }[]) {
    super(
      `${failed.length} leases of the page failed: ${failed
        .slice(0, 5)
        .map((f) => `${f.leaseId} (${f.error.message})`)
        .join(', ')}`,
    );
  }
}

/**
 * A worker's part, for one page when the site's today is `siteToday`: the leases' rent due by the page's day,
 * then autopay and late fees of the invoices it just issued (so the day's autopay does not wait for another
 * run), or those of the watched invoices of the page. Throws RentPageFailed after finishing the rest.
 */
export async function runRentPage(
  page: RentRunPage,
  now: Date,
  site: RunSite,
  siteToday: string,
): Promise<RentPageDone> {
  const run = runContext(page.day, page.by, now, site, siteToday);
  if ('invoiceIds' in page) {
    const settled = await settleWatches(await watchesOfInvoices(page.invoiceIds), run);
    return { leases: 0, invoices: [], skipped: [], ...counts(settled) };
  }
  const leases = await leasesById(page.leaseIds);
  const charged = await chargeLeases(leases, run, CHARGES_IN_FLIGHT);
  const fresh = await watchesOfInvoices(charged.invoices.map((i) => i.invoiceId));
  const settled = await settleWatches(fresh, run, charged.byId);
  if (charged.failed.length > 0) throw new RentPageFailed(charged.failed);
  return { leases: leases.length, invoices: charged.invoices, skipped: charged.skipped, ...counts(settled) };
}

const counts = (s: Awaited<ReturnType<typeof settleWatches>>) => ({
  autopay: s.autopay.length,
  lateFees: s.lateFees.length,
  settled: s.settled,
});
