/**
 * One table-change job's queue in the local job runner (docs/jobs.md), handled in stream order like one event
 * source mapping on one shard: batches of the job's size, `batchItemFailures` honoured (the retry starts at
 * the failed record), a thrown error retried one record at a time (the cloud bisects), backoff between tries,
 * and after the last try the record kept as a JOBFAILURE item.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { linearBackoff } from '../../shared/backoff.js';
import { now } from '../../shared/clock.js';
import { jobFailureItem } from '../../shared/data/job-retry-items.js';
import type { TableChangeJob } from '../../shared/jobs/contract.js';
import { matchesTrigger } from '../../shared/jobs/filter.js';
import { log } from '../../shared/log.js';
import { afterFailedTry, type RetryPolicy } from '../../shared/retry-policy.js';
import { type JobHandler, type JobStatus, lambdaContext } from './job-invocation.js';

export interface Queued {
  record: DynamoDBRecord;
  /** Failed attempts so far. */
  failures: number;
}

export interface WorkerDeps {
  retryDelayMs: number;
  isRunning: () => boolean;
  keep: (queued: Queued, error: string) => Promise<void>;
}

/** One table-change job's queue, handled in stream order like one event source mapping on one shard. */
export class TableChangeWorker {
  private readonly queue: Queued[] = [];
  private running: Promise<void> | undefined;
  /** After a thrown error, records go one at a time until a batch succeeds (the cloud bisects the batch). */
  private isolate = false;
  /** The cloud's count (`maxRetries` retries after the first try), with short waits: n × retryDelayMs. */
  private readonly policy: RetryPolicy;

  constructor(
    private readonly job: TableChangeJob,
    private readonly handler: JobHandler,
    private readonly status: JobStatus,
    private readonly deps: WorkerDeps,
  ) {
    this.policy = { maxTries: job.maxRetries + 1, backoff: linearBackoff(deps.retryDelayMs) };
  }

  offer(record: DynamoDBRecord): void {
    if (!matchesTrigger(this.job, record)) return;
    this.queue.push({ record, failures: 0 });
    this.status.pending = this.queue.length;
  }

  /** Works through the queue unless already doing so. */
  start(): void {
    if (this.queue.length === 0) return;
    this.running ??= this.pump().finally(() => {
      this.running = undefined;
    });
  }

  get idle(): boolean {
    return this.running === undefined && this.queue.length === 0;
  }

  async settled(): Promise<void> {
    await this.running;
  }

  private async pump(): Promise<void> {
    while (this.deps.isRunning() && this.queue.length > 0) await this.runBatch();
    this.status.pending = this.queue.length;
  }

  private async runBatch(): Promise<void> {
    const batch = this.queue.slice(0, this.isolate ? 1 : this.job.batchSize);
    let failedAt: number;
    let error = 'reported as failed by the handler (batchItemFailures)';
    try {
      const event: DynamoDBStreamEvent = { Records: batch.map((q) => q.record) };
      const result = (await this.handler(event, lambdaContext(this.job.id))) as
        | DynamoDBBatchResponse
        | undefined;
      failedAt = firstFailure(result, batch);
    } catch (thrown) {
      error = (thrown as Error).message ?? String(thrown);
      this.status.lastError = error;
      this.status.failures += 1;
      // Which record broke the batch is unknown: split it down before counting a try against one record.
      if (batch.length > 1) {
        this.isolate = true;
        return;
      }
      failedAt = 0;
      (this.queue[0] as Queued).failures += 1;
      return this.afterFailure(error);
    }
    const done = failedAt === -1 ? batch.length : failedAt;
    this.queue.splice(0, done);
    this.status.handled += done;
    this.status.pending = this.queue.length;
    if (failedAt === -1) {
      this.isolate = false;
      return;
    }
    // Retry from the failed record (ReportBatchItemFailures: Lambda restarts at the lowest failed sequence).
    (this.queue[0] as Queued).failures += 1;
    this.status.lastError = error;
    this.status.failures += 1;
    return this.afterFailure(error);
  }

  private async afterFailure(error: string): Promise<void> {
    const head = this.queue[0] as Queued;
    if (afterFailedTry(this.policy, head.failures, now()).kind === 'giveUp') {
      await this.deps.keep(head, error);
      this.queue.shift();
      this.status.keptFailures += 1;
      this.status.pending = this.queue.length;
      this.isolate = false;
      return;
    }
    await sleep(this.policy.backoff(head.failures));
  }
}

/** After the last try the record is kept where an admin can see it: the same JOBFAILURE item as in the cloud. */
export async function keepFailure(
  doc: DynamoDBDocumentClient,
  tableName: string,
  job: TableChangeJob,
  queued: Queued,
  error: string,
): Promise<void> {
  const { record } = queued;
  const failedAt = now().toISOString();
  await doc.send(
    new PutCommand({
      TableName: tableName,
      Item: jobFailureItem({ jobId: job.id, record, attempts: queued.failures, error, failedAt }),
    }),
  );
  log('error', 'job gave up on a record', { jobId: job.id, eventID: record.eventID, error });
}

/** Index of the first record the handler reported as failed, -1 when none; an unknown identifier fails all. */
function firstFailure(result: DynamoDBBatchResponse | undefined, batch: readonly Queued[]): number {
  const failures = result?.batchItemFailures ?? [];
  if (failures.length === 0) return -1;
  const sequences = batch.map((q) => q.record.dynamodb?.SequenceNumber);
  const indexes = failures.map((f) => sequences.indexOf(f.itemIdentifier));
  return indexes.includes(-1) ? 0 : Math.min(...indexes);
}
