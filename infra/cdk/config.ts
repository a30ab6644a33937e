/**
 * Deployment settings, from CDK context: cdk.json `stages.<stage>` names each stage's account, region, mail
 * identity and allowed origins; a `-c key=value` on the command line overrides the stage's value. dev falls
 * back to offline defaults; prod refuses to synthesize without its account, region, mail identity and
 * origins, so nothing reaches a real account by default. Nothing here is secret: secrets live in Secrets
 * Manager and are never passed through context.
 */
import type { Node } from 'constructs';
import { type ApiClientConfig, readApiClients } from './api-clients.js';
import { type CapacityConfig, readCapacity } from './capacity.js';

export type { ApiClientConfig } from './api-clients.js';
export { type CapacityConfig, DEFAULT_CAPACITY } from './capacity.js';

export interface HostedZoneConfig {
  readonly id: string;
  readonly name: string;
}

export interface CustomDomainConfig {
  /** e.g. `api.example-rentals.com`: clients call https://<name>/API/... */
  readonly name: string;
  /**
   * An existing ACM certificate in the stack's own region (a regional endpoint takes only those; checked at
   * synth); unset → a new DNS-validated one in the hosted zone.
   */
  readonly certificateArn?: string;
  /** The Route 53 zone for the alias record (and the certificate's validation); unset → no record is made. */
  readonly hostedZone?: HostedZoneConfig;
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
  /** Subscribed to the alarm topic when given (prod needs this or alarmTopicArn). */
  readonly alarmEmail?: string;
  /** An existing SNS topic (the team's on-call topic) the alarms notify instead of a topic of their own. */
  readonly alarmTopicArn?: string;
  /**
   * Deploy the per-account stack that gives API Gateway its CloudWatch Logs role (RentalPm-ApiGatewayLogging),
   * first, by the same `cdk deploy`; off only when the account already has the role set (another team's stack).
   */
  readonly apiGatewayCloudWatchRole: boolean;
  /**
   * The account's Lambda concurrency quota (context concurrencyQuota): the alarm fires at 80 % of it, and synth
   * refuses a reservation it cannot hold (a new account may start at 10).
   */
  readonly concurrencyQuota: number;
  /**
   * Concurrency reserved for the Stripe webhook (context webhookReservedConcurrency): none unless asked for,
   * as a reservation needs a quota of at least itself + LAMBDA_UNRESERVED_MINIMUM.
   */
  readonly webhookReservedConcurrency?: number;
  /**
   * Termination protection of the stage's stack and deletion protection of its table and admin user pool
   * (context protection; prod's default). Off for a first create, so a failed one can be deleted and run again.
   */
  readonly protection: boolean;
  /** The Route 53 zone of the custom domain and/or the mail domain: DKIM records are written there when it holds the mail domain. */
  readonly hostedZone?: HostedZoneConfig;
  /** The stage cache for public GETs (a cache cluster costs money by the hour): prod only unless asked for. */
  readonly stageCache: boolean;
  /** Methods require an API key (the website's, or an integration's) and its usage plan throttles it; off until every client sends one. */
  readonly requireApiKey: boolean;
  /** Keyed integrations (context apiClients), each with its own key and usage plan; only with requireApiKey. */
  readonly apiClients: readonly ApiClientConfig[];
  readonly domain?: CustomDomainConfig;
  /**
   * The accounting provider's OAuth client (docs/accounting.md): its client id and, when not QuickBooks Online,
   * its URLs and scope. The client secret is a Secrets Manager secret (ACCOUNTING_CLIENT_SECRET), never context.
   */
  readonly accounting?: AccountingConfig;
  /** Capacity for the booking peak and the stream's drain (docs/cloud-stack.md "Booking peak"). */
  readonly capacity: CapacityConfig;
}

export interface AccountingConfig {
  readonly clientId: string;
  readonly authorizeUrl?: string;
  readonly tokenUrl?: string;
  readonly scope?: string;
  /** The Accounting API's base URL (default QuickBooks Online's production host). */
  readonly apiUrl?: string;
}

export const DEFAULT_ACCOUNT = '111111111111';
export const DEFAULT_REGION = 'us-east-1';
/** What prod must name explicitly (cdk.json stages.prod or -c); alarmEmail may be alarmTopicArn instead. */
export const PROD_REQUIRED = ['account', 'region', 'mailIdentity', 'corsOrigins', 'alarmEmail'] as const;
/** Lambda's default concurrency quota per account and region (new accounts may start lower: docs/cloud-stack.md). */
export const DEFAULT_CONCURRENCY_QUOTA = 1000;
/** Lambda keeps this much of the account's concurrency unreserved: a reservation beyond quota − this fails. */
export const LAMBDA_UNRESERVED_MINIMUM = 100;
/** The Service Quotas code of Lambda's "Concurrent executions" (the quota to raise). */
export const LAMBDA_CONCURRENCY_QUOTA_CODE = 'L-B99A9384';

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

/** Where the settings come from: a construct's node (cdk.json and -c), or a plain lookup (the deploy scripts). */
export type ContextSource = Pick<Node, 'tryGetContext'>;

export function readConfig(node: ContextSource, env: NodeJS.ProcessEnv = process.env): StackConfig {
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
  const region = textOf(get('region')) ?? env.CDK_DEFAULT_REGION ?? DEFAULT_REGION;
  const hostedZone = readHostedZone(get);
  const domain = readDomain(get, region, hostedZone);
  const requireApiKey = flagOf(get('requireApiKey')) ?? false;
  const apiClients = readApiClients(get('apiClients'), requireApiKey);
  return {
    stage,
    account: textOf(get('account')) ?? env.CDK_DEFAULT_ACCOUNT ?? DEFAULT_ACCOUNT,
    region,
    mailIdentity,
    mailIdentityExists: flagOf(get('mailIdentityExists')) ?? false,
    mailFrom:
      textOf(get('mailFrom')) ?? (mailIdentity.includes('@') ? mailIdentity : `no-reply@${mailIdentity}`),
    ...(publicBaseUrl ? { publicBaseUrl } : domain ? { publicBaseUrl: `https://${domain.name}` } : {}),
    corsOrigins: checkCorsOrigins(listOf(get('corsOrigins')) ?? ['https://www.example.com']),
    ...readAlarmTarget(get),
    apiGatewayCloudWatchRole: flagOf(get('apiGatewayCloudWatchRole')) ?? true,
    ...readConcurrency(get),
    protection: readProtection(get, prod),
    stageCache: flagOf(get('stageCache')) ?? prod,
    requireApiKey,
    apiClients,
    ...(hostedZone ? { hostedZone } : {}),
    ...(domain ? { domain } : {}),
    ...readAccounting(get),
    capacity: readCapacity(get),
  };
}

/**
 * Context accountingClientId (and optionally accountingAuthorizeUrl, accountingTokenUrl, accountingScope, and
 * accountingApiUrl: the Accounting API's host, a sandbox company's for a test stage).
 */
function readAccounting(get: (key: string) => unknown): { accounting?: AccountingConfig } {
  const clientId = textOf(get('accountingClientId'));
  if (!clientId) return {};
  const optional = {
    authorizeUrl: 'accountingAuthorizeUrl',
    tokenUrl: 'accountingTokenUrl',
    scope: 'accountingScope',
    apiUrl: 'accountingApiUrl',
  };
  const given = Object.entries(optional).flatMap(([field, key]) => {
    const value = textOf(get(key));
    return value ? [[field, value]] : [];
  });
  return { accounting: { clientId, ...Object.fromEntries(given) } };
}

/**
 * prod names where and to whom it deploys (an alarm nobody receives is no alarm: an e-mail or a topic); it
 * never falls back to a default.
 */
function requireProdSettings(get: (key: string) => unknown): void {
  const missing = PROD_REQUIRED.filter((key) => {
    if (key === 'corsOrigins') return !listOf(get(key));
    if (key === 'alarmEmail') return !textOf(get(key)) && !textOf(get('alarmTopicArn'));
    return !textOf(get(key));
  });
  if (missing.length > 0)
    throw new Error(
      `Stage prod needs ${missing.join(', ')} in cdk.json context "stages.prod" (or -c key=value): ` +
        'it never deploys with defaults' +
        (missing.includes('alarmEmail')
          ? ' (alarmEmail, or alarmTopicArn: someone must receive the alarms)'
          : ''),
    );
}

/** Who receives the alarms: an e-mail subscribed to the stack's topic, and/or an existing topic. */
function readAlarmTarget(get: (key: string) => unknown): { alarmEmail?: string; alarmTopicArn?: string } {
  const alarmEmail = textOf(get('alarmEmail'));
  const alarmTopicArn = textOf(get('alarmTopicArn'));
  return {
    ...(alarmEmail ? { alarmEmail } : {}),
    ...(alarmTopicArn ? { alarmTopicArn: checkTopicArn(alarmTopicArn) } : {}),
  };
}

/** Context protection: on in prod unless a first create turns it off (docs/cloud-stack.md "First deploy"). */
function readProtection(get: (key: string) => unknown, prod: boolean): boolean {
  return flagOf(get('protection')) ?? prod;
}

/** Context concurrencyQuota and webhookReservedConcurrency, the reservation checked against the quota. */
function readConcurrency(get: (key: string) => unknown): {
  concurrencyQuota: number;
  webhookReservedConcurrency?: number;
} {
  if (get('accountConcurrency') !== undefined)
    throw new Error(
      "Context accountConcurrency is now called concurrencyQuota (the account's Lambda concurrency quota): rename it",
    );
  const concurrencyQuota =
    wholeNumber(get('concurrencyQuota'), 'concurrencyQuota') ?? DEFAULT_CONCURRENCY_QUOTA;
  const reserved = wholeNumber(get('webhookReservedConcurrency'), 'webhookReservedConcurrency');
  if (reserved === undefined || reserved === 0) return { concurrencyQuota };
  checkReservation(reserved, concurrencyQuota);
  return { concurrencyQuota, webhookReservedConcurrency: reserved };
}

function wholeNumber(value: unknown, key: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`Context ${key} must be a whole number`);
  return number;
}

/** The quota a reservation needs: Lambda keeps LAMBDA_UNRESERVED_MINIMUM of it for unreserved functions. */
export const quotaNeededFor = (reserved: number): number => reserved + LAMBDA_UNRESERVED_MINIMUM;

/**
 * A reservation the account's quota cannot hold fails the deploy when Lambda creates the function, after many
 * minutes and with nothing said before: synth refuses it instead, naming the quota to raise.
 */
export function checkReservation(reserved: number, quota: number): void {
  const needed = quotaNeededFor(reserved);
  if (quota >= needed) return;
  throw new Error(
    `Context webhookReservedConcurrency=${reserved} needs a Lambda concurrency quota of at least ${needed} ` +
      `(Lambda keeps ${LAMBDA_UNRESERVED_MINIMUM} of the account's concurrency unreserved), but concurrencyQuota is ${quota}. ` +
      `Raise the account's Lambda quota "Concurrent executions" (Service Quotas, quota code ${LAMBDA_CONCURRENCY_QUOTA_CODE}) ` +
      `to ${needed} or more and set concurrencyQuota to it, or leave webhookReservedConcurrency out`,
  );
}

const TOPIC_ARN = /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/;

function checkTopicArn(arn: string): string {
  if (!TOPIC_ARN.test(arn)) throw new Error(`Context alarmTopicArn "${arn}" is not an SNS topic ARN`);
  return arn;
}

function readHostedZone(get: (key: string) => unknown): HostedZoneConfig | undefined {
  const id = textOf(get('hostedZoneId'));
  const name = textOf(get('hostedZoneName'));
  if (Boolean(id) !== Boolean(name))
    throw new Error('Context hostedZoneId and hostedZoneName go together (a Route 53 zone)');
  return id && name ? { id, name: name.replace(/\.$/, '') } : undefined;
}

const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[A-Za-z0-9-]+$/;

/**
 * A regional API Gateway domain takes a certificate of its own region only (an edge one would need us-east-1):
 * a certificate from elsewhere fails the deploy after many minutes, so it fails synth here instead.
 */
export function checkCertificateRegion(arn: string, region: string): string {
  const match = CERTIFICATE_ARN.exec(arn);
  if (!match) throw new Error(`Context certificateArn "${arn}" is not an ACM certificate ARN`);
  if (match[1] !== region)
    throw new Error(
      `Context certificateArn is in ${match[1]} but the stack deploys to ${region}: the API's regional custom domain needs an ACM certificate in ${region} (request or import it there, or give hostedZoneId/hostedZoneName for a new DNS-validated one)`,
    );
  return arn;
}

function readDomain(
  get: (key: string) => unknown,
  region: string,
  zone: HostedZoneConfig | undefined,
): CustomDomainConfig | undefined {
  const name = textOf(get('domainName'));
  if (!name) return undefined;
  const certificateArn = textOf(get('certificateArn'));
  if (!certificateArn && !zone)
    throw new Error(
      `Custom domain ${name}: give certificateArn (an ACM certificate) or hostedZoneId/hostedZoneName (a new DNS-validated one)`,
    );
  return {
    name,
    ...(certificateArn ? { certificateArn: checkCertificateRegion(certificateArn, region) } : {}),
    ...(zone ? { hostedZone: zone } : {}),
  };
}

export function isProd(config: StackConfig): boolean {
  return config.stage === 'prod';
}
