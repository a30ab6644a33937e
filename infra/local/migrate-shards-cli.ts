/**
 * `npm run migrate:shards`: the shards' back-fill (shared/data/shard-backfill-repo.ts; docs/data-model.md
 * "Spread"), once for a store made before this version, before it runs this version: items still under a
 * list's unspread key move into their shards, which is all this version's readers read.
 *
 * Without options it migrates the local store (DATA_DIR, default `.data`): through the running runtime's
 * DynamoDB when it answers, else it starts DynamoDB Local on the store for the run.
 * `--stage STAGE [--outputs cdk-outputs.json]`: a deployed stage instead, with the caller's AWS credentials
 * (infra/deployed/stage-env.ts), as the seed CLI does.
 *
 * Idempotent (a second run moves nothing) and safe while the service runs: each move is one write conditioned
 * on the keys it read.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { option, resolveStage, useStage } from '../deployed/stage-env.js';
import { localCredentials } from './local-credentials.js';
import { optionsFromEnv } from './runtime.js';
import { assertJava, type Running, startDynamoDb } from './services.js';
import { storeDatabase, TABLE_NAME } from './stand-ins.js';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function backfill(where: string): Promise<void> {
  const { backfillShards } = await import('../../shared/data/shard-backfill-repo.js');
  const done = await backfillShards((sofar) => console.log(`  read ${sofar.read}, moved ${sofar.moved}`));
  console.log(
    `Shards back-filled in ${where}: ${done.moved} items moved into their shards (${done.read} read, ${done.movedMeanwhile} moved meanwhile by the service), ${done.countsFolded ? "the tenants' total folded into its shards" : "no tenants' total to fold"}.`,
  );
}

/** The local store: its database, through the runtime's DynamoDB or one started for the run. */
async function migrateLocal(): Promise<void> {
  const options = optionsFromEnv();
  if (options.dataDir === 'memory') throw new Error('DATA_DIR=memory keeps no store to migrate');
  const dataDir = resolve(options.dataDir);
  const statePath = join(dataDir, 'local-state.json');
  if (!existsSync(statePath)) {
    console.log(`No store at ${dataDir}: nothing to migrate.`);
    return;
  }
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as { dynamodbDatabase?: string };
  // A store kept before it had a database of its own adopts the shared one, as `npm start` would.
  const dynamodbDatabase = storeDatabase(state, join(dataDir, 'dynamodb'));
  if (state.dynamodbDatabase !== dynamodbDatabase)
    writeFileSync(statePath, JSON.stringify({ ...state, dynamodbDatabase }, null, 2));
  const started: Running[] = [];
  let dynamodbUrl = `http://127.0.0.1:${options.dynamodbPort}`;
  try {
    if (!(await answers(dynamodbUrl))) {
      assertJava();
      const db = await startDynamoDb(options.dynamodbPort, join(dataDir, 'dynamodb'));
      started.push(db);
      dynamodbUrl = db.url;
    }
    const credentials = localCredentials(dynamodbDatabase);
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamodbUrl,
      TABLE_NAME,
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
    await backfill(dataDir);
  } finally {
    await Promise.allSettled(started.map((s) => s.stop()));
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const stage = option(argv, 'stage');
  if (!stage) return migrateLocal();
  const target = resolveStage(stage, option(argv, 'outputs'));
  useStage(target);
  await backfill(`${target.stackName} (${target.region})`);
}

main().catch((error: unknown) => {
  console.error(`The shards' back-fill failed: ${(error as Error).message}`);
  process.exit(1);
});
