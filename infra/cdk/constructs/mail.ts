/**
 * Mail: the SES sending identity and a configuration set (reputation metrics, TLS required, suppression of
 * bounces and complaints). The identity is created, or imported when it already exists in the account
 * (context mailIdentityExists: SES allows one identity per name and region, so creating it again fails the
 * deploy). A created identity outlives a prod stack's deletion (deleting it would stop mail until DKIM is
 * verified again) but not a failed first create (RETAIN_ON_UPDATE_OR_DELETE): a retained leftover would make
 * the retry fail on its fixed name.
 *
 * A domain identity is verified by three DKIM CNAME records: written to the Route 53 zone when the stage names
 * one that holds the domain (context hostedZoneId/hostedZoneName), otherwise printed as the stack outputs
 * DkimRecord1..3 for whoever runs the DNS. An address identity is verified by the link SES mails to it.
 */
import { CfnOutput, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { HostedZoneConfig } from '../config.js';

export interface MailProps {
  /** A domain (verified by DKIM records) or one address. */
  readonly identity: string;
  readonly identityExists: boolean;
  readonly from: string;
  readonly prod: boolean;
  /** The stage's Route 53 zone: the DKIM records go there when it holds the identity's domain. */
  readonly hostedZone?: HostedZoneConfig;
}

/** Whether the zone holds the domain (the zone's apex or a name under it). */
export function zoneHolds(zone: HostedZoneConfig, domain: string): boolean {
  const name = domain.toLowerCase();
  const apex = zone.name.toLowerCase();
  return name === apex || name.endsWith(`.${apex}`);
}

export class Mail extends Construct {
  readonly from: string;
  /** Every SES identity of the account and region (a sandbox send is authorized on each recipient's too). */
  readonly identitiesArn: string;
  readonly configurationSetName: string;
  readonly configurationSetArn: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.from = props.from;
    this.identitiesArn = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    this.configurationSetName = configurationSet.configurationSetName;
    this.configurationSetArn = stack.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: configurationSet.configurationSetName,
    });
    // An existing identity needs nothing here: the send grant covers the account's identities.
    if (props.identityExists) return;
    const isAddress = props.identity.includes('@');
    const identity = new ses.EmailIdentity(this, 'Identity', {
      identity: isAddress ? ses.Identity.email(props.identity) : ses.Identity.domain(props.identity),
      configurationSet,
    });
    identity.applyRemovalPolicy(
      props.prod ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    );
    if (!isAddress) this.dkimRecords(identity, props);
  }

  private dkimRecords(identity: ses.EmailIdentity, props: MailProps): void {
    const tokens = [
      [identity.dkimDnsTokenName1, identity.dkimDnsTokenValue1],
      [identity.dkimDnsTokenName2, identity.dkimDnsTokenValue2],
      [identity.dkimDnsTokenName3, identity.dkimDnsTokenValue3],
    ] as const;
    const zone =
      props.hostedZone && zoneHolds(props.hostedZone, props.identity) ? props.hostedZone : undefined;
    tokens.forEach(([name, value], i) => {
      if (zone) {
        new route53.CfnRecordSet(this, `DkimRecord${i + 1}`, {
          hostedZoneId: zone.id,
          name,
          type: 'CNAME',
          resourceRecords: [value],
          ttl: '1800',
        });
        return;
      }
      new CfnOutput(Stack.of(this), `DkimRecord${i + 1}`, {
        value: `${name} CNAME ${value}`,
        description: `SES DKIM record ${i + 1} of 3 for ${props.identity}: publish it in the domain's DNS, then SES verifies the identity (docs/cloud-stack.md)`,
      });
    });
  }
}

/**
 * What a function that mails may do: SendEmail as the stack's From address, through its configuration set.
 * The resource is every identity of the account, narrowed by the condition ses:FromAddress, because SES
 * authorizes a send on the sender's identity and, while the account is in the sandbox, on each recipient's
 * identity too (a recipient must then be a verified identity of the account): a grant on the sender's identity
 * alone makes every sandbox send AccessDenied, even to a verified test address (docs/cloud-stack.md "SES: the
 * sandbox and production access"). Out of the sandbox SES checks the sender's only.
 */
export function sendMailGrant(role: iam.IRole, mail: Mail): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [mail.identitiesArn, mail.configurationSetArn],
      conditions: { StringEquals: { 'ses:FromAddress': mail.from } },
    }),
  );
  const stack = Stack.of(mail);
  const part = (value: string, token: string) => (Token.isUnresolved(value) ? token : value);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:${part(stack.partition, '<AWS::Partition>')}:ses:${part(stack.region, '<AWS::Region>')}:${part(stack.account, '<AWS::AccountId>')}:identity/*]`,
    reason:
      "SES authorizes a sandbox send on each recipient's identity as well as the sender's; the statement only allows mail From the stack's own address (condition ses:FromAddress).",
  });
}

/**
 * What the paced mail sender also needs: the account's sending limits (SESv2 GetAccount). GetAccount names no
 * resource (IAM allows it only on "*"), and it reads the account's quota and status, nothing of any message.
 */
export function readSendQuotaGrant(role: iam.IRole): void {
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'ses:GetAccount has no resource type (IAM allows it only on *); it reads the sending quota the mail sender paces to.',
  });
}
