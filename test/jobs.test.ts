/**
 * Background jobs (docs/jobs.md): the audit job end to end in this file's runtime (a change written → its
 * entry), and the local job runner's delivery rules on a table of its own, with the real audit consumer
 * wrapped to fail on purpose: a crash between two records of one batch, a record reported failed, a record
 * that keeps failing (kept as a JOBFAILURE item after its last try), a job failing every try beside one that
 * goes on (each job reads and retries on its own, as the cloud's retry path does), the entity filter, where a restarted
 * runner starts reading, and schedules run on demand.
 */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../functions/registry.js';
import { type JobHandler, type JobRunner, startJobRunner } from '../infra/local/job-runner.js';
import { localCredentials } from '../infra/local/local-credentials.js';
import { ensureTable } from '../infra/local/table.js';
import { indexKeys, keys } from '../shared/db/keys.js';
import type { TxPart } from '../shared/db/transaction.js';
import { jobEntryPath, type TableChangeJob } from '../shared/jobs/contract.js';
import { API_URL } from './support/client.js';
import { fileRuntime } from './support/file-runtime.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { changePart, CHANGE_ENTITY } = await import('../shared/data/changes-repo.js');
const { commit } = await import('../shared/db/transaction.js');
const { handler: auditConsumer } = (await import('../functions/audit/consumer.js')) as {
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
};
const { auditLog } = await import('../functions/audit/jobs.js');

const admin = { actor: 'admin:1' as const, requestId: 'req-jobs-test' };

/** A change part (the outbox item) and its change id. */
function change(recordId: string, at = new Date()) {
  const built = changePart(
    { recordType: 'jobTest', recordId, action: 'updated', before: { n: 1 }, after: { n: 2 } },
    admin,
    at,
  );
  const item = (built.item as { Put: { Item: Record<string, unknown> } }).Put.Item;
  return { part: built, changeId: String(item.changeId), item };
}

/** Entries of one record in this file's table (where the audit consumer writes). */
async function entriesOf(recordId: string) {
  const { Items } = await rawTable.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.auditByRecord('jobTest', recordId) },
    }),
  );
  return Items ?? [];
}

describe('job contracts', () => {
  it('declare an entry module that exists, and the audit job listens to change items', () => {
    expect(JOBS.map((j) => j.id)).toContain('auditLog');
    expect(new Set(JOBS.map((j) => j.id)).size).toBe(JOBS.length);
    for (const job of JOBS) expect(existsSync(jobEntryPath(job)), job.id).toBe(true);
    expect(auditLog).toMatchObject({ kind: 'tableChange', entity: CHANGE_ENTITY, events: ['INSERT'] });
  });
});

describe('the audit job in the runtime', () => {
  it('turns a committed change into one audit entry once the jobs have caught up', async () => {
    const recordId = randomUUID();
    const { part, changeId } = change(recordId);
    await commit([part as TxPart]);
    await jobsCaughtUp();
    const { Item } = await rawTable.send(
      new GetCommand({ TableName: TABLE, Key: keys.auditEntry(changeId) }),
    );
    expect(Item).toMatchObject({
      entryId: changeId,
      recordType: 'jobTest',
      recordId,
      action: 'updated',
      actor: 'admin:1',
      requestId: 'req-jobs-test',
      fields: [{ field: 'n', old: 1, new: 2 }],
    });
  });

  it('shows each job over the local control endpoint, and refuses to run a table-change job as a schedule', async () => {
    const status = (await (await fetch(`${API_URL}/_local/jobs`)).json()) as { jobs: { id: string }[] };
    expect(status.jobs.map((j) => j.id)).toEqual(JOBS.map((j) => j.id));
    const run = await fetch(`${API_URL}/_local/jobs/auditLog/run`, { method: 'POST' });
    expect(run.status).toBe(404);
  });
});

describe('the local job runner', () => {
  // The stream table sits in this file's database, beside the file's table the consumers write to.
  const { dynamodbUrl, dynamodbDatabase } = fileRuntime;
  const streamTable = `jobs-${randomUUID()}`;
  const client = new DynamoDBClient({
    endpoint: dynamodbUrl,
    region: 'us-east-1',
    credentials: localCredentials(dynamodbDatabase),
  });
  const runners: JobRunner[] = [];

  beforeAll(() => ensureTable(client, streamTable));
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await client.send(new DeleteTableCommand({ TableName: streamTable })).catch(() => undefined);
    client.destroy();
  });

  /** A runner of one job over the stream table; the consumer still writes entries to this file's table. */
  async function runner(job: TableChangeJob, handler: JobHandler) {
    const started = await startJobRunner({
      jobs: [job],
      dynamodbUrl,
      dynamodbDatabase,
      tableName: streamTable,
      loadHandler: async () => handler,
      retryDelayMs: 10,
    });
    runners.push(started);
    return started;
  }

  /** Writes the change items into the stream table in one transaction, so they arrive as one batch. */
  async function writeChanges(...changes: { item: Record<string, unknown> }[]) {
    await rawTable.send(
      new TransactWriteCommand({
        TransactItems: changes.map((c) => ({
          Put: { TableName: streamTable, Item: c.item, ConditionExpression: 'attribute_not_exists(PK)' },
        })),
      }),
    );
  }

  it('retries a batch whose consumer crashed between two records, and each entry exists exactly once', async () => {
    const seen: string[][] = [];
    let crashed = false;
    const crashing: JobHandler = async (event: DynamoDBStreamEvent) => {
      seen.push(event.Records.map((r) => r.dynamodb?.SequenceNumber ?? ''));
      if (!crashed && event.Records.length >= 2) {
        crashed = true;
        await auditConsumer({ Records: event.Records.slice(0, 1) }); // the first record is written…
        throw new Error('crash between two records'); // …then the process dies
      }
      return auditConsumer(event);
    };
    const jobs = await runner({ ...auditLog, id: 'crashTest' }, crashing);
    const [a, b] = [change(randomUUID()), change(randomUUID())];
    await writeChanges(a, b);
    await jobs.drain();

    expect(crashed).toBe(true);
    expect(seen[0]).toHaveLength(2);
    for (const c of [a, b]) expect(await entriesOf(String(c.item.recordId))).toHaveLength(1);
    expect(jobs.status()[0]).toMatchObject({ handled: 2, failures: 1, keptFailures: 0, pending: 0 });
  });

  it('retries from the record a consumer reports as failed (batchItemFailures), not from the batch start', async () => {
    const delivered: string[] = [];
    let reported = false;
    const partial: JobHandler = async (event: DynamoDBStreamEvent) => {
      delivered.push(...event.Records.map((r) => r.eventID ?? ''));
      if (!reported && event.Records.length >= 2) {
        reported = true;
        await auditConsumer({ Records: event.Records.slice(0, 1) });
        return { batchItemFailures: [{ itemIdentifier: event.Records[1]?.dynamodb?.SequenceNumber ?? '' }] };
      }
      return auditConsumer(event);
    };
    const jobs = await runner({ ...auditLog, id: 'partialTest' }, partial);
    const [a, b] = [change(randomUUID()), change(randomUUID())];
    await writeChanges(a, b);
    await jobs.drain();

    // First delivery: both; the retry starts at the second.
    expect(delivered).toHaveLength(3);
    expect(delivered[2]).toBe(delivered[1]);
    for (const c of [a, b]) expect(await entriesOf(String(c.item.recordId))).toHaveLength(1);
  });

  it('keeps a record that fails every try as a JOBFAILURE item after the last one, and goes on with the rest', async () => {
    const job: TableChangeJob = { ...auditLog, id: 'poisonTest', maxRetries: 2 };
    let poisonTries = 0;
    const poisoned: JobHandler = async (event: DynamoDBStreamEvent) => {
      const { processRecords } = await import('../shared/jobs/stream.js');
      return processRecords(job.id, event, async (record: DynamoDBRecord) => {
        if (record.dynamodb?.NewImage?.recordId?.S === 'poison') {
          poisonTries += 1;
          throw new Error('cannot handle this one');
        }
        await auditConsumer({ Records: [record] });
      });
    };
    const jobs = await runner(job, poisoned);
    const good = [change(randomUUID()), change(randomUUID())];
    const poison = change('poison');
    await writeChanges(good[0] as (typeof good)[0], poison, good[1] as (typeof good)[0]);
    await jobs.drain();

    expect(poisonTries).toBe(3); // the first try and maxRetries = 2 retries
    for (const c of good) expect(await entriesOf(String(c.item.recordId))).toHaveLength(1);
    const kept = await jobs.keptFailures(job.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      entity: 'jobFailure',
      jobId: 'poisonTest',
      attempts: 3,
      eventName: 'INSERT',
      error: 'reported as failed by the handler (batchItemFailures)',
    });
    const record = JSON.parse(String(kept[0]?.record)) as DynamoDBRecord;
    expect(record.dynamodb?.NewImage?.changeId?.S).toBe(poison.changeId);
    expect(jobs.status()[0]).toMatchObject({ keptFailures: 1, pending: 0 });
  });

  it('goes on with one job while another retries a failing record: each job has its own reader and retries', async () => {
    let stuck = true;
    const stuckTried: string[] = [];
    const stuckJob: TableChangeJob = { ...auditLog, id: 'stuckTest', maxRetries: 10_000 };
    const { processRecords } = await import('../shared/jobs/stream.js');
    const stuckHandler: JobHandler = (event: DynamoDBStreamEvent) =>
      processRecords(stuckJob.id, event, async (record: DynamoDBRecord) => {
        stuckTried.push(String(record.dynamodb?.NewImage?.recordId?.S));
        if (stuck) throw new Error('the turnover store is down');
      });
    const jobs = await startJobRunner({
      jobs: [{ ...auditLog, id: 'besideTest' }, stuckJob],
      dynamodbUrl,
      dynamodbDatabase,
      tableName: streamTable,
      loadHandler: async (job) => (job.id === stuckJob.id ? stuckHandler : auditConsumer),
      retryDelayMs: 10,
    });
    runners.push(jobs);
    const [a, b] = [change(randomUUID()), change(randomUUID())];
    await writeChanges(a, b);

    // The audit entries are written while the other job still fails its first record on every try.
    const recordIds = [a, b].map((c) => String(c.item.recordId));
    const deadline = Date.now() + 20_000;
    // (Each job polls the stream on its own, so the stuck one may not have tried yet when the audit is done.)
    const stuckFailed = () => (jobs.status().find((s) => s.id === stuckJob.id)?.failures ?? 0) > 0;
    while (
      (await Promise.all(recordIds.map(entriesOf))).some((entries) => entries.length !== 1) ||
      !stuckFailed()
    ) {
      if (Date.now() > deadline) throw new Error('the audit entries were held up');
      await sleep(50);
    }
    // (Its `pending` count moves between the reader's polls; what matters is that nothing of it was handled.)
    const held = jobs.status().find((s) => s.id === stuckJob.id);
    expect(held).toMatchObject({ handled: 0, keptFailures: 0 });
    expect(held?.failures).toBeGreaterThan(0);
    expect(new Set(stuckTried)).toEqual(new Set([recordIds[0]])); // its later record waits behind, in order

    stuck = false;
    await jobs.drain();
    expect(stuckTried.slice(-2)).toEqual(recordIds);
    expect(jobs.status()).toEqual([
      expect.objectContaining({ id: 'besideTest', handled: 2, failures: 0 }),
      expect.objectContaining({ id: stuckJob.id, handled: 2, keptFailures: 0, pending: 0 }),
    ]);
  });

  it('hands a consumer only the records its filter names (INSERTs of its entity)', async () => {
    const entities: string[] = [];
    const jobs = await runner({ ...auditLog, id: 'filterTest' }, async (event: DynamoDBStreamEvent) => {
      entities.push(...event.Records.map((r) => `${r.eventName} ${r.dynamodb?.NewImage?.entity?.S}`));
      return { batchItemFailures: [] };
    });
    await rawTable.send(
      new PutCommand({ TableName: streamTable, Item: { PK: 'OTHER#1', SK: 'OTHER', entity: 'other' } }),
    );
    const c = change(randomUUID());
    await writeChanges(c);
    // A MODIFY of the change item is not a new change.
    await rawTable.send(new PutCommand({ TableName: streamTable, Item: { ...c.item, touched: 1 } }));
    await jobs.drain();
    expect(entities).toEqual([`INSERT ${CHANGE_ENTITY}`]);
  });

  it('starts a new runner at the stream tip: what earlier runners handled is not replayed', async () => {
    const calls: number[] = [];
    const jobs = await runner({ ...auditLog, id: 'restartTest' }, async (event: DynamoDBStreamEvent) => {
      calls.push(event.Records.length);
      return { batchItemFailures: [] };
    });
    await jobs.drain();
    expect(calls).toEqual([]);
    await writeChanges(change(randomUUID()));
    await jobs.drain();
    expect(calls).toEqual([1]);
  });

  it('runs a schedule on demand, with the EventBridge event shape', async () => {
    const events: Record<string, unknown>[] = [];
    const jobs = await startJobRunner({
      jobs: [
        {
          id: 'tickTest',
          group: 'audit',
          entry: 'none.ts',
          description: 'test schedule',
          kind: 'schedule',
          everyMinutes: 60,
        },
      ],
      dynamodbUrl,
      dynamodbDatabase,
      tableName: streamTable,
      loadHandler: async () => async (event: Record<string, unknown>) => void events.push(event),
      timers: false,
    });
    runners.push(jobs);
    await jobs.runSchedule('tickTest');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event' });
    await expect(jobs.runSchedule('noSuchJob')).rejects.toThrow(/no schedule job/);
    expect(jobs.status()[0]).toMatchObject({ id: 'tickTest', handled: 1 });
  });
});
