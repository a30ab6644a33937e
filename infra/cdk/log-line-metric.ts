/**
 * A CloudWatch metric that counts log lines: one metric filter per function's log group on the line's
 * `message` (and optional further JSON conditions), all into one metric. The handlers' Powertools Logger writes
 * JSON lines, so a `log('warn', 'webhook delivery failed', …)` becomes a count with no metrics client in the
 * Lambda and no extra permission. Used by the webhook and mail alarms and the dashboard.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface LogLineMetricProps {
  /** The functions whose log groups hold the line. */
  readonly functions: readonly lambda.Function[];
  /** The line's `message`, exactly. */
  readonly message: string;
  /** Further conditions on the line's fields (all must hold). */
  readonly where?: readonly logs.IFilterPattern[];
  readonly namespace: string;
  readonly metricName: string;
  readonly period: Duration;
}

/** The JSON filter pattern of a log line: its message, and the further conditions. */
export function logLinePattern(
  message: string,
  where: readonly logs.IFilterPattern[] = [],
): logs.IFilterPattern {
  const byMessage = logs.FilterPattern.stringValue('$.message', '=', message);
  return where.length > 0 ? logs.FilterPattern.all(byMessage, ...(where as logs.JsonPattern[])) : byMessage;
}

/** Creates the filters (ids `<metricName><i>` in scope) and answers the metric (sum per period). */
export function countLogLines(scope: Construct, props: LogLineMetricProps): cloudwatch.Metric {
  const filterPattern = logLinePattern(props.message, props.where);
  props.functions.forEach((fn, i) => {
    new logs.MetricFilter(scope, `${props.metricName}${i}`, {
      logGroup: fn.logGroup,
      filterPattern,
      metricNamespace: props.namespace,
      metricName: props.metricName,
      metricValue: '1',
      defaultValue: 0,
    });
  });
  return new cloudwatch.Metric({
    namespace: props.namespace,
    metricName: props.metricName,
    statistic: cloudwatch.Stats.SUM,
    period: props.period ?? Duration.minutes(5),
  });
}
