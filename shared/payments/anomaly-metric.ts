/**
 * The payment anomaly metric (docs/payments.md "Anomalies"): one EMF line (shared/metrics.ts) per Stripe event
 * kept as an anomaly, namespace RentalPm/Payments, metric PaymentAnomalies, no dimension (one alarm,
 * infra/cdk/payment-alarms.ts, fires on any); the kind and the event id are properties of the line, for Logs
 * Insights.
 */
import { emitCounts } from '../metrics.js';

export const PAYMENT_METRICS_NAMESPACE = 'RentalPm/Payments';
export const PAYMENT_ANOMALY_METRIC = 'PaymentAnomalies';

export function emitAnomalyMetric(kind: string, eventId: string, now: Date): void {
  emitCounts({
    namespace: PAYMENT_METRICS_NAMESPACE,
    counts: { [PAYMENT_ANOMALY_METRIC]: 1 },
    properties: { kind, eventId },
    at: now,
  });
}
