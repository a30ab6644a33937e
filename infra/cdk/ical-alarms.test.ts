import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import { icalImport } from '../../functions/adminIcal/jobs.js';
import { emitIcalImportMetrics, ICAL_METRICS_NAMESPACE } from '../../shared/ical-import-metrics.js';
import { directiveOf, metricLinesOf } from '../../test/support/metric-lines.js';
import { IcalAlarms } from './ical-alarms.js';

describe('IcalAlarms', () => {
  it('alarms on unhealthy feeds (two runs in a row) and on any conflict, to the topic, from the job’s metrics', () => {
    const stack = new Stack(new App(), 'IcalAlarmsProbe');
    const topic = new sns.Topic(stack, 'Topic');
    new IcalAlarms(stack, 'IcalAlarms', { topic, everyMinutes: icalImport.everyMinutes });
    const template = Template.fromStack(stack);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(
      (r) => r.Properties as Record<string, unknown>,
    );
    expect(
      alarms.map((a) => [a.Namespace, a.MetricName, a.Threshold, a.EvaluationPeriods, a.Period]),
    ).toEqual([
      [ICAL_METRICS_NAMESPACE, 'IcalFeedsUnhealthy', 1, 2, 900],
      [ICAL_METRICS_NAMESPACE, 'IcalConflicts', 1, 1, 900],
    ]);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toHaveLength(1);
      expect(alarm.TreatMissingData).toBe('notBreaching');
      expect(alarm.Dimensions).toBeUndefined();
    }
    // The job's line: the same namespace and metrics, no dimension (no Powertools `service`).
    const [line] = metricLinesOf(() =>
      emitIcalImportMetrics({ IcalFeedsUnhealthy: 1, IcalImportStepErrors: 0, IcalConflicts: 1 }, new Date()),
    );
    expect(directiveOf(line).Namespace).toBe(ICAL_METRICS_NAMESPACE);
    expect(directiveOf(line).Dimensions).toEqual([[]]);
    for (const alarm of alarms)
      expect(directiveOf(line).Metrics.map((m) => m.Name)).toContain(alarm.MetricName);
  });
});
