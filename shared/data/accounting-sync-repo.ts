/**
 * The sync state of each record in the connected QuickBooks company (docs/data-model.md X4; docs/accounting.md
 * "Sync"): one item per record and company, `ACCTSYNC#<realmId>#<recordType>#<recordId>`. Its index keys,
 * each spread over 8 shards by the record (shardedLists in shared/db/keys.ts; no partition takes every change
 * of money):
 * - GSI1 `ACCTDUE#<realm>#<shard>` / `<notBefore>#<type>#<id>`: present only while pending (the due list, in
 *   push order: the time of the first change not yet pushed, or of the retry);
 * - GSI2 `ACCTSTATE#<realm>#<status>#<shard>` / `<updatedAt>#…`: the admin list by status;
 * - GSI3 `ACCTSYNCS#<realm>#<shard>` / `<updatedAt>#…`: the admin list of every state.
 * A change marks its record pending (changeSeq + 1); a push's outcome is written conditioned on the changeSeq
 * it read, so a change that arrives during a push leaves the record pending for the next one.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { noWait } from '../backoff.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, stripKeys } from '../db/query.js';
import { isConditionFailure } from '../db/transaction.js';
import { updateParts } from '../db/update-expression.js';
import type { SyncRef, SyncState, SyncStatus } from '../domain/accounting/sync-state.js';
import { pausedForRetry, type RetryPolicy } from '../retry-policy.js';

const ENTITY = 'accountingSync';
const order = (time: string, ref: SyncRef) => indexKeys.accountingOrder(time, ref.recordType, ref.recordId);

/** A stored state as the sync reads it (absent fields of older items filled). */
export const stateOf = (item: Item): SyncState => {
  const raw = stripKeys<Partial<SyncState>>(item);
  return {
    ...(raw as SyncState),
    qboType: raw.qboType ?? null,
    qboId: raw.qboId ?? null,
    syncToken: raw.syncToken ?? null,
    fingerprint: raw.fingerprint ?? null,
    syncedAt: raw.syncedAt ?? null,
    closed: raw.closed === true,
    pendingSince: raw.pendingSince ?? null,
    notBefore: raw.notBefore ?? null,
    changeSeq: Number(raw.changeSeq ?? 0),
    attempts: Number(raw.attempts ?? 0),
    error: raw.error ?? null,
    note: raw.note ?? null,
    generation: Number(raw.generation ?? 0),
    createFingerprint: raw.createFingerprint ?? null,
    force: raw.force === true,
  };
};

/** One record's state, strongly consistent (a push decides on it). */
export async function readSyncState(realmId: string, ref: SyncRef): Promise<SyncState | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.accountingSync(realmId, ref.recordType, ref.recordId),
      ConsistentRead: true,
    }),
  );
  return Item ? stateOf(Item) : undefined;
}

/** The index keys of a state with this status at this time (GSI1 only while pending). */
function indexFor(realmId: string, ref: SyncRef, status: SyncStatus, updatedAt: string, notBefore?: string) {
  const { recordType, recordId } = ref;
  return {
    GSI2PK: indexKeys.accountingByStatus(realmId, status, recordType, recordId),
    GSI2SK: order(updatedAt, ref),
    GSI3PK: indexKeys.accountingAll(realmId, recordType, recordId),
    GSI3SK: order(updatedAt, ref),
    ...(status === 'pending' && notBefore
      ? { GSI1PK: indexKeys.accountingDue(realmId, recordType, recordId), GSI1SK: order(notBefore, ref) }
      : {}),
  };
}

interface Update {
  set: Record<string, unknown>;
  remove?: readonly string[];
  add?: Record<string, number>;
  condition?: string;
  values?: Record<string, unknown>;
}

/** One UpdateItem of a state; false when its condition failed. */
async function update(realmId: string, ref: SyncRef, u: Update): Promise<boolean> {
  // An undefined value is no value: the field is removed (a SET of it would name an undefined value).
  const unset = Object.entries(u.set).flatMap(([field, value]) => (value === undefined ? [field] : []));
  const condition = u.condition
    ? {
        expression: u.condition,
        names: {
          ...(u.condition.includes('#status') ? { '#status': 'status' } : {}),
          ...(u.condition.includes('#seq') ? { '#seq': 'changeSeq' } : {}),
        },
        ...(u.values ? { values: u.values } : {}),
      }
    : undefined;
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.accountingSync(realmId, ref.recordType, ref.recordId),
        ...updateParts(
          { set: u.set, remove: [...(u.remove ?? []), ...unset], ...(u.add ? { add: u.add } : {}) },
          condition,
        ),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface MarkOptions {
  /** When the change happened (the push order). */
  at: string;
  now: string;
  /** Push even when nothing changed (an admin's resync). */
  force?: boolean;
  /** Only when the record has a state already. */
  onlyIfKnown?: boolean;
  /** A payment's document. */
  documentType?: 'invoice' | 'expense' | undefined;
  documentId?: number | undefined;
}

/** A state that changed between the two conditioned writes is written again at once: four tries in all. */
const MARK_RETRY: RetryPolicy = { maxTries: 4, backoff: noWait };

/**
 * Marks a record pending (X4). A pending record keeps its place in the order (its pendingSince) and counts one
 * more change; any other becomes pending from `at`. Idempotent for the order; the push after it sends only what
 * differs from what QuickBooks has. False when `onlyIfKnown` and the record has no state.
 */
export async function markPending(realmId: string, ref: SyncRef, o: MarkOptions): Promise<boolean> {
  const extra = {
    ...(o.force ? { force: true } : {}),
    ...(o.documentType ? { documentType: o.documentType, documentId: o.documentId } : {}),
  };
  for (let tries = 1; ; tries++) {
    const stillPending = await update(realmId, ref, {
      set: extra,
      add: { changeSeq: 1 },
      condition: '#status = :pending',
      values: { ':pending': 'pending' },
    });
    if (stillPending) return true;
    const becamePending = await update(realmId, ref, {
      set: {
        entity: ENTITY,
        realmId,
        recordType: ref.recordType,
        recordId: ref.recordId,
        status: 'pending',
        pendingSince: o.at,
        notBefore: o.at,
        attempts: 0,
        updatedAt: o.now,
        ...extra,
        ...indexFor(realmId, ref, 'pending', o.now, o.at),
      },
      add: { changeSeq: 1 },
      condition: o.onlyIfKnown
        ? 'attribute_exists(PK) AND #status <> :pending'
        : 'attribute_not_exists(PK) OR #status <> :pending',
      values: { ':pending': 'pending' },
    });
    if (becamePending) return true;
    if (o.onlyIfKnown && !(await readSyncState(realmId, ref))) return false;
    if (!(await pausedForRetry(MARK_RETRY, tries)))
      throw new Error(`the sync state of ${ref.recordType} ${ref.recordId} keeps changing`);
  }
}

/** What a push found or made in QuickBooks. */
export interface PushOutcome {
  status: 'synced' | 'skipped';
  qboType: string | null;
  qboId: string | null;
  syncToken: string | null;
  fingerprint: string | null;
  closed: boolean;
  note: string | null;
}

const QBO_FIELDS = ['qboType', 'qboId', 'syncToken', 'fingerprint', 'closed', 'note'] as const;

/**
 * Records a push: synced (or skipped) when no change came since the state was read; otherwise only what
 * QuickBooks now holds, and the record stays pending for the change that came.
 */
export async function recordPushed(read: SyncState, outcome: PushOutcome, now: string): Promise<void> {
  const qbo = Object.fromEntries(QBO_FIELDS.map((f) => [f, outcome[f]]));
  const done = await update(read.realmId, read, {
    set: {
      ...qbo,
      status: outcome.status,
      attempts: 0,
      error: null,
      force: false,
      createFingerprint: null,
      updatedAt: now,
      ...(outcome.status === 'synced' ? { syncedAt: now } : {}),
      ...indexFor(read.realmId, read, outcome.status, now),
    },
    remove: ['GSI1PK', 'GSI1SK', 'pendingSince', 'notBefore'],
    condition: '#seq = :seen',
    values: { ':seen': read.changeSeq },
  });
  if (!done) await update(read.realmId, read, { set: { ...qbo, createFingerprint: null } });
}

/** Before a create: its generation (its requestid) and the fingerprint of what it sends (a retry after a crash reuses both). */
export async function recordCreateAttempt(read: SyncState, createFingerprint: string): Promise<void> {
  await update(read.realmId, read, { set: { createFingerprint, generation: read.generation } });
}

/** QuickBooks refused the record: failed with its reason (unless a change came meanwhile: pending again). */
export async function recordRefused(
  read: SyncState,
  error: SyncState['error'],
  options: { now: string; newGeneration: boolean },
): Promise<void> {
  const generation = options.newGeneration
    ? { generation: read.generation + 1, createFingerprint: null }
    : {};
  const failed = await update(read.realmId, read, {
    set: {
      status: 'failed',
      error,
      updatedAt: options.now,
      ...generation,
      ...indexFor(read.realmId, read, 'failed', options.now),
    },
    add: { attempts: 1 },
    remove: ['GSI1PK', 'GSI1SK', 'notBefore'],
    condition: '#seq = :seen',
    values: { ':seen': read.changeSeq },
  });
  if (!failed) await update(read.realmId, read, { set: { error, ...generation } });
}

/** The record waits until `notBefore` (a throttle, an outage, a dependency not there yet), still pending. */
export async function recordRetry(
  read: SyncState,
  error: SyncState['error'],
  notBefore: string,
  now: string,
): Promise<void> {
  await update(read.realmId, read, {
    set: {
      status: 'pending',
      error,
      notBefore,
      updatedAt: now,
      ...indexFor(read.realmId, read, 'pending', now, notBefore),
    },
    add: { attempts: 1 },
  });
}
