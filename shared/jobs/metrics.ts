/**
 * The table-change jobs' retry path as CloudWatch metrics, written as Embedded Metric Format lines (no metrics
 * client, no permission): JobRecordsParked (records put on a job's retry path) and JobRecordsKept (records
 * given up on after the job's last try; the stack alarms on any, per job: infra/cdk/job-retry-alarms.ts).
 */
export const JOB_METRICS_NAMESPACE = 'RentalPm/Jobs';
export type JobMetric = 'JobRecordsParked' | 'JobRecordsKept';

/** One EMF line with the job as its dimension. */
export function jobMetricLine(metric: JobMetric, jobId: string, count: number, now = new Date()): string {
  return JSON.stringify({
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: JOB_METRICS_NAMESPACE,
          Dimensions: [['JobId']],
          Metrics: [{ Name: metric, Unit: 'Count' }],
        },
      ],
    },
    JobId: jobId,
    [metric]: count,
  });
}

/** Prints the line inside Lambda only (bare JSON on stdout: EMF must be the whole line). */
export function emitJobMetric(metric: JobMetric, jobId: string, count: number): void {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.LOCAL_RUNTIME !== '1')
    process.stdout.write(`${jobMetricLine(metric, jobId, count)}\n`);
}
