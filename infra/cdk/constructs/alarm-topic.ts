/**
 * The alarm topic of the stack's own. CloudWatch cannot publish to a topic under the AWS managed SNS key, so it
 * has its own key; the key and the topic let CloudWatch use them for this account's alarms only
 * (aws:SourceAccount, and the alarm ARNs of this account and region: the confused deputy).
 */
import { ArnFormat, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export function ownAlarmTopic(scope: Construct, removalPolicy: RemovalPolicy): sns.Topic {
  const stack = Stack.of(scope);
  const cloudWatch = new iam.ServicePrincipal('cloudwatch.amazonaws.com');
  const fromThisAccount = { StringEquals: { 'aws:SourceAccount': stack.account } };
  const key = new kms.Key(scope, 'TopicKey', {
    description: 'Encrypts the alarm topic',
    enableKeyRotation: true,
    removalPolicy,
  });
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsOfThisAccount',
      principals: [cloudWatch],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      conditions: fromThisAccount,
    }),
  );
  const topic = new sns.Topic(scope, 'Topic', { masterKey: key, enforceSSL: true });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsOfThisAccount',
      principals: [cloudWatch],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ...fromThisAccount,
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: '*',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  return topic;
}
