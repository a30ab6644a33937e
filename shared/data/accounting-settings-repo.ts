/**
 * The accounting sync's own items (docs/data-model.md X3, X5; docs/accounting.md): the mapping super_admin
 * sets (`INTEGRATION#accounting` / `MAPPING`, version-conditioned), the run lease that keeps one sync run at a
 * time per deployment with the request starts of its last minute (`SYNCRUN`), a back-fill under way
 * (`BACKFILL`), and the QuickBooks ids of the accounts, items, classes and vendors found or made by name
 * (`ACCTREF#<realmId>` / `<Entity>#<name>`, read whole by each run: it grows with the mapping and the
 * properties, not with traffic).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { claimRecord } from '../db/claim.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { queryPartition } from '../db/query.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';
import type { AccountingMapping } from '../domain/accounting/mapping.js';

export interface StoredMapping {
  mapping: unknown;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export async function getMappingItem(): Promise<StoredMapping> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.accountingSetting('MAPPING'), ConsistentRead: true }),
  );
  return {
    mapping: Item?.mapping,
    version: Number(Item?.version ?? 0),
    updatedAt: (Item?.updatedAt as string | undefined) ?? null,
    updatedBy: (Item?.updatedBy as string | undefined) ?? null,
  };
}

export const MAPPING_LABEL = 'put:accountingMapping';

/** The mapping's write, conditioned on the version read (a transaction part: its change item goes with it). */
export function mappingPart(mapping: AccountingMapping, readVersion: number, by: string, now: Date): TxPart {
  return part.put(
    MAPPING_LABEL,
    {
      ...keys.accountingSetting('MAPPING'),
      entity: 'accountingMapping',
      mapping,
      version: readVersion + 1,
      updatedAt: now.toISOString(),
      updatedBy: by,
    },
    readVersion === 0
      ? { condition: 'attribute_not_exists(PK)' }
      : { condition: 'version = :read', values: { ':read': readVersion } },
  );
}

/**
 * Takes the run lease until `untilMs` when it is free or ran out; the lease's request starts of the last
 * minute come back (the run limiter's window: functions/accounting/quickbooks-pacing.ts). Undefined when
 * another run holds it.
 */
export async function acquireSyncRun(
  holder: string,
  now: Date,
  untilMs: number,
): Promise<{ recentStarts: number[] } | undefined> {
  const lease = await claimRecord(keys.accountingSetting('SYNCRUN'), {
    until: 'until',
    to: untilMs,
    free: { endedBy: now.getTime() },
    holder: { attribute: 'holder', value: holder },
    set: { entity: 'accountingSyncRun' },
  });
  return lease && { recentStarts: ((lease.recentStarts as number[] | undefined) ?? []).map(Number) };
}

/** Frees the lease this run holds, leaving its request starts of the last minute for the next run. */
export async function releaseSyncRun(holder: string, recentStarts: readonly number[]): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.accountingSetting('SYNCRUN'),
        UpdateExpression: 'SET #until = :zero, recentStarts = :starts',
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':zero': 0, ':starts': [...recentStarts], ':holder': holder },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A back-fill under way: which list it walks now and where it stopped (the list's LastEvaluatedKey). */
export interface Backfill {
  realmId: string;
  since: string;
  phase: 'invoice' | 'expense' | 'payment';
  cursor: Record<string, unknown> | null;
  marked: number;
  requestedAt: string;
  requestedBy: string;
}

export async function getBackfill(): Promise<Backfill | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.accountingSetting('BACKFILL'), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { PK: _pk, SK: _sk, entity: _entity, cursor, ...rest } = Item;
  return {
    ...(rest as Omit<Backfill, 'cursor'>),
    cursor: cursor ? (JSON.parse(String(cursor)) as Backfill['cursor']) : null,
  };
}

/**
 * Starts (or replaces) a back-fill, or records how far it went: then only while it is still the back-fill
 * that was read (`requestedAt`), so a newer request is never overwritten by an older one's progress.
 */
export async function putBackfill(backfill: Backfill, stillRequestedAt?: string): Promise<void> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...keys.accountingSetting('BACKFILL'),
          entity: 'accountingBackfill',
          ...backfill,
          cursor: backfill.cursor ? JSON.stringify(backfill.cursor) : null,
        },
        ...(stillRequestedAt
          ? {
              ConditionExpression: 'requestedAt = :at',
              ExpressionAttributeValues: { ':at': stillRequestedAt },
            }
          : {}),
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Ends the back-fill if it is still the one that was read (a newer request replaces it instead). */
export async function endBackfill(requestedAt: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: keys.accountingSetting('BACKFILL'),
        ConditionExpression: 'requestedAt = :at',
        ExpressionAttributeValues: { ':at': requestedAt },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** X5: every QuickBooks id found or made by name in a company, keyed `<Entity>#<name>`. */
export async function readRefs(realmId: string): Promise<Map<string, string>> {
  const items = await queryPartition({ pk: keys.accountingRefPartition(realmId) });
  return new Map(items.map((i) => [String(i.SK), String(i.qboId)]));
}

export async function saveRef(realmId: string, entity: string, name: string, qboId: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.accountingRef(realmId, entity, name), entity: 'accountingRef', qboId },
    }),
  );
}

export async function dropRef(realmId: string, entity: string, name: string): Promise<void> {
  await ddb.send(
    new DeleteCommand({ TableName: TABLE_NAME, Key: keys.accountingRef(realmId, entity, name) }),
  );
}
