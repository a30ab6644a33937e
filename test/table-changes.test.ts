/**
 * The cloud's stream reader (functions/table-changes.ts, shared/jobs/reader.ts): it hands out to exactly the
 * table-change jobs of JOBS, and a job's failing record holds up only that job. End to end on this file's
 * table: the real audit, webhook fan-out and turnover consumers, the turnovers wrapped to fail on purpose, the
 * retry path and its sweep on the table; stream batches are made from change items as Lambda delivers them.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS } from '../functions/registry.js';
import { keys } from '../shared/db/keys.js';
import type { TableChangeJob } from '../shared/jobs/contract.js';
import type { DispatchedJob, StreamHandler } from '../shared/jobs/retry-path.js';
import { signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { sampleReservation } from './support/records.js';
import { rawTable, TABLE } from './support/table.js';
import { Receiver } from './webhook-receiver.js';

useLocalTable();
const { TABLE_CHANGE_HANDLERS } = await import('../functions/table-changes.js');
const { changePart } = await import('../shared/data/changes-repo.js');
const { reservationChange, reservationView } = await import('../shared/domain/booking/reservation.js');
const { keptFailures, parkedRecords } = await import('../shared/data/job-retries-repo.js');
const { newImage, processRecords } = await import('../shared/jobs/stream.js');
const { tableChangesReader } = await import('../shared/jobs/reader.js');
const { sweepParked } = await import('../shared/jobs/retry-sweep.js');
const { tableRetryPath } = await import('../shared/jobs/table-retry-path.js');
const { REPORTED_FAILURE } = await import('../shared/jobs/retry-path.js');

describe('the table-change reader', () => {
  it('lists every table-change job of the registry once, with its own contract', () => {
    const expected = JOBS.filter((job) => job.kind === 'tableChange');
    expect(TABLE_CHANGE_HANDLERS.map((d) => d.job.id).sort()).toEqual(expected.map((j) => j.id).sort());
    for (const { job } of TABLE_CHANGE_HANDLERS) expect(expected).toContainEqual(job);
  });
});

let sequence = 10n ** 20n;

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];

/** A reservation's change (announced when `event` is given) as the stream delivers its INSERT; not written. */
function changeRecord(event?: string) {
  const before = sampleReservation({ status: '0' });
  const { event: _announced, ...silent } = reservationChange('modified', before, { ...before, status: '1' });
  const built = changePart(
    event ? { ...silent, event, record: reservationView({ ...before, status: '1' }) } : silent,
    { actor: 'admin:1', requestId: `req-${randomUUID()}` },
    new Date(),
  );
  const item = (built.item as { Put: { Item: Record<string, unknown> } }).Put.Item;
  sequence += 1n;
  const record: DynamoDBRecord = {
    eventID: randomUUID().replaceAll('-', ''),
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: marshall({ PK: item.PK, SK: item.SK }) as Image,
      NewImage: marshall(item) as Image,
      SequenceNumber: String(sequence),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
  return { record, changeId: String(item.changeId) };
}

const batch = (...changes: { record: DynamoDBRecord }[]): DynamoDBStreamEvent => ({
  Records: changes.map((c) => c.record),
});

const tick: ScheduledEvent = {
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [],
  detail: {},
};

async function auditEntry(changeId: string) {
  const { Item } = await rawTable.send(new GetCommand({ TableName: TABLE, Key: keys.auditEntry(changeId) }));
  return Item;
}

const changeIdOf = (record: DynamoDBRecord) => String(newImage(record)?.changeId);
const minutesAhead = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);
const sweep = (jobs: readonly DispatchedJob[], clock: () => Date) =>
  sweepParked(jobs, tableRetryPath, { until: clock().getTime() + 30_000, clock });

/** A job that fails the records it is told to (processRecords' way), and runs the real consumer on the others. */
function failing(real: StreamHandler, jobId: string) {
  const poison = new Set<string>();
  const tried: string[] = [];
  const handler: StreamHandler = (event) =>
    processRecords(jobId, event, async (record) => {
      tried.push(changeIdOf(record));
      if (poison.has(changeIdOf(record))) throw new Error('the turnover store is down');
      const answer = await real({ Records: [record] });
      if (answer?.batchItemFailures.length) throw new Error('the real consumer failed');
    });
  return { poison, tried, handler };
}

describe("a job's failing record holds up only that job (the cloud's reader, on this file's table)", () => {
  const real = new Map(TABLE_CHANGE_HANDLERS.map((d) => [d.job.id, d]));
  const turnovers = real.get('turnovers') as DispatchedJob;
  const broken = failing(turnovers.handler, turnovers.job.id);
  const jobs = TABLE_CHANGE_HANDLERS.map((d) => (d === turnovers ? { ...d, handler: broken.handler } : d));
  const reader = tableChangesReader(jobs, tableRetryPath);
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await Receiver.start();
    const admin = await signedIn('super');
    const res = await admin.post('/API/adminWebhooks/V1/subscriptions.json', {
      url: receiver.url,
      events: ['reservation.modified'],
    });
    expect(res.status, res.text).toBe(201);
    receiver.secret = (res.body as { secret: string }).secret;
  });
  afterAll(() => receiver.stop());

  it('writes the audit entries and sends the webhooks of the batch; the turnover and its job’s later records wait on its retry path, in order', async () => {
    const [a, b] = [changeRecord('reservation.modified'), changeRecord('reservation.modified')];
    broken.poison.add(a.changeId);

    const answer = await reader(batch(a, b));

    expect(answer).toEqual({ batchItemFailures: [] });
    for (const c of [a, b])
      expect(await auditEntry(c.changeId), c.changeId).toMatchObject({ entryId: c.changeId });
    const sent = await receiver.waitFor(2);
    expect(sent.map((r) => r.verifyError)).toEqual([undefined, undefined]);
    expect(sent.map((r) => (r.verified as { id: string }).id).sort()).toEqual(
      [a, b].map((c) => `evt_${c.changeId}`).sort(),
    );
    // Tried in the batch and once alone; b is not run ahead of it.
    expect(broken.tried).toEqual([a.changeId, a.changeId]);
    const parked = await parkedRecords('turnovers');
    expect(parked.map((p) => [changeIdOf(p.record), p.attempts, p.lastError])).toEqual([
      [a.changeId, 2, REPORTED_FAILURE],
      [b.changeId, 0, undefined],
    ]);
    expect(Date.parse(parked[0]?.dueAt ?? '')).toBeGreaterThan(Date.now());

    // The next batch: audit and webhooks at once; the turnover job's record goes behind the waiting ones.
    const c = changeRecord('reservation.modified');
    expect(await reader(batch(c))).toEqual({ batchItemFailures: [] });
    expect(await auditEntry(c.changeId)).toMatchObject({ entryId: c.changeId });
    await receiver.waitFor(3);
    expect(broken.tried).toEqual([a.changeId, a.changeId]);
    expect((await parkedRecords('turnovers')).map((p) => changeIdOf(p.record))).toEqual([
      a.changeId,
      b.changeId,
      c.changeId,
    ]);

    // Not yet due: the tick changes nothing.
    await reader(tick);
    expect(broken.tried).toHaveLength(2);

    // Due, still failing: one more try, counted; the records behind it still wait.
    expect(await sweep(jobs, minutesAhead(2))).toContainEqual({
      jobId: 'turnovers',
      handled: 0,
      retriedLater: 1,
      kept: 0,
    });
    expect((await parkedRecords('turnovers')).map((p) => p.attempts)).toEqual([3, 0, 0]);

    // Fixed: the job works through its records in stream order and its retry path empties.
    broken.poison.clear();
    broken.tried.length = 0;
    expect(await sweep(jobs, minutesAhead(10))).toContainEqual({
      jobId: 'turnovers',
      handled: 3,
      retriedLater: 0,
      kept: 0,
    });
    expect(broken.tried).toEqual([a.changeId, b.changeId, c.changeId]);
    expect(await parkedRecords('turnovers')).toEqual([]);
    // Each webhook was sent once: the audit and fan-out jobs never saw the batch again.
    expect(receiver.received).toHaveLength(3);
  });

  it('keeps a record as a JOBFAILURE item after the job’s last try, and the job goes on with the records behind it', async () => {
    const job: TableChangeJob = { ...turnovers.job, id: 'keepTest', maxRetries: 3 };
    const poisoned = failing(turnovers.handler, job.id);
    const only = [{ job, handler: poisoned.handler }];
    const [poison, fine] = [changeRecord(), changeRecord()];
    poisoned.poison.add(poison.changeId);

    expect(await tableChangesReader(only, tableRetryPath)(batch(poison, fine))).toEqual({
      batchItemFailures: [],
    });
    expect(await sweep(only, minutesAhead(2))).toEqual([
      { jobId: 'keepTest', handled: 0, retriedLater: 1, kept: 0 },
    ]);
    // The fourth try is the last (maxRetries 3): kept, and the record behind it runs in the same sweep.
    expect(await sweep(only, minutesAhead(10))).toEqual([
      { jobId: 'keepTest', handled: 1, retriedLater: 0, kept: 1 },
    ]);
    expect(poisoned.tried).toEqual([
      poison.changeId,
      poison.changeId,
      poison.changeId,
      poison.changeId,
      fine.changeId,
    ]);
    expect(await parkedRecords('keepTest')).toEqual([]);
    const kept = await keptFailures('keepTest');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      entity: 'jobFailure',
      jobId: 'keepTest',
      attempts: 4,
      error: REPORTED_FAILURE,
      eventName: 'INSERT',
      eventID: poison.record.eventID,
    });
    expect(changeIdOf(JSON.parse(String(kept[0]?.record)) as DynamoDBRecord)).toBe(poison.changeId);
  });

  it("runs the sweep on the every-minute tick: a due record on a job's retry path is handled", async () => {
    const audit = real.get('auditLog') as DispatchedJob;
    const c = changeRecord();
    await tableRetryPath.park(
      'auditLog',
      [c.record],
      { attempts: 0, dueAt: new Date().toISOString() },
      new Date(),
    );
    expect(await auditEntry(c.changeId)).toBeUndefined();

    expect(await tableChangesReader([audit], tableRetryPath)(tick)).toBeUndefined();

    expect(await auditEntry(c.changeId)).toMatchObject({ entryId: c.changeId });
    expect(await parkedRecords('auditLog')).toEqual([]);
  });
});

/** A tenant item's INSERT as the stream delivers it (only what the tenants' total job reads); not written. */
function tenantRecord(tenantId: number) {
  sequence += 1n;
  const item = { PK: `TENANT#${tenantId}`, SK: 'TENANT', entity: 'tenant', tenantId };
  const record: DynamoDBRecord = {
    eventID: randomUUID().replaceAll('-', ''),
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: marshall({ PK: item.PK, SK: item.SK }) as Image,
      NewImage: marshall(item) as Image,
      SequenceNumber: String(sequence),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
  return { record };
}

/** Waits for a condition, polling, up to a deadline. */
async function until(condition: () => Promise<boolean>, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met before the deadline');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("batches of one shard at once (the mapping's ParallelizationFactor), on this file's table", () => {
  it('loses nothing and does nothing twice: a batch parks while another has read no parked records, two sweeps at once, and the tenants counted once', async () => {
    const { countTenants } = await import('../shared/data/tenant-count-repo.js');
    const real = new Map(TABLE_CHANGE_HANDLERS.map((d) => [d.job.id, d]));
    const audit = real.get('auditLog') as DispatchedJob;
    const tenantCount = real.get('tenantCount') as DispatchedJob;
    // A job that needs no order, failing on purpose, which tells each record it handled.
    const job: TableChangeJob = { ...audit.job, id: 'parallelTest' };
    const poison = new Set<string>();
    const handled: string[] = [];
    const audited: string[] = [];
    let batchB = '';
    const handler: StreamHandler = (event) =>
      processRecords(job.id, event, async (record) => {
        const id = changeIdOf(record);
        if (poison.has(id)) throw new Error('down on purpose');
        // The second batch has read "nothing parked" already; it goes on only once the first batch parked.
        if (id === batchB) await until(async () => (await parkedRecords(job.id)).length > 0);
        handled.push(id);
      });
    const countingAudit: StreamHandler = async (event) => {
      const answer = await audit.handler(event);
      audited.push(...event.Records.map(changeIdOf));
      return answer;
    };
    const jobs: DispatchedJob[] = [{ job: audit.job, handler: countingAudit }, { job, handler }, tenantCount];
    const reader = tableChangesReader(jobs, tableRetryPath);

    const [a1, a2, a3, b1, b2, b3] = Array.from({ length: 6 }, () => changeRecord());
    const base = 8_000_000 + Math.floor(Math.random() * 100_000) * 10;
    const [t1, t2, t3] = [1, 2, 3].map((n) => tenantRecord(base + n));
    if (!a1 || !a2 || !a3 || !b1 || !b2 || !b3 || !t1 || !t2 || !t3) throw new Error('records');
    const changes = [a1, a2, a3, b1, b2, b3];
    poison.add(a1.changeId).add(b2.changeId);
    batchB = b1.changeId;
    const totalBefore = await countTenants();

    const answers = await Promise.all([reader(batch(a1, t1, a2, a3, t2)), reader(batch(b1, t3, b2, b3))]);

    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    // b1 ran while a1 was parking (order across items is not kept, and no job needs it); each batch's failing
    // record waits with the records of its batch behind it.
    expect(handled).toEqual([b1.changeId]);
    expect((await parkedRecords(job.id)).map((p) => changeIdOf(p.record))).toEqual(
      [a1, a2, a3, b2, b3].map((c) => c.changeId),
    );
    expect(await countTenants()).toBe(totalBefore + 3);

    // Two sweeps at once (a tick overlapping a slow one): each record tried by one of them.
    poison.clear();
    const clock = minutesAhead(10);
    await Promise.all([sweep(jobs, clock), sweep(jobs, clock)]);
    await sweep(jobs, clock);
    expect(await parkedRecords(job.id)).toEqual([]);
    expect([...handled].sort()).toEqual(changes.map((c) => c.changeId).sort());
    expect([...audited].sort()).toEqual(changes.map((c) => c.changeId).sort());
    for (const c of changes) expect(await auditEntry(c.changeId), c.changeId).toBeDefined();

    // A tenant's insert delivered again (a retried batch, a replayed record) counts nothing twice.
    await reader(batch(t1, t3));
    expect(await countTenants()).toBe(totalBefore + 3);
  });
});

describe('the parked-records check', () => {
  it("reads strongly consistently: the batch Lambda starts right after one that parked an item's earlier change sees it", async () => {
    const { ddb } = await import('../shared/db/client.js');
    const send = vi.spyOn(ddb, 'send');
    try {
      await tableRetryPath.holds('consistencyTest');
      const inputs = send.mock.calls.map(([command]) => command.input as { ConsistentRead?: boolean });
      expect(inputs).toEqual([expect.objectContaining({ ConsistentRead: true })]);
    } finally {
      send.mockRestore();
    }
  });
});
