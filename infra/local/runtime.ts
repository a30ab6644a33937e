/**
 * The local runtime: the same Lambda handlers behind a local API Gateway stand-in, against DynamoDB Local,
 * a local SES and a local Cognito. `npm start` and the HTTP tests both use startLocalRuntime.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GROUPS } from '../../functions/registry.js';
import { ensureAdminPool, type PoolIds } from './cognito-pool.js';
import { serveLocalPages } from './docs.js';
import { createApiServer, type LambdaHandler } from './http-server.js';
import { assertJava, freePort, type Running, startCognito, startDynamoDb, startMail } from './services.js';
import { ensureTable } from './table.js';

const here = dirname(fileURLToPath(import.meta.url));
export const DEMO_FIXTURE = join(here, 'fixtures', 'demo.json');
export const TABLE_NAME = 'rental-pm-local';

export interface RuntimeOptions {
  port: number;
  /** A directory, or 'memory' to keep nothing. */
  dataDir: string;
  /** A fixture path, 'none', or undefined for the demo fixture on an empty store. */
  seed: string | undefined;
  ratePer5s: number;
  trustProxy: boolean;
  mailPort: number;
  cognitoPort: number;
  dynamodbPort: number;
}

export interface LocalRuntime {
  url: string;
  mailUrl: string;
  docsUrl: string;
  dynamodbUrl: string;
  seeded: { fixture: string; summary: Record<string, number> } | undefined;
  stop: () => Promise<void>;
}

interface LocalState {
  pool?: PoolIds;
  dataKey: string;
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
  return {
    port: int('PORT', 3000),
    dataDir: env.DATA_DIR || '.data',
    seed: env.SEED || undefined,
    ratePer5s: int('RATE_LIMIT_PER_5S', 25),
    trustProxy: env.TRUST_PROXY === '1',
    mailPort: int('MAIL_PORT', 8005),
    cognitoPort: int('COGNITO_PORT', 9229),
    dynamodbPort: int('DYNAMODB_PORT', 8000),
  };
}

/** Points the AWS SDK (and the handlers' config) at the local stand-ins; read by the handlers at import. */
export function setLocalEnv(values: {
  dynamodbUrl: string;
  mailUrl: string;
  cognitoUrl: string;
  pool: PoolIds;
  dataKey: string;
  baseUrl: string;
}) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: values.dynamodbUrl,
    AWS_ENDPOINT_URL_SESV2: values.mailUrl,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: values.cognitoUrl,
    TABLE_NAME,
    ADMIN_USER_POOL_ID: values.pool.userPoolId,
    ADMIN_USER_POOL_CLIENT_ID: values.pool.clientId,
    DATA_ENCRYPTION_KEY: values.dataKey,
    PUBLIC_BASE_URL: values.baseUrl,
    MAIL_FROM: process.env.MAIL_FROM ?? 'no-reply@localhost',
  });
}

export async function startLocalRuntime(options: RuntimeOptions): Promise<LocalRuntime> {
  assertJava();
  const memory = options.dataDir === 'memory';
  const dataDir = memory ? mkdtempSync(join(tmpdir(), 'rental-pm-')) : resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const statePath = join(dataDir, 'local-state.json');
  const state: LocalState = existsSync(statePath)
    ? (JSON.parse(readFileSync(statePath, 'utf8')) as LocalState)
    : { dataKey: randomBytes(32).toString('base64') };

  const started: Running[] = [];
  const stopAll = async () => {
    await Promise.allSettled(started.reverse().map((s) => s.stop()));
    if (memory) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Each stand-in is remembered as soon as it runs, so a failure of another still stops it.
    const track = (r: Running) => {
      started.push(r);
      return r;
    };
    const [dynamodb, mail, cognito] = await Promise.all([
      startDynamoDb(options.dynamodbPort, memory ? undefined : join(dataDir, 'dynamodb')).then(track),
      startMail(options.mailPort).then(track),
      startCognito(options.cognitoPort, join(dataDir, 'cognito')).then(track),
    ]);
    const ddbClient = new DynamoDBClient({
      endpoint: dynamodb.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(ddbClient, TABLE_NAME);
    ddbClient.destroy();
    state.pool = await ensureAdminPool(cognito.url, state.pool);
    writeFileSync(statePath, JSON.stringify(state, null, 2));

    const port = await freePort(options.port);
    const url = `http://localhost:${port}`;
    setLocalEnv({
      dynamodbUrl: dynamodb.url,
      mailUrl: mail.url,
      cognitoUrl: cognito.url,
      pool: state.pool,
      dataKey: state.dataKey,
      baseUrl: url,
    });

    const handlers: Record<string, LambdaHandler> = {};
    for (const group of GROUPS) {
      // Each group's Lambda entry, found by convention (functions/<group>/handler.ts), as the CDK stack does.
      const entry = pathToFileURL(join(here, '..', '..', 'functions', group, 'handler.ts')).href;
      const module = (await import(/* @vite-ignore */ entry)) as { handler: LambdaHandler };
      handlers[group] = module.handler;
    }
    const seeded = await seedIfWanted(options.seed);

    const server = createApiServer({
      handlers,
      ratePer5s: options.ratePer5s,
      trustProxy: options.trustProxy,
      extra: (req, res, path) => serveLocalPages(req, res, path, url),
    });
    await listen(server, port);
    started.push({ url, port, stop: () => closeServer(server) });
    return {
      url,
      mailUrl: mail.url,
      docsUrl: `${url}/docs`,
      dynamodbUrl: dynamodb.url,
      seeded,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** DESIGN.md: SEED=none loads nothing; a path always loads; by default the demo fixture fills an empty store. */
async function seedIfWanted(seed: string | undefined) {
  if (seed === 'none') return undefined;
  const { isSeeded, markSeeded } = await import('./seed-marker.js');
  if (seed === undefined && (await isSeeded())) return undefined;
  const fixture = seed ? resolve(seed) : DEMO_FIXTURE;
  const { loadFixture } = await import('./fixture/index.js');
  const summary = await loadFixture(JSON.parse(readFileSync(fixture, 'utf8')));
  await markSeeded(fixture);
  return { fixture, summary };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolvePromise());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    server.closeAllConnections();
  });
}
