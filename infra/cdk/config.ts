/**
 * Deployment settings, from CDK context: cdk.json `stages.<stage>` names each stage's account, region, mail
 * identity and allowed origins; a `-c key=value` on the command line overrides the stage's value. dev falls
 * back to offline defaults; prod refuses to synthesize without its account, region, mail identity and
 * origins, so nothing reaches a real account by default. Nothing here is secret: secrets live in Secrets
 * Manager and are never passed through context.
 */
import type { Node } from 'constructs';

export interface CustomDomainConfig {
  /** e.g. `api.example-rentals.com`: clients call https://<name>/API/... */
  readonly name: string;
  /** An existing ACM certificate (same region as the API); unset → a new DNS-validated one in the hosted zone. */
  readonly certificateArn?: string;
  /** The Route 53 zone for the alias record (and the certificate's validation); unset → no record is made. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
}

export interface StackConfig {
  /** `prod` turns on deletion protection and retains data stores on stack deletion. */
  readonly stage: string;
  readonly account: string;
  readonly region: string;
  /** The SES sending identity: a domain (verified by DKIM records) or a single address. */
  readonly mailIdentity: string;
  /** The identity already exists in the account (made by hand or another stack): imported, not created. */
  readonly mailIdentityExists: boolean;
  /** The From address of outgoing mail. */
  readonly mailFrom: string;
  /** The API's public base URL (activation links end in /API/...): the custom domain's, else the stage URL. */
  readonly publicBaseUrl?: string;
  /** The website's origin(s) allowed by CORS, with credentials: never `*` or `null`. */
  readonly corsOrigins: readonly string[];
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
  /** Create API Gateway's per-account CloudWatch role (once per account and region; off when it exists). */
  readonly apiGatewayCloudWatchRole: boolean;
  /** The stage cache for public GETs (a cache cluster costs money by the hour): prod only unless asked for. */
  readonly stageCache: boolean;
  /** Methods require the website's API key and its usage plan throttles it; off until every client sends it. */
  readonly requireApiKey: boolean;
  readonly domain?: CustomDomainConfig;
  /**
   * The accounting provider's OAuth client (docs/accounting.md): its client id and, when not QuickBooks Online,
   * its URLs and scope. The client secret is a Secrets Manager secret (ACCOUNTING_CLIENT_SECRET), never context.
   */
  readonly accounting?: AccountingConfig;
}

export interface AccountingConfig {
  readonly clientId: string;
  readonly authorizeUrl?: string;
  readonly tokenUrl?: string;
  readonly scope?: string;
}

export const DEFAULT_ACCOUNT = '111111111111';
export const DEFAULT_REGION = 'us-east-1';
/** What prod must name explicitly (cdk.json stages.prod or -c). */
export const PROD_REQUIRED = ['account', 'region', 'mailIdentity', 'corsOrigins'] as const;

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** The allowed origins; `*`, `null` or a pattern is refused (credentials are always allowed), as is a non-origin. */
export function checkCorsOrigins(origins: readonly string[]): string[] {
  for (const origin of origins) {
    if (origin === '*' || origin.toLowerCase() === 'null' || origin.includes('*'))
      throw new Error(
        `Context corsOrigins may not contain "${origin}": the API allows credentials, so every origin must be listed exactly`,
      );
    if (!ORIGIN.test(origin))
      throw new Error(
        `Context corsOrigins entry "${origin}" is not an origin such as https://www.example.com`,
      );
  }
  return origins.map((o) => o.toLowerCase());
}

type Raw = Record<string, unknown>;

const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);
const listOf = (value: unknown): string[] | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const list = items.map((o) => o.trim()).filter(Boolean);
  return list.length > 0 ? list : undefined;
};
const flagOf = (value: unknown): boolean | undefined =>
  value === undefined || value === null || value === '' ? undefined : value === true || value === 'true';

export function readConfig(node: Node, env: NodeJS.ProcessEnv = process.env): StackConfig {
  const stage = textOf(node.tryGetContext('stage')) ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage))
    throw new Error(`Context stage "${stage}" must be a short lower-case name`);
  const stages = (node.tryGetContext('stages') ?? {}) as Record<string, Raw>;
  const own = stages[stage] ?? {};
  /** The command line's value, else the stage's in cdk.json. */
  const get = (key: string): unknown => node.tryGetContext(key) ?? own[key];
  const prod = stage === 'prod';

  if (prod) requireProdSettings(get);
  const mailIdentity = textOf(get('mailIdentity')) ?? 'example.com';
  const publicBaseUrl = textOf(get('publicBaseUrl'));
  const alarmEmail = textOf(get('alarmEmail'));
  const domain = readDomain(get);
  return {
    stage,
    account: textOf(get('account')) ?? env.CDK_DEFAULT_ACCOUNT ?? DEFAULT_ACCOUNT,
    region: textOf(get('region')) ?? env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    mailIdentity,
    mailIdentityExists: flagOf(get('mailIdentityExists')) ?? false,
    mailFrom:
      textOf(get('mailFrom')) ?? (mailIdentity.includes('@') ? mailIdentity : `no-reply@${mailIdentity}`),
    ...(publicBaseUrl ? { publicBaseUrl } : domain ? { publicBaseUrl: `https://${domain.name}` } : {}),
    corsOrigins: checkCorsOrigins(listOf(get('corsOrigins')) ?? ['https://www.example.com']),
    ...(alarmEmail ? { alarmEmail } : {}),
    apiGatewayCloudWatchRole: flagOf(get('apiGatewayCloudWatchRole')) ?? false,
    stageCache: flagOf(get('stageCache')) ?? prod,
    requireApiKey: flagOf(get('requireApiKey')) ?? false,
    ...(domain ? { domain } : {}),
    ...readAccounting(get),
  };
}

/** Context accountingClientId (and optionally accountingAuthorizeUrl, accountingTokenUrl, accountingScope). */
function readAccounting(get: (key: string) => unknown): { accounting?: AccountingConfig } {
  const clientId = textOf(get('accountingClientId'));
  if (!clientId) return {};
  const optional = {
    authorizeUrl: 'accountingAuthorizeUrl',
    tokenUrl: 'accountingTokenUrl',
    scope: 'accountingScope',
  };
  const given = Object.entries(optional).flatMap(([field, key]) => {
    const value = textOf(get(key));
    return value ? [[field, value]] : [];
  });
  return { accounting: { clientId, ...Object.fromEntries(given) } };
}

/** prod names where and to whom it deploys; it never falls back to a default. */
function requireProdSettings(get: (key: string) => unknown): void {
  const missing = PROD_REQUIRED.filter((key) =>
    key === 'corsOrigins' ? !listOf(get(key)) : !textOf(get(key)),
  );
  if (missing.length > 0)
    throw new Error(
      `Stage prod needs ${missing.join(', ')} in cdk.json context "stages.prod" (or -c key=value): ` +
        'it never deploys with defaults',
    );
}

function readDomain(get: (key: string) => unknown): CustomDomainConfig | undefined {
  const name = textOf(get('domainName'));
  if (!name) return undefined;
  const certificateArn = textOf(get('certificateArn'));
  const zoneId = textOf(get('hostedZoneId'));
  const zoneName = textOf(get('hostedZoneName'));
  if (Boolean(zoneId) !== Boolean(zoneName))
    throw new Error('Context hostedZoneId and hostedZoneName go together (the Route 53 zone of domainName)');
  if (!certificateArn && !zoneId)
    throw new Error(
      `Custom domain ${name}: give certificateArn (an ACM certificate) or hostedZoneId/hostedZoneName (a new DNS-validated one)`,
    );
  return {
    name,
    ...(certificateArn ? { certificateArn } : {}),
    ...(zoneId && zoneName ? { hostedZone: { id: zoneId, name: zoneName } } : {}),
  };
}

export function isProd(config: StackConfig): boolean {
  return config.stage === 'prod';
}
