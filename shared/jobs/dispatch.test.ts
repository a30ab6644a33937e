import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { TableChangeJob } from './contract.js';
import { dispatchTableChanges, readerSettings, type StreamHandler } from './dispatch.js';
import type { RetryPath } from './retry-path.js';

const job = (id: string, entity: string, batchSize = 25, maxRetries = 5): TableChangeJob => ({
  id,
  group: 'g',
  entry: 'e.ts',
  description: id,
  kind: 'tableChange',
  entity,
  events: ['INSERT'],
  batchSize,
  maxRetries,
});

const record = (seq: string, entity: string, eventName: 'INSERT' | 'MODIFY' = 'INSERT'): DynamoDBRecord => ({
  eventName,
  eventID: `e${seq}`,
  dynamodb: { SequenceNumber: seq, NewImage: { entity: { S: entity } } },
});

const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A handler that records what it handled and fails at the given sequence numbers (processRecords' way). */
function recorder(failAt: string[] = []) {
  const seen: string[] = [];
  const tried: string[] = [];
  const handler: StreamHandler = async ({ Records }) => {
    for (const r of Records) {
      const seq = r.dynamodb?.SequenceNumber ?? '';
      tried.push(seq);
      if (failAt.includes(seq)) return { batchItemFailures: [{ itemIdentifier: seq }] };
      seen.push(seq);
    }
    return { batchItemFailures: [] };
  };
  return { seen, tried, handler };
}

interface Parked {
  seq: string;
  attempts: number;
  dueAt: string;
  error?: string;
}

/** The retry path kept in memory: what the dispatcher parked, per job, in order. */
function memoryRetryPath(options: { unreachable?: boolean } = {}) {
  const parked = new Map<string, Parked[]>();
  const path: RetryPath = {
    holds: async (jobId) => (parked.get(jobId)?.length ?? 0) > 0,
    park: async (jobId, records, first) => {
      if (options.unreachable) throw new Error('table unreachable');
      const list = parked.get(jobId) ?? [];
      for (const [i, r] of records.entries())
        list.push({
          seq: r.dynamodb?.SequenceNumber ?? '',
          attempts: i === 0 ? first.attempts : 0,
          dueAt: i === 0 ? first.dueAt : 'now',
          ...(i === 0 && first.error ? { error: first.error } : {}),
        });
      parked.set(jobId, list);
    },
  };
  return { parked, path };
}

const NOW = new Date('2030-01-01T00:00:00.000Z');
const options = (retryPath: RetryPath) => ({ retryPath, delayMs: 0, clock: () => NOW });

describe('one stream reader for every table-change job', () => {
  it('gives each job only the records its contract asks for, in stream order', async () => {
    const a = recorder();
    const b = recorder();
    const { path, parked } = memoryRetryPath();
    const dispatch = dispatchTableChanges(
      [
        { job: job('a', 'change'), handler: a.handler },
        { job: job('b', 'other'), handler: b.handler },
      ],
      options(path),
    );
    const answer = await dispatch(
      event(
        record('1', 'change'),
        record('2', 'other'),
        record('3', 'change', 'MODIFY'),
        record('4', 'change'),
      ),
    );
    expect(answer.batchItemFailures).toEqual([]);
    expect(a.seen).toEqual(['1', '4']);
    expect(b.seen).toEqual(['2']);
    expect(parked.size).toBe(0);
  });

  it("parks a job's failing record with that job's later records, and reports the batch done for every other job", async () => {
    const audit = recorder();
    const turnovers = recorder(['2']);
    const hooks = recorder();
    const { path, parked } = memoryRetryPath();
    const dispatch = dispatchTableChanges(
      [
        { job: job('audit', 'change'), handler: audit.handler },
        { job: job('turnovers', 'change'), handler: turnovers.handler },
        { job: job('hooks', 'change'), handler: hooks.handler },
      ],
      options(path),
    );
    const answer = await dispatch(
      event(record('1', 'change'), record('2', 'change'), record('3', 'change'), record('4', 'change')),
    );

    expect(answer.batchItemFailures).toEqual([]);
    expect(audit.seen).toEqual(['1', '2', '3', '4']);
    expect(hooks.seen).toEqual(['1', '2', '3', '4']);
    // Tried twice in place (the batch, then the record alone); 3 and 4 never overtake it.
    expect(turnovers.seen).toEqual(['1']);
    expect(turnovers.tried).toEqual(['1', '2', '2']);
    expect(parked.get('turnovers')).toEqual([
      {
        seq: '2',
        attempts: 2,
        dueAt: '2030-01-01T00:01:00.000Z',
        error: 'reported as failed by the handler (batchItemFailures)',
      },
      { seq: '3', attempts: 0, dueAt: 'now' },
      { seq: '4', attempts: 0, dueAt: 'now' },
    ]);
    expect([...parked.keys()]).toEqual(['turnovers']);
  });

  it('goes on with the later records when a failing record works on its in-process retry', async () => {
    let failures = 0;
    const seen: string[] = [];
    const flaky: StreamHandler = async ({ Records }) => {
      for (const r of Records) {
        const seq = r.dynamodb?.SequenceNumber ?? '';
        if (seq === '2' && failures++ === 0) return { batchItemFailures: [{ itemIdentifier: seq }] };
        seen.push(seq);
      }
      return { batchItemFailures: [] };
    };
    const { path, parked } = memoryRetryPath();
    const dispatch = dispatchTableChanges([{ job: job('flaky', 'change'), handler: flaky }], options(path));
    const answer = await dispatch(event(record('1', 'change'), record('2', 'change'), record('3', 'change')));
    expect(answer.batchItemFailures).toEqual([]);
    expect(seen).toEqual(['1', '2', '3']);
    expect(parked.size).toBe(0);
  });

  it('parks the new records of a job that has records waiting, behind them and without running them', async () => {
    const audit = recorder();
    const held = recorder(['1']);
    const { path, parked } = memoryRetryPath();
    const dispatch = dispatchTableChanges(
      [
        { job: job('audit', 'change'), handler: audit.handler },
        { job: job('held', 'change'), handler: held.handler },
      ],
      options(path),
    );
    await dispatch(event(record('1', 'change')));
    held.tried.length = 0;
    const answer = await dispatch(event(record('5', 'change'), record('6', 'change')));

    expect(answer.batchItemFailures).toEqual([]);
    expect(held.tried).toEqual([]);
    expect(parked.get('held')?.map((p) => [p.seq, p.attempts])).toEqual([
      ['1', 2],
      ['5', 0],
      ['6', 0],
    ]);
    expect(audit.seen).toEqual(['1', '5', '6']);
  });

  it('takes a thrown error as a failure of the first record; the other jobs still run', async () => {
    const ok = recorder();
    const { path, parked } = memoryRetryPath();
    const dispatch = dispatchTableChanges(
      [
        { job: job('thrower', 'x'), handler: async () => Promise.reject(new Error('boom')) },
        { job: job('ok', 'change'), handler: ok.handler },
      ],
      options(path),
    );
    const answer = await dispatch(event(record('1', 'change'), record('2', 'x'), record('3', 'x')));
    expect(answer.batchItemFailures).toEqual([]);
    expect(ok.seen).toEqual(['1']);
    expect(parked.get('thrower')?.map((p) => [p.seq, p.error ?? ''])).toEqual([
      ['2', 'boom'],
      ['3', ''],
    ]);
  });

  it('leaves the record to the stream (retried from there for all) only when the retry path cannot take it', async () => {
    const a = recorder(['4']);
    const b = recorder(['2']);
    const c = recorder();
    const { path } = memoryRetryPath({ unreachable: true });
    const dispatch = dispatchTableChanges(
      [
        { job: job('a', 'change'), handler: a.handler },
        { job: job('b', 'change'), handler: b.handler },
        { job: job('c', 'change'), handler: c.handler },
      ],
      options(path),
    );
    const answer = await dispatch(event(record('1', 'change'), record('2', 'change'), record('4', 'change')));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
    expect(c.seen).toEqual(['1', '2', '4']);
  });

  it('reads with the smallest batch size and the most retries of its jobs', () => {
    expect(readerSettings([job('a', 'x', 25, 5), job('b', 'y', 10, 8)])).toEqual({
      batchSize: 10,
      maxRetries: 8,
    });
  });
});
