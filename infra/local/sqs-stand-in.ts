/**
 * The local SQS stand-in (docs/jobs.md "Queue jobs"): the calls the producers make with the real SDK
 * (`@aws-sdk/client-sqs`, SQS's JSON protocol: `POST` with `X-Amz-Target: AmazonSQS.<Operation>`), served on
 * the runtime's own origin under `/_local/sqs`, into the job runner's local queues. It refuses what SQS
 * refuses for those calls: more than 10 entries in a batch, none, two entries with one id, a message or a
 * batch over 256 KB, an unknown queue. It takes messages from this machine only (the producers run in this
 * process), so a runtime opened to the network with HOST does not let others queue work.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type JobContract, queueUrlVariable, SQS_LIMITS } from '../../shared/jobs/contract.js';

export const SQS_PATH = '/_local/sqs';
const ACCOUNT = '000000000000';

/** The URL of a queue of this stand-in (what the producers get in their environment). */
export const localQueueUrl = (baseUrl: string, queueName: string) =>
  `${baseUrl}${SQS_PATH}/${ACCOUNT}/${queueName}`;

/** What the stand-in sends into: the job runner's queue of that name. */
export interface LocalQueues {
  sendTo(queueName: string, body: string): string | undefined;
  depth(queueName: string): number | undefined;
}

class SqsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function serveSqs(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  queues: LocalQueues,
): Promise<boolean> {
  if (path !== SQS_PATH && path !== `${SQS_PATH}/`) return false;
  try {
    // Only this runtime's own producers send (from this process): a runtime opened to the network with HOST
    // does not let others queue pages under any actor they like.
    if (!isLoopback(req.socket.remoteAddress))
      throw new SqsError('AccessDenied', 'The local queues take messages from this machine only', 403);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith('AmazonSQS.'))
      throw new SqsError('InvalidAction', 'Only the JSON protocol of SQS is served here');
    const input = JSON.parse(await readRaw(req)) as Record<string, unknown>;
    const operation = target.slice('AmazonSQS.'.length);
    return answer(res, 200, operate(operation, input, queues));
  } catch (error) {
    const e =
      error instanceof SqsError ? error : new SqsError('InvalidParameterValue', (error as Error).message);
    res.setHeader('x-amzn-query-error', `AWS.SimpleQueueService.${e.type};Sender`);
    return answer(res, e.status, { __type: `com.amazonaws.sqs#${e.type}`, message: e.message });
  }
}

function operate(operation: string, input: Record<string, unknown>, queues: LocalQueues): unknown {
  const name = queueNameOf(input.QueueUrl);
  if (operation === 'SendMessage') {
    const body = messageBody(input.MessageBody);
    return { MessageId: send(queues, name, body), MD5OfMessageBody: md5(body) };
  }
  if (operation === 'SendMessageBatch') {
    const entries = Array.isArray(input.Entries) ? (input.Entries as Record<string, unknown>[]) : [];
    if (entries.length === 0) throw new SqsError('EmptyBatchRequest', 'There should be at least one entry');
    if (entries.length > SQS_LIMITS.batchEntries)
      throw new SqsError(
        'TooManyEntriesInBatchRequest',
        `Maximum number of entries per request are ${SQS_LIMITS.batchEntries}. You have sent ${entries.length}.`,
      );
    const ids = entries.map((e) => String(e.Id ?? ''));
    if (new Set(ids).size !== ids.length)
      throw new SqsError(
        'BatchEntryIdsNotDistinct',
        'Two or more batch entries in the request have the same Id',
      );
    const bodies = entries.map((e) => messageBody(e.MessageBody));
    const total = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
    if (total > SQS_LIMITS.messageBytes)
      throw new SqsError(
        'BatchRequestTooLong',
        `Batch requests cannot be longer than ${SQS_LIMITS.messageBytes} bytes`,
      );
    if (queues.depth(name) === undefined) throw nonExistent(name);
    return {
      Successful: bodies.map((body, i) => ({
        Id: ids[i],
        MessageId: send(queues, name, body),
        MD5OfMessageBody: md5(body),
      })),
      Failed: [],
    };
  }
  if (operation === 'GetQueueAttributes') {
    const depth = queues.depth(name);
    if (depth === undefined) throw nonExistent(name);
    return { Attributes: { ApproximateNumberOfMessages: String(depth) } };
  }
  throw new SqsError('InvalidAction', `The local SQS stand-in does not serve ${operation}`);
}

function send(queues: LocalQueues, name: string, body: string): string {
  const id = queues.sendTo(name, body);
  if (id === undefined) throw nonExistent(name);
  return id;
}

function messageBody(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new SqsError('MissingParameter', 'The request must contain the parameter MessageBody.');
  if (Buffer.byteLength(value) > SQS_LIMITS.messageBytes)
    throw new SqsError(
      'InvalidParameterValue',
      `One or more parameters are invalid. Reason: Message must be shorter than ${SQS_LIMITS.messageBytes} bytes.`,
    );
  return value;
}

function queueNameOf(url: unknown): string {
  const name = typeof url === 'string' ? url.split('/').pop() : undefined;
  if (!name) throw new SqsError('MissingParameter', 'The request must contain the parameter QueueUrl.');
  return name;
}

const nonExistent = (name: string) =>
  new SqsError('QueueDoesNotExist', `The specified queue ${name} does not exist.`);

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

const md5 = (body: string) => createHash('md5').update(body).digest('hex');

/** SQS's requests are at most 256 KB of messages; a little more for the JSON around them. */
const MAX_REQUEST = 2 * SQS_LIMITS.messageBytes;

async function readRaw(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST) throw new SqsError('BatchRequestTooLong', 'The request is too long');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
  return true;
}

/** The variables that point the producers' SDK at this stand-in: its endpoint, and each queue job's URL. */
export function localQueueEnv(baseUrl: string, jobs: readonly JobContract[]): Record<string, string> {
  const env: Record<string, string> = { AWS_ENDPOINT_URL_SQS: `${baseUrl}${SQS_PATH}` };
  for (const job of jobs)
    if (job.kind === 'queue') env[queueUrlVariable(job.id)] = localQueueUrl(baseUrl, job.id);
  return env;
}
