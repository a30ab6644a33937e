/**
 * The rent run fanned out on the rentRunPages queue (docs/rent-cycle.md "At scale", docs/jobs.md "Queue
 * jobs"), in this file's runtime: the schedule run over HTTP sends its pages with the real SQS SDK to the local
 * SQS stand-in, and the job runner hands them to the real worker as SQS events. Whatever happens to a page —
 * delivered twice, its worker killed half way and the page delivered again, two runs at once, three workers
 * side by side — each lease is charged its month once, and the books stay whole. The rent reminders fan out
 * the same way: each open invoice in the window reminded once, however many runs send its page.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import {
  GetQueueAttributesCommand,
  type QueueAttributeName,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { rentRunPages } from '../functions/adminLeases/jobs.js';
import { rentReminderPages } from '../functions/adminMessages/jobs.js';
import { startJobRunner } from '../infra/local/job-runner.js';
import { queueUrlVariable } from '../shared/jobs/contract.js';
import { fileRuntime } from './support/file-runtime.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp, runJob } from './support/jobs.js';
import { expectBooksWhole } from './support/payments.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { putGivenLease } = await import('../shared/workflows/leases/given-lease.js');
const { getSettings } = await import('../shared/data/settings-repo.js');
const { todayIn } = await import('../shared/domain/dates.js');
const { lateFeeTerms } = await import('../shared/domain/rent/late-fee-rules.js');
const { mapLimited } = await import('../shared/jobs/limiter.js');
const { ddb } = await import('../shared/db/client.js');
const { queueRentRun } = await import('../shared/workflows/rent/pages.js');
const { watchesOfInvoices } = await import('../shared/data/late-fee-watch-repo.js');
const { getMessage } = await import('../shared/data/mail-messages-repo.js');
const { causes, messageIdOf } = await import('../shared/domain/messages/record.js');

const today = todayIn((await getSettings()).systemTimeZone, new Date());
const by = { actor: 'system:rent' as const, requestId: 'rent-fanout-test' };
const sqs = new SQSClient({});
const queueUrl = () => process.env[queueUrlVariable(rentRunPages.id)] as string;

/**
 * A rent run page of no leases (its worker does nothing), padded to `bytes` when given. The padding is trailing
 * whitespace, which JSON allows: the page schema is strict, so an extra field would make it a failing page.
 */
function harmlessPage(bytes?: number): string {
  const bare = JSON.stringify({ day: today, by, leaseIds: [] });
  return bare + ' '.repeat(Math.max(0, (bytes ?? 0) - Buffer.byteLength(bare)));
}
afterAll(() => sqs.destroy());

let nextLeaseId = 7_000_000;
/** `n` active leases due today (one made-up property each), written as the fixture loader writes them. */
async function leasesDueToday(n: number): Promise<number[]> {
  const ids = Array.from({ length: n }, () => nextLeaseId++);
  await mapLimited(
    ids,
    (leaseId) =>
      putGivenLease({
        leaseId,
        tenantId: 1,
        propertyId: leaseId,
        status: 'active',
        startDate: today,
        endDate: '',
        dateCreated: new Date().toISOString(),
        terms: {
          rentCents: 120_000,
          depositCents: 0,
          dueDay: Math.min(Number(today.slice(8, 10)), 28),
          graceDays: 5,
          lateFee: lateFeeTerms({ flat: 5_000 }),
          issueDaysBefore: 0,
        },
      }),
    8,
  );
  return ids;
}

/** The RENT invoices of these leases, by lease (a Scan of the file's own table). */
async function rentInvoicesOf(leaseIds: readonly number[]): Promise<Map<number, number[]>> {
  const wanted = new Set(leaseIds);
  const found = new Map<number, number[]>(leaseIds.map((id) => [id, []]));
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await rawTable.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'SK = :header AND begins_with(PK, :invoice) AND attribute_exists(leaseId)',
        ExpressionAttributeValues: { ':header': 'INVOICE', ':invoice': 'INVOICE#' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? [])
      if (wanted.has(Number(item.leaseId)) && !item.lateFeeOf)
        found.get(Number(item.leaseId))?.push(Number(item.invoiceId));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

async function expectChargedOnce(leaseIds: readonly number[]): Promise<number[]> {
  const invoices = await rentInvoicesOf(leaseIds);
  const counts = [...invoices.values()].map((ids) => ids.length);
  expect(
    counts.filter((n) => n !== 1),
    'leases not charged exactly once',
  ).toEqual([]);
  return [...invoices.values()].flat();
}

const sendRaw = (entries: { Id: string; MessageBody: string }[]) =>
  sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl(), Entries: entries }));

const statusOf = (jobId: string) => fileRuntime.jobs.status().find((s) => s.id === jobId);

/** Waits for a condition with a deadline (never a fixed sleep). */
async function until(what: string, ok: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('the local SQS stand-in', () => {
  it('refuses what SQS refuses: 11 entries, duplicate or malformed ids, a body over 1 MiB, an unknown queue', async () => {
    const entry = (Id: string, MessageBody = '{}') => ({ Id, MessageBody });
    await expect(sendRaw(Array.from({ length: 11 }, (_, i) => entry(String(i))))).rejects.toMatchObject({
      name: 'TooManyEntriesInBatchRequest',
    });
    await expect(sendRaw([entry('a'), entry('a')])).rejects.toMatchObject({
      name: 'BatchEntryIdsNotDistinct',
    });
    await expect(sendRaw([entry('a', 'x'.repeat(1024 * 1024 + 1))])).rejects.toMatchObject({
      name: 'BatchRequestTooLong',
    });
    await expect(
      sqs.send(new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: 'x'.repeat(1024 * 1024 + 1) })),
    ).rejects.toThrow(/shorter than 1048576/);
    for (const id of ['a b', 'page.1', 'x'.repeat(81)])
      await expect(sendRaw([entry(id)]), id).rejects.toMatchObject({ name: 'InvalidBatchEntryId' });
    // An unknown queue, named as the SDK names it from SQS's answer.
    await expect(
      sqs.send(new SendMessageBatchCommand({ QueueUrl: `${queueUrl()}-gone`, Entries: [entry('a')] })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });

  it('takes a message of 1 MiB (the SQS limit since 2025-08) and a delay of 900 s; refuses 901', async () => {
    const body = harmlessPage(1024 * 1024);
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    expect((await sendRaw([{ Id: 'big', MessageBody: body }])).Successful).toHaveLength(1);
    const delayed = (DelaySeconds: number) =>
      sqs.send(new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: harmlessPage(), DelaySeconds }));
    expect((await delayed(900)).MessageId).toEqual(expect.any(String));
    await expect(delayed(901)).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    await jobsCaughtUp();
  });

  it('reports a batch entry SQS refuses in Failed and sends the others', async () => {
    const answer = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl(),
        Entries: [
          { Id: 'good', MessageBody: harmlessPage() },
          { Id: 'control', MessageBody: '{"a":"\u0001"}' },
          { Id: 'late', MessageBody: harmlessPage(), DelaySeconds: 901 },
        ],
      }),
    );
    expect(answer.Successful?.map((e) => e.Id)).toEqual(['good']);
    expect(answer.Failed).toEqual([
      expect.objectContaining({ Id: 'control', SenderFault: true, Code: 'InvalidMessageContents' }),
      expect.objectContaining({ Id: 'late', SenderFault: true, Code: 'InvalidParameterValue' }),
    ]);
    await jobsCaughtUp();
  });

  it('answers the queue attributes asked for, and refuses a name SQS does not have', async () => {
    const attributes = async (AttributeNames?: QueueAttributeName[]) =>
      (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(), AttributeNames }))).Attributes;
    expect(Object.keys((await attributes(['ApproximateNumberOfMessages'])) ?? {})).toEqual([
      'ApproximateNumberOfMessages',
    ]);
    expect(await attributes(['QueueArn'])).toEqual({ QueueArn: expect.stringContaining(rentRunPages.id) });
    expect(await attributes()).toBeUndefined();
    expect(await attributes(['All'])).toMatchObject({ MaximumMessageSize: '1048576' });
    // A caller outside TypeScript can name any attribute: SQS refuses the unknown one.
    await expect(attributes(['Colour' as QueueAttributeName])).rejects.toMatchObject({
      name: 'InvalidAttributeName',
    });
  });

  it('keeps a page that fails every delivery as a JOBFAILURE item after maxReceives, shown by /_local/jobs', async () => {
    const { MessageId } =
      (await sendRaw([{ Id: 'bad', MessageBody: '{"not":"a page"}' }])).Successful?.[0] ?? {};
    await jobsCaughtUp();
    const kept = await fileRuntime.jobs.keptFailures(rentRunPages.id);
    expect(kept).toEqual([
      expect.objectContaining({
        entity: 'jobFailure',
        messageId: MessageId,
        attempts: rentRunPages.maxReceives,
        body: '{"not":"a page"}',
        error: expect.stringMatching(/not a rent run page/),
      }),
    ]);
    const jobs = (await (await fetch(new URL('/_local/jobs', fileRuntime.url))).json()) as {
      jobs: { id: string; keptFailures: number; failures: number }[];
    };
    expect(jobs.jobs.find((j) => j.id === rentRunPages.id)).toMatchObject({
      keptFailures: 1,
      failures: rentRunPages.maxReceives,
    });
  });
});

// Leases written, a run, its stream's jobs drained: seconds alone, more on a machine shared with other runs.
describe('the fanned-out rent run', { timeout: 120_000 }, () => {
  it('charges each lease once when a page is delivered twice', async () => {
    const leaseIds = await leasesDueToday(30);
    const body = JSON.stringify({ day: today, by, leaseIds });
    await sendRaw([
      { Id: 'first', MessageBody: body },
      { Id: 'again', MessageBody: body },
    ]);
    await jobsCaughtUp();
    await expectBooksWhole(await expectChargedOnce(leaseIds));
  });

  it('charges each lease once when its worker dies half way and the page comes again', async () => {
    const leaseIds = await leasesDueToday(40);
    // The "death": after a few transactions, one is written but its answer lost, and every later one fails
    // (the rest of the page never written), until the page has been reported failed.
    let written = 0;
    let dead = true;
    const kill = 'rent-fanout-kill';
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        if (!dead || context.commandName !== 'TransactWriteItemsCommand') return next(args);
        written += 1;
        if (written <= 5) return next(args);
        if (written === 6) {
          await next(args);
          throw new Error('the worker died after this write');
        }
        throw new Error('the worker is dead');
      },
      { step: 'initialize', name: kill },
    );
    const failuresBefore = statusOf(rentRunPages.id)?.failures ?? 0;
    const keptBefore = statusOf(rentRunPages.id)?.keptFailures ?? 0;
    try {
      await sendRaw([{ Id: 'page', MessageBody: JSON.stringify({ day: today, by, leaseIds }) }]);
      await until('the page to fail', () => (statusOf(rentRunPages.id)?.failures ?? 0) > failuresBefore);
    } finally {
      dead = false;
      ddb.middlewareStack.remove(kill);
    }
    expect(written).toBeGreaterThan(5);
    await jobsCaughtUp();
    expect(statusOf(rentRunPages.id)?.keptFailures).toBe(keptBefore);
    await expectBooksWhole(await expectChargedOnce(leaseIds));
  });

  it('charges each lease once when two runs go at once (the schedule over HTTP, twice)', async () => {
    const leaseIds = await leasesDueToday(40);
    await Promise.all([runJob('rentRun'), runJob('rentRun')]);
    await jobsCaughtUp();
    await expectBooksWhole(await expectChargedOnce(leaseIds));
  });

  it('fans the rent reminders out too: each open rent invoice due in the window is reminded once, however many runs', async () => {
    const leaseIds = await leasesDueToday(12);
    await runJob('rentRun');
    await jobsCaughtUp();
    const invoiceIds = await expectChargedOnce(leaseIds);
    const watches = await watchesOfInvoices(invoiceIds);
    expect(watches).toHaveLength(invoiceIds.length);
    await Promise.all([runJob('rentReminders'), runJob('rentReminders')]);
    await jobsCaughtUp();
    const reminders = await Promise.all(
      watches.map((w) => getMessage(messageIdOf('rentReminder', causes.due(w.rentInvoiceId, w.dueDate)))),
    );
    expect(reminders.filter((m) => m === undefined)).toHaveLength(0);
    expect(statusOf(rentReminderPages.id)).toMatchObject({ keptFailures: 0 });
    expect(statusOf(rentReminderPages.id)?.handled).toBeGreaterThanOrEqual(2);
  });

  it('charges a few hundred leases once each with three workers at most at once', async () => {
    const leaseIds = await leasesDueToday(300);
    const worker = { ...rentRunPages, maxConcurrency: 3 };
    const runner = await startJobRunner({
      jobs: [worker],
      dynamodbUrl: fileRuntime.dynamodbUrl,
      dynamodbDatabase: fileRuntime.dynamodbDatabase,
      tableName: fileRuntime.tableName,
      timers: false,
    });
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, runner.busy(worker.id));
    }, 2);
    try {
      // Pages of 20 leases: 15 of them and the watched invoices', so three workers have work side by side.
      const queued = await queueRentRun(
        today,
        by,
        async (pages) => {
          for (const page of pages) runner.queues.sendTo(worker.id, JSON.stringify(page));
        },
        20,
      );
      expect(queued.pages).toBeGreaterThanOrEqual(15);
      await runner.drain(120_000);
    } finally {
      clearInterval(watch);
      await runner.stop();
    }
    expect(most).toBe(3);
    await expectBooksWhole(await expectChargedOnce(leaseIds));
  }, 240_000);
});
