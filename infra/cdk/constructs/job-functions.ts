/**
 * The background jobs (docs/jobs.md), from the JOBS contracts. The table-change jobs share ONE reader of the
 * table's stream (functions/table-changes.ts, shared/jobs/dispatch.ts): DynamoDB Streams throttles beyond two
 * readers per shard, and every event source mapping is one. Its mapping carries every job's filter, the
 * smallest batch and the most retries, with bisect on error, partial batch responses, a maximum record age
 * and an SQS on-failure queue (the last resort: a job's failing record goes to the job's own retry path on the
 * table, and only one that could not be put there is left to the stream); its Lambda has the access of all
 * those jobs' groups, and an every-minute rule runs the retry sweep in it. A schedule gets a Lambda of its own and an EventBridge rate rule (its undeliverable events go
 * to the same kind of queue). A queue job gets an SQS queue fed by its producers, a dead-letter queue after
 * `maxReceives` receives, and a Lambda consuming it through an event source mapping capped at its
 * `maxConcurrency`, with partial batch responses. The stack alarms on each failure queue holding anything
 * (Alarms).
 */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  type JobContract,
  jobEntryPath,
  type QueueJob,
  queueUrlVariable,
  type ScheduleJob,
  type TableChangeJob,
} from '../../../shared/jobs/contract.js';
import { readerSettings } from '../../../shared/jobs/dispatch.js';
import { filterPatterns } from '../../../shared/jobs/filter.js';
import { SWEEP_EVERY_MINUTES } from '../../../shared/jobs/retry-path.js';
import { GroupFunction } from './group-function.js';

export interface JobFunctionsProps {
  readonly jobs: readonly JobContract[];
  readonly table: dynamodb.TableV2;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  /**
   * Batches of one stream shard the reader runs at once (capacity.ts): Lambda then keeps the order per
   * item only, which no job needs beyond (docs/jobs.md "Draining the stream").
   */
  readonly streamParallelization: number;
  /** The variables of a job's function (a job runs with its group's access). */
  readonly environment: (job: JobContract) => Record<string, string>;
  /** The grants of a job's role (the same as its group's). */
  readonly grant: (job: JobContract, role: iam.Role) => void;
}

/** A stream record older than this is not retried any more but sent to the failure queue (the stream keeps 24 h). */
const MAX_RECORD_AGE = Duration.hours(6);
/** A job's batch may write many items; API handlers get 10 s, jobs more. */
const JOB_TIMEOUT = Duration.minutes(1);

/** The id of the one stream reader's function and queue (its entry dispatches to the table-change jobs). */
export const TABLE_CHANGES_READER = 'tableChanges';
const READER_ENTRY = 'functions/table-changes.ts';

export class JobFunctions extends Construct {
  /** Function id (a schedule job's id, or TABLE_CHANGES_READER) → its Lambda. */
  readonly functions = new Map<string, lambda.Function>();
  /** Function id → the queue of what it gave up on. */
  readonly failureQueues = new Map<string, sqs.Queue>();
  /** Job id → the Lambda that runs it (the reader for every table-change job). */
  readonly functionOfJob = new Map<string, lambda.Function>();
  /** Job id → the queue its producers send pages to (queue jobs). */
  readonly workQueues = new Map<string, sqs.Queue>();
  /** The table-change jobs, whose given-up records are alarmed by job (infra/cdk/job-retry-alarms.ts). */
  readonly tableChangeJobs: string[] = [];

  constructor(scope: Construct, id: string, props: JobFunctionsProps) {
    super(scope, id);
    const tableChanges = props.jobs.filter((job): job is TableChangeJob => job.kind === 'tableChange');
    if (tableChanges.length > 0) this.streamReader(props, tableChanges);
    for (const job of props.jobs) {
      if (job.kind !== 'schedule') continue;
      const fn = this.jobFunction(
        props,
        job,
        job.timeoutSeconds ? Duration.seconds(job.timeoutSeconds) : JOB_TIMEOUT,
      );
      const failures = this.failureQueue(job.id, props.removalPolicy);
      new events.Rule(this, `${job.id}Schedule`, {
        description: `Runs the ${job.id} job every ${job.everyMinutes} minutes`,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [
          new targets.LambdaFunction(fn.function, {
            retryAttempts: 2,
            maxEventAge: Duration.hours(1),
            deadLetterQueue: failures,
          }),
        ],
      });
      this.functions.set(job.id, fn.function);
      this.functionOfJob.set(job.id, fn.function);
    }
    for (const job of props.jobs) if (job.kind === 'queue') this.queueWorker(props, job);
  }

  /** A job's own function, with its group's environment and access (the schedule's and the queue worker's). */
  private jobFunction(
    props: JobFunctionsProps,
    job: ScheduleJob | QueueJob,
    timeout: Duration,
    memoryMb?: number,
  ) {
    const fn = new GroupFunction(this, job.id, {
      group: job.group,
      environment: props.environment(job),
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
      job: {
        id: job.id,
        entry: jobEntryPath(job),
        description: job.description,
        timeout,
        ...(memoryMb ? { memoryMb } : {}),
      },
    });
    props.grant(job, fn.role);
    return fn;
  }

  /**
   * A queue job: its queue (the visibility timeout six times the worker's timeout, as Lambda advises, so a
   * page being worked on is never handed to a second worker), its dead-letter queue, its worker with the
   * contract's memory and timeout on a capped mapping, and its producers' right to send and the queue's URL.
   */
  private queueWorker(props: JobFunctionsProps, job: QueueJob) {
    const timeout = Duration.seconds(job.timeoutSeconds);
    const fn = this.jobFunction(props, job, timeout, job.memoryMb);
    const deadLetters = this.failureQueue(job.id, props.removalPolicy);
    const queue = new sqs.Queue(this, `${job.id}Queue`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(job.timeoutSeconds * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: job.maxReceives },
      removalPolicy: props.removalPolicy,
    });
    fn.function.addEventSource(
      new sources.SqsEventSource(queue, {
        batchSize: job.batchSize,
        maxConcurrency: job.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    for (const producerId of job.producers) {
      const producer = this.functions.get(producerId);
      if (!producer)
        throw new Error(`${job.id}: its producer ${producerId} is not a schedule job of the stack`);
      queue.grantSendMessages(producer);
      producer.addEnvironment(queueUrlVariable(job.id), queue.queueUrl);
    }
    this.workQueues.set(job.id, queue);
    this.functions.set(job.id, fn.function);
    this.functionOfJob.set(job.id, fn.function);
  }

  /** The one reader: every table-change job's environment and grants, filters and settings on one mapping. */
  private streamReader(props: JobFunctionsProps, jobs: readonly TableChangeJob[]) {
    const fn = new GroupFunction(this, TABLE_CHANGES_READER, {
      group: TABLE_CHANGES_READER,
      environment: Object.assign({}, ...jobs.map((job) => props.environment(job))),
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
      job: {
        id: TABLE_CHANGES_READER,
        entry: READER_ENTRY,
        description: `Reads the table's stream for ${jobs.map((j) => j.id).join(', ')}`,
        timeout: JOB_TIMEOUT,
      },
    });
    for (const job of jobs) props.grant(job, fn.role);
    const failures = this.failureQueue(TABLE_CHANGES_READER, props.removalPolicy);
    const settings = readerSettings(jobs);
    // Jobs on the same trigger share one filter pattern (a mapping takes at most 5).
    const patterns = [...new Set(jobs.flatMap((job) => filterPatterns(job).map((p) => JSON.stringify(p))))];
    fn.function.addEventSource(
      // TableV2 is an ITable; only exactOptionalPropertyTypes sees its optional members differently.
      new sources.DynamoEventSource(props.table as unknown as dynamodb.ITable, {
        // TRIM_HORIZON: created with the stack, the mapping must not skip changes made before it was ready.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: settings.batchSize,
        retryAttempts: settings.maxRetries,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        parallelizationFactor: props.streamParallelization,
        maxRecordAge: MAX_RECORD_AGE,
        onFailure: new sources.SqsDlq(failures),
        filters: patterns.map((p) => lambda.FilterCriteria.filter(JSON.parse(p) as Record<string, unknown>)),
      }),
    );
    // The retry sweep of the jobs' parked records (shared/jobs/retry-sweep.ts) runs in the same function, with
    // the same access. A lost tick is harmless (the next one does the same work), so no failure queue.
    new events.Rule(this, `${TABLE_CHANGES_READER}RetrySweep`, {
      description: `Retries the parked records of ${jobs.map((j) => j.id).join(', ')} (docs/jobs.md)`,
      schedule: events.Schedule.rate(Duration.minutes(SWEEP_EVERY_MINUTES)),
      targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 0 })],
    });
    this.functions.set(TABLE_CHANGES_READER, fn.function);
    for (const job of jobs) this.functionOfJob.set(job.id, fn.function);
    this.tableChangeJobs.push(...jobs.map((job) => job.id));
  }

  private failureQueue(id: string, removalPolicy: RemovalPolicy): sqs.Queue {
    const failures = new sqs.Queue(this, `${id}Failures`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy,
    });
    Validations.of(failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the failure destination of a job: it holds what the job gave up on for an operator (docs/jobs.md), nothing consumes it, and an alarm fires when it holds anything.',
    });
    this.failureQueues.set(id, failures);
    return failures;
  }
}
