/**
 * The items of a table-change job's retry path (JR1: a stream record waiting, in stream order) and of what a
 * job gave up on (JF1), docs/jobs.md and docs/data-model.md. Built here without the table client, so the local
 * runner, which writes to a table of its own choosing, keeps its failures in the same shape as the cloud.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { type Key, keys } from '../db/keys.js';

export const PARKED_ENTITY = 'jobRetry';
export const FAILURE_ENTITY = 'jobFailure';

/** A stream record on its job's retry path. */
export interface ParkedRecord {
  readonly jobId: string;
  readonly key: Key;
  readonly record: DynamoDBRecord;
  /** Failed tries so far (the stream's in-process tries included). */
  readonly attempts: number;
  /** When the next try may start (ISO); records behind a waiting one wait with it. */
  readonly dueAt: string;
  readonly parkedAt: string;
  readonly lastError?: string;
}

/**
 * Stream order: a shard's sequence numbers grow (decimal strings of up to 40 digits), so the padded number
 * sorts records of one shard as the stream did; the event id keeps two records apart in any case.
 */
export function jobRetryOrder(record: DynamoDBRecord): string {
  return `${(record.dynamodb?.SequenceNumber ?? '').padStart(40, '0')}#${record.eventID ?? ''}`;
}

export function parkedItem(parked: Omit<ParkedRecord, 'key'>): Record<string, unknown> {
  return {
    ...keys.jobRetry(parked.jobId, jobRetryOrder(parked.record)),
    entity: PARKED_ENTITY,
    jobId: parked.jobId,
    attempts: parked.attempts,
    dueAt: parked.dueAt,
    parkedAt: parked.parkedAt,
    ...(parked.lastError ? { lastError: parked.lastError } : {}),
    eventID: parked.record.eventID,
    // The whole stream record, as the handler receives it (JSON: readable where an admin looks).
    record: JSON.stringify(parked.record),
  };
}

export function parkedFromItem(item: Record<string, unknown>): ParkedRecord {
  return {
    jobId: String(item.jobId),
    key: { PK: String(item.PK), SK: String(item.SK) },
    record: JSON.parse(String(item.record)) as DynamoDBRecord,
    attempts: Number(item.attempts ?? 0),
    dueAt: String(item.dueAt),
    parkedAt: String(item.parkedAt),
    ...(typeof item.lastError === 'string' ? { lastError: item.lastError } : {}),
  };
}

/** A record a job gave up on after its last try, kept for an admin (with the record, enough to replay it). */
export function jobFailureItem(failure: {
  jobId: string;
  record: DynamoDBRecord;
  attempts: number;
  error: string;
  failedAt: string;
}): Record<string, unknown> {
  const { record } = failure;
  return {
    ...keys.jobFailure(failure.jobId, failure.failedAt, record.eventID ?? ''),
    entity: FAILURE_ENTITY,
    jobId: failure.jobId,
    failedAt: failure.failedAt,
    attempts: failure.attempts,
    error: failure.error,
    eventID: record.eventID,
    eventName: record.eventName,
    sequenceNumber: record.dynamodb?.SequenceNumber,
    record: JSON.stringify(record),
  };
}

/** A queue job's message given up on after `maxReceives` deliveries (locally; the cloud's goes to the DLQ). */
export function queueFailureItem(failure: {
  jobId: string;
  messageId: string;
  body: string;
  attempts: number;
  error: string;
  failedAt: string;
}): Record<string, unknown> {
  return {
    ...keys.jobFailure(failure.jobId, failure.failedAt, failure.messageId),
    entity: FAILURE_ENTITY,
    jobId: failure.jobId,
    failedAt: failure.failedAt,
    attempts: failure.attempts,
    error: failure.error,
    messageId: failure.messageId,
    // The message as the worker received it (a page of ids: readable, and enough to send it again).
    body: failure.body,
  };
}
