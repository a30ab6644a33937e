/**
 * Operational alarms to one SNS topic: the stage's 5XX answers and p99 latency; each group's and job's Lambda
 * errors, throttles and a duration near its timeout; the account's claimed Lambda concurrency near its quota;
 * the stream reader's iterator age (the table-change jobs falling behind); the table's read and write
 * throttle events and its system errors per operation (DynamoDB publishes ThrottledRequests and SystemErrors
 * with an Operation dimension only, so a TableName-only metric has no data and never fires); WAF blocks; SES
 * bounce and complaint rates (the account's reputation: SES pauses sending at 10% bounces or 0.5% complaints);
 * and each job's failure queue holding anything.
 * A Lambda error is a 500 the client saw (the handlers turn every expected failure into a 4xx), and a throttle
 * is a request refused for concurrency, so each one is worth a look.
 *
 * The topic is the stack's own (its key and policy let CloudWatch of this account only publish:
 * aws:SourceAccount) with the alarm e-mail subscribed, or an existing topic named by context alarmTopicArn.
 */
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES } from '../../../shared/db/table-definition.js';
import { type StageRef, stageMetric } from '../stage-metrics.js';
import { ownAlarmTopic } from './alarm-topic.js';

export interface AlarmsProps {
  /** The stage whose answers and latency are alarmed. */
  readonly stage: StageRef;
  readonly functions: ReadonlyMap<string, lambda.Function>;
  readonly table: dynamodb.TableV2;
  /** The WebACL's name and its region (WAF metrics are per ACL, rule and region). */
  readonly webAclName: string;
  /** Job id → the queue of records (or events) the job gave up on: any message in it is worth a look. */
  readonly failureQueues?: ReadonlyMap<string, sqs.IQueue>;
  readonly email?: string;
  /** An existing topic to notify instead of a topic of the stack's own. */
  readonly topicArn?: string;
  readonly removalPolicy: RemovalPolicy;
  /** The account's Lambda concurrency quota (config concurrencyQuota). */
  readonly concurrencyQuota: number;
  /**
   * prod's canary releases: group → its `live` alias and the version a release moves it to. Each gets an alarm
   * on that version's own errors through the alias (canary-releases.ts rolls back on it).
   */
  readonly canaries?: ReadonlyMap<string, CanaryTarget>;
  /** The table's stream reader, whose iterator age is the table-change jobs' lag. */
  readonly streamReader?: lambda.Function;
}

const PERIOD = Duration.minutes(5);
/** A run longer than this share of its timeout is close to failing. */
const NEAR_TIMEOUT = 0.8;
/** SES reviews an account at 5% bounces / 0.1% complaints and may pause it at 10% / 0.5%: warn well before. */
const SES_BOUNCE_RATE = 0.05;
const SES_COMPLAINT_RATE = 0.001;
/** The stage's p99 latency worth a look when it holds for 15 minutes (a group's timeout is 10 s). */
export const API_P99_THRESHOLD_MS = 3000;
/** Claimed concurrency at this share of the account's quota: the next flood is refused (throttles). */
export const CONCURRENCY_SHARE = 0.8;
/** The stream reader this far behind the table's changes for 10 minutes (records are dropped at 6 h). */
export const ITERATOR_AGE_THRESHOLD_MS = 5 * 60 * 1000;
/** The DynamoDB operations the functions use, by kind; an alarm's metric math takes at most 10 metrics. */
export const TABLE_READ_OPERATIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'TransactGetItems',
  'GetRecords',
] as const;
export const TABLE_WRITE_OPERATIONS = [
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
] as const;

export interface CanaryTarget {
  readonly functionName: string;
  readonly aliasName: string;
  /** The version number the release moves the alias to (a token of the stack's Version resource). */
  readonly version: string;
}

/** A canary's errors are counted over this period, so an error in its 5 minutes is seen while it runs. */
export const CANARY_ERRORS_PERIOD = Duration.minutes(1);

/**
 * The errors of one version when invoked through the alias: Lambda publishes them with the dimensions
 * FunctionName, Resource (`<function>:<alias>`) and ExecutedVersion, so during a weighted release the new
 * version's errors are apart from the old one's (a FunctionName-only metric counts both).
 */
export function canaryErrorsMetric(target: CanaryTarget): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: 'AWS/Lambda',
    metricName: 'Errors',
    dimensionsMap: {
      FunctionName: target.functionName,
      Resource: `${target.functionName}:${target.aliasName}`,
      ExecutedVersion: target.version,
    },
    period: CANARY_ERRORS_PERIOD,
    statistic: cloudwatch.Stats.SUM,
  });
}

export class Alarms extends Construct {
  readonly topic: sns.ITopic;
  /** Function id (a group or a job's function) → its errors alarm (every version: what people are told). */
  readonly errors = new Map<string, cloudwatch.Alarm>();
  /** Group → the alarm on its new version's errors during a canary release (what CodeDeploy rolls back on). */
  readonly canaryErrors = new Map<string, cloudwatch.Alarm>();

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = props.topicArn
      ? sns.Topic.fromTopicArn(this, 'Topic', props.topicArn)
      : ownAlarmTopic(this, props.removalPolicy);
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (
      alarmId: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      description: string,
      periods: { evaluationPeriods: number; datapointsToAlarm: number } = {
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
      },
    ) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        metric,
        threshold,
        ...periods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      return created;
    };

    alarm(
      'Api5xx',
      stageMetric(props.stage, '5XXError', { period: PERIOD, statistic: cloudwatch.Stats.SUM }),
      5,
      `The ${props.stage.stageName} stage answered 5 or more 5XX responses in 5 minutes`,
    );
    alarm(
      'ApiLatencyP99',
      stageMetric(props.stage, 'Latency', { period: PERIOD, statistic: cloudwatch.Stats.p(99) }),
      API_P99_THRESHOLD_MS,
      `The ${props.stage.stageName} stage's p99 latency was ${API_P99_THRESHOLD_MS} ms or more for 15 minutes`,
      { evaluationPeriods: 3, datapointsToAlarm: 3 },
    );
    const concurrencyLimit = Math.floor(props.concurrencyQuota * CONCURRENCY_SHARE);
    alarm(
      'AccountConcurrency',
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ClaimedAccountConcurrency',
        period: PERIOD,
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      concurrencyLimit,
      `Lambda concurrency claimed in the account reached ${concurrencyLimit} of its ${props.concurrencyQuota} quota (context concurrencyQuota): beyond it every function is throttled; ask for a higher quota`,
    );
    if (props.streamReader)
      alarm(
        'StreamIteratorAge',
        props.streamReader.metric('IteratorAge', { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
        ITERATOR_AGE_THRESHOLD_MS,
        "The table's stream reader was 5 minutes or more behind the table's changes for 10 minutes: the table-change jobs (audit log, turnovers, webhooks …) lag (docs/jobs.md)",
        { evaluationPeriods: 2, datapointsToAlarm: 2 },
      );
    for (const [group, fn] of props.functions) {
      const errors = alarm(
        `${group}Errors`,
        fn.metricErrors({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
        1,
        `Lambda errors in the ${group} group`,
      );
      this.errors.set(group, errors);
      alarm(
        `${group}Throttles`,
        fn.metricThrottles({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
        1,
        `Lambda throttles in the ${group} group`,
      );
    }
    // No action: CodeDeploy reads the state while a release runs; the group's errors alarm above tells people.
    for (const [group, target] of props.canaries ?? []) {
      this.canaryErrors.set(
        group,
        new cloudwatch.Alarm(this, `${group}CanaryErrors`, {
          metric: canaryErrorsMetric(target),
          threshold: 1,
          evaluationPeriods: 1,
          datapointsToAlarm: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          alarmDescription: `Lambda errors of the ${group} group's new version during its canary release (rolls it back)`,
        }),
      );
    }
    for (const [id, fn] of props.functions) {
      const timeout = fn.timeout ?? Duration.seconds(3);
      alarm(
        `${id}NearTimeout`,
        fn.metricDuration({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
        timeout.toMilliseconds() * NEAR_TIMEOUT,
        `A ${id} run took ${NEAR_TIMEOUT * 100}% or more of its ${timeout.toSeconds()} s timeout`,
      );
    }

    const tableName = props.table.tableName;
    const table = (metricName: string, dimensions: Record<string, string>) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: tableName, ...dimensions },
        period: PERIOD,
        statistic: cloudwatch.Stats.SUM,
      });
    /** The sum of up to 10 metrics, a missing one counted as 0. */
    const sum = (metrics: cloudwatch.IMetric[], label: string) =>
      new cloudwatch.MathExpression({
        expression: `SUM([${metrics.map((_, i) => `FILL(m${i}, 0)`).join(', ')}])`,
        usingMetrics: Object.fromEntries(metrics.map((m, i) => [`m${i}`, m])),
        period: PERIOD,
        label,
      });
    // Throttle events are published per table and per GSI, without an Operation dimension.
    const throttleScopes: Record<string, string>[] = [
      {},
      ...GLOBAL_INDEXES.map((index) => ({ GlobalSecondaryIndexName: index.name })),
    ];
    alarm(
      'TableThrottles',
      sum(
        throttleScopes.flatMap((scope) => [
          table('ReadThrottleEvents', scope),
          table('WriteThrottleEvents', scope),
        ]),
        'Read and write throttle events (table and GSIs)',
      ),
      1,
      'DynamoDB throttled reads or writes on the table or one of its GSIs',
    );
    for (const [kind, operations] of [
      ['Read', TABLE_READ_OPERATIONS],
      ['Write', TABLE_WRITE_OPERATIONS],
    ] as const) {
      alarm(
        `Table${kind}SystemErrors`,
        sum(
          operations.map((operation) => table('SystemErrors', { Operation: operation })),
          `System errors of ${kind.toLowerCase()} operations`,
        ),
        1,
        `DynamoDB answered internal errors (5xx) to ${kind.toLowerCase()} operations (${operations.join(', ')}) on the table`,
      );
    }

    alarm(
      'WafBlocks',
      new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclName, Region: Stack.of(this).region, Rule: 'ALL' },
        period: PERIOD,
        statistic: cloudwatch.Stats.SUM,
      }),
      100,
      'WAF blocked 100 or more requests in 5 minutes (a flood, or a client over the per-IP limit)',
    );

    const reputation = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        period: PERIOD,
        statistic: cloudwatch.Stats.MAXIMUM,
      });
    alarm(
      'SesBounceRate',
      reputation('Reputation.BounceRate'),
      SES_BOUNCE_RATE,
      'SES bounce rate at 5% or more',
    );
    alarm(
      'SesComplaintRate',
      reputation('Reputation.ComplaintRate'),
      SES_COMPLAINT_RATE,
      'SES complaint rate at 0.1% or more',
    );

    for (const [jobId, queue] of props.failureQueues ?? []) {
      alarm(
        `${jobId}FailedRecords`,
        queue.metricApproximateNumberOfMessagesVisible({
          period: PERIOD,
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        1,
        `The ${jobId} job gave up on a record or event after its last try (docs/jobs.md: read its failure queue)`,
      );
    }
  }
}
