/**
 * The cloud's stream reader function (functions/table-changes.ts): a DynamoDB Streams batch goes to the
 * dispatcher (dispatch.ts); the every-minute EventBridge tick runs the retry sweep (retry-sweep.ts) with the
 * same jobs and handlers, so the sweep has exactly the reader's access and nothing else does.
 */
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { now } from '../clock.js';
import { log } from '../log.js';
import { dispatchTableChanges } from './dispatch.js';
import type { DispatchedJob, RetryPath } from './retry-path.js';
import { type ParkedRecords, sweepParked } from './retry-sweep.js';

/** The sweep starts no try this close to the function's timeout (one try of one record fits well within). */
const SWEEP_MARGIN_MS = 15_000;

export function tableChangesReader(jobs: readonly DispatchedJob[], retryPath: RetryPath & ParkedRecords) {
  const dispatch = dispatchTableChanges(jobs, { retryPath });
  return async (
    event: DynamoDBStreamEvent | ScheduledEvent,
    context?: Pick<Context, 'getRemainingTimeInMillis'>,
  ): Promise<DynamoDBBatchResponse | undefined> => {
    if ('Records' in event) return dispatch(event);
    const until = now().getTime() + (context?.getRemainingTimeInMillis() ?? 60_000) - SWEEP_MARGIN_MS;
    const swept = await sweepParked(jobs, retryPath, { until });
    for (const job of swept)
      if (job.handled + job.retriedLater + job.kept > 0) log('info', 'job retry sweep', { ...job });
    return undefined;
  };
}
