/**
 * Canary releases (prod): each group's `live` alias moves to a new version through CodeDeploy, 10 % of the
 * traffic for 5 minutes and then the rest, and rolls back when the NEW version's errors alarm fires meanwhile
 * (or the deployment fails). That alarm (alarms.ts canaryErrorsMetric) counts the errors of the version being
 * released only, through the alias (dimension ExecutedVersion): the old version still serves 90 % of the
 * traffic, and an error of its own says nothing about the release. One CodeDeploy application and one service
 * role for all the groups. Without this (dev) CloudFormation points the alias at the new version at once.
 */
import { Validations } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export interface CanaryReleasesProps {
  /** Group → its `live` alias. */
  readonly aliases: ReadonlyMap<string, lambda.Alias>;
  /** Group → the alarm on its new version's errors, which rolls its release back. */
  readonly alarms: ReadonlyMap<string, cloudwatch.IAlarm>;
}

export const CANARY_CONFIG = codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

export class CanaryReleases extends Construct {
  readonly groups = new Map<string, codedeploy.LambdaDeploymentGroup>();

  constructor(scope: Construct, id: string, props: CanaryReleasesProps) {
    super(scope, id);
    const application = new codedeploy.LambdaApplication(this, 'Application');
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'),
      description: "CodeDeploy shifts the groups' live aliases between versions",
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited'),
      ],
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason:
        "CodeDeploy's documented managed policy for Lambda deployments: it may only read functions and update aliases (and publish to topics named CodeDeployTopic*); the service role is CodeDeploy's, not a function's.",
    });
    for (const [group, alias] of props.aliases) {
      const alarm = props.alarms.get(group);
      if (!alarm) throw new Error(`No canary alarm for group ${group}: its release could not roll back`);
      this.groups.set(
        group,
        new codedeploy.LambdaDeploymentGroup(this, group, {
          application,
          alias,
          role,
          deploymentConfig: CANARY_CONFIG,
          alarms: [alarm],
          autoRollback: { failedDeployment: true, deploymentInAlarm: true, stoppedDeployment: true },
        }),
      );
    }
  }
}
