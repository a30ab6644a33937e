/**
 * The AWS stand-ins of the local runtime: DynamoDB Local, the local SES and cognito-local with the admin user
 * pool, started once (by `npm start`, or once per test run), and the environment that points the AWS SDK and
 * the handlers' configuration at them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { localAccountingEnv } from './accounting-provider.js';
import { ensureAdminPool, type PoolIds } from './cognito-pool.js';
import { adoptSharedDatabase, localCredentials, newStoreDatabase } from './local-credentials.js';
import {
  assertJava,
  assertPortsFree,
  type PortSetting,
  type Running,
  startCognito,
  startDynamoDb,
  startMail,
} from './services.js';
import { localStripeEnv } from './stripe-local-env.js';

/** The table of `npm start`. */
export const TABLE_NAME = 'rental-pm-local';

export interface StandInOptions {
  /** A directory, or 'memory' to keep nothing. */
  dataDir: string;
  mailPort: number;
  cognitoPort: number;
  dynamodbPort: number;
  /**
   * Where the API and the mail page listen (HOST; default the loopback address). cognito-local stays on the
   * loopback address always, and DynamoDB Local cannot be bound (local-credentials.ts).
   */
  host?: string;
}

/**
 * Where `npm start` prints what it is doing (the tests pass nothing: silent). A line starting with ✓ is a step
 * done; the printer adds the step's time (infra/local/main.ts).
 */
export type Progress = (line: string) => void;

/** Where the stand-ins answer, and what every API server over them needs; plain data, so a test run can pass it to its workers. */
export interface StandInEndpoints {
  dynamodbUrl: string;
  /** The DynamoDB Local database to use (its access key, local-credentials.ts); default `local`. */
  dynamodbDatabase?: string;
  mailUrl: string;
  cognitoUrl: string;
  pool: PoolIds;
  dataKey: string;
  /** DATA_DIR when the store is kept on disk (the API's own stand-ins keep their state there too); absent in memory. */
  dataDir?: string;
}

export interface StandIns extends StandInEndpoints {
  stop: () => Promise<void>;
}

interface LocalState {
  pool?: PoolIds;
  dataKey: string;
  /** The store's DynamoDB Local database, its access key (local-credentials.ts says why it is random). */
  dynamodbDatabase?: string;
}

/** The store's database, made (and an older store's shared database adopted) on its first start. */
export function storeDatabase(state: { dynamodbDatabase?: string | undefined }, dynamodbDir?: string) {
  const database = state.dynamodbDatabase ?? newStoreDatabase();
  if (dynamodbDir) adoptSharedDatabase(dynamodbDir, database);
  return database;
}

/** Points the AWS SDK (and the handlers' config) at the local stand-ins; read by the handlers at import. */
export function setLocalEnv(values: {
  dynamodbUrl: string;
  dynamodbDatabase?: string | undefined;
  mailUrl: string;
  cognitoUrl: string;
  pool: PoolIds;
  dataKey: string;
  baseUrl: string;
  /** Default: the table of `npm start`. */
  tableName?: string;
}) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: localCredentials(values.dynamodbDatabase).accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials(values.dynamodbDatabase).secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: values.dynamodbUrl,
    AWS_ENDPOINT_URL_SESV2: values.mailUrl,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: values.cognitoUrl,
    TABLE_NAME: values.tableName ?? TABLE_NAME,
    ADMIN_USER_POOL_ID: values.pool.userPoolId,
    ADMIN_USER_POOL_CLIENT_ID: values.pool.clientId,
    DATA_ENCRYPTION_KEY: values.dataKey,
    // Per store, stable across restarts (issued tokens stay valid): derived from the store's data key.
    CSRF_SECRET:
      process.env.CSRF_SECRET ??
      createHmac('sha256', values.dataKey).update('payment-csrf').digest('base64url'),
    // A known value, so a developer can sign channel webhook calls by hand (docs/channel.md).
    CHANNEL_WEBHOOK_SECRET: process.env.CHANNEL_WEBHOOK_SECRET ?? 'local-channel-webhook-secret',
    PUBLIC_BASE_URL: values.baseUrl,
    // The local API's own origin, and those of websites under development (docs/local-runtime.md).
    CORS_ORIGINS: [new URL(values.baseUrl).origin, process.env.CORS_ORIGINS ?? ''].filter(Boolean).join(','),
    MAIL_FROM: process.env.MAIL_FROM ?? 'no-reply@localhost',
    // The stand-in accounting provider of this runtime (accounting-provider.ts), unless one is configured.
    ...localAccountingEnv(values.baseUrl),
    // The Stripe stand-in on this runtime's origin (stripe-stand-in.ts), unless a Stripe key is configured.
    ...localStripeEnv(values.baseUrl),
    // Outbound fetches (iCal feeds, webhooks) may reach loopback only here (shared/net/address-policy.ts).
    LOCAL_RUNTIME: '1',
  });
}

/** The stand-ins' port settings, for the check that names every busy port before anything starts. */
export function standInPorts(options: StandInOptions): PortSetting[] {
  return [
    { port: options.mailPort, setting: 'MAIL_PORT', what: 'the local SES and its mail page' },
    { port: options.cognitoPort, setting: 'COGNITO_PORT', what: 'cognito-local' },
    { port: options.dynamodbPort, setting: 'DYNAMODB_PORT', what: 'DynamoDB Local' },
  ];
}

/** DynamoDB Local, the local SES and cognito-local with the admin user pool; the pool and the data key are kept in DATA_DIR. */
export async function startStandIns(options: StandInOptions, progress?: Progress): Promise<StandIns> {
  assertJava();
  await assertPortsFree(standInPorts(options));
  const memory = options.dataDir === 'memory';
  const dataDir = memory ? mkdtempSync(join(tmpdir(), 'rental-pm-')) : resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const statePath = join(dataDir, 'local-state.json');
  const state: LocalState = existsSync(statePath)
    ? (JSON.parse(readFileSync(statePath, 'utf8')) as LocalState)
    : { dataKey: randomBytes(32).toString('base64') };

  const started: Running[] = [];
  const stop = async () => {
    await Promise.allSettled(started.reverse().map((s) => s.stop()));
    if (memory) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Each stand-in is remembered as soon as it runs, so a failure of another still stops it.
    const track = (what: string) => (r: Running) => {
      started.push(r);
      progress?.(`  ✓ ${what} on port ${r.port}`);
      return r;
    };
    progress?.('Starting DynamoDB Local (Java), the local SES and cognito-local…');
    const dynamodbDir = memory ? undefined : join(dataDir, 'dynamodb');
    state.dynamodbDatabase = storeDatabase(state, dynamodbDir);
    const [dynamodb, mail, cognito] = await Promise.all([
      startDynamoDb(options.dynamodbPort, dynamodbDir).then(track('DynamoDB Local')),
      startMail(options.mailPort, options.host).then(track('local SES (mail page)')),
      startCognito(options.cognitoPort, join(dataDir, 'cognito')).then(track('cognito-local')),
    ]);
    state.pool = await ensureAdminPool(cognito.url, state.pool);
    progress?.('  ✓ admin user pool ready');
    writeFileSync(statePath, JSON.stringify(state, null, 2));
    return {
      dynamodbUrl: dynamodb.url,
      dynamodbDatabase: state.dynamodbDatabase,
      mailUrl: mail.url,
      cognitoUrl: cognito.url,
      pool: state.pool,
      dataKey: state.dataKey,
      ...(memory ? {} : { dataDir }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
