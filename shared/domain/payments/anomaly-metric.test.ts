import { describe, expect, it } from 'vitest';
import { anomalyMetricLine, PAYMENT_ANOMALY_METRIC, PAYMENT_METRICS_NAMESPACE } from './anomaly-metric.js';

describe('the payment anomaly metric line', () => {
  it('is one EMF line counting 1 PaymentAnomalies in RentalPm/Payments, the kind and event as properties', () => {
    const line = anomalyMetricLine('overRefund', 'evt_1', new Date(1_000));
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      _aws: {
        Timestamp: 1_000,
        CloudWatchMetrics: [
          {
            Namespace: PAYMENT_METRICS_NAMESPACE,
            Dimensions: [[]],
            Metrics: [{ Name: PAYMENT_ANOMALY_METRIC, Unit: 'Count' }],
          },
        ],
      },
      kind: 'overRefund',
      eventId: 'evt_1',
      PaymentAnomalies: 1,
    });
  });
});
