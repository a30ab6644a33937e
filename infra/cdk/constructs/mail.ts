/**
 * Mail: the SES sending identity and a configuration set (reputation metrics, TLS required, suppression of
 * bounces and complaints). The identity is created, or imported when it already exists in the account
 * (context mailIdentityExists: SES allows one identity per name and region, so creating it again fails the
 * deploy). A created identity is retained in prod: deleting it would stop mail until DKIM is verified again.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** A domain (verified by DKIM records) or one address. */
  readonly identity: string;
  readonly identityExists: boolean;
  readonly from: string;
  readonly prod: boolean;
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
    const identity = new ses.EmailIdentity(this, 'Identity', {
      identity: props.identity.includes('@')
        ? ses.Identity.email(props.identity)
        : ses.Identity.domain(props.identity),
      configurationSet,
    });
    identity.applyRemovalPolicy(props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);
    this.identityArn = identity.emailIdentityArn;
  }
}
