/**
 * The turnover job's handler (in the cloud, the one stream reader functions/table-changes.ts calls it):
 * change items from the table's stream; each change of a reservation makes its turnover match the
 * reservation as it is now (turnovers.ts). Other changes are skipped. Idempotent.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { changeFromItem } from '../../shared/data/changes-repo.js';
import { newImage, processRecords } from '../../shared/jobs/stream.js';
import { turnovers } from './jobs.js';
import { reconcileTurnover } from './turnovers.js';

export const TURNOVER_ACTOR = 'system:turnover' as const;

export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processRecords(turnovers.id, event, async (record) => {
    const image = newImage(record);
    if (!image) return;
    const change = changeFromItem(image);
    if (change.recordType !== 'reservation') return;
    const reservationId = Number(change.recordId);
    if (!Number.isInteger(reservationId) || reservationId < 1) return;
    // The triggering change's request id ties the turnover's audit entry to the booking that caused it.
    await reconcileTurnover(reservationId, { actor: TURNOVER_ACTOR, requestId: change.requestId }, now());
  });
