/**
 * Operational alarms to one SNS topic: the API's 5XX answers; each group's and job's Lambda errors, throttles
 * and a duration near its timeout; the table's throttled requests and system errors; WAF blocks; SES bounce
 * and complaint rates (the account's reputation: SES pauses sending at 10% bounces or 0.5% complaints); and
 * each job's failure queue holding anything.
 * A Lambda error is a 500 the client saw (the handlers turn every expected failure into a 4xx), and a throttle
 * is a request refused for concurrency, so each one is worth a look.
 */
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AlarmsProps {
  readonly api: apigw.RestApi;
  readonly functions: ReadonlyMap<string, lambda.Function>;
  readonly table: dynamodb.TableV2;
  /** The WebACL's name and its region (WAF metrics are per ACL, rule and region). */
  readonly webAclName: string;
  /** Job id → the queue of records (or events) the job gave up on: any message in it is worth a look. */
  readonly failureQueues?: ReadonlyMap<string, sqs.IQueue>;
  readonly email?: string;
  readonly removalPolicy: RemovalPolicy;
}

const PERIOD = Duration.minutes(5);
/** A run longer than this share of its timeout is close to failing. */
const NEAR_TIMEOUT = 0.8;
/** SES reviews an account at 5% bounces / 0.1% complaints and may pause it at 10% / 0.5%: warn well before. */
const SES_BOUNCE_RATE = 0.05;
const SES_COMPLAINT_RATE = 0.001;

export class Alarms extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);

    // CloudWatch cannot publish to a topic under the AWS managed SNS key, so the topic has its own key.
    const key = new kms.Key(this, 'TopicKey', {
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'Topic', { masterKey: key, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    const notify = new actions.SnsAction(this.topic);

    const alarm = (alarmId: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        metric,
        threshold,
        evaluationPeriods: 1,
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
      props.api.metricServerError({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
      5,
      'The API answered 5 or more 5XX responses in 5 minutes',
    );
    for (const [group, fn] of props.functions) {
      alarm(
        `${group}Errors`,
        fn.metricErrors({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
        1,
        `Lambda errors in the ${group} group`,
      );
      alarm(
        `${group}Throttles`,
        fn.metricThrottles({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
        1,
        `Lambda throttles in the ${group} group`,
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

    const table = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        period: PERIOD,
        statistic: cloudwatch.Stats.SUM,
      });
    alarm('TableThrottles', table('ThrottledRequests'), 1, 'DynamoDB throttled requests on the table');
    alarm(
      'TableSystemErrors',
      table('SystemErrors'),
      1,
      'DynamoDB answered internal errors (5xx) for the table',
    );

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
