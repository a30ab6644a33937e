/**
 * The audit job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it): records
 * of change items (filtered by the mapping, and by the local runner the same way) → one audit entry each.
 * Idempotent: the entry is keyed by the change id.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { auditLog } from './jobs.js';
import { recordChange } from './service.js';

export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processRecords(auditLog.id, event, async (record) => {
    const image = newImage(record);
    if (!image) return; // nothing to record (the filter lets only INSERTs of change items through)
    await recordChange(changeFromItem(image));
  });
