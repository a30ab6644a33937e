/**
 * The local store for a command run beside (or instead of) `npm start` (`npm run seed`, `npm run
 * migrate:deposits`): when the runtime is running (its DynamoDB and Cognito answer on their ports) the work
 * goes through them; otherwise they are started on DATA_DIR for the work and stopped after it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { setClock } from '../../shared/clock.js';
import { ensureAdminPool } from './cognito-pool.js';
import { localCredentials } from './local-credentials.js';
import { optionsFromEnv } from './runtime.js';
import { assertJava, type Running, startCognito, startDynamoDb } from './services.js';
import { setLocalEnv, storeDatabase, TABLE_NAME } from './stand-ins.js';
import { ensureTable } from './table.js';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` with the shared modules pointed at the local store (DATA_DIR), started for it when it is not. */
export async function withLocalStore<T>(work: () => Promise<T>): Promise<T> {
  const options = optionsFromEnv();
  // The work's now (a fixture's relative dates, `-75d`) counts from CLOCK when it is set, as `npm start`'s does.
  if (options.clock) setClock(options.clock);
  if (options.dataDir === 'memory')
    throw new Error('DATA_DIR=memory keeps nothing; run this against a store kept on disk (its DATA_DIR)');
  const dataDir = resolve(options.dataDir);
  const statePath = join(dataDir, 'local-state.json');
  const state = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : undefined;

  const started: Running[] = [];
  let dynamodbUrl = `http://127.0.0.1:${options.dynamodbPort}`;
  let cognitoUrl = `http://127.0.0.1:${options.cognitoPort}`;
  // The store's own database (a store kept before it had one: its shared database is adopted first).
  const dynamodbDatabase = storeDatabase(state ?? {}, join(dataDir, 'dynamodb'));
  try {
    if (!(await answers(dynamodbUrl))) {
      assertJava();
      const db = await startDynamoDb(options.dynamodbPort, join(dataDir, 'dynamodb'));
      started.push(db);
      dynamodbUrl = db.url;
    }
    if (!(await answers(cognitoUrl))) {
      const cognito = await startCognito(options.cognitoPort, join(dataDir, 'cognito'));
      started.push(cognito);
      cognitoUrl = cognito.url;
    }
    const client = new DynamoDBClient({
      endpoint: dynamodbUrl,
      region: 'us-east-1',
      credentials: localCredentials(dynamodbDatabase),
    });
    await ensureTable(client, TABLE_NAME);
    client.destroy();
    const pool = await ensureAdminPool(cognitoUrl, state?.pool);
    const dataKey: string = state?.dataKey ?? randomBytes(32).toString('base64');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(statePath, JSON.stringify({ ...state, pool, dataKey, dynamodbDatabase }, null, 2));
    setLocalEnv({
      dynamodbUrl,
      dynamodbDatabase,
      cognitoUrl,
      mailUrl: `http://127.0.0.1:${options.mailPort}`,
      pool,
      dataKey,
      baseUrl: `http://localhost:${options.port}`,
    });
    return await work();
  } finally {
    await Promise.allSettled(started.map((s) => s.stop()));
  }
}
