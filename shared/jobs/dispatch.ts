/**
 * One reader of the table's stream for every table-change job. DynamoDB Streams serves at most two readers per
 * shard before it throttles (AWS: "no more than two processes reading from the same shard"), and each event
 * source mapping is a reader, whatever its filter. So in the cloud one Lambda reads the stream and hands each
 * job the records its contract asks for (the same filter as the job's own mapping would apply); the jobs stay
 * what they are, each idempotent. Locally the runner still reads once per job (no such limit there).
 *
 * A job's failing record holds up only that job (retry-path.ts): after a few tries here it is parked with the
 * job's later records, and the batch is reported done for the stream and every other job.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { linearBackoff } from '../backoff.js';
import { now } from '../clock.js';
import { log } from '../log.js';
import { pausedForRetry, type RetryPolicy } from '../retry-policy.js';
import type { TableChangeJob } from './contract.js';
import { matchesTrigger } from './filter.js';
import { emitJobMetric } from './metrics.js';
import {
  type DispatchedJob,
  IN_PROCESS_DELAY_MS,
  IN_PROCESS_TRIES,
  jobRetryPolicy,
  type RetryPath,
  tryRecords,
} from './retry-path.js';

export type { DispatchedJob, StreamHandler } from './retry-path.js';

export interface DispatchOptions {
  retryPath: RetryPath;
  /** Tries of a failing record before it is parked (default IN_PROCESS_TRIES). */
  tries?: number;
  /** Pause before in-process try n is n × this (default IN_PROCESS_DELAY_MS). */
  delayMs?: number;
  clock?: () => Date;
}

/**
 * The jobs run side by side on the same batch, each on its own records in stream order. Only when a job's
 * record could not be parked (the retry path unreachable) is it reported to the stream, which retries the batch
 * from there for all jobs (their idempotence makes seeing a record again harmless), as the last resort.
 */
export function dispatchTableChanges(jobs: readonly DispatchedJob[], options: DispatchOptions) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const unhandled = await Promise.all(
      jobs.map(({ job, handler }) => {
        const records = event.Records.filter((record) => matchesTrigger(job, record));
        return records.length === 0 ? undefined : runJob(job, handler, records, options);
      }),
    );
    const reported = new Set(unhandled.filter((r) => r !== undefined));
    const earliest = event.Records.find((r) => reported.has(r));
    return {
      batchItemFailures: earliest ? [{ itemIdentifier: earliest.dynamodb?.SequenceNumber ?? '' }] : [],
    };
  };
}

/**
 * Runs one job on its records: a failing record is tried again alone (up to `tries` in all); one that still
 * fails is parked with every record after it, so the job keeps its order. Answers the record to report to the
 * stream, if the retry path could not take it.
 */
async function runJob(
  job: TableChangeJob,
  handler: DispatchedJob['handler'],
  records: readonly DynamoDBRecord[],
  options: DispatchOptions,
): Promise<DynamoDBRecord | undefined> {
  const inPlace: RetryPolicy = {
    maxTries: options.tries ?? IN_PROCESS_TRIES,
    backoff: linearBackoff(options.delayMs ?? IN_PROCESS_DELAY_MS),
  };
  const clock = options.clock ?? now;
  let rest = records;
  try {
    if (await options.retryPath.holds(job.id)) {
      // Earlier records of this job wait on its retry path: these go behind them, in order.
      await park(job, rest, { attempts: 0, dueAt: clock().toISOString() }, options.retryPath, clock);
      return undefined;
    }
    while (rest.length > 0) {
      const first = await tryRecords(handler, rest);
      if (first.failedAt === -1) return undefined;
      rest = rest.slice(first.failedAt);
      let attempts = 1;
      let error = first.error;
      while (error !== undefined && (await pausedForRetry(inPlace, attempts))) {
        attempts += 1;
        error = (await tryRecords(handler, rest.slice(0, 1))).error;
      }
      if (error === undefined) {
        rest = rest.slice(1);
        continue;
      }
      log('warn', 'table-change record parked on its job retry path', {
        jobId: job.id,
        eventID: rest[0]?.eventID,
        following: rest.length - 1,
        error,
      });
      const dueAt = new Date(clock().getTime() + jobRetryPolicy(job).backoff(attempts)).toISOString();
      await park(job, rest, { attempts, dueAt, error }, options.retryPath, clock);
      return undefined;
    }
    return undefined;
  } catch (error) {
    // The retry path is out of reach (or its check failed): the stream keeps the record, for every job.
    log('error', 'table-change record not parked; the stream retries the batch from it', {
      jobId: job.id,
      eventID: rest[0]?.eventID,
      error: (error as Error).message,
    });
    return rest[0];
  }
}

async function park(
  job: TableChangeJob,
  records: readonly DynamoDBRecord[],
  first: { attempts: number; dueAt: string; error?: string },
  retryPath: RetryPath,
  clock: () => Date,
): Promise<void> {
  await retryPath.park(job.id, records, first, clock());
  emitJobMetric('JobRecordsParked', job.id, records.length);
}

/** The reader's mapping settings for a set of jobs: every job's filter, the smallest batch, the most retries. */
export function readerSettings(jobs: readonly TableChangeJob[]) {
  return {
    batchSize: Math.min(...jobs.map((j) => j.batchSize)),
    maxRetries: Math.max(...jobs.map((j) => j.maxRetries)),
  };
}
