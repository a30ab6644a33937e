/**
 * Business metrics on Powertools Metrics: one CloudWatch Embedded Metric Format line per call, printed on
 * stdout, which CloudWatch Logs turns into metrics (no metrics client, no permission). Beside the logger
 * (log.ts) and the tracer (tracer.ts), the third Powertools utility.
 *
 * Where the line goes is configuration, never a branch in the code that counts: in Lambda, the function's
 * log group; in the local runtime, its stdout with its log lines; the test run sets
 * POWERTOOLS_METRICS_DISABLED (vitest.config.ts), so nothing is printed there.
 *
 * Without Powertools' default `service` dimension: a metric is named by its namespace, name and dimensions,
 * and the alarms and the dashboard (infra/cdk) watch each by the dimensions it has always had (none, or
 * JobId). A `service` dimension would make another metric that nothing watches.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export interface CountsLine {
  namespace: string;
  /** Metric name → count. */
  counts: Readonly<Record<string, number>>;
  /** The line's one dimension set; none: the metrics have no dimension. */
  dimensions?: Readonly<Record<string, string>>;
  /** Searchable in Logs Insights, not dimensions (an event id, a kind). */
  properties?: Readonly<Record<string, string>>;
  /** The metrics' time; default now. */
  at?: Date;
}

/**
 * Writes the counts as one EMF line at once. A Metrics instance per line, as Powertools' own `singleMetric()`
 * makes one: the local runtime serves many requests in one process, and nothing is held between them.
 */
export function emitCounts(line: CountsLine): void {
  const metrics = new Metrics({ namespace: line.namespace });
  metrics.clearDefaultDimensions();
  // Always one dimension set, the empty one included: EMF's `[[]]` publishes a metric without dimensions.
  metrics.addDimensions({ ...line.dimensions });
  for (const [key, value] of Object.entries(line.properties ?? {})) metrics.addMetadata(key, value);
  for (const [name, value] of Object.entries(line.counts)) metrics.addMetric(name, MetricUnit.Count, value);
  if (line.at) metrics.setTimestamp(line.at);
  metrics.publishStoredMetrics();
}
