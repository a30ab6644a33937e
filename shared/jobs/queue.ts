/**
 * The producer's side of a queue job (contract.ts `QueueJob`): pages of work sent as SQS messages, ten to a
 * SendMessageBatch (SQS's most), to the queue whose URL the stack (or the local runtime) put in the
 * environment. A page that SQS did not take is sent again a few times, then the call fails: the caller is a
 * schedule, whose next run sends the work again (the workers are idempotent).
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { InferInput } from 'valibot';
import { jitteredBackoff } from '../backoff.js';
import { pausedForRetry, type RetryPolicy } from '../retry-policy.js';
import { type QueueJob, queueUrlVariable, SQS_LIMITS } from './contract.js';

let client: SQSClient | undefined;
const sqs = () => {
  client ??= new SQSClient({});
  return client;
};

/** Sends of a page SQS did not take, the first included, with jittered waits (up to 0.1, 0.2, 0.4, 0.8 s). */
const SEND_RETRY: RetryPolicy = { maxTries: 5, backoff: jitteredBackoff(50) };

/** The queue URL of a queue job, from the environment; an error naming the variable when it is missing. */
export function queueUrlOf(jobId: string): string {
  const name = queueUrlVariable(jobId);
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: the ${jobId} queue is unknown to this function`);
  return url;
}

/** What a producer sends a queue job: a page as the job's `page` schema takes it. */
export type PageOf<J extends QueueJob> = InferInput<J['page']>;

/** Sends each page (JSON) as one message of the job's queue; resolves when SQS has taken every one. */
export async function sendPages<J extends QueueJob>(job: J, bodies: readonly PageOf<J>[]): Promise<number> {
  const jobId = job.id;
  const QueueUrl = queueUrlOf(jobId);
  for (let i = 0; i < bodies.length; i += SQS_LIMITS.batchEntries) {
    let entries = bodies.slice(i, i + SQS_LIMITS.batchEntries).map((body, n) => {
      const MessageBody = JSON.stringify(body);
      if (Buffer.byteLength(MessageBody) > SQS_LIMITS.messageBytes)
        throw new RangeError(`a page of ${jobId} is over SQS's ${SQS_LIMITS.messageBytes} bytes`);
      return { Id: String(n), MessageBody };
    });
    for (let tries = 1; entries.length > 0; tries++) {
      const { Failed } = await sqs().send(new SendMessageBatchCommand({ QueueUrl, Entries: entries }));
      const failed = new Set((Failed ?? []).map((f) => f.Id));
      entries = entries.filter((e) => failed.has(e.Id));
      if (entries.length === 0) break;
      if (!(await pausedForRetry(SEND_RETRY, tries)))
        throw new Error(`SQS refused ${entries.length} pages of ${jobId}: ${Failed?.[0]?.Message ?? ''}`);
    }
  }
  return bodies.length;
}
