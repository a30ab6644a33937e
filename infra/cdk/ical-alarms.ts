/**
 * Alarms on the iCal import (docs/ical.md "Operations"). Each icalImport run writes one CloudWatch Embedded
 * Metric Format line (shared/ical-import-metrics.ts) in the namespace RentalPm/Ical, so the metrics need no
 * metrics client and no extra permission:
 * - IcalFeedsUnhealthy (feeds whose last read failed, was empty, too large or not a calendar): alarm when it
 *   is 1 or more on two runs in a row (one failed read of a channel's calendar is common; two is a feed to fix);
 * - IcalConflicts (events that could not be placed because the nights were taken): alarm on any, since each is
 *   a possible double booking an admin must settle (adminIcal conflicts.json).
 * The job's errors, throttles and failure queue are already alarmed by the stack's Alarms construct.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { ICAL_METRICS_NAMESPACE, type IcalImportCounts } from '../../shared/ical-import-metrics.js';

export interface IcalAlarmsProps {
  readonly topic: sns.ITopic;
  /** The schedule's period (the icalImport job's everyMinutes). */
  readonly everyMinutes: number;
}

export class IcalAlarms extends Construct {
  readonly unhealthyFeeds: cloudwatch.Alarm;
  readonly conflicts: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: IcalAlarmsProps) {
    super(scope, id);
    const metric = (metricName: keyof IcalImportCounts, statistic: string) =>
      new cloudwatch.Metric({
        namespace: ICAL_METRICS_NAMESPACE,
        metricName,
        statistic,
        period: Duration.minutes(props.everyMinutes),
      });
    const notify = new actions.SnsAction(props.topic);
    const alarm = (alarmId: string, options: cloudwatch.AlarmProps) => {
      const created = new cloudwatch.Alarm(this, alarmId, options);
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      return created;
    };
    this.unhealthyFeeds = alarm('UnhealthyFeeds', {
      metric: metric('IcalFeedsUnhealthy', cloudwatch.Stats.MAXIMUM),
      threshold: 1,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data: the job did not run (its own errors alarm covers that), not a healthy or unhealthy feed.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription:
        'An iCal feed failed on two imports in a row (unreachable, empty, too large or not a calendar): see adminIcal feeds.json (health, lastError)',
    });
    this.conflicts = alarm('Conflicts', {
      metric: metric('IcalConflicts', cloudwatch.Stats.SUM),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription:
        'An iCal feed has a stay on nights that are already taken (a possible double booking): see adminIcal conflicts.json',
    });
  }
}
