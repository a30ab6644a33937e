/**
 * Alarms on outbound webhook deliveries (docs/webhooks.md): the delivery jobs log one line per failed attempt
 * (`webhook delivery failed`) and one per subscription they disable (`webhook subscription disabled`); metric
 * filters on the jobs' log groups count them, and the alarms notify the stack's alarm topic:
 * - failed attempts: 10 or more within 15 minutes (one receiver down for a while, or several failing);
 * - a subscription disabled for failing 3 days: any.
 * A log metric filter needs no metrics client in the Lambdas and no extra permission.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { countLogLines } from './log-line-metric.js';

export interface WebhookAlarmsProps {
  /** The delivery jobs' functions (webhookFanOut, webhookRetries). */
  readonly functions: readonly lambda.Function[];
  readonly topic: sns.ITopic;
}

export const WEBHOOK_METRICS_NAMESPACE = 'RentalPm/Webhooks';
const FAILED_ATTEMPTS_THRESHOLD = 10;

export class WebhookAlarms extends Construct {
  readonly failedAttempts: cloudwatch.Alarm;
  readonly disabledSubscriptions: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: WebhookAlarmsProps) {
    super(scope, id);
    const count = (metricName: string, message: string) =>
      countLogLines(this, {
        functions: props.functions,
        message,
        namespace: WEBHOOK_METRICS_NAMESPACE,
        metricName,
        period: Duration.minutes(15),
      });
    const notify = new actions.SnsAction(props.topic);
    const alarm = (alarmId: string, metric: cloudwatch.Metric, threshold: number, description: string) => {
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
    this.failedAttempts = alarm(
      'FailedAttempts',
      count('DeliveryFailures', 'webhook delivery failed'),
      FAILED_ATTEMPTS_THRESHOLD,
      `${FAILED_ATTEMPTS_THRESHOLD}+ outbound webhook attempts failed within 15 minutes: see the delivery log (adminWebhooks deliveries.json?status=pending)`,
    );
    this.disabledSubscriptions = alarm(
      'DisabledSubscriptions',
      count('SubscriptionsDisabled', 'webhook subscription disabled'),
      1,
      'A webhook subscription was disabled after failing for 3 days: fix the receiver, then PUT active 1',
    );
  }
}
