/**
 * The business's own counts as CloudWatch metrics: a booking made, a payment recorded. Namespace
 * RentalPm/Business, no dimension; the stage's dashboard shows them per hour (infra/cdk/dashboard.ts). The
 * code that makes the booking or records the payment calls emitBusinessMetric once it is committed.
 */
import { emitCounts } from './metrics.js';

export const BUSINESS_METRICS_NAMESPACE = 'RentalPm/Business';
export type BusinessMetric = 'Bookings' | 'Payments';
export const BUSINESS_METRICS: readonly BusinessMetric[] = ['Bookings', 'Payments'];

/** Counts `count` of the metric (one EMF line, shared/metrics.ts). */
export function emitBusinessMetric(metric: BusinessMetric, count = 1): void {
  emitCounts({ namespace: BUSINESS_METRICS_NAMESPACE, counts: { [metric]: count } });
}
