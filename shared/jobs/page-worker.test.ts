import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { rentRunPages } from '../../functions/adminLeases/jobs.js';
import { lambdaContext } from '../../infra/local/job-invocation.js';
import type { RentRunPage } from '../domain/rent/queue-pages.js';
import { pageWorker } from './page-worker.js';

const message = (messageId: string, body: string) =>
  ({ messageId, body }) as Pick<SQSRecord, 'messageId' | 'body'>;

function event(...records: Pick<SQSRecord, 'messageId' | 'body'>[]): SQSEvent {
  return {
    Records: records.map((r) => ({
      ...r,
      receiptHandle: `rh-${r.messageId}`,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:rentRunPages',
      awsRegion: 'us-east-1',
    })),
  };
}

const by = { actor: 'system:rent', requestId: 'r-1' };

describe('a queue job’s worker (shared/jobs/page-worker.ts)', () => {
  it('hands the handler each page parsed by the job’s schema, and fails only the messages that are not one', async () => {
    const seen: RentRunPage[] = [];
    const handler = pageWorker(rentRunPages, async (page) => {
      seen.push(page);
    });
    const answer = await handler(
      event(
        message('good', JSON.stringify({ day: '2027-03-01', by, leaseIds: [1, 2] })),
        message('not-json', '{"day":'),
        message('unknown-field', JSON.stringify({ day: '2027-03-01', by, leaseIds: [3], dat: 'x' })),
        message('bad-day', JSON.stringify({ day: '2027-02-30', by, invoiceIds: [4] })),
        message(
          'bad-actor',
          JSON.stringify({ day: '2027-03-01', by: { actor: 'nobody', requestId: 'r' }, leaseIds: [5] }),
        ),
        message('watched', JSON.stringify({ day: '2027-03-01', by, invoiceIds: [6] })),
      ),
      lambdaContext(rentRunPages.id),
    );
    expect(seen).toEqual([
      { day: '2027-03-01', by, leaseIds: [1, 2] },
      { day: '2027-03-01', by, invoiceIds: [6] },
    ]);
    expect(answer).toEqual({
      batchItemFailures: ['not-json', 'unknown-field', 'bad-day', 'bad-actor'].map((itemIdentifier) => ({
        itemIdentifier,
      })),
    });
  });

  it('fails a page whose work fails, so that page alone comes again', async () => {
    const handler = pageWorker(rentRunPages, async (page) => {
      if ('leaseIds' in page && page.leaseIds.includes(13)) throw new Error('a lease failed');
    });
    const answer = await handler(
      event(
        message('ok', JSON.stringify({ day: '2027-03-01', by, leaseIds: [12] })),
        message('fails', JSON.stringify({ day: '2027-03-01', by, leaseIds: [13] })),
      ),
      lambdaContext(rentRunPages.id),
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'fails' }] });
  });
});
