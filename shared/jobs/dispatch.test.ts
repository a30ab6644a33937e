import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { TableChangeJob } from './contract.js';
import { dispatchTableChanges, readerSettings, type StreamHandler } from './dispatch.js';

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
  dynamodb: { SequenceNumber: seq, NewImage: { entity: { S: entity } } },
});

const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A handler that records what it was given and fails at the given sequence numbers. */
function recorder(failAt: string[] = []) {
  const seen: string[] = [];
  const handler: StreamHandler = async ({ Records }) => {
    for (const r of Records) {
      const seq = r.dynamodb?.SequenceNumber ?? '';
      if (failAt.includes(seq)) return { batchItemFailures: [{ itemIdentifier: seq }] };
      seen.push(seq);
    }
    return { batchItemFailures: [] };
  };
  return { seen, handler };
}

describe('one stream reader for every table-change job', () => {
  it('gives each job only the records its contract asks for, in stream order', async () => {
    const a = recorder();
    const b = recorder();
    const dispatch = dispatchTableChanges([
      { job: job('a', 'change'), handler: a.handler },
      { job: job('b', 'other'), handler: b.handler },
    ]);
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
  });

  it('reports the earliest record any job failed, so the batch is retried from there for all', async () => {
    const a = recorder(['4']);
    const b = recorder(['2']);
    const dispatch = dispatchTableChanges([
      { job: job('a', 'change'), handler: a.handler },
      { job: job('b', 'change'), handler: b.handler },
    ]);
    const answer = await dispatch(event(record('1', 'change'), record('2', 'change'), record('4', 'change')));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
  });

  it('a job that throws fails from its first record; the others still run', async () => {
    const ok = recorder();
    const dispatch = dispatchTableChanges([
      { job: job('thrower', 'x'), handler: async () => Promise.reject(new Error('boom')) },
      { job: job('ok', 'change'), handler: ok.handler },
    ]);
    const answer = await dispatch(event(record('1', 'change'), record('2', 'x'), record('3', 'x')));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
    expect(ok.seen).toEqual(['1']);
  });

  it('reads with the smallest batch size and the most retries of its jobs', () => {
    expect(readerSettings([job('a', 'x', 25, 5), job('b', 'y', 10, 8)])).toEqual({
      batchSize: 10,
      maxRetries: 8,
    });
  });
});
