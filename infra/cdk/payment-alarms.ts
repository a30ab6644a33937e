/**
 * The alarm on payment anomalies (docs/payments.md "Anomalies"): the paymentWebhook function writes one
 * Embedded Metric Format line per Stripe event it kept as an anomaly (shared/payments/anomaly-metric.ts:
 * namespace RentalPm/Payments, metric PaymentAnomalies) — card money the books could not take (a refund
 * beyond what was paid, a payment for a cancelled booking …). Each needs a person (a refund in Stripe, a
 * payment recorded by hand), so the alarm fires on any. No metrics client, no extra permission.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { PAYMENT_ANOMALY_METRIC, PAYMENT_METRICS_NAMESPACE } from '../../shared/payments/anomaly-metric.js';

export interface PaymentAlarmsProps {
  readonly topic: sns.ITopic;
}

export class PaymentAlarms extends Construct {
  readonly anomalies: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: PaymentAlarmsProps) {
    super(scope, id);
    const notify = new actions.SnsAction(props.topic);
    this.anomalies = new cloudwatch.Alarm(this, 'Anomalies', {
      metric: new cloudwatch.Metric({
        namespace: PAYMENT_METRICS_NAMESPACE,
        metricName: PAYMENT_ANOMALY_METRIC,
        statistic: cloudwatch.Stats.SUM,
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data: no anomaly (the webhook's own errors are alarmed with every function's).
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription:
        "A Stripe event moved card money the books could not take (kept as an anomaly on the invoice, announced as payment.anomaly): see the invoice's anomalies in adminInvoices and settle it (refund in Stripe, or record the payment)",
    });
    this.anomalies.addAlarmAction(notify);
    this.anomalies.addOkAction(notify);
  }
}
