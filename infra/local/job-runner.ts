/**
 * The local stand-in for the cloud's job plumbing (docs/jobs.md). For each table-change job it does what a
 * Lambda event source mapping does: reads the table's stream (stream-reader.ts), keeps the records that pass
 * the job's filter (the same rule as the mapping's filter criteria), calls the job's own handler with the
 * DynamoDB Streams event shape in batches of the job's size, honours `batchItemFailures` (retries from the
 * failed record, with backoff), and after the last try keeps the record as a `JOBFAILURE#<jobId>` item (the
 * cloud sends it to the SQS on-failure queue). Schedules run when due by the service's clock (shared/clock.ts):
 * a tick each second runs every schedule whose rate has passed since its last run, so a clock moved ahead
 * (`POST /_local/clock`) runs the jobs due by the new time on the next tick. Each queue job has a local queue
 * (queue-worker.ts) that the SQS stand-in (sqs-stand-in.ts) fills. Everything comes from JOBS.
 */

import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduledEvent } from 'aws-lambda';
import { now } from '../../shared/clock.js';
import { queueFailureItem } from '../../shared/data/job-retry-items.js';
import { keys } from '../../shared/db/keys.js';
import type { JobContract, QueueJob, ScheduleJob, TableChangeJob } from '../../shared/jobs/contract.js';
import { jobEntryPath } from '../../shared/jobs/contract.js';
import { log } from '../../shared/log.js';
import { type JobHandler, type JobStatus, lambdaContext } from './job-invocation.js';
import { onFirstCall } from './lazy-handler.js';
import { localCredentials } from './local-credentials.js';
import { QueueWorker } from './queue-worker.js';
import type { LocalQueues } from './sqs-stand-in.js';
import { StreamReader } from './stream-reader.js';
import { keepFailure, TableChangeWorker } from './table-change-worker.js';

export type { JobHandler, JobStatus } from './job-invocation.js';

const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
const REGION = 'us-east-1';

export interface JobRunnerOptions {
  jobs: readonly JobContract[];
  dynamodbUrl: string;
  /** The DynamoDB Local database of the table (local-credentials.ts); default `local`. */
  dynamodbDatabase?: string | undefined;
  tableName: string;
  /** Loads a job's handler; by default imports its entry module. Tests wrap the real handler with faults. */
  loadHandler?: (job: JobContract) => Promise<JobHandler>;
  /** Pause between stream polls when there was nothing to read (ms). */
  pollMs?: number;
  /** Backoff before retry n of a failed record is n × this (ms). */
  retryDelayMs?: number;
  /** Run schedules on their timers (default true); tests trigger them with runSchedule instead. */
  timers?: boolean;
  /** How long a queue job's failed message waits before it is delivered again (ms). */
  queueVisibilityMs?: number;
}

export interface JobRunner {
  /** Resolves when every record written to the table before the call has been handled (or kept as failed). */
  drain(timeoutMs?: number): Promise<void>;
  /** Runs a schedule job now, as its timer would; rejects with the handler's error. */
  runSchedule(jobId: string): Promise<void>;
  status(): JobStatus[];
  /** The records a job gave up on, oldest first. */
  keptFailures(jobId: string): Promise<Record<string, unknown>[]>;
  /** The queue jobs' local queues, which the SQS stand-in sends into. */
  queues: LocalQueues;
  /** Batches of a queue job being handled now (tests check the cap). */
  busy(jobId: string): number;
  stop(): Promise<void>;
}

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const pollMs = options.pollMs ?? 150;
  const credentials = localCredentials(options.dynamodbDatabase);
  const client = new DynamoDBClient({ endpoint: options.dynamodbUrl, region: REGION, credentials });
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const load = options.loadHandler ?? importHandler;
  let running = true;

  const statuses = new Map<string, JobStatus>();
  const handlers = new Map<string, JobHandler>();
  for (const job of options.jobs) {
    handlers.set(
      job.id,
      onFirstCall(() => load(job)),
    );
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
  const queueWorkers = new Map(
    options.jobs
      .filter((job): job is QueueJob => job.kind === 'queue')
      .map((job) => [
        job.id,
        new QueueWorker(job, handlerOf(job.id), statusOf(job.id), {
          visibilityDelayMs: options.queueVisibilityMs ?? 200,
          isRunning: () => running,
          keep: async (message, error) => {
            await doc.send(
              new PutCommand({
                TableName: options.tableName,
                Item: queueFailureItem({
                  jobId: job.id,
                  ...message,
                  error,
                  failedAt: now().toISOString(),
                }),
              }),
            );
            log('error', 'job gave up on a message', { jobId: job.id, messageId: message.messageId, error });
          },
        }),
      ]),
  );
  const queues: LocalQueues = {
    sendTo: (name, body) => queueWorkers.get(name)?.send(body),
    depth: (name) => queueWorkers.get(name)?.depth,
  };
  const idle = () => workers.every((w) => w.idle) && [...queueWorkers.values()].every((q) => q.idle);

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
  const timers = options.timers === false ? [] : [scheduleTicker(options.jobs, runSchedule)];

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
    queues,
    busy: (jobId) => queueWorkers.get(jobId)?.busy ?? 0,
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
      await Promise.all([...workers, ...queueWorkers.values()].map((w) => w.settled()));
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

async function importHandler(job: JobContract): Promise<JobHandler> {
  // The job's entry module, found from its contract, as the CDK stack bundles it.
  const entry = pathToFileURL(join(PROJECT_ROOT, jobEntryPath(job))).href;
  const module = (await import(/* @vite-ignore */ entry)) as { handler?: JobHandler };
  if (typeof module.handler !== 'function') throw new Error(`${jobEntryPath(job)} exports no handler`);
  return module.handler;
}

/** How often the schedules look at the clock (ms). */
const SCHEDULE_TICK_MS = 1_000;

/**
 * Runs each schedule every `everyMinutes` of the service's clock, as EventBridge's rate rule does (the first run
 * one rate after start). A schedule still running is not started again; a failed run is logged and counted and
 * the next rate runs again (schedules are idempotent sweeps). Time moved ahead makes every schedule whose next
 * run it passed due at once; moved back, a schedule waits for its next run as the new time counts.
 */
function scheduleTicker(jobs: readonly JobContract[], run: (jobId: string) => Promise<void>): NodeJS.Timeout {
  const schedules = jobs.filter((job): job is ScheduleJob => job.kind === 'schedule');
  const next = new Map(schedules.map((job) => [job.id, now().getTime() + job.everyMinutes * 60_000]));
  const running = new Set<string>();
  return setInterval(() => {
    const at = now().getTime();
    for (const job of schedules) {
      const due = next.get(job.id) ?? at;
      if (running.has(job.id)) continue;
      // Moved back by more than a rate: the next run counts from the new time.
      if (due - at > job.everyMinutes * 60_000) next.set(job.id, at + job.everyMinutes * 60_000);
      if (due > at) continue;
      next.set(job.id, at + job.everyMinutes * 60_000);
      running.add(job.id);
      void run(job.id)
        .catch(() => undefined)
        .finally(() => running.delete(job.id));
    }
  }, SCHEDULE_TICK_MS).unref();
}

function scheduledEvent(job: ScheduleJob): ScheduledEvent {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: now().toISOString(),
    region: REGION,
    resources: [`arn:aws:events:${REGION}:000000000000:rule/local-${job.id}`],
    detail: {},
  };
}
