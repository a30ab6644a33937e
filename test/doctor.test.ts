/**
 * `npm run doctor` and `npm run stripe:webhook` against a new AWS account and Stripe, played by local
 * stand-ins that the real SDK clients talk to (test/support/aws-account-stand-in.ts,
 * test/support/stripe-webhook-endpoints-stand-in.ts): a failing account (Lambda quota 10, SES sandbox, the
 * stack's placeholder secrets, no Stripe endpoint, no admin) is told each problem and its command; the same
 * account made ready is told nothing is left; a first create that failed with protection on gets the commands
 * that free it, with the stack's real names.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLED_STRIPE_EVENTS } from '../functions/registry.js';
import { secretArnOutput } from '../infra/cdk/stack-outputs.js';
import { accountClients, stripeClient } from '../infra/deployed/aws-clients.js';
import { type Finding, formatFindings } from '../infra/deployed/doctor/report.js';
import { runDoctor } from '../infra/deployed/doctor/run.js';
import { stageSettings } from '../infra/deployed/stage-settings.js';
import { setUpStripeWebhook } from '../infra/deployed/stripe-webhook-setup.js';
import { SECRET_NAMES } from '../shared/secrets.js';
import {
  type AccountState,
  type AwsAccountStandIn,
  startAwsAccountStandIn,
} from './support/aws-account-stand-in.js';
import {
  type StripeWebhookEndpointsStandIn,
  startStripeWebhookEndpointsStandIn,
} from './support/stripe-webhook-endpoints-stand-in.js';

const REGION = 'eu-west-1';
const ACCOUNT = '222222222222';
const STACK = 'RentalPm-prod';
const WEBHOOK_URL = 'https://abc123.lambda-url.eu-west-1.on.aws/';
const POOL = 'eu-west-1_Pool1';

/** cdk.json as an operator fills it for prod: the webhook's reservation and the accounting client asked for. */
const CDK_JSON = JSON.stringify({
  context: {
    stages: {
      prod: {
        account: ACCOUNT,
        region: REGION,
        mailIdentity: 'example-rentals.com',
        corsOrigins: ['https://www.example-rentals.com'],
        alarmEmail: 'ops@example-rentals.com',
        webhookReservedConcurrency: 10,
        accountingClientId: 'client-123',
      },
    },
  },
});

/** What CloudFormation generates for a secret (app-secrets.ts): 48 letters and digits. */
const placeholder = () =>
  randomBytes(48)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 48);
const arnOf = (name: string) => `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${name}-AbCdEf`;

function deployedOutputs(): Record<string, string> {
  return {
    ApiUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod/',
    TableName: 'RentalPm-prod-DataTable-1',
    AdminUserPoolId: POOL,
    AdminUserPoolClientId: 'client',
    DataKeyArn: `arn:aws:kms:${REGION}:${ACCOUNT}:key/k`,
    StripeWebhookUrl: WEBHOOK_URL,
    ...Object.fromEntries(SECRET_NAMES.map((name) => [secretArnOutput(name), arnOf(name)])),
  };
}

/** A new account whose first create just went through (with protection off), nothing filled in yet. */
function failingAccount(): AccountState {
  return {
    region: REGION,
    accountId: ACCOUNT,
    lambda: { quota: 10, unreserved: 10 },
    stacks: {
      CDKToolkit: {
        status: 'CREATE_COMPLETE',
        terminationProtection: true,
        outputs: { BootstrapVersion: '21' },
      },
      [STACK]: { status: 'CREATE_COMPLETE', terminationProtection: false, outputs: deployedOutputs() },
    },
    ses: {
      productionAccess: false,
      sendingEnabled: true,
      max24HourSend: 200,
      maxSendRate: 1,
      sentLast24Hours: 0,
      identities: { 'example-rentals.com': { type: 'DOMAIN', verified: false, dkim: 'PENDING' } },
    },
    secrets: Object.fromEntries(SECRET_NAMES.map((name) => [arnOf(name), placeholder()])),
    users: { [POOL]: [] },
  };
}

const byCheck = (findings: readonly Finding[], check: string) => findings.filter((f) => f.check === check);
const todos = (findings: readonly Finding[]) => findings.filter((f) => f.status === 'todo');

describe('the deploy doctor and stripe:webhook, against stand-ins of AWS and Stripe', () => {
  let aws: AwsAccountStandIn;
  let stripe: StripeWebhookEndpointsStandIn;
  const clients = () =>
    accountClients({
      region: REGION,
      endpoint: aws.url,
      credentials: { accessKeyId: 'AKIDSTANDIN', secretAccessKey: 'stand-in' },
    });
  const doctor = () =>
    runDoctor({
      stage: 'prod',
      region: REGION,
      settings: stageSettings('prod', CDK_JSON),
      clients: clients(),
      stripe: (key) => stripeClient(key, stripe.url),
    });
  const webhook = () =>
    setUpStripeWebhook({
      stage: 'prod',
      region: REGION,
      clients: clients(),
      stripe: (key) => stripeClient(key, stripe.url),
    });

  beforeAll(async () => {
    aws = await startAwsAccountStandIn(failingAccount());
    stripe = await startStripeWebhookEndpointsStandIn();
  });
  afterAll(async () => {
    await aws?.close();
    await stripe?.close();
  });

  it('names each problem of a failing account (quota 10, SES sandbox, placeholder secrets …) with what to do', async () => {
    const findings = await doctor();
    const report = formatFindings(findings);

    // The quota cannot hold the webhook's reservation: the deploy would fail creating the function.
    const [concurrency, configured] = byCheck(findings, 'lambda concurrency');
    expect(concurrency?.status).toBe('todo');
    expect(concurrency?.text).toContain("the account's quota is 10");
    expect(concurrency?.text).toContain('at least 110');
    expect(concurrency?.commands?.[0]).toBe(
      'aws service-quotas request-service-quota-increase --region eu-west-1 --service-code lambda --quota-code L-B99A9384 --desired-value 1000',
    );
    expect(configured?.text).toContain("context concurrencyQuota is 1000 but the account's quota is 10");

    // The sandbox: who gets mail, how much, and how to leave it.
    const [sandbox] = byCheck(findings, 'ses production access');
    expect(sandbox?.status).toBe('todo');
    expect(sandbox?.text).toContain('sandbox');
    expect(sandbox?.text).toContain('200 messages a day at 1 a second');
    expect(sandbox?.text).toContain('a tenant registering with any other address gets a 500');
    expect(sandbox?.commands?.[0]).toMatch(
      /^aws sesv2 put-account-details --region eu-west-1 --production-access-enabled/,
    );
    expect(byCheck(findings, 'ses identity')[0]).toMatchObject({ status: 'todo' });
    expect(byCheck(findings, 'ses identity')[0]?.text).toContain('DKIM PENDING');

    // Placeholders where another party's secret belongs; the stack's own keys are final.
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'ACCOUNTING_CLIENT_SECRET'])
      expect(byCheck(findings, `secret ${name}`)[0]?.status, name).toBe('todo');
    expect(byCheck(findings, 'secret STRIPE_SECRET_KEY')[0]?.text).toContain("still the stack's placeholder");
    expect(byCheck(findings, 'secret STRIPE_SECRET_KEY')[0]?.commands?.[0]).toContain(
      `--secret-id ${arnOf('STRIPE_SECRET_KEY')}`,
    );
    for (const name of ['CAPTCHA_SECRET', 'CSRF_SECRET'])
      expect(byCheck(findings, `secret ${name}`)[0]?.status, name).toBe('ready');
    expect(byCheck(findings, 'secret CHANNEL_WEBHOOK_SECRET')[0]?.status).toBe('note');

    // Created with protection off (the first create): the next deploy turns it on.
    expect(byCheck(findings, 'protection')[0]).toMatchObject({ status: 'todo' });
    expect(byCheck(findings, 'protection')[0]?.commands).toEqual([
      'npx cdk deploy --all -c stage=prod --outputs-file cdk-outputs.prod.json',
    ]);
    expect(byCheck(findings, 'stripe webhook')[0]?.status).toBe('todo');
    expect(byCheck(findings, 'first admin')[0]).toMatchObject({ status: 'todo' });
    expect(byCheck(findings, 'first admin')[0]?.text).toContain('has no super admin');
    expect(byCheck(findings, 'cdk bootstrap')[0]?.status).toBe('ready');
    expect(byCheck(findings, 'accounting client')[0]?.status).toBe('ready');
    expect(report).toContain('[to do] lambda concurrency:');
    expect(report).toMatch(/\d+ things to do \(marked \[to do\]\)\.$/);
    // The real SDK clients asked the account, each through its own protocol.
    expect(aws.calls).toEqual(
      expect.arrayContaining([
        'Lambda.GetAccountSettings',
        'CloudFormation.DescribeStacks',
        'SESv2.GetAccount',
        'SESv2.GetEmailIdentity',
        'SecretsManager.GetSecretValue',
        'Cognito.ListUsers',
      ]),
    );
  });

  it('stripe:webhook refuses while the Stripe key is the placeholder, then subscribes exactly the handled events and stores the signing secret; again, it changes nothing', async () => {
    await expect(webhook()).rejects.toThrow(/STRIPE_SECRET_KEY does not hold a Stripe key yet: put it first/);
    aws.state.secrets[arnOf('STRIPE_SECRET_KEY')] = 'sk_live_standin123';

    const first = await webhook();
    expect(first[0]).toMatch(/^Endpoint created: we_\w+ at https:\/\/abc123\.lambda-url/);
    expect(stripe.endpoints).toHaveLength(1);
    const [endpoint] = stripe.endpoints;
    expect(endpoint?.url).toBe(WEBHOOK_URL);
    expect(endpoint?.enabled_events).toEqual([...HANDLED_STRIPE_EVENTS]);
    expect(endpoint?.enabled_events).toContain('setup_intent.succeeded');
    expect(aws.state.secrets[arnOf('STRIPE_WEBHOOK_SECRET')]).toBe(endpoint?.secret);

    const again = await webhook();
    expect(again[0]).toMatch(/^Already set up: /);
    expect(stripe.endpoints).toHaveLength(1);
    expect(aws.state.secrets[arnOf('STRIPE_WEBHOOK_SECRET')]).toBe(endpoint?.secret);
  });

  it('names the events an endpoint made by hand misses (autopay needs setup_intent.succeeded), and stripe:webhook brings it to the list, keeping its secret', async () => {
    const [endpoint] = stripe.endpoints;
    if (!endpoint) throw new Error('no endpoint');
    endpoint.enabled_events = ['payment_intent.succeeded', 'charge.refunded', 'customer.created'];
    const findings = byCheck(await doctor(), 'stripe webhook');
    expect(findings[0]?.status).toBe('todo');
    expect(findings[0]?.text).toContain('missing payment_intent.processing');
    expect(findings[0]?.text).toContain('setup_intent.succeeded');
    expect(findings[0]?.text).toContain('not handled customer.created');

    const secret = aws.state.secrets[arnOf('STRIPE_WEBHOOK_SECRET')];
    expect((await webhook())[0]).toMatch(/^Endpoint updated: /);
    expect(endpoint.enabled_events).toEqual([...HANDLED_STRIPE_EVENTS]);
    expect(aws.state.secrets[arnOf('STRIPE_WEBHOOK_SECRET')]).toBe(secret);
    expect(byCheck(await doctor(), 'stripe webhook')[0]?.status).toBe('ready');
  });

  it('replaces an endpoint whose signing secret the stage does not hold (Stripe shows it only at creation)', async () => {
    const old = stripe.endpoints[0]?.id;
    aws.state.secrets[arnOf('STRIPE_WEBHOOK_SECRET')] = placeholder();
    expect((await webhook())[0]).toMatch(/^Endpoint replaced: /);
    expect(stripe.endpoints.map((e) => e.id)).not.toContain(old);
    expect(stripe.endpoints).toHaveLength(1);
    expect(aws.state.secrets[arnOf('STRIPE_WEBHOOK_SECRET')]).toBe(stripe.endpoints[0]?.secret);
  });

  it('says nothing is left to do once the account is ready', async () => {
    const { state } = aws;
    state.lambda = { quota: 1000, unreserved: 1000 };
    state.ses.productionAccess = true;
    state.ses.max24HourSend = 50000;
    state.ses.maxSendRate = 14;
    state.ses.identities['example-rentals.com'] = { type: 'DOMAIN', verified: true, dkim: 'SUCCESS' };
    state.secrets[arnOf('ACCOUNTING_CLIENT_SECRET')] = 'qbo-client-secret-from-the-app';
    state.users[POOL] = [
      { username: 'root', attributes: { 'custom:adminId': '1', 'custom:role': '0' }, enabled: true },
    ];
    const stack = state.stacks[STACK];
    if (stack) stack.terminationProtection = true;
    const findings = await doctor();
    expect(todos(findings)).toEqual([]);
    expect(formatFindings(findings)).toMatch(/Nothing left to do\.$/);
    expect(byCheck(findings, 'ses sending quota')[0]?.text).toContain('50,000 messages a day at 14 a second');
  });

  it('prints the commands that free a first create which failed with protection on, with the real names', async () => {
    const { state } = aws;
    state.stacks[STACK] = {
      status: 'ROLLBACK_FAILED',
      terminationProtection: true,
      outputs: {},
      resources: [
        {
          logicalId: 'DataTable',
          type: 'AWS::DynamoDB::GlobalTable',
          physicalId: 'RentalPm-prod-DataTable-9',
          status: 'DELETE_FAILED',
        },
        {
          logicalId: 'AdminsPool',
          type: 'AWS::Cognito::UserPool',
          physicalId: 'eu-west-1_Failed1',
          status: 'DELETE_FAILED',
        },
        { logicalId: 'DataKey', type: 'AWS::KMS::Key', physicalId: 'k', status: 'DELETE_COMPLETE' },
      ],
    };
    const [stage] = byCheck(await doctor(), 'stage stack');
    expect(stage?.status).toBe('todo');
    expect(stage?.text).toContain('failed its first create (ROLLBACK_FAILED) with protection on');
    expect(stage?.commands).toEqual([
      'aws cloudformation update-termination-protection --region eu-west-1 --stack-name RentalPm-prod --no-enable-termination-protection',
      'aws dynamodb update-table --region eu-west-1 --table-name RentalPm-prod-DataTable-9 --no-deletion-protection-enabled',
      'aws cognito-idp update-user-pool --region eu-west-1 --user-pool-id eu-west-1_Failed1 --deletion-protection INACTIVE',
      'aws cloudformation delete-stack --region eu-west-1 --stack-name RentalPm-prod',
      'aws cloudformation wait stack-delete-complete --region eu-west-1 --stack-name RentalPm-prod',
      'npx cdk deploy --all -c stage=prod -c protection=false --outputs-file cdk-outputs.prod.json',
    ]);
    // Unprotected, the same failure needs only the same deploy again.
    state.stacks[STACK] = {
      status: 'ROLLBACK_COMPLETE',
      terminationProtection: false,
      outputs: {},
      resources: [],
    };
    const [unprotected] = byCheck(await doctor(), 'stage stack');
    expect(unprotected?.text).toContain('is not protected: fix the cause');
    expect(unprotected?.commands).toEqual([
      'npx cdk deploy --all -c stage=prod -c protection=false --outputs-file cdk-outputs.prod.json',
    ]);
  });

  it('runs as `npm run doctor` on a new account before the first deploy (the SDK pointed at the stand-in by AWS_ENDPOINT_URL), exiting 1 with what to do', async () => {
    const { state } = aws;
    state.stacks = {};
    state.lambda = { quota: 10, unreserved: 10 };
    state.ses.productionAccess = false;
    state.ses.max24HourSend = 200;
    state.ses.maxSendRate = 1;
    state.ses.identities = {};
    const run = promisify(execFile);
    const { AWS_PROFILE: _profile, ...env } = process.env;
    const result = await run('npx', ['tsx', 'infra/deployed/doctor.ts', '--stage', 'dev'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        ...env,
        AWS_REGION: REGION,
        AWS_ENDPOINT_URL: aws.url,
        AWS_ACCESS_KEY_ID: 'AKIDSTANDIN',
        AWS_SECRET_ACCESS_KEY: 'stand-in',
        STRIPE_API_URL: stripe.url,
      },
    }).then(
      (ok) => ({ code: 0, stdout: ok.stdout }),
      (failed: { code: number; stdout: string }) => ({ code: failed.code, stdout: failed.stdout }),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Checking stage dev in eu-west-1');
    expect(result.stdout).toContain("[note]  lambda concurrency: the account's quota is 10");
    expect(result.stdout).toContain('[to do] cdk bootstrap: eu-west-1 is not bootstrapped');
    expect(result.stdout).toContain('$ npx cdk bootstrap aws://');
    expect(result.stdout).toContain('[to do] stage stack: RentalPm-dev is not deployed in eu-west-1 yet');
    expect(result.stdout).toContain('[to do] ses production access:');
    expect(result.stdout).toContain(
      '[note]  ses identity: example.com does not exist in SES yet: the deploy creates it',
    );
  }, 60_000);
});
