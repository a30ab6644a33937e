/**
 * Deployment settings, from CDK context (`-c key=value` or cdk.json) with defaults that synthesize offline.
 * Nothing here is secret: secrets live in Secrets Manager and are never passed through context.
 */
import type { Node } from 'constructs';

export interface StackConfig {
  /** `prod` turns on deletion protection and retains data stores on stack deletion. */
  readonly stage: string;
  /** The SES sending identity: a domain (verified by DKIM records) or a single address. */
  readonly mailIdentity: string;
  /** The From address of outgoing mail. */
  readonly mailFrom: string;
  /**
   * The API's public base URL (activation links in mail end in /API/...): a custom domain when one is mapped;
   * unset → the stage's execute-api URL.
   */
  readonly publicBaseUrl?: string;
  /** The website's origin(s) allowed by CORS (comma-separated in context). */
  readonly corsOrigins: readonly string[];
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
}

export const DEFAULT_ACCOUNT = '111111111111';
export const DEFAULT_REGION = 'us-east-1';

export function readConfig(node: Node): StackConfig {
  const text = (key: string): string | undefined => {
    const value = node.tryGetContext(key) as unknown;
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const stage = text('stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage))
    throw new Error(`Context stage "${stage}" must be a short lower-case name`);
  const mailIdentity = text('mailIdentity') ?? 'example.com';
  const publicBaseUrl = text('publicBaseUrl');
  const alarmEmail = text('alarmEmail');
  return {
    stage,
    mailIdentity,
    mailFrom: text('mailFrom') ?? (mailIdentity.includes('@') ? mailIdentity : `no-reply@${mailIdentity}`),
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
    corsOrigins: (text('corsOrigins') ?? 'https://www.example.com')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    ...(alarmEmail ? { alarmEmail } : {}),
  };
}

export function isProd(config: StackConfig): boolean {
  return config.stage === 'prod';
}
