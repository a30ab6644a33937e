/**
 * This test file's own runtime: its own table in its own database of the run's DynamoDB Local (holding the base
 * fixture test/fixtures/base.json copied from the run's base table), its own local SES, and its own API server
 * on a free port, built by the same startApiServer as `npm start` (group handlers imported in this file's
 * worker, TABLE_NAME = the file's table).
 * Vitest gives each test file fresh modules, so importing this module (through client.ts, table.ts or
 * in-process.ts) starts one runtime per file; it stops, and its table is deleted, after the file's tests.
 * Only DynamoDB Local and cognito-local (with the admin pool) are shared: see test/support/global-setup.ts.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, inject } from 'vitest';
import { type ApiRuntime, startApiServer } from '../../infra/local/runtime.js';
import { startMail } from '../../infra/local/services.js';
import { copyTable } from './seed-copy.js';

export const BASE_FIXTURE = fileURLToPath(new URL('../fixtures/base.json', import.meta.url));

export interface FileRuntime extends ApiRuntime {
  mailUrl: string;
  dynamodbUrl: string;
  /** This file's own DynamoDB Local database (infra/local/local-credentials.ts). */
  dynamodbDatabase: string;
}

let mail: Awaited<ReturnType<typeof startMail>>;

/**
 * Stops this file's local SES, so every send fails as when SES is unreachable; the function it answers starts
 * it again on the same port (the mail it held is gone).
 */
export async function stopLocalMail(): Promise<() => Promise<void>> {
  const { port } = mail;
  await mail.stop();
  return async () => {
    mail = await startMail(port);
  };
}

async function startFileRuntime(): Promise<FileRuntime> {
  const shared = inject('standIns');
  const id = randomUUID().replaceAll('-', '');
  const tableName = `test-${id}`;
  const dynamodbDatabase = `file${id}`;
  // Before the server starts, so the table's background work starts on a seeded table as with `npm start`.
  await copyTable(
    shared.dynamodbUrl,
    { database: inject('baseDatabase'), table: inject('baseTable') },
    { database: dynamodbDatabase, table: tableName },
  );
  // A local SES per file: mail to the fixture's addresses from another file never shows up here.
  mail = await startMail(0);
  try {
    const api = await startApiServer({
      standIns: { ...shared, mailUrl: mail.url, dynamodbDatabase },
      tableName,
      port: 0,
      seed: 'none',
      // The per-IP limit is off (tests that need it start a server with it on); X-Forwarded-For is trusted
      // so each Client is its own IP.
      ratePer5s: 0,
      trustProxy: true,
      // The race tests send 200 bookings at once; on a loaded 2-core CI machine that can take longer than API
      // Gateway's 29 s, which would turn slowness into 5xx answers.
      requestTimeoutMs: 120_000,
      dropTableOnStop: true,
    });
    return {
      ...api,
      mailUrl: mail.url,
      dynamodbUrl: shared.dynamodbUrl,
      dynamodbDatabase,
      stop: async () => {
        await api.stop();
        await mail.stop();
      },
    };
  } catch (error) {
    await mail.stop();
    throw error;
  }
}

export const fileRuntime = await startFileRuntime();

afterAll(() => fileRuntime.stop());
