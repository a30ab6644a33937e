/**
 * The job contract (DESIGN.md "Background work (jobs)"): work that follows a change but is not part of the
 * request, declared once beside a group's routes (functions/<group>/jobs.ts) and collected in
 * functions/registry.ts `JOBS`. The CDK stack (ONE stream reader Lambda, `tableChanges`, with one event
 * source mapping for every table-change job; a Lambda and an EventBridge rule per schedule; an SQS queue, its
 * dead-letter queue and a capped consumer per queue job) and the local runtime (infra/local/job-runner.ts: the
 * stream readers, the timers and the local queues) are all derived from it. Like route contracts, it imports
 * nothing that needs the AWS SDK.
 */

import type { GenericSchema } from 'valibot';

export type StreamEventName = 'INSERT' | 'MODIFY' | 'REMOVE';

interface JobBase {
  /**
   * Stable id (camelCase): names a schedule's Lambda, alarms and failure queue (table-change jobs share the
   * reader's), and the local control endpoint `/_local/jobs/{id}/run`.
   */
  readonly id: string;
  /** The group folder under functions/ that owns the job. */
  readonly group: string;
  /** The entry module in that folder, exporting `handler` (e.g. `consumer.ts`). */
  readonly entry: string;
  readonly description: string;
  /**
   * What the job's Lambda may do: its group's access (the default), or only the table ('table') for a job
   * that only reads and writes items, such as a consumer that queues work for another job of its group. The
   * table-change jobs share one reader Lambda, which gets what each of them declares.
   */
  readonly access?: 'group' | 'table';
}

/**
 * A table-change consumer: DynamoDB Streams → the handler, with only the records whose item has `entity`
 * (NewImage for INSERT/MODIFY, OldImage for REMOVE) and whose event is one of `events`.
 */
export interface TableChangeJob extends JobBase {
  readonly kind: 'tableChange';
  readonly entity: string;
  readonly events: readonly StreamEventName[];
  /** Records per invocation (cloud: the mapping's BatchSize; local: the same). */
  readonly batchSize: number;
  /** Retries after the first attempt before a record is kept as a failure (cloud: MaximumRetryAttempts). */
  readonly maxRetries: number;
}

/** A schedule: an EventBridge rate rule → the handler; locally a timer, and on demand for tests. */
export interface ScheduleJob extends JobBase {
  readonly kind: 'schedule';
  readonly everyMinutes: number;
  /** The Lambda's timeout when a run may need more than a minute (a walk that hands work to a queue job). */
  readonly timeoutSeconds?: number;
}

/**
 * A queue-fed worker: the jobs named in `producers` send it pages of work (shared/jobs/queue.ts
 * `sendPages`, typed from `page`), each page one SQS message; the worker (shared/jobs/page-worker.ts) parses
 * each message with `page` and its handler gets the parsed pages of SQS events of up to `batchSize` messages and
 * answers `batchItemFailures` for the pages it could not finish (they come again; a worker must be safe to run
 * twice on a page). Cloud: an SQS queue and an event source mapping capped at `maxConcurrency`; locally the job
 * runner's queue with the same event shape and cap (docs/jobs.md "Queue jobs").
 */
export interface QueueJob<Page extends GenericSchema = GenericSchema> extends JobBase {
  readonly kind: 'queue';
  /** What one message carries: the producer sends what it accepts, the worker gets what it outputs. */
  readonly page: Page;
  /** The jobs whose handlers send to this queue (they get its URL and the right to send). */
  readonly producers: readonly string[];
  /** Messages per invocation (the mapping's BatchSize). */
  readonly batchSize: number;
  /** Invocations at once at most (the mapping's MaximumConcurrency, 2 to 1000). */
  readonly maxConcurrency: number;
  /** The worker's timeout: a batch of `batchSize` pages must finish well inside it. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /** Deliveries of a message before it goes to the dead-letter queue (locally: kept as a JOBFAILURE item). */
  readonly maxReceives: number;
}

export type JobContract = TableChangeJob | ScheduleJob | QueueJob;

/** Declares a job; only a typing aid, the object is returned as given. */
export function defineJob<const J extends JobContract>(job: J): J {
  return job;
}

/** The job's entry module, relative to the project root (what the stack bundles and the runtime imports). */
export function jobEntryPath(job: Pick<JobContract, 'group' | 'entry'>): string {
  return `functions/${job.group}/${job.entry}`;
}

/** The environment variable that holds a queue job's queue URL (set by the stack, and locally by the runtime). */
export function queueUrlVariable(jobId: string): string {
  return `${jobId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_QUEUE_URL`;
}

/**
 * SQS's own limits, which the producer and the local queue both keep: 10 entries a batch, a message (and a
 * batch's messages together) at most 1 MiB since 2025-08 (256 KiB before; the quotas page of the SQS developer
 * guide), a delay of 0–900 seconds.
 */
export const SQS_LIMITS = { batchEntries: 10, messageBytes: 1_048_576, maxDelaySeconds: 900 } as const;
