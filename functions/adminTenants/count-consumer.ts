/**
 * The tenants' total job (in the cloud, the one stream reader functions/table-changes.ts calls it): a tenant
 * item inserted counts +1, one removed −1, each once (shared/data/tenant-count-repo.ts).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { countTenantChange } from '../../shared/data/tenant-count-repo.js';
import { processRecords } from '../../shared/jobs/stream.js';
import { tenantCount } from './jobs.js';

export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processRecords(tenantCount.id, event, async (record) => {
    const removed = record.eventName === 'REMOVE';
    // Only the id is read: the rest of the image (sealed contact fields …) is no business of a count.
    const image = removed ? record.dynamodb?.OldImage : record.dynamodb?.NewImage;
    const tenantId = Number(image?.tenantId?.N);
    if (!Number.isInteger(tenantId)) return; // not a tenant item (the filter lets only those through)
    await countTenantChange(tenantId, removed ? -1 : 1);
  });
