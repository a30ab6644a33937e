/**
 * The business's own counts as CloudWatch metrics: a booking made, a payment recorded. Written as Embedded
 * Metric Format lines (no metrics client, no permission), namespace RentalPm/Business, no dimension; the
 * stage's dashboard shows them per hour (infra/cdk/dashboard.ts). The code that makes the booking or records
 * the payment calls emitBusinessMetric once it is committed.
 */
export const BUSINESS_METRICS_NAMESPACE = 'RentalPm/Business';
export type BusinessMetric = 'Bookings' | 'Payments';
export const BUSINESS_METRICS: readonly BusinessMetric[] = ['Bookings', 'Payments'];

/** One EMF line counting `count` of the metric. */
export function businessMetricLine(metric: BusinessMetric, count = 1, now = new Date()): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: BUSINESS_METRICS_NAMESPACE,
          Dimensions: [[]],
          Metrics: [{ Name: metric, Unit: 'Count' }],
        },
      ],
    },
    [metric]: count,
  });
}

/** Prints the line inside Lambda only (bare JSON on stdout: EMF must be the whole line). */
export function emitBusinessMetric(metric: BusinessMetric, count = 1): void {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.LOCAL_RUNTIME !== '1')
    process.stdout.write(`${businessMetricLine(metric, count)}\n`);
}
