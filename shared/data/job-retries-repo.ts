/**
 * A table-change job's retry path in the cloud (docs/jobs.md "One failing record holds up only its job"):
 * `JOBRETRY#<jobId>` items in stream order (JR1), written by the stream reader when the job cannot handle a
 * record, worked through by the retry sweep, and moved to `JOBFAILURE#<jobId>` (JF1) after the job's last try.
 */
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { claimRecord } from '../db/claim.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { queryAll } from '../db/query.js';
import { commit, isConditionFailure, part } from '../db/transaction.js';
import { jobFailureItem, type ParkedRecord, parkedFromItem, parkedItem } from './job-retry-items.js';

export type { ParkedRecord } from './job-retry-items.js';

/**
 * Whether the job has records waiting on its retry path (its later records then queue behind them). Strongly
 * consistent: Lambda starts the next batch holding an item's later change as soon as the batch that parked its
 * earlier one is done, and that batch must see what was just parked.
 */
export async function hasParked(jobId: string): Promise<boolean> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      ConsistentRead: true,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.jobRetryPartition(jobId) },
      ProjectionExpression: 'PK',
      Limit: 1,
    }),
  );
  return (Items ?? []).length > 0;
}

/**
 * Appends records (in stream order) to the job's retry path: the first with its tries so far and when it may
 * be tried again, the others due at once behind it. Put-if-absent: a batch the stream delivers again parks
 * nothing twice and does not reset a record's count.
 */
export async function parkRecords(
  jobId: string,
  records: readonly DynamoDBRecord[],
  first: { attempts: number; dueAt: string; error?: string },
  now: Date,
): Promise<void> {
  const parkedAt = now.toISOString();
  for (const [index, record] of records.entries()) {
    const head = index === 0;
    try {
      await ddb.send(
        new PutCommand({
          TableName: TABLE_NAME,
          Item: parkedItem({
            jobId,
            record,
            attempts: head ? first.attempts : 0,
            dueAt: head ? first.dueAt : parkedAt,
            parkedAt,
            ...(head && first.error ? { lastError: first.error } : {}),
          }),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** The job's earliest waiting record: the next one its retry path tries. */
export async function firstParked(jobId: string): Promise<ParkedRecord | undefined> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.jobRetryPartition(jobId) },
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item ? parkedFromItem(item) : undefined;
}

/** Every waiting record of a job, in stream order (for an operator, and the tests). */
export async function parkedRecords(jobId: string): Promise<ParkedRecord[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.jobRetryPartition(jobId) },
  });
  return items.map(parkedFromItem);
}

/**
 * Takes the record for one try: moves its due time to `until` (a lease), conditioned on the due time and count
 * read, so two sweeps never try it at once; false when another took it or it is gone.
 */
export async function claimParked(parked: ParkedRecord, until: Date): Promise<boolean> {
  const claimed = await claimRecord(parked.key, {
    until: 'dueAt',
    to: until.toISOString(),
    free: { asRead: parked.dueAt },
    also: { expression: 'attempts = :attempts', values: { ':attempts': parked.attempts } },
  });
  return claimed !== undefined;
}

/** The record was handled: off the retry path. */
export async function unpark(parked: ParkedRecord): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: TABLE_NAME, Key: parked.key }));
}

/** The try failed: counted, and the record waits until `dueAt` (with every record behind it). */
export async function retryParkedLater(
  parked: ParkedRecord,
  attempts: number,
  dueAt: Date,
  error: string,
): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: parked.key,
      UpdateExpression: 'SET attempts = :attempts, dueAt = :due, lastError = :error',
      ExpressionAttributeValues: { ':attempts': attempts, ':due': dueAt.toISOString(), ':error': error },
    }),
  );
}

/** The last try failed: the record leaves the retry path and is kept as a JOBFAILURE item, in one write. */
export async function keepParked(
  parked: ParkedRecord,
  attempts: number,
  error: string,
  now: Date,
): Promise<void> {
  const failure = jobFailureItem({
    jobId: parked.jobId,
    record: parked.record,
    attempts,
    error,
    failedAt: now.toISOString(),
  });
  await commit([
    part.delete(`unpark:${parked.jobId} ${parked.key.SK}`, parked.key),
    part.put(`keep:${parked.jobId} ${parked.key.SK}`, failure),
  ]);
}

/** The records a job gave up on, oldest first. */
export async function keptFailures(jobId: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: TABLE_NAME,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.jobFailurePartition(jobId) },
  });
}
