/**
 * Starts the run's shared stand-ins once: DynamoDB Local and cognito-local with the admin user pool (the
 * heavy ones: a JVM and a child process), and loads test/fixtures/base.json once into a base table (and its
 * admins into the pool) through the same startApiServer as `npm start`. Each HTTP test file then gets its own
 * copy of the base table, its own local SES and its own API server (test/support/file-runtime.ts;
 * docs/testing.md).
 */
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startApiServer } from '../../infra/local/runtime.js';
import { type StandInEndpoints, type StandIns, startStandIns } from '../../infra/local/stand-ins.js';

/**
 * The `http` and `slow` projects (vitest.config.ts, test/tiers.ts) both name this global setup, and Vitest runs
 * a project's global setup once per project, in its one main process: the first setup starts the stand-ins,
 * a later one provides the same, and the last teardown stops them, so a run that takes both tiers starts one
 * DynamoDB Local, not two.
 */
interface Shared {
  started: Promise<{ standIns: StandIns; endpoints: StandInEndpoints }>;
  users: number;
}
const SHARED = Symbol.for('rental-pm.test.standIns');
const holder = globalThis as { [SHARED]?: Shared };

/** The table each test file's table is copied from; nothing serves or writes it after setup. */
const BASE_TABLE = 'test-base';
/** The DynamoDB Local database of the base table (each test file copies it into a database of its own). */
const BASE_DATABASE = 'testbase';

export const BASE_FIXTURE = fileURLToPath(new URL('../fixtures/base.json', import.meta.url));

/** A whole local runtime for a test (e.g. of `npm start` itself): in memory, free ports, base fixture, no per-IP limit, X-Forwarded-For trusted. */
export const TEST_RUNTIME_OPTIONS = {
  port: 0,
  dataDir: 'memory',
  seed: BASE_FIXTURE,
  ratePer5s: 0,
  trustProxy: true,
  mailPort: 0,
  cognitoPort: 0,
  dynamodbPort: 0,
} as const;

export async function setup(project: TestProject): Promise<void> {
  let shared = holder[SHARED];
  if (!shared) {
    shared = { started: startShared(), users: 0 };
    holder[SHARED] = shared;
  }
  shared.users += 1;
  const { endpoints } = await shared.started;
  project.provide('standIns', endpoints);
  project.provide('baseTable', BASE_TABLE);
  project.provide('baseDatabase', BASE_DATABASE);
  project.provide('dynamodbUrl', endpoints.dynamodbUrl);
}

async function startShared(): Promise<{ standIns: StandIns; endpoints: StandInEndpoints }> {
  process.env.LOG_LEVEL = 'silent';
  // startApiServer points this process's environment at the base table's server; the test workers inherit
  // the environment, so it is put back afterwards and each file's server sets its own.
  const untouched = { ...process.env };
  // A DynamoDB Local database per test file (local-credentials.ts): one shared database slows down many
  // times over as the files' tables come and go, and one file's transaction locks would stall the others.
  const standIns = await startStandIns({ dataDir: 'memory', mailPort: 0, cognitoPort: 0, dynamodbPort: 0 });
  const { stop: _stop, ...endpoints } = standIns;
  const base = await startApiServer({
    standIns: { ...endpoints, dynamodbDatabase: BASE_DATABASE },
    tableName: BASE_TABLE,
    port: 0,
    seed: BASE_FIXTURE,
    ratePer5s: 0,
    trustProxy: true,
  });
  await base.stop();
  for (const name of Object.keys(process.env)) if (!(name in untouched)) delete process.env[name];
  Object.assign(process.env, untouched);
  return { standIns, endpoints };
}

export async function teardown(): Promise<void> {
  const shared = holder[SHARED];
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete holder[SHARED];
  await (await shared.started).standIns.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    standIns: StandInEndpoints;
    baseTable: string;
    baseDatabase: string;
    dynamodbUrl: string;
  }
}
