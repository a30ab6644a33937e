import { describe, expect, it, vi } from 'vitest';
import { directiveOf, metricLinesOf } from '../test/support/metric-lines.js';
import { BUSINESS_METRICS_NAMESPACE, emitBusinessMetric } from './business-metrics.js';
import { emitIcalImportMetrics, ICAL_METRICS_NAMESPACE } from './ical-import-metrics.js';
import { emitJobMetric, JOB_METRICS_NAMESPACE } from './jobs/metrics.js';
import { emitCounts } from './metrics.js';
import {
  emitAnomalyMetric,
  PAYMENT_ANOMALY_METRIC,
  PAYMENT_METRICS_NAMESPACE,
} from './payments/anomaly-metric.js';

/** A time CloudWatch takes (within the last 14 days), whole for comparison. */
const recent = (minutesAgo: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000);

describe('business metrics on Powertools Metrics (one EMF line per call)', () => {
  it('writes the counts as one bare JSON line: namespace, Count units, the one dimension set, properties, time', () => {
    const at = recent(1);
    const lines = metricLinesOf(() =>
      emitCounts({
        namespace: 'Test/Ns',
        counts: { A: 2, B: 0 },
        dimensions: { JobId: 'auditLog' },
        properties: { note: 'why' },
        at,
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      _aws: {
        Timestamp: at.getTime(),
        CloudWatchMetrics: [
          {
            Namespace: 'Test/Ns',
            Dimensions: [['JobId']],
            Metrics: [
              { Name: 'A', Unit: 'Count' },
              { Name: 'B', Unit: 'Count' },
            ],
          },
        ],
      },
      note: 'why',
      JobId: 'auditLog',
      A: 2,
      B: 0,
    });
  });

  it("has no `service` dimension (Powertools' default): a metric without dimensions is the empty set [[]]", () => {
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'rental-pm-api');
    try {
      const [line] = metricLinesOf(() => emitCounts({ namespace: 'Test/Ns', counts: { A: 1 } }));
      expect(directiveOf(line).Dimensions).toEqual([[]]);
      expect(line).not.toHaveProperty('service');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('prints nothing while POWERTOOLS_METRICS_DISABLED is true (the test run)', () => {
    const printed: unknown[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(chunk);
      return true;
    });
    try {
      expect(process.env.POWERTOOLS_METRICS_DISABLED).toBe('true');
      emitCounts({ namespace: 'Test/Ns', counts: { A: 1 } });
    } finally {
      spy.mockRestore();
    }
    expect(printed).toEqual([]);
  });

  it('keeps nothing between calls: each line has only its own counts, dimensions and properties', () => {
    const lines = metricLinesOf(() => {
      emitJobMetric('JobRecordsParked', 'turnovers', 3);
      emitBusinessMetric('Bookings');
    });
    expect(lines).toHaveLength(2);
    expect(lines[1]).not.toHaveProperty('JobId');
    expect(lines[1]).not.toHaveProperty('JobRecordsParked');
  });
});

describe('the writers name what the alarms and the dashboard watch', () => {
  it('Bookings and Payments: RentalPm/Business, no dimension', () => {
    const [line] = metricLinesOf(() => emitBusinessMetric('Payments'));
    expect(directiveOf(line)).toEqual({
      Namespace: BUSINESS_METRICS_NAMESPACE,
      Dimensions: [[]],
      Metrics: [{ Name: 'Payments', Unit: 'Count' }],
    });
    expect(line?.Payments).toBe(1);
  });

  it('the jobs: RentalPm/Jobs, dimension JobId', () => {
    const [line] = metricLinesOf(() => emitJobMetric('JobRecordsKept', 'auditLog', 1));
    expect(directiveOf(line)).toEqual({
      Namespace: JOB_METRICS_NAMESPACE,
      Dimensions: [['JobId']],
      Metrics: [{ Name: 'JobRecordsKept', Unit: 'Count' }],
    });
    expect(line).toMatchObject({ JobId: 'auditLog', JobRecordsKept: 1 });
  });

  it('a payment anomaly: 1 PaymentAnomalies in RentalPm/Payments at the event time, the kind and event as properties', () => {
    const at = recent(2);
    const [line] = metricLinesOf(() => emitAnomalyMetric('overRefund', 'evt_1', at));
    expect(line).toEqual({
      _aws: {
        Timestamp: at.getTime(),
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

  it("the iCal import: the run's three counts in one line of RentalPm/Ical", () => {
    const at = recent(3);
    const [line] = metricLinesOf(() =>
      emitIcalImportMetrics({ IcalFeedsUnhealthy: 1, IcalImportStepErrors: 2, IcalConflicts: 0 }, at),
    );
    expect(directiveOf(line).Namespace).toBe(ICAL_METRICS_NAMESPACE);
    expect(directiveOf(line).Dimensions).toEqual([[]]);
    expect(line).toMatchObject({ IcalFeedsUnhealthy: 1, IcalImportStepErrors: 2, IcalConflicts: 0 });
    expect(line?._aws.Timestamp).toBe(at.getTime());
  });
});
