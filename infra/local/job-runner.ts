/**
 * The local stand-in for the cloud's job plumbing (docs/jobs.md). For each table-change job it does what a
 * Lambda event source mapping does: reads the table's stream (stream-reader.ts), keeps the records that pass
 * the job's filter (the same rule as the mapping's filter criteria), calls the job's own handler with the
 * DynamoDB Streams event shape in batches of the job's size, honours `batchItemFailures` (retries from the
 * failed record, with backoff), and after the last try keeps the record as a `JOBFAILURE#<jobId>` item (the
 * cloud sends it to the SQS on-failure queue). Schedules run on timers. Everything comes from JOBS.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  ScheduledEvent,
} from 'aws-lambda';
import { keys } from '../../shared/db/keys.js';
import type { JobContract, ScheduleJob, TableChangeJob } from '../../shared/jobs/contract.js';
import { jobEntryPath } from '../../shared/jobs/contract.js';
import { matchesTrigger } from '../../shared/jobs/filter.js';
import { log } from '../../shared/log.js';
import { StreamReader } from './stream-reader.js';

const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
const REGION = 'us-east-1';

// biome-ignore lint/suspicious/noExplicitAny: a job handler's event and result depend on its kind; the runner builds the right event.
export type JobHandler = (event: any, context: Context) => Promise<unknown>;

export interface JobRunnerOptions {
  jobs: readonly JobContract[];
  dynamodbUrl: string;
  tableName: string;
  /** Loads a job's handler; by default imports its entry module. Tests wrap the real handler with faults. */
  loadHandler?: (job: JobContract) => Promise<JobHandler>;
  /** Pause between stream polls when there was nothing to read (ms). */
  pollMs?: number;
  /** Backoff before retry n of a failed record is n × this (ms). */
  retryDelayMs?: number;
  /** Run schedules on their timers (default true); tests trigger them with runSchedule instead. */
  timers?: boolean;
}

export interface JobStatus {
  id: string;
  kind: JobContract['kind'];
  /** Records waiting (table-change jobs). */
  pending: number;
  /** Records handled (table-change) or runs completed (schedule). */
  handled: number;
  /** Failed attempts (each followed by a retry, or by keeping the record). */
  failures: number;
  /** Records given up on after the last try, kept as JOBFAILURE items. */
  keptFailures: number;
  lastError?: string;
}

export interface JobRunner {
  /** Resolves when every record written to the table before the call has been handled (or kept as failed). */
  drain(timeoutMs?: number): Promise<void>;
  /** Runs a schedule job now, as its timer would; rejects with the handler's error. */
  runSchedule(jobId: string): Promise<void>;
  status(): JobStatus[];
  /** The records a job gave up on, oldest first. */
  keptFailures(jobId: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const pollMs = options.pollMs ?? 150;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const client = new DynamoDBClient({ endpoint: options.dynamodbUrl, region: REGION, credentials });
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const load = options.loadHandler ?? importHandler;
  let running = true;

  const statuses = new Map<string, JobStatus>();
  const handlers = new Map<string, JobHandler>();
  for (const job of options.jobs) {
    handlers.set(job.id, await load(job));
    statuses.set(job.id, {
      id: job.id,
      kind: job.kind,
      pending: 0,
      handled: 0,
      failures: 0,
      keptFailures: 0,
    });
  }
  const statusOf = (id: string) => statuses.get(id) as JobStatus;
  const handlerOf = (id: string) => handlers.get(id) as JobHandler;

  const workers = options.jobs
    .filter((job): job is TableChangeJob => job.kind === 'tableChange')
    .map(
      (job) =>
        new TableChangeWorker(job, handlerOf(job.id), statusOf(job.id), {
          retryDelayMs: options.retryDelayMs ?? 100,
          isRunning: () => running,
          keep: (queued, error) => keepFailure(doc, options.tableName, job, queued, error),
        }),
    );
  const idle = () => workers.every((w) => w.idle);

  // ---- The stream, polled; passes are numbered so drain() can ask for "an empty pass that started after me".
  const reader = await StreamReader.open(client, options.tableName, {
    endpoint: options.dynamodbUrl,
    region: REGION,
    credentials,
  });
  if (workers.length > 0 && !reader)
    throw new Error(`table ${options.tableName} has no stream: the table-change jobs cannot run`);
  let passesStarted = 0;
  let lastEmptyPass = 0;
  let offered = 0;
  let lastDiscovery = Date.now();
  let wantDiscovery = false;
  let wake: (() => void) | undefined;

  async function pass(): Promise<number> {
    if (!reader) return 0;
    if (wantDiscovery || Date.now() - lastDiscovery > 1000) {
      wantDiscovery = false;
      lastDiscovery = Date.now();
      await reader.discoverShards();
    }
    const records = await reader.readOnce();
    for (const record of records) for (const worker of workers) worker.offer(record);
    // Only after the whole read is queued, so records read together are delivered together (one batch).
    for (const worker of workers) worker.start();
    return records.length;
  }

  const loop = (async () => {
    while (running) {
      const number = ++passesStarted;
      let read: number;
      try {
        read = await pass();
      } catch (error) {
        if (running) log('error', 'job runner: stream read failed', { error: (error as Error).message });
        read = -1; // not a proof of being caught up
      }
      offered += Math.max(read, 0);
      if (read === 0) lastEmptyPass = number;
      if (read > 0) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, pollMs).unref();
      });
      wake = undefined;
    }
  })();

  // ---- Schedules.
  async function runSchedule(jobId: string): Promise<void> {
    const job = options.jobs.find((j) => j.id === jobId);
    if (job?.kind !== 'schedule') throw new UnknownJob(jobId);
    const status = statusOf(job.id);
    try {
      await handlerOf(job.id)(scheduledEvent(job), lambdaContext(job.id));
      status.handled += 1;
    } catch (error) {
      status.lastError = (error as Error).message;
      status.failures += 1;
      log('error', 'scheduled job failed', { jobId, error: (error as Error).message });
      throw error;
    }
  }
  const timers =
    options.timers === false
      ? []
      : options.jobs
          .filter((job): job is ScheduleJob => job.kind === 'schedule')
          .map((job) =>
            // A failed run is logged and counted; the next tick runs again (schedules are idempotent sweeps).
            setInterval(
              () => void runSchedule(job.id).catch(() => undefined),
              job.everyMinutes * 60_000,
            ).unref(),
          );

  return {
    async drain(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mark = passesStarted;
        const offeredBefore = offered;
        wantDiscovery = true;
        while (!(lastEmptyPass > mark && idle())) {
          if (!running) throw new Error('the job runner is stopped');
          if (Date.now() > deadline) throw new Error(`jobs not caught up after ${timeoutMs} ms`);
          wake?.();
          await sleep(10);
        }
        // Handlers may have written records of their own (a job feeding another): go round until quiet.
        if (offered === offeredBefore) return;
      }
    },
    runSchedule,
    status: () => options.jobs.map((job) => ({ ...statusOf(job.id) })),
    async keptFailures(jobId) {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: options.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.jobFailurePartition(jobId) },
        }),
      );
      return (Items ?? []) as Record<string, unknown>[];
    },
    async stop() {
      running = false;
      for (const timer of timers) clearInterval(timer);
      wake?.();
      await loop;
      await Promise.all(workers.map((w) => w.settled()));
      reader?.destroy();
      client.destroy();
    },
  };
}

export class UnknownJob extends Error {
  constructor(jobId: string) {
    super(`no schedule job ${jobId}`);
  }
}

interface Queued {
  record: DynamoDBRecord;
  /** Failed attempts so far. */
  failures: number;
}

interface WorkerDeps {
  retryDelayMs: number;
  isRunning: () => boolean;
  keep: (queued: Queued, error: string) => Promise<void>;
}

/** One table-change job's queue, handled in stream order like one event source mapping on one shard. */
class TableChangeWorker {
  private readonly queue: Queued[] = [];
  private running: Promise<void> | undefined;
  /** After a thrown error, records go one at a time until a batch succeeds (the cloud bisects the batch). */
  private isolate = false;

  constructor(
    private readonly job: TableChangeJob,
    private readonly handler: JobHandler,
    private readonly status: JobStatus,
    private readonly deps: WorkerDeps,
  ) {}

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
    if (head.failures > this.job.maxRetries) {
      await this.deps.keep(head, error);
      this.queue.shift();
      this.status.keptFailures += 1;
      this.status.pending = this.queue.length;
      this.isolate = false;
      return;
    }
    await sleep(this.deps.retryDelayMs * head.failures);
  }
}

/** After the last try the record is kept where an admin can see it (the cloud: the SQS on-failure queue). */
async function keepFailure(
  doc: DynamoDBDocumentClient,
  tableName: string,
  job: TableChangeJob,
  queued: Queued,
  error: string,
): Promise<void> {
  const failedAt = new Date().toISOString();
  const { record } = queued;
  await doc.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.jobFailure(job.id, failedAt, record.eventID ?? ''),
        entity: 'jobFailure',
        jobId: job.id,
        failedAt,
        attempts: queued.failures,
        error,
        eventID: record.eventID,
        eventName: record.eventName,
        sequenceNumber: record.dynamodb?.SequenceNumber,
        // The whole stream record, as the handler received it: enough to replay it by hand.
        record: JSON.stringify(record),
      },
    }),
  );
  log('error', 'job gave up on a record', { jobId: job.id, eventID: record.eventID, error });
}

async function importHandler(job: JobContract): Promise<JobHandler> {
  // The job's entry module, found from its contract, as the CDK stack bundles it.
  const entry = pathToFileURL(join(PROJECT_ROOT, jobEntryPath(job))).href;
  const module = (await import(/* @vite-ignore */ entry)) as { handler?: JobHandler };
  if (typeof module.handler !== 'function') throw new Error(`${jobEntryPath(job)} exports no handler`);
  return module.handler;
}

/** Index of the first record the handler reported as failed, -1 when none; an unknown identifier fails all. */
function firstFailure(result: DynamoDBBatchResponse | undefined, batch: readonly Queued[]): number {
  const failures = result?.batchItemFailures ?? [];
  if (failures.length === 0) return -1;
  const sequences = batch.map((q) => q.record.dynamodb?.SequenceNumber);
  const indexes = failures.map((f) => sequences.indexOf(f.itemIdentifier));
  return indexes.includes(-1) ? 0 : Math.min(...indexes);
}

function scheduledEvent(job: ScheduleJob): ScheduledEvent {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region: REGION,
    resources: [`arn:aws:events:${REGION}:000000000000:rule/local-${job.id}`],
    detail: {},
  };
}

function lambdaContext(jobId: string): Context {
  const deadline = Date.now() + 60_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-job-${jobId}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:000000000000:function:local-job-${jobId}`,
    memoryLimitInMB: '256',
    awsRequestId: crypto.randomUUID(),
    logGroupName: `/aws/lambda/local-job-${jobId}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
