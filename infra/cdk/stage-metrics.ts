/**
 * API Gateway's metrics of one stage (dimensions ApiName and Stage), named by literal strings. The Stage
 * construct's own metric methods name the stage by a Ref to it, which would make the alarms' nested stack
 * depend on the stage, the stage on the deployment, the deployment on the Routes nested stack, that on the
 * aliases and the aliases (through their canary deployment groups) on the alarms again: a cycle.
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';

export interface StageRef {
  /** The REST API's name (restApiName). */
  readonly apiName: string;
  readonly stageName: string;
}

export function stageMetric(
  stage: StageRef,
  metricName: 'Count' | '4XXError' | '5XXError' | 'Latency' | 'IntegrationLatency',
  options: cloudwatch.MetricOptions,
): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiName: stage.apiName, Stage: stage.stageName },
    ...options,
  });
}
