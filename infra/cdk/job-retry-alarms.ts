/**
 * Alarms on the table-change jobs' retry path (docs/jobs.md): the retry sweep writes an Embedded Metric Format
 * line (shared/jobs/metrics.ts, namespace RentalPm/Jobs, dimension JobId) each time it gives up on a record and
 * keeps it as a JOBFAILURE item, so one alarm per job fires on any: a record that job never handled, for an
 * admin to read, fix and replay. No metrics client in the Lambda, no extra permission.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { JOB_METRICS_NAMESPACE } from '../../shared/jobs/metrics.js';

export interface JobRetryAlarmsProps {
  /** The table-change jobs' ids. */
  readonly jobs: readonly string[];
  readonly topic: sns.ITopic;
}

export class JobRetryAlarms extends Construct {
  /** Job id → its alarm. */
  readonly keptRecords = new Map<string, cloudwatch.Alarm>();

  constructor(scope: Construct, id: string, props: JobRetryAlarmsProps) {
    super(scope, id);
    const notify = new actions.SnsAction(props.topic);
    for (const jobId of props.jobs) {
      const alarm = new cloudwatch.Alarm(this, `${jobId}KeptRecords`, {
        metric: new cloudwatch.Metric({
          namespace: JOB_METRICS_NAMESPACE,
          metricName: 'JobRecordsKept',
          dimensionsMap: { JobId: jobId },
          statistic: cloudwatch.Stats.SUM,
          period: Duration.minutes(5),
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: `The ${jobId} job gave up on a record after its last try: it is kept as a JOBFAILURE#${jobId} item (docs/jobs.md)`,
      });
      alarm.addAlarmAction(notify);
      alarm.addOkAction(notify);
      this.keptRecords.set(jobId, alarm);
    }
  }
}
