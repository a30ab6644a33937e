/**
 * The table-change jobs' retry path as CloudWatch metrics (one EMF line each, shared/metrics.ts):
 * JobRecordsParked (records put on a job's retry path) and JobRecordsKept (records given up on after the
 * job's last try; the stack alarms on any, per job: infra/cdk/job-retry-alarms.ts), dimension JobId.
 */
import { emitCounts } from '../metrics.js';

export const JOB_METRICS_NAMESPACE = 'RentalPm/Jobs';
export const JOB_METRIC_DIMENSION = 'JobId';
export type JobMetric = 'JobRecordsParked' | 'JobRecordsKept';

export function emitJobMetric(metric: JobMetric, jobId: string, count: number): void {
  emitCounts({
    namespace: JOB_METRICS_NAMESPACE,
    counts: { [metric]: count },
    dimensions: { [JOB_METRIC_DIMENSION]: jobId },
  });
}
