/**
 * The names of the stage stack's outputs the deploy scripts read (stack.ts writes them): one place, so the
 * stack and the scripts (infra/deployed/*) cannot name them differently. No CDK import: the scripts load it.
 */
import type { SecretName } from '../../shared/secrets.js';

export const OUTPUTS = {
  apiUrl: 'ApiUrl',
  tableName: 'TableName',
  adminUserPoolId: 'AdminUserPoolId',
  adminUserPoolClientId: 'AdminUserPoolClientId',
  dataKeyArn: 'DataKeyArn',
  stripeWebhookUrl: 'StripeWebhookUrl',
} as const;

/** A secret's ARN output: its name without underscores, then `Arn` (STRIPE_SECRET_KEY → STRIPESECRETKEYArn). */
export const secretArnOutput = (name: SecretName): string => `${name.replaceAll('_', '')}Arn`;
