/**
 * The parts of the docs that describe what the stack is made of (counts, lists, which group gets what), written
 * from the app itself so they cannot drift: each sits between `<!-- generated: NAME … -->` and
 * `<!-- end generated: NAME -->` in its page. `npm run docs:stack` (write-stack-facts.ts) rewrites them;
 * test/stack.test.ts fails when a page says something else than its rendering. The example contexts the
 * counts are taken with are the ones the stack tests synthesize.
 */
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { GROUPS, HANDLED_STRIPE_EVENTS, JOBS, ROUTES } from '../../functions/registry.js';
import { SECRET_NAMES } from '../../shared/secrets.js';
import { DELETION_PROTECTION_OFF, recoveryCommands } from '../deployed/failed-create-recovery.js';
import { planApiResources } from './api-model.js';
import { accessOf, type Capability, type GroupAccess, tableAccessOf } from './group-access.js';
import type { RentalPmStack } from './stack.js';

/** What prod must name; the stack tests and the counts below start from it. */
export const PROD_EXAMPLE_CONTEXT = {
  stage: 'prod',
  account: '222222222222',
  region: 'eu-west-1',
  mailIdentity: 'example-rentals.com',
  corsOrigins: 'https://www.example-rentals.com,https://admin.example-rentals.com',
  alarmEmail: 'ops@example-rentals.com',
};

export const EXAMPLE_API_CLIENTS = [
  { name: 'channel-manager', rateLimit: 2, burstLimit: 10, quotaPerDay: 20000 },
  { name: 'accounting-sync', rateLimit: 1, burstLimit: 5 },
];

/** prod with every option on: the resource counts must hold with all of them. */
export const FULL_EXAMPLE_CONTEXT = {
  ...PROD_EXAMPLE_CONTEXT,
  requireApiKey: 'true',
  stageCache: 'true',
  apiClients: JSON.stringify(EXAMPLE_API_CLIENTS),
  domainName: 'api.example-rentals.com',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'example-rentals.com',
  accountingClientId: 'client-123',
  webhookReservedConcurrency: '10',
};

const FULL_OPTIONS =
  "prod, `requireApiKey` with two `apiClients`, stage cache, custom domain with a zone, accounting client, the webhook's reserved concurrency, alarm e-mail";

export interface SynthesizedStage {
  readonly stack: RentalPmStack;
  readonly logging?: Stack | undefined;
}

export interface StackFactsInput {
  readonly dev: SynthesizedStage;
  readonly prod: SynthesizedStage;
  readonly full: SynthesizedStage;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;
const resourcesOf = (stack: Stack): Resources => Template.fromStack(stack).toJSON().Resources as Resources;
const count = (stack: Stack) => Object.keys(resourcesOf(stack)).length;
const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/** The job functions: one stream reader for every table-change job, and one per schedule and queue job. */
export const jobFunctionCount = (): number =>
  JOBS.filter((j) => j.kind === 'schedule' || j.kind === 'queue').length +
  (JOBS.some((j) => j.kind === 'tableChange') ? 1 : 0);

function resourceCounts({ dev, prod, full }: StackFactsInput): string {
  const triple = (s: SynthesizedStage) =>
    [s.stack, s.stack.api.routes, s.stack.monitoring].map(count).join(' / ');
  const logging = full.logging ? count(full.logging) : 0;
  return [
    `Today (${GROUPS.length} groups, ${jobFunctionCount()} job functions), with **every option on** (${FULL_OPTIONS}):`,
    `\`RentalPm-prod\` ${count(full.stack)}, its \`Routes\` nested stack ${count(full.stack.api.routes)}, \`Monitoring\` ${count(full.stack.monitoring)}, \`RentalPm-ApiGatewayLogging\` ${logging}.`,
    `Plain dev: ${triple(dev)}; plain prod: ${triple(prod)} (the parent / \`Routes\` / \`Monitoring\`).`,
  ].join('\n');
}

/** The grant and variables of each capability, for the access table. */
const CAPABILITY_DOCS: Readonly<Record<Capability, { grant: string; variables: string }>> = {
  adminSignIn: {
    grant: '`cognito-idp:InitiateAuth` on the admin pool',
    variables: '`ADMIN_USER_POOL_ID`, `ADMIN_USER_POOL_CLIENT_ID`',
  },
  sendsMail: {
    grant:
      '`ses:SendEmail`/`SendRawEmail` on the account\'s identities and the configuration set, only From `mailFrom` (condition `ses:FromAddress`; "SES" below)',
    variables: '`MAIL_FROM`, `MAIL_CONFIGURATION_SET`',
  },
  usesDataKey: {
    grant:
      '`kms:GenerateDataKey`, `kms:Decrypt` on the data key, only with encryption context `purpose=rental-pm-field-encryption`',
    variables: '`DATA_KEY_KMS_KEY_ID`',
  },
  verifiesCaptcha: {
    grant: '`secretsmanager:GetSecretValue` on the CAPTCHA secret',
    variables: '`CAPTCHA_SECRET_SECRET_ARN`',
  },
  chargesCards: { grant: 'the same on the Stripe API key', variables: '`STRIPE_SECRET_KEY_SECRET_ARN`' },
  accountingClient: {
    grant:
      'the same on the accounting client secret, and the client id and URLs from context (`constructs/accounting-client.ts`)',
    variables: '`ACCOUNTING_CLIENT_SECRET_SECRET_ARN`, `ACCOUNTING_CLIENT_ID` …',
  },
};

const groupsWith = (access: keyof GroupAccess) => GROUPS.filter((g) => accessOf(g)[access] === true);
const groupsWithRoute = (test: (auth: (typeof ROUTES)[number]['auth']) => boolean) =>
  GROUPS.filter((g) => ROUTES.some((r) => r.group === g && test(r.auth)));

function accessTable(): string {
  const rows = [
    '| access | groups (and their jobs) | grant | variables |',
    '|---|---|---|---|',
    '| every group | all | table data, read-only or read/write (incl. its GSIs and the table key) | `TABLE_NAME`, `CORS_ORIGINS`, `PUBLIC_BASE_URL` |',
    ...(Object.keys(CAPABILITY_DOCS) as Capability[]).map((capability) => {
      const { grant, variables } = CAPABILITY_DOCS[capability];
      return `| \`${capability}\` | ${groupsWith(capability).join(', ')} | ${grant} | ${variables} |`;
    }),
    `| a \`csrf\` route | ${groupsWithRoute((a) => a.kind === 'csrf').join(', ')} | the same on the CSRF secret | \`CSRF_SECRET_SECRET_ARN\` |`,
    `| a \`webhook\` route with verifier \`channel\` / \`stripe\` | ${groupsWithRoute((a) => a.kind === 'webhook' && a.verifier === 'channel').join(', ')} / ${groupsWithRoute((a) => a.kind === 'webhook' && a.verifier === 'stripe').join(', ')} | the same on the channel / Stripe webhook secret | \`CHANNEL_WEBHOOK_SECRET_SECRET_ARN\`, \`STRIPE_WEBHOOK_SECRET_SECRET_ARN\` |`,
  ];
  return rows.join('\n');
}

function readOnlyGroups(): string {
  const readOnly = GROUPS.filter((g) => tableAccessOf(ROUTES.filter((r) => r.group === g)) === 'read');
  return `Read-only today: ${code(readOnly)}; every other group reads and writes.`;
}

function cachedControllers(): string {
  const cached = planApiResources(ROUTES)
    .filter((r) => r.cache)
    .map((r) => r.controller);
  return `Cached today: ${code(cached)}.`;
}

function jobs(): string {
  const changes = JOBS.filter((j) => j.kind === 'tableChange').map((j) => j.id);
  const schedules = JOBS.flatMap((j) =>
    j.kind === 'schedule' ? [`\`${j.id}\` (${j.everyMinutes} min)`] : [],
  );
  const queues = JOBS.flatMap((j) =>
    j.kind === 'queue'
      ? [`\`${j.id}\` (fed by ${code(j.producers)}, at most ${j.maxConcurrency} at once)`]
      : [],
  );
  return [
    `The table-change jobs today: ${code(changes)} (one reader). The schedules, each with a Lambda of its own`,
    `and its rate: ${schedules.join(', ')}.`,
    `The queue jobs, each with a queue, a dead-letter queue and a Lambda of its own: ${queues.join(', ')}.`,
  ].join('\n');
}

function secrets(): string {
  return `The secrets today: ${code(SECRET_NAMES)}.`;
}

function stripeEvents(): string {
  return HANDLED_STRIPE_EVENTS.map((event) => `\`${event}\``).join(', ');
}

function failedCreateRecovery(): string {
  const placeholders: Record<string, string> = {
    'AWS::DynamoDB::GlobalTable': '<TableName>',
    'AWS::Cognito::UserPool': '<AdminUserPoolId>',
  };
  const leftovers = Object.keys(DELETION_PROTECTION_OFF).map((type) => ({
    type,
    physicalId: placeholders[type] ?? `<${type}>`,
  }));
  return ['```sh', ...recoveryCommands('RentalPm-prod', '$R', 'prod', leftovers), '```'].join('\n');
}

/** The functions (by group or job) that get the accounting client, in the stage with it configured. */
function accountingFunctions({ full }: StackFactsInput): string {
  const names: string[] = [];
  for (const [, fn] of Object.entries(resourcesOf(full.stack))) {
    if (fn.Type !== 'AWS::Lambda::Function') continue;
    const env =
      (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    if (!('ACCOUNTING_CLIENT_ID' in env)) continue;
    const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
    const group = tags.find((t) => t.Key === 'api-group')?.Value;
    const job = tags.find((t) => t.Key === 'job')?.Value;
    names.push(group ? `the \`${group}\` group` : `the \`${job}\` job`);
  }
  return `With context \`accountingClientId\` the stack gives the client id and the secret's ARN (and read access to it) to: ${names.join(', ')}.`;
}

/** Page → region name → its text. */
export function renderStackFacts(input: StackFactsInput): Record<string, Record<string, string>> {
  return {
    'docs/cloud-stack.md': {
      'resource-counts': resourceCounts(input),
      'group-access': accessTable(),
      'read-only-groups': readOnlyGroups(),
      'cached-controllers': cachedControllers(),
      jobs: jobs(),
      secrets: secrets(),
      'stripe-events': stripeEvents(),
      'failed-create-recovery': failedCreateRecovery(),
      'accounting-functions': accountingFunctions(input),
    },
    'docs/accounting.md': {
      'accounting-functions': accountingFunctions(input),
    },
  };
}

const begin = (name: string) => `<!-- generated: ${name} (npm run docs:stack) -->`;
const end = (name: string) => `<!-- end generated: ${name} -->`;

/** The page with each region's text replaced; a page without a region's markers is an error. */
export function withRegions(page: string, markdown: string, regions: Record<string, string>): string {
  let text = markdown;
  for (const [name, body] of Object.entries(regions)) {
    const from = text.indexOf(begin(name));
    const to = text.indexOf(end(name));
    if (from < 0 || to < from)
      throw new Error(`${page} has no region "${name}" (${begin(name)} … ${end(name)})`);
    // Indented as the begin marker is, so a region inside a list item stays in it.
    const indent = text.slice(text.lastIndexOf('\n', from) + 1, from);
    const indented = body
      .split('\n')
      .map((line) => (line ? `${indent}${line}` : line))
      .join('\n');
    text = `${text.slice(0, from + begin(name).length)}\n${indented}\n${indent}${text.slice(to)}`;
  }
  return text;
}
