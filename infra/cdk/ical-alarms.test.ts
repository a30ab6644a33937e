import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import { icalImport } from '../../functions/adminIcal/jobs.js';
import { ICAL_METRICS_NAMESPACE, IcalAlarms } from './ical-alarms.js';

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
    }
    // The construct watches the namespace the job writes (its entry is not imported: it loads the table client).
    const importer = readFileSync(new URL('../../functions/adminIcal/importer.ts', import.meta.url), 'utf8');
    expect(importer).toContain(`METRIC_NAMESPACE = '${ICAL_METRICS_NAMESPACE}'`);
  });
});
