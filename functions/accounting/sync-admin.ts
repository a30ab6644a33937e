/**
 * What admins see and do of the sync (docs/accounting.md (its endpoints)): the mapping (read, change), the
 * records' sync states (a page, by record or status), a resync (one record, the failed ones, or a back-fill
 * from a date), and the connection's sync figures. Writes leave a change item for the audit log.
 */

import { noWait } from '../../shared/backoff.js';
import { getConnection } from '../../shared/data/accounting-connection-repo.js';
import {
  getBackfill,
  getMappingItem,
  MAPPING_LABEL,
  mappingPart,
  putBackfill,
} from '../../shared/data/accounting-settings-repo.js';
import {
  countSyncStates,
  listSyncStates,
  type SyncListQuery,
} from '../../shared/data/accounting-sync-lists-repo.js';
import { markPending, readSyncState } from '../../shared/data/accounting-sync-repo.js';
import { getAdminProfile } from '../../shared/data/admins-repo.js';
import { changePart } from '../../shared/data/changes-repo.js';
import { readDocument } from '../../shared/data/money-documents-repo.js';
import { getTenant } from '../../shared/data/tenants-repo.js';
import { commit, TransactionFailed } from '../../shared/db/transaction.js';
import { type MappingInput, mappingOf, mergeMapping } from '../../shared/domain/accounting/mapping.js';
import type { SyncRecordType, SyncState, SyncStatus } from '../../shared/domain/accounting/sync-state.js';
import type { Actor } from '../../shared/domain/change.js';
import { Conflict, NotFound } from '../../shared/errors.js';
import { pausedForRetry, type RetryPolicy } from '../../shared/retry-policy.js';

/** The pending and failed counts shown are counted up to this (a COUNT per shard). */
const COUNT_CAP = 1000;
const RESYNC_FAILED_MAX = 1000;

export async function mappingView() {
  const stored = await getMappingItem();
  return { mapping: mappingOf(stored.mapping), updatedAt: stored.updatedAt, updatedBy: stored.updatedBy };
}

/** A mapping written meanwhile is read again and the change merged into it: three tries, then a 409. */
const MAPPING_RETRY: RetryPolicy = { maxTries: 3, backoff: noWait };

export async function changeMapping(input: MappingInput, by: Actor, now: Date) {
  for (let tries = 1; ; tries++) {
    const stored = await getMappingItem();
    const before = mappingOf(stored.mapping);
    const after = mergeMapping(before, input);
    try {
      await commit([
        mappingPart(after, stored.version, by.actor, now),
        changePart(
          {
            recordType: 'accountingMapping',
            recordId: 'accounting',
            action: 'updated',
            before: { ...before },
            after: { ...after },
          },
          by,
          now,
        ),
      ]);
      return { success: true, mapping: after };
    } catch (error) {
      if (!(error instanceof TransactionFailed && error.conditionFailed(MAPPING_LABEL))) throw error;
      if (!(await pausedForRetry(MAPPING_RETRY, tries)))
        throw new Conflict('The mapping changed while it was being written: read it and try again');
    }
  }
}

/** The current company, or the 409 of a sync that has no company to push to. */
async function connectedRealm(): Promise<string> {
  const connection = await getConnection();
  if (!connection?.realmId)
    throw new Conflict('QuickBooks is not connected: connect it first (oauth-start.php)');
  return connection.realmId;
}

export const syncRow = (s: SyncState) => ({
  recordType: s.recordType,
  recordId: s.recordId,
  status: s.status,
  qboType: s.qboType,
  qboId: s.qboId,
  syncedAt: s.syncedAt,
  error: s.error,
  note: s.note,
  attempts: s.attempts,
  pendingSince: s.status === 'pending' ? s.pendingSince : null,
  nextTryAt: s.status === 'pending' ? s.notBefore : null,
  updatedAt: s.updatedAt,
});

export interface SyncListInput {
  recordType?: SyncRecordType | undefined;
  recordId?: string | undefined;
  status?: SyncStatus | undefined;
  page: number;
  limit: number;
}

export async function listSync(q: SyncListInput) {
  const connection = await getConnection();
  const empty = { items: [], page: q.page, limit: q.limit, total: 0 };
  if (!connection?.realmId) return empty;
  const realmId = connection.realmId;
  if (q.recordType && q.recordId) {
    const state = await readSyncState(realmId, { recordType: q.recordType, recordId: q.recordId });
    const shown = state && (!q.status || state.status === q.status) ? [syncRow(state)] : [];
    return { items: q.page === 1 ? shown : [], page: q.page, limit: q.limit, total: shown.length };
  }
  const query: SyncListQuery = { status: q.status, recordType: q.recordType, page: q.page, limit: q.limit };
  const [items, total] = await Promise.all([listSyncStates(realmId, query), countSyncStates(realmId, query)]);
  return { items: items.map(syncRow), page: q.page, limit: q.limit, total };
}

export interface ResyncInput {
  recordType?: SyncRecordType | undefined;
  recordId?: string | undefined;
  since?: string | undefined;
  failed?: boolean | undefined;
}

/** Queues a record (with an invoice's or expense's payments), the failed records, or a back-fill. */
export async function resync(input: ResyncInput, by: Actor, now: Date) {
  const realmId = await connectedRealm();
  const at = now.toISOString();
  let queued = 0;
  if (input.since) {
    await putBackfill({
      realmId,
      since: input.since,
      phase: 'invoice',
      cursor: null,
      marked: 0,
      requestedAt: at,
      requestedBy: by.actor,
    });
  } else if (input.failed) {
    const failed = await listSyncStates(realmId, { status: 'failed', page: 1, limit: RESYNC_FAILED_MAX });
    for (const state of failed) {
      await markPending(realmId, state, { at, now: at, force: true });
      queued++;
    }
  } else if (input.recordType && input.recordId) {
    queued = await resyncRecord(realmId, input.recordType, input.recordId, at);
  }
  await commit([
    changePart(
      {
        recordType: 'accountingSync',
        recordId: input.recordType ? `${input.recordType}:${input.recordId}` : 'all',
        action: 'resync',
        after: { ...input },
      },
      by,
      now,
    ),
  ]);
  return { success: true, queued, ...(input.since ? { backfillSince: input.since } : {}) };
}

async function resyncRecord(realmId: string, recordType: SyncRecordType, recordId: string, at: string) {
  const ref = { recordType, recordId };
  const mark = { at, now: at, force: true };
  if (recordType === 'invoice' || recordType === 'expense') {
    const doc = /^\d+$/.test(recordId) ? await readDocument(recordType, Number(recordId)) : undefined;
    if (!doc) throw new NotFound(`No ${recordType} ${recordId}`);
    await markPending(realmId, ref, mark);
    // Its payments come with it: one refused before (the document missing there) goes again too.
    for (const payment of doc.payments)
      await markPending(
        realmId,
        { recordType: 'payment', recordId: String(payment.paymentId) },
        {
          ...mark,
          documentType: recordType,
          documentId: Number(recordId),
        },
      );
    return 1 + doc.payments.length;
  }
  if (!(await readSyncState(realmId, ref)) && !(await personExists(recordType, recordId)))
    throw new NotFound(
      `No ${recordType} ${recordId} in the sync${recordType === 'payment' ? ': resync its invoice or expense, its payments come with it' : ''}`,
    );
  await markPending(realmId, ref, mark);
  return 1;
}

/** A tenant or admin that QuickBooks does not know yet may be pushed as a Customer. */
async function personExists(recordType: SyncRecordType, recordId: string): Promise<boolean> {
  if (!/^\d+$/.test(recordId)) return false;
  if (recordType === 'tenant') return (await getTenant(Number(recordId))) !== undefined;
  if (recordType === 'admin') return (await getAdminProfile(Number(recordId))) !== undefined;
  return false;
}

/** The connection's sync figures for connection.json (counts up to COUNT_CAP: 1000 reads "1000 or more"). */
export async function syncFigures(realmId: string | null) {
  if (!realmId) return {};
  const [waiting, failed, backfill] = await Promise.all([
    countSyncStates(realmId, { status: 'pending' }, COUNT_CAP).then((n) => Math.min(n, COUNT_CAP)),
    countSyncStates(realmId, { status: 'failed' }, COUNT_CAP).then((n) => Math.min(n, COUNT_CAP)),
    getBackfill(),
  ]);
  return {
    waiting,
    failed,
    backfill:
      backfill && backfill.realmId === realmId
        ? { since: backfill.since, phase: backfill.phase, marked: backfill.marked }
        : null,
  };
}
