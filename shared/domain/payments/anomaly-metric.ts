/**
 * The payment anomaly metric (docs/payments.md "Anomalies"): one CloudWatch Embedded Metric Format line per
 * Stripe event kept as an anomaly, namespace RentalPm/Payments, metric PaymentAnomalies (no dimension: one
 * alarm, infra/cdk/payment-alarms.ts, fires on any; the kind is a property of the line, for Logs Insights).
 * No metrics client, no permission. No SDK here: the stack imports the names.
 */
export const PAYMENT_METRICS_NAMESPACE = 'RentalPm/Payments';
export const PAYMENT_ANOMALY_METRIC = 'PaymentAnomalies';

export function anomalyMetricLine(kind: string, eventId: string, now: Date): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: PAYMENT_METRICS_NAMESPACE,
          Dimensions: [[]],
          Metrics: [{ Name: PAYMENT_ANOMALY_METRIC, Unit: 'Count' }],
        },
      ],
    },
    kind,
    eventId,
    [PAYMENT_ANOMALY_METRIC]: 1,
  });
}

/** Prints the line inside Lambda only (bare JSON on stdout: EMF must be the whole line). */
export function emitAnomalyMetric(kind: string, eventId: string, now: Date): void {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.LOCAL_RUNTIME !== '1')
    process.stdout.write(`${anomalyMetricLine(kind, eventId, now)}\n`);
}
