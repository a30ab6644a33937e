/**
 * Failed mail sends of the message jobs: the mail job logs `log('warn', 'message send failed', {messageId,
 * kind, attempt, final})` per failed attempt. Metric filters on the job functions' log groups (which job sends
 * is the job's business, so every job's group is watched) count every failed attempt (MailSendFailures, on
 * the dashboard) and the last ones (final: true, MailSendsGivenUp: a message that will not be sent), which
 * alarm on any. No metrics client, no extra permission (log-line-metric.ts).
 *
 * The mail queue (docs/messages.md "Paced to SES"): the mailSender job's EMF line per run (namespace
 * RentalPm/Mail, no dimension) gives the messages queued, those put back for the daily quota, the throttles
 * and the age of the queue's head; an alarm fires when the head is older than a day (mail carried over past
 * the daily quota, or a sender that stopped).
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { countLogLines } from './log-line-metric.js';

export const MAIL_METRICS_NAMESPACE = 'RentalPm/Mail';
/** The line the mail job writes per failed attempt. */
export const MAIL_FAILED_MESSAGE = 'message send failed';

/** The queue's head older than this alarms: a day's mail did not go within the day. */
export const MAIL_QUEUE_AGE_ALARM_SECONDS = 24 * 3600;

export interface MailAlarmsProps {
  /** The job functions (one of them sends the messages). */
  readonly functions: readonly lambda.Function[];
  readonly topic: sns.ITopic;
}

export class MailAlarms extends Construct {
  /** Every failed attempt. */
  readonly failures: cloudwatch.Metric;
  /** Attempts that were the last (final: true). */
  readonly givenUp: cloudwatch.Metric;
  readonly givenUpAlarm: cloudwatch.Alarm;
  /** The mail queue, per 5 minutes: queued (most), put back for the quota, throttled, oldest (seconds). */
  readonly queue: cloudwatch.Metric[];
  readonly queueAgeAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: MailAlarmsProps) {
    super(scope, id);
    const common = {
      functions: props.functions,
      message: MAIL_FAILED_MESSAGE,
      namespace: MAIL_METRICS_NAMESPACE,
      period: Duration.minutes(5),
    };
    this.failures = countLogLines(this, { ...common, metricName: 'MailSendFailures' });
    this.givenUp = countLogLines(this, {
      ...common,
      metricName: 'MailSendsGivenUp',
      where: [logs.FilterPattern.booleanValue('$.final', true)],
    });
    const notify = new actions.SnsAction(props.topic);
    this.givenUpAlarm = new cloudwatch.Alarm(this, 'GivenUp', {
      metric: this.givenUp,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription:
        "A message was given up on after its last send attempt (log line 'message send failed' with final: true): see the job's log for messageId and kind",
    });
    this.givenUpAlarm.addAlarmAction(notify);
    this.givenUpAlarm.addOkAction(notify);

    const queueMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: MAIL_METRICS_NAMESPACE,
        metricName,
        statistic,
        period: Duration.minutes(5),
      });
    const oldest = queueMetric('MailOldestQueuedAgeSeconds', 'Maximum');
    this.queue = [
      queueMetric('MailQueued', 'Maximum'),
      queueMetric('MailDeferredByQuota', 'Sum'),
      queueMetric('MailThrottled', 'Sum'),
      oldest,
    ];
    this.queueAgeAlarm = new cloudwatch.Alarm(this, 'QueueAge', {
      metric: oldest,
      threshold: MAIL_QUEUE_AGE_ALARM_SECONDS,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription:
        'The oldest queued message is over a day old (metric MailOldestQueuedAgeSeconds of the mailSender job): the daily sending quota carried mail over, or the sender stopped; see MailQueued and MailDeferredByQuota on the dashboard',
    });
    this.queueAgeAlarm.addAlarmAction(notify);
    this.queueAgeAlarm.addOkAction(notify);
  }
}
