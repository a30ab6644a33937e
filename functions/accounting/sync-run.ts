/**
 * One run of the accounting sync (docs/accounting.md "The sync"; the `accountingSync` schedule, every minute): with
 * the run lease (one run at a time), the connection's company and the mapping, it marks the next pages of a
 * back-fill, then pushes the due records in push order, a few side by side, paced to QuickBooks' limits
 * (quickbooks-pacing.ts), until none is due, the run's time is used up, QuickBooks throttles, or the connection
 * needs a new consent. What is left waits, in order, for the next run. The company's limits (500 requests a
 * minute, 10 a second) are the sync's ceiling, so a run per company is all it can use: more workers would
 * only wait for the same budget.
 */
import { randomUUID } from 'node:crypto';
import { now } from '../../shared/clock.js';
import { getConnection, recordSyncRun } from '../../shared/data/accounting-connection-repo.js';
import {
  acquireSyncRun,
  getMappingItem,
  readRefs,
  releaseSyncRun,
} from '../../shared/data/accounting-settings-repo.js';
import { dueRecords } from '../../shared/data/accounting-sync-lists-repo.js';
import { mappingOf } from '../../shared/domain/accounting/mapping.js';
import type { SyncRef, SyncState } from '../../shared/domain/accounting/sync-state.js';
import { Limiter } from '../../shared/jobs/limiter.js';
import { log } from '../../shared/log.js';
import { AccessTokens } from './access-tokens.js';
import { advanceBackfill } from './backfill.js';
import { KeyedLock } from './keyed-lock.js';
import { accountingApiUrl } from './provider.js';
import { syncRecord } from './push.js';
import { QuickBooksApi } from './quickbooks-api.js';
import { quickBooksLimiter } from './quickbooks-pacing.js';
import { References } from './references.js';
import { StopRun, type SyncContext } from './sync-context.js';

/** A run stops taking records after this (the schedule Lambda's timeout is 60 s). */
export const RUN_MS = 40_000;
/** The lease outlives the run by this much, so a run that died frees it soon after. */
const LEASE_SLACK_MS = 20_000;
/** Records pushed side by side (each makes one to three requests in turn): below the 10 QuickBooks allows. */
const WORKERS = 4;
const PAGE = 25;

export interface RunReport {
  ran: boolean;
  why?: string;
  pushed: number;
  handled: number;
  requests: number;
  refreshes: number;
  stopped: boolean;
}

const idle = (why: string): RunReport => ({
  ran: false,
  why,
  pushed: 0,
  handled: 0,
  requests: 0,
  refreshes: 0,
  stopped: false,
});

export async function runSync(clock: () => Date = now): Promise<RunReport> {
  const connection = await getConnection();
  if (!connection?.realmId) return idle('not connected');
  if (connection.needsConsent) return idle('the connection needs a new consent');
  const realmId = connection.realmId;
  const started = clock().getTime();
  const holder = randomUUID();
  const lease = await acquireSyncRun(holder, clock(), started + RUN_MS + LEASE_SLACK_MS);
  if (!lease) return idle('another run is under way');
  const tokens = new AccessTokens(clock);
  const limiter = quickBooksLimiter(started + RUN_MS - clock().getTime(), lease.recentStarts);
  const api = new QuickBooksApi({ baseUrl: accountingApiUrl(), realmId, tokens, limiter });
  let handled = 0;
  const ctx = await newContext(realmId, api, clock);
  try {
    await advanceBackfill(realmId, clock());
    while (!ctx.stopped && clock().getTime() < started + RUN_MS) {
      const due = await dueRecords(realmId, clock().toISOString(), PAGE);
      if (due.length === 0) break;
      handled += await pushAll(ctx, due, () => clock().getTime() < started + RUN_MS);
    }
  } finally {
    await releaseSyncRun(holder, limiter.recentStarts());
    await recordSyncRun({ at: clock(), pushed: ctx.pushed > 0 });
  }
  const report = {
    ran: true,
    pushed: ctx.pushed,
    handled,
    requests: api.requests,
    refreshes: tokens.refreshes,
    stopped: ctx.stopped,
  };
  log('info', 'accounting sync run', { ...report });
  return report;
}

async function newContext(realmId: string, api: QuickBooksApi, clock: () => Date): Promise<SyncContext> {
  const [stored, cache] = await Promise.all([getMappingItem(), readRefs(realmId)]);
  const mapping = mappingOf(stored.mapping);
  const ctx: SyncContext = {
    realmId,
    api,
    mapping,
    refs: new References(api, realmId, mapping, cache),
    lock: new KeyedLock(),
    clock,
    pushed: 0,
    stopped: false,
    ensure: async (ref: SyncRef): Promise<SyncState> => {
      const state = await syncRecord(ctx, ref, true);
      if (!state) throw new Error(`no sync state for ${ref.recordType} ${ref.recordId}`);
      return state;
    },
  };
  return ctx;
}

/**
 * Pushes the records with WORKERS side by side (the one limiter: shared/jobs/limiter.ts), in their order; none
 * starts once the run is stopped or out of time. A StopRun lets the others finish and takes no more; any other
 * failure stops taking records too and is thrown once every push under way has ended (the run's lease is
 * released only after).
 */
async function pushAll(ctx: SyncContext, refs: readonly SyncRef[], inTime: () => boolean): Promise<number> {
  let handled = 0;
  const workers = new Limiter({ concurrency: WORKERS });
  const push = async (ref: SyncRef) => {
    if (ctx.stopped || !inTime()) return;
    try {
      await syncRecord(ctx, ref, false);
      handled++;
    } catch (error) {
      if (!(error instanceof StopRun)) throw error;
      ctx.stopped = true;
    }
  };
  for (const ref of refs) {
    if (ctx.stopped || !inTime() || !(await workers.add(() => push(ref)))) break;
  }
  await workers.drain();
  return handled;
}
