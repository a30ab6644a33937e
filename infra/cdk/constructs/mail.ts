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
import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
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
  readonly identityArn: string;
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
    this.configurationSetName = configurationSet.configurationSetName;
    this.configurationSetArn = stack.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: configurationSet.configurationSetName,
    });
    if (props.identityExists) {
      this.identityArn = ses.EmailIdentity.fromEmailIdentityName(
        this,
        'Identity',
        props.identity,
      ).emailIdentityArn;
      return;
    }
    const isAddress = props.identity.includes('@');
    const identity = new ses.EmailIdentity(this, 'Identity', {
      identity: isAddress ? ses.Identity.email(props.identity) : ses.Identity.domain(props.identity),
      configurationSet,
    });
    identity.applyRemovalPolicy(
      props.prod ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    );
    this.identityArn = identity.emailIdentityArn;
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
