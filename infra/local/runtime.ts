/**
 * The local runtime: the same Lambda handlers behind a local API Gateway stand-in, against DynamoDB Local,
 * a local SES and a local Cognito. It is two steps, so `npm start` and the HTTP tests share one code path:
 * - startStandIns: the AWS stand-ins (DynamoDB Local, local SES, cognito-local with the admin user pool);
 * - startApiServer: for one table of those stand-ins, ensure it, point the SDK at it, import the group
 *   handlers, seed, start the table's background work, and listen.
 * `npm start` runs both once (startLocalRuntime); the tests start the stand-ins once per run and one API server
 * per test file, each on its own table (docs/testing.md).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GROUPS, HANDLED_STRIPE_EVENTS, JOBS, ROUTES } from '../../functions/registry.js';
import { now as clockNow, setClock } from '../../shared/clock.js';
import { serveAccountingProvider } from './accounting-provider.js';
import { serveAutopayPage } from './autopay-page.js';
import { clockSetting, serveClockControl } from './clock-control.js';
import { type DemoStore, demoStoreOf } from './demo-store.js';
import { serveLocalPages } from './docs.js';
import { serveHomePage } from './home-page.js';
import { createApiServer, type LambdaHandler } from './http-server.js';
import { type JobRunner, startJobRunner } from './job-runner.js';
import { serveJobControl } from './jobs-page.js';
import { onFirstCall } from './lazy-handler.js';
import { LOCAL_DATABASE, localCredentials } from './local-credentials.js';
import { startMailPump, withMailDrain } from './mail-pump.js';
import { servePayPage } from './pay-page.js';
import {
  flushQuickBooksStandIn,
  keepQuickBooksStandIn,
  serveQuickBooksStandIn,
} from './quickbooks-stand-in.js';
import { serveResetPage } from './reset-page.js';
import { assertPortsFree, freePort, LOOPBACK, PortInUseError } from './services.js';
import { localQueueEnv, serveSqs } from './sqs-stand-in.js';
import {
  type Progress,
  type StandInEndpoints,
  type StandInOptions,
  setLocalEnv,
  standInPorts,
  startStandIns,
  TABLE_NAME,
} from './stand-ins.js';
import { LOCAL_STRIPE, servesStripeStandIn } from './stripe-local-env.js';
import { Receipts } from './stripe-receipts.js';
import { StripeStandIn } from './stripe-stand-in.js';
import { ensureTable } from './table.js';

const here = dirname(fileURLToPath(import.meta.url));
export const DEMO_FIXTURE = join(here, 'fixtures', 'demo.json');

export interface RuntimeOptions extends StandInOptions {
  port: number;
  /** A fixture path, 'none', or undefined for the demo fixture on an empty store. */
  seed: string | undefined;
  ratePer5s: number;
  trustProxy: boolean;
  /** REQUIRE_HTTPS=1 behind a TLS-terminating proxy: plain-http requests are redirected (GET/HEAD) or refused. */
  requireHttps?: boolean;
  /** `CLOCK`: the service's now at start (clock-control.ts); the machine's time when unset. */
  clock?: Date | undefined;
}

export interface ApiServerOptions {
  standIns: StandInEndpoints;
  tableName: string;
  port: number;
  /** The address to listen on (default the loopback address: docs/local-runtime.md "Who can reach it"). */
  host?: string;
  seed: string | undefined;
  ratePer5s: number;
  trustProxy: boolean;
  requireHttps?: boolean;
  /** The handlers' deadline (default API Gateway's 29 s). */
  requestTimeoutMs?: number;
  /** Delete the table when the server stops (a test file's table). */
  dropTableOnStop?: boolean;
  /** Shown on the front page (`GET /`): the demo fixture's sign-ins and records when it is the store's data. */
  demoStore?: DemoStore;
  progress?: Progress | undefined;
}

export interface ApiRuntime {
  url: string;
  docsUrl: string;
  tableName: string;
  seeded: { fixture: string; summary: Record<string, number> } | undefined;
  /** The table's background jobs: drain() and runSchedule() for tests (also over HTTP, docs/jobs.md). */
  jobs: JobRunner;
  /** The Stripe stand-in served on this origin (`/v1/…`), when no STRIPE_SECRET_KEY was configured. */
  stripe: StripeStandIn | undefined;
  stop: () => Promise<void>;
}

export interface LocalRuntime extends ApiRuntime {
  mailUrl: string;
  dynamodbUrl: string;
  /** The store's DynamoDB Local database (its access key). */
  dynamodbDatabase: string;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeOptions {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return n;
  };
  const host = env.HOST || LOOPBACK;
  if (isIP(host) === 0)
    throw new Error(`HOST must be an IP address such as 127.0.0.1 (the default) or 0.0.0.0, got "${host}"`);
  return {
    port: int('PORT', 3000),
    host,
    dataDir: env.DATA_DIR || '.data',
    seed: env.SEED || undefined,
    ratePer5s: int('RATE_LIMIT_PER_5S', 25),
    trustProxy: env.TRUST_PROXY === '1',
    requireHttps: env.REQUIRE_HTTPS === '1',
    clock: clockSetting(env.CLOCK),
    mailPort: int('MAIL_PORT', 8005),
    cognitoPort: int('COGNITO_PORT', 9229),
    dynamodbPort: int('DYNAMODB_PORT', 8000),
  };
}

/** `npm start`: the stand-ins and one API server over the store's table. */
export async function startLocalRuntime(options: RuntimeOptions, progress?: Progress): Promise<LocalRuntime> {
  // Before the stand-ins take 10 s to start: taken ports fail at once, every one of them named.
  await assertPortsFree([{ port: options.port, setting: 'PORT', what: 'the API' }, ...standInPorts(options)]);
  // Before anything is written: the demo data is dated from the clock's now.
  if (options.clock) setClock(options.clock);
  const standIns = await startStandIns(options, progress);
  const demo = options.seed === undefined || resolve(options.seed) === DEMO_FIXTURE;
  try {
    const api = await startApiServer({
      progress,
      ...(demo ? { demoStore: demoStoreOf(DEMO_FIXTURE) } : {}),
      standIns,
      tableName: TABLE_NAME,
      port: options.port,
      host: options.host ?? LOOPBACK,
      seed: options.seed,
      ratePer5s: options.ratePer5s,
      trustProxy: options.trustProxy,
      requireHttps: options.requireHttps === true,
    });
    return {
      ...api,
      mailUrl: standIns.mailUrl,
      dynamodbUrl: standIns.dynamodbUrl,
      dynamodbDatabase: standIns.dynamodbDatabase ?? LOCAL_DATABASE,
      stop: async () => {
        await api.stop();
        await standIns.stop();
      },
    };
  } catch (error) {
    await standIns.stop();
    throw error;
  }
}

/**
 * One API server over one table: the same function for `npm start` and for each HTTP test file. Sets this
 * process's environment (TABLE_NAME and the endpoints) before importing the handlers, which read it at import.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiRuntime> {
  const { standIns, tableName, progress } = options;
  const ddbClient = new DynamoDBClient({
    endpoint: standIns.dynamodbUrl,
    region: 'us-east-1',
    credentials: localCredentials(standIns.dynamodbDatabase),
  });
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    if (options.dropTableOnStop) {
      await ddbClient.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
    }
    ddbClient.destroy();
  };
  try {
    await ensureTable(ddbClient, tableName);
    const port = await freePort(options.port);
    const url = `http://localhost:${port}`;
    setLocalEnv({ ...standIns, baseUrl: url, tableName });
    // The queue jobs' producers send with the real SQS SDK to the stand-in on this origin (sqs-stand-in.ts).
    Object.assign(process.env, localQueueEnv(url, JOBS));

    const handlers = groupHandlers();
    progress?.(`  ✓ table ${tableName} ready`);
    // A store kept from before the journal held deposits as a liability is re-posted once (a no-op after).
    const { migrateDeposits } = await import('../../shared/workflows/ledger/deposit-migration.js');
    const migrated = await migrateDeposits(clockNow());
    if (migrated.migrated > 0)
      progress?.(`  ✓ ${migrated.migrated} DEPOSIT invoices re-posted to the deposits-held liability`);
    const seeded = await seedIfWanted(options.seed, progress);
    if (seeded && resolve(seeded.fixture) === DEMO_FIXTURE) {
      const { sendMailSamples } = await import('./mail-samples.js');
      progress?.(`  ✓ a sample of each of the ${await sendMailSamples()} kinds of mail on the mail page`);
    }

    // The accounting stand-in's books and tokens outlive a restart of a store kept on disk (its connection too);
    // written last, after the jobs stopped.
    if (standIns.dataDir) {
      keepQuickBooksStandIn(join(standIns.dataDir, 'accounting-stand-in.json'));
      stops.push(async () => flushQuickBooksStandIn());
    }

    // The table's background work (docs/jobs.md): the JOBS consumers over its stream, and the schedules.
    const jobs = await startJobRunner({
      jobs: JOBS,
      dynamodbUrl: standIns.dynamodbUrl,
      dynamodbDatabase: standIns.dynamodbDatabase,
      tableName,
    });
    stops.push(() => jobs.stop());
    // The queued mail, sent as the cloud's mailSender job sends it, and waited for by the drain.
    const mail = await startMailPump();
    stops.push(() => mail.stop());
    const background = withMailDrain(jobs, mail);

    // Card payments on a laptop: the Stripe stand-in on this origin, unless a Stripe key is configured.
    const stripe = servesStripeStandIn()
      ? new StripeStandIn({
          url: `${url}${paymentWebhookPath()}`,
          secret: process.env.STRIPE_WEBHOOK_SECRET ?? LOCAL_STRIPE.webhookSecret,
          events: HANDLED_STRIPE_EVENTS, // as `npm run stripe:webhook` subscribes the cloud's endpoint
        })
      : undefined;
    if (stripe) stripe.receipts = new Receipts(); // to the local SES's mail page (stripe-receipts.ts)
    const server = createApiServer({
      handlers,
      listenHost: options.host ?? LOOPBACK,
      ratePer5s: options.ratePer5s,
      trustProxy: options.trustProxy,
      requireHttps: options.requireHttps === true,
      ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      services: async (req, res, path) =>
        (await serveSqs(req, res, path, jobs.queues)) ||
        (await serveAccountingProvider(req, res, path)) ||
        (await serveQuickBooksStandIn(req, res, path)),
      extra: async (req, res, path) =>
        (await serveJobControl(req, res, path, background)) ||
        (await serveClockControl(req, res, path)) ||
        (stripe !== undefined && (await stripe.handle(req, res, path))) ||
        servePayPage(req, res, path, { standIn: stripe !== undefined }) ||
        serveAutopayPage(req, res, path, { standIn: stripe !== undefined }) ||
        serveResetPage(req, res, path) ||
        (await serveLocalPages(req, res, path, url)) ||
        serveHomePage(req, res, path, {
          baseUrl: url,
          mailUrl: standIns.mailUrl,
          demoStore: options.demoStore,
        }),
    });
    await listen(server, port, options.host ?? LOOPBACK);
    progress?.(`  ✓ API listening on ${url}`);
    stops.push(() => closeServer(server));
    return { url, docsUrl: `${url}/docs`, tableName, seeded, jobs: background, stripe, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Each group's Lambda entry, found by convention (functions/<group>/handler.ts), as the CDK stack does; imported
 * on the group's first request (lazy-handler.ts).
 */
function groupHandlers(): Record<string, LambdaHandler> {
  const handlers: Record<string, LambdaHandler> = {};
  for (const group of GROUPS) {
    const entry = pathToFileURL(join(here, '..', '..', 'functions', group, 'handler.ts')).href;
    handlers[group] = onFirstCall(
      async () => ((await import(/* @vite-ignore */ entry)) as { handler: LambdaHandler }).handler,
    );
  }
  return handlers;
}

/** DESIGN.md: SEED=none loads nothing; a path always loads; by default the demo fixture fills an empty store. */
async function seedIfWanted(seed: string | undefined, progress?: Progress) {
  if (seed === 'none') return undefined;
  const { isSeeded, markSeeded } = await import('./seed-marker.js');
  if (seed === undefined && (await isSeeded())) return undefined;
  const fixture = seed ? resolve(seed) : DEMO_FIXTURE;
  progress?.(`Loading the fixture ${fixture}…`);
  const { loadFixture } = await import('./fixture/index.js');
  const summary = await loadFixture(JSON.parse(readFileSync(fixture, 'utf8')));
  await markSeeded(fixture);
  progress?.('  ✓ fixture loaded');
  return { fixture, summary };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError([{ port, setting: 'PORT', what: 'the API' }])
          : error,
      ),
    );
    server.listen(port, host, () => resolvePromise());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    server.closeAllConnections();
  });
}

/** Where the Stripe stand-in sends its webhook: the payment webhook route of the registry. */
function paymentWebhookPath(): string {
  const route = ROUTES.find((r) => r.id === 'payment.webhook');
  if (!route) throw new Error('the registry has no payment.webhook route');
  return route.path;
}
