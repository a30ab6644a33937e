/**
 * A table-change job's own retry path in the cloud (docs/jobs.md "One failing record holds up only its job").
 * The one stream reader (dispatch.ts) tries a failing record a few times in place; then it parks the record,
 * with the job's later records behind it, and reports the batch done, so the stream and the other jobs go on.
 * The retry sweep (retry-sweep.ts, every minute) tries the job's parked records in stream order, the first
 * waiting out its backoff, and keeps one as a JOBFAILURE item after the job's last try. A job whose records are
 * parked parks its new ones too: each job still sees its records in stream order, as with a reader of its own.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type Backoff, exponentialBackoff } from '../backoff.js';
import type { RetryPolicy } from '../retry-policy.js';
import type { TableChangeJob } from './contract.js';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export interface DispatchedJob {
  readonly job: TableChangeJob;
  readonly handler: StreamHandler;
}

/** Tries on the stream before a record is parked (a throttle or a lost race passes within these). */
export const IN_PROCESS_TRIES = 2;
/** Pause before in-process try n is n × this. */
export const IN_PROCESS_DELAY_MS = 200;
/** How often the sweep runs (an EventBridge rate rule on the reader's function). */
export const SWEEP_EVERY_MINUTES = 1;
/** A try claims its record this long (longer than the function's timeout), so two sweeps never run it at once. */
export const CLAIM_MS = 2 * 60_000;

/**
 * A job's record: its first try and `maxRetries` retries (the tries in place count), then it is kept. The wait
 * after `attempts` failed tries: 1, 2, 4, 8 … minutes from the first parked wait on, at most an hour (with the
 * contracts' 5 retries, a record is kept about 15 minutes after its first try; its job's later records wait
 * with it).
 */
export function jobRetryPolicy(job: Pick<TableChangeJob, 'maxRetries'>): RetryPolicy {
  return { maxTries: job.maxRetries + 1, backoff: parkedBackoff };
}

const doubling = exponentialBackoff(60_000, 3_600_000);
/** The tries in place wait milliseconds (IN_PROCESS_DELAY_MS); the doubling starts with the first parked wait. */
const parkedBackoff: Backoff = (attempts) => doubling(attempts - IN_PROCESS_TRIES + 1);

/** What the stream reader needs of the retry path. */
export interface RetryPath {
  holds(jobId: string): Promise<boolean>;
  park(
    jobId: string,
    records: readonly DynamoDBRecord[],
    first: { attempts: number; dueAt: string; error?: string },
    now: Date,
  ): Promise<void>;
}

export interface TryResult {
  /** Index of the first record not handled; -1 when all were. */
  failedAt: number;
  error?: string;
}

export const REPORTED_FAILURE = 'reported as failed by the handler (batchItemFailures)';

/**
 * One call of a job's handler on records in stream order. A reported failure names the record to go on from;
 * a thrown error (or an identifier not in the batch) leaves it unknown, so the first record is taken as failed.
 */
export async function tryRecords(
  handler: StreamHandler,
  records: readonly DynamoDBRecord[],
): Promise<TryResult> {
  try {
    const answer = await handler({ Records: [...records] });
    const failures = answer?.batchItemFailures ?? [];
    if (failures.length === 0) return { failedAt: -1 };
    const sequences = records.map((r) => r.dynamodb?.SequenceNumber);
    const indexes = failures.map((f) => sequences.indexOf(f.itemIdentifier));
    return { failedAt: indexes.includes(-1) ? 0 : Math.min(...indexes), error: REPORTED_FAILURE };
  } catch (error) {
    return { failedAt: 0, error: (error as Error).message ?? String(error) };
  }
}
