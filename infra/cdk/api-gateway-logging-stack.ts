/**
 * API Gateway's CloudWatch Logs role, an account-and-region setting (not an API's): without it a stage with
 * execution or access logging fails to create ("CloudWatch Logs role ARN must be set in account settings to
 * enable logging"). It lives in a small stack of its own, RentalPm-ApiGatewayLogging, that each stage's
 * stack depends on, so `cdk deploy --all` (or `cdk deploy RentalPm-<stage>`) deploys it first. Every stage
 * synthesizes the same template under the same name, so two stages in one account share one copy; the role
 * outlives the stack (RETAIN_ON_UPDATE_OR_DELETE: the account setting points at it and every API of the
 * account logs through it), but a failed first create still cleans up. Context apiGatewayCloudWatchRole=false
 * leaves it out when the account already has a role set (`aws apigateway get-account`).
 */
import { RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

export const API_GATEWAY_LOGGING_STACK = 'RentalPm-ApiGatewayLogging';

export class ApiGatewayLoggingStack extends Stack {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.role = new iam.Role(this, 'CloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway writes execution and access logs of every API in this account and region',
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    const account = new apigw.CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "API Gateway's account-level logging role uses the AWS managed policy AWS documents for it; it is API Gateway's own role, not the application's.",
    });
  }
}
