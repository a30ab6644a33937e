/**
 * The background jobs (docs/jobs.md), one Lambda each from the JOBS contracts: a table-change job gets an
 * event source mapping on the table's stream (the contract's filter, batch size and retries; bisect on error,
 * partial batch responses, a maximum record age, and an SQS on-failure queue where records land after the
 * last try); a schedule gets an EventBridge rate rule (its undeliverable events go to the same kind of queue).
 * The stack alarms on each queue holding anything (Alarms).
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
import { type JobContract, jobEntryPath } from '../../../shared/jobs/contract.js';
import { filterPatterns } from '../../../shared/jobs/filter.js';
import { GroupFunction } from './group-function.js';

export interface JobFunctionsProps {
  readonly jobs: readonly JobContract[];
  readonly table: dynamodb.TableV2;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  /** The variables of a job's function (a job runs with its group's access). */
  readonly environment: (job: JobContract) => Record<string, string>;
  /** The grants of a job's role (the same as its group's). */
  readonly grant: (job: JobContract, role: iam.Role) => void;
}

/** A stream record older than this is not retried any more but sent to the failure queue (the stream keeps 24 h). */
const MAX_RECORD_AGE = Duration.hours(6);
/** A job's batch may write many items; API handlers get 10 s, jobs more. */
const JOB_TIMEOUT = Duration.minutes(1);

export class JobFunctions extends Construct {
  /** Job id → its Lambda. */
  readonly functions = new Map<string, lambda.Function>();
  /** Job id → the queue of what it gave up on. */
  readonly failureQueues = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, props: JobFunctionsProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const fn = new GroupFunction(this, job.id, {
        group: job.group,
        environment: props.environment(job),
        logRetention: props.logRetention,
        removalPolicy: props.removalPolicy,
        job: { id: job.id, entry: jobEntryPath(job), description: job.description, timeout: JOB_TIMEOUT },
      });
      props.grant(job, fn.role);

      const failures = new sqs.Queue(this, `${job.id}Failures`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.removalPolicy,
      });
      Validations.of(failures).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue is itself the failure destination of a job: it holds what the job gave up on for an operator (docs/jobs.md), nothing consumes it, and an alarm fires when it holds anything.',
      });

      if (job.kind === 'tableChange') {
        fn.function.addEventSource(
          // TableV2 is an ITable; only exactOptionalPropertyTypes sees its optional members differently.
          new sources.DynamoEventSource(props.table as unknown as dynamodb.ITable, {
            // TRIM_HORIZON: created with the stack, the mapping must not skip changes made before it was ready.
            startingPosition: lambda.StartingPosition.TRIM_HORIZON,
            batchSize: job.batchSize,
            retryAttempts: job.maxRetries,
            bisectBatchOnError: true,
            reportBatchItemFailures: true,
            maxRecordAge: MAX_RECORD_AGE,
            onFailure: new sources.SqsDlq(failures),
            filters: filterPatterns(job).map((pattern) => lambda.FilterCriteria.filter(pattern)),
          }),
        );
      } else {
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
      }
      this.functions.set(job.id, fn.function);
      this.failureQueues.set(job.id, failures);
    }
  }
}
