/**
 * The accountingChanges job's handler (in the cloud, the one stream reader functions/table-changes.ts calls
 * it): each change of money in the outbox marks its record pending in the connected company's sync queue
 * (shared/domain/accounting/sync-targets.ts says which), from the connection's `syncSince` on. Idempotent: a
 * change delivered twice marks a pending record once more, and the push after it sends only what differs.
 * While the connection needs a new consent the changes are still marked: nothing is lost.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { type AccountingConnection, getConnection } from '../../shared/data/accounting-connection-repo.js';
import { markPending } from '../../shared/data/accounting-sync-repo.js';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { syncTargetsOf } from '../../shared/domain/accounting/sync-targets.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { accountingChanges } from './jobs.js';

const targetsOf = (image: Record<string, unknown> | undefined) =>
  image ? syncTargetsOf(changeFromItem(image)) : [];

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  if (!event.Records.some((record) => targetsOf(newImage(record)).length > 0))
    return { batchItemFailures: [] };
  // One read per batch: whether a company is connected, and since when its changes are pushed.
  const connection = await getConnection();
  if (!connection?.realmId) return { batchItemFailures: [] };
  return processRecords(accountingChanges.id, event, async (record) => {
    for (const target of targetsOf(newImage(record))) {
      if (target.at < syncSinceOf(connection)) continue;
      await markPending(String(connection.realmId), target, {
        at: target.at,
        now: now().toISOString(),
        onlyIfKnown: target.onlyIfKnown === true,
        documentType: target.documentType,
        documentId: target.documentId,
      });
    }
  });
}

const syncSinceOf = (c: AccountingConnection) => c.syncSince ?? c.connectedAt;
