/**
 * The secrets the functions read at run time (shared/secrets.ts): one generated Secrets Manager secret per
 * name, so no value is ever in the template or the repository. Names are left to CloudFormation (no fixed
 * secretName): a secret deleted with a stack stays "scheduled for deletion" for days under its name, so a
 * fixed name would make destroy-then-deploy fail. The functions find a secret by its ARN, never its name.
 */
import { type RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SecretName } from '../../../shared/secrets.js';
import { GENERATED_SECRET } from '../generated-secrets.js';

const DESCRIPTIONS: Readonly<Record<SecretName, string>> = {
  CAPTCHA_SECRET:
    'HMAC key of built-in CAPTCHA tokens; rotating it voids only questions of the last 10 minutes',
  CSRF_SECRET: 'HMAC key of the payment CSRF tokens; rotating it voids tokens issued in the last 2 hours',
  CHANNEL_WEBHOOK_SECRET: 'HMAC-SHA256 shared secret of the channel manager webhook',
  STRIPE_SECRET_KEY: 'Stripe API secret key (replace the generated placeholder with sk_live_...)',
  STRIPE_WEBHOOK_SECRET: "Stripe webhook signing secret (replace with the endpoint's whsec_...)",
  ACCOUNTING_CLIENT_SECRET:
    "The accounting provider app's OAuth client secret (replace the generated placeholder with QuickBooks' value)",
};

export interface AppSecretsProps {
  readonly stage: string;
  readonly removalPolicy: RemovalPolicy;
}

export class AppSecrets extends Construct {
  readonly secrets: ReadonlyMap<SecretName, secretsmanager.Secret>;

  constructor(scope: Construct, id: string, props: AppSecretsProps) {
    super(scope, id);
    const secrets = new Map<SecretName, secretsmanager.Secret>();
    for (const [name, description] of Object.entries(DESCRIPTIONS) as [SecretName, string][]) {
      const secret = new secretsmanager.Secret(this, name, {
        description: `rental-pm-${props.stage} ${name}: ${description}`,
        generateSecretString: { ...GENERATED_SECRET },
        removalPolicy: props.removalPolicy,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          "Rotated by hand (docs/cloud-stack.md): Stripe's and the channel's are issued by or shared with the other side, and the HMAC keys are replaced with put-secret-value; the functions re-read every secret within 5 minutes, so no redeploy and no rotation Lambda is needed.",
      });
      secrets.set(name, secret);
    }
    this.secrets = secrets;
  }

  get(name: SecretName): secretsmanager.Secret {
    const secret = this.secrets.get(name);
    if (!secret) throw new Error(`No secret ${name}`);
    return secret;
  }
}
