/**
 * The AWS SDK clients and the Stripe client the deploy scripts (doctor, stripe:webhook) use on an account: the
 * region is the stage's; credentials and endpoints come from the caller's environment as the SDK reads them
 * (profile, AWS_ENDPOINT_URL …). `endpoint` and `stripeApiUrl` point them at local stand-ins in the tests.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import Stripe from 'stripe';

export interface AccountClients {
  readonly lambda: LambdaClient;
  readonly cloudFormation: CloudFormationClient;
  readonly ses: SESv2Client;
  readonly secrets: SecretsManagerClient;
  readonly cognito: CognitoIdentityProviderClient;
}

export interface ClientOptions {
  readonly region: string;
  /** One endpoint for every service (a stand-in); unset: AWS's, or AWS_ENDPOINT_URL*. */
  readonly endpoint?: string;
  readonly credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function accountClients(options: ClientOptions): AccountClients {
  const config = {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  };
  return {
    lambda: new LambdaClient(config),
    cloudFormation: new CloudFormationClient(config),
    ses: new SESv2Client(config),
    secrets: new SecretsManagerClient(config),
    cognito: new CognitoIdentityProviderClient(config),
  };
}

/** A Stripe client for the key; `apiUrl` (STRIPE_API_URL) points it at another host, as the handlers do. */
export function stripeClient(key: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(key, { maxNetworkRetries: 1 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? '80' : '443'),
    protocol,
    maxNetworkRetries: 1,
  });
}
