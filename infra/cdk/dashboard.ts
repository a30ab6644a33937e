/**
 * The stage's CloudWatch dashboard (`rental-pm-<stage>-api`): what an operator looks at first.
 * - the stage: requests, 4XX and 5XX, latency p50/p99;
 * - per group: invocations, errors and p99 duration of its Lambda;
 * - the business: bookings and payments per hour (EMF RentalPm/Business, shared/business-metrics.ts);
 * - the jobs: the stream reader's iterator age (the table-change jobs' lag), records parked on and given up
 *   from the jobs' retry path (RentalPm/Jobs), each job function's errors;
 * - outbound webhooks' failed attempts and disabled subscriptions, and failed mail sends (log line counts).
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, BUSINESS_METRICS_NAMESPACE } from '../../shared/business-metrics.js';
import { JOB_METRICS_NAMESPACE } from '../../shared/jobs/metrics.js';
import { type StageRef, stageMetric } from './stage-metrics.js';

export interface DashboardProps {
  readonly name: string;
  readonly stage: StageRef;
  /** Group → its Lambda. */
  readonly groups: ReadonlyMap<string, lambda.IFunction>;
  /** Job function id → its Lambda. */
  readonly jobFunctions: ReadonlyMap<string, lambda.IFunction>;
  readonly streamReader?: lambda.IFunction;
  /** Counted log lines to show: title → metrics. */
  readonly failures: Readonly<Record<string, readonly cloudwatch.IMetric[]>>;
}

const FIVE_MINUTES = Duration.minutes(5);
const HOUR = Duration.hours(1);
const WIDTH = 24;

export class Dashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8, stacked = false) =>
      new cloudwatch.GraphWidget({
        title,
        left,
        width,
        height: 6,
        stacked,
        legendPosition: cloudwatch.LegendPosition.RIGHT,
      });
    const sum = { period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM };
    const { stage } = props;
    const perGroup = (metric: (fn: lambda.IFunction, group: string) => cloudwatch.IMetric) =>
      [...props.groups].map(([group, fn]) => metric(fn, group));

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: props.name,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# ${props.name}\nThe stage ${stage.stageName}: API, groups, bookings and payments, jobs, webhooks and mail (docs/cloud-stack.md "Operating").`,
        width: WIDTH,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('Requests', [stageMetric(stage, 'Count', sum)]),
      graph('4XX and 5XX', [stageMetric(stage, '4XXError', sum), stageMetric(stage, '5XXError', sum)]),
      graph('Latency (ms)', [
        stageMetric(stage, 'Latency', { period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(50) }),
        stageMetric(stage, 'Latency', { period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(99) }),
      ]),
    );
    this.dashboard.addWidgets(
      graph(
        'Invocations per group',
        perGroup((fn, g) => fn.metricInvocations({ ...sum, label: g })),
        8,
        true,
      ),
      graph(
        'Errors per group',
        perGroup((fn, g) => fn.metricErrors({ ...sum, label: g })),
      ),
      graph(
        'Duration p99 per group (ms)',
        perGroup((fn, g) =>
          fn.metricDuration({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(99), label: g }),
        ),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Bookings and payments per hour',
        BUSINESS_METRICS.map(
          (metricName) =>
            new cloudwatch.Metric({
              namespace: BUSINESS_METRICS_NAMESPACE,
              metricName,
              period: HOUR,
              statistic: cloudwatch.Stats.SUM,
            }),
        ),
        12,
      ),
      graph(
        'Job lag: stream iterator age (ms)',
        props.streamReader
          ? [
              props.streamReader.metric('IteratorAge', {
                period: FIVE_MINUTES,
                statistic: cloudwatch.Stats.MAXIMUM,
              }),
            ]
          : [],
        12,
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Job retry path: records parked and given up',
        (['JobRecordsParked', 'JobRecordsKept'] as const).map(
          (metric) =>
            new cloudwatch.MathExpression({
              expression: `SUM(SEARCH('{${JOB_METRICS_NAMESPACE},JobId} MetricName="${metric}"', 'Sum', 300))`,
              label: metric,
              period: FIVE_MINUTES,
            }),
        ),
      ),
      graph(
        'Job errors',
        [...props.jobFunctions].map(([jobId, fn]) => fn.metricErrors({ ...sum, label: jobId })),
      ),
      ...Object.entries(props.failures).map(([title, metrics]) => graph(title, [...metrics], 4)),
    );
  }
}
