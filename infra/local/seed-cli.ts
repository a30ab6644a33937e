/**
 * `npm run seed -- FILE`: loads a fixture into the local store. When the runtime is running (its DynamoDB and
 * Cognito answer on their ports) it writes through them; otherwise it starts them on DATA_DIR for the load.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureAdminPool } from './cognito-pool.js';
import { optionsFromEnv } from './runtime.js';
import { assertJava, type Running, startCognito, startDynamoDb } from './services.js';
import { setLocalEnv, TABLE_NAME } from './stand-ins.js';
import { ensureTable } from './table.js';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run seed -- FILE.json');
  const fixture = JSON.parse(readFileSync(resolve(file), 'utf8')) as unknown;
  const options = optionsFromEnv();
  if (options.dataDir === 'memory')
    throw new Error('DATA_DIR=memory keeps nothing to seed; seed a running runtime with its DATA_DIR');
  const dataDir = resolve(options.dataDir);
  const statePath = join(dataDir, 'local-state.json');
  const state = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : undefined;

  const started: Running[] = [];
  let dynamodbUrl = `http://127.0.0.1:${options.dynamodbPort}`;
  let cognitoUrl = `http://127.0.0.1:${options.cognitoPort}`;
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
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, TABLE_NAME);
    client.destroy();
    const pool = await ensureAdminPool(cognitoUrl, state?.pool);
    const dataKey: string = state?.dataKey ?? randomBytes(32).toString('base64');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(statePath, JSON.stringify({ ...state, pool, dataKey }, null, 2));
    setLocalEnv({
      dynamodbUrl,
      cognitoUrl,
      mailUrl: `http://127.0.0.1:${options.mailPort}`,
      pool,
      dataKey,
      baseUrl: `http://localhost:${options.port}`,
    });
    const { loadFixture } = await import('./fixture/index.js');
    const { markSeeded } = await import('./seed-marker.js');
    const summary = await loadFixture(fixture);
    await markSeeded(resolve(file));
    console.log(`Loaded ${resolve(file)}: ${JSON.stringify(summary)}`);
  } finally {
    await Promise.allSettled(started.map((s) => s.stop()));
  }
}

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
});
