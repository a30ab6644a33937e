/**
 * One reader of the table's stream for every table-change job. DynamoDB Streams serves at most two readers per
 * shard before it throttles (AWS: "no more than two processes reading from the same shard"), and each event
 * source mapping is a reader, whatever its filter. So in the cloud one Lambda reads the stream and hands each
 * job the records its contract asks for (the same filter as the job's own mapping would apply); the jobs stay
 * what they are, each idempotent. Locally the runner still reads once per job (no such limit there).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { log } from '../log.js';
import type { TableChangeJob } from './contract.js';
import { matchesTrigger } from './filter.js';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export interface DispatchedJob {
  readonly job: TableChangeJob;
  readonly handler: StreamHandler;
}

/**
 * The jobs run side by side on the same batch. A job that reports a failed record (or throws: then its first
 * record failed) makes Lambda retry the batch from the earliest record any job reported; the jobs that had
 * already handled those records see them again, which their idempotence makes harmless.
 */
export function dispatchTableChanges(jobs: readonly DispatchedJob[]) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const failed = await Promise.all(
      jobs.map(async ({ job, handler }) => {
        const Records = event.Records.filter((record) => matchesTrigger(job, record));
        if (Records.length === 0) return [];
        try {
          const answer = await handler({ Records });
          return (answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
        } catch (error) {
          log('error', 'table-change job failed', { jobId: job.id, error: (error as Error).message });
          return [Records[0]?.dynamodb?.SequenceNumber ?? ''];
        }
      }),
    );
    const reported = new Set(failed.flat());
    const earliest = event.Records.find((r) => reported.has(r.dynamodb?.SequenceNumber ?? ''));
    return {
      batchItemFailures: earliest ? [{ itemIdentifier: earliest.dynamodb?.SequenceNumber ?? '' }] : [],
    };
  };
}

/** The reader's mapping settings for a set of jobs: every job's filter, the smallest batch, the most retries. */
export function readerSettings(jobs: readonly TableChangeJob[]) {
  return {
    batchSize: Math.min(...jobs.map((j) => j.batchSize)),
    maxRetries: Math.max(...jobs.map((j) => j.maxRetries)),
  };
}
