/**
 * The local SQS stand-in (docs/jobs.md "Queue jobs"): the calls the producers make with the real SDK
 * (`@aws-sdk/client-sqs`, SQS's JSON protocol: `POST` with `X-Amz-Target: AmazonSQS.<Operation>`), served on
 * the runtime's own origin under `/_local/sqs`, into the job runner's local queues. Requests and answers are
 * the SDK's own types. It refuses what SQS refuses for those calls: more than 10 entries in a batch, none, two
 * entries with one id, an id SQS does not take, a message or a batch over 256 KB, a character SQS does not
 * carry, an unknown queue. It takes messages from this machine only (the producers run in this
 * process), so a runtime opened to the network with HOST does not let others queue work.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  GetQueueAttributesRequest,
  GetQueueAttributesResult,
  SendMessageBatchRequest,
  SendMessageBatchResult,
  SendMessageRequest,
  SendMessageResult,
} from '@aws-sdk/client-sqs';
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

/**
 * The code SQS names an error by in its `x-amzn-query-error` header, from the SDK's model (each error's
 * `awsQueryError` trait); the SDK names the error it throws by it. Errors without the trait (the common ones,
 * `InvalidMessageContents`) are named by their type.
 */
const QUERY_ERROR_CODES: Readonly<Record<string, string>> = {
  BatchEntryIdsNotDistinct: 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
  BatchRequestTooLong: 'AWS.SimpleQueueService.BatchRequestTooLong',
  EmptyBatchRequest: 'AWS.SimpleQueueService.EmptyBatchRequest',
  InvalidBatchEntryId: 'AWS.SimpleQueueService.InvalidBatchEntryId',
  QueueDoesNotExist: 'AWS.SimpleQueueService.NonExistentQueue',
  TooManyEntriesInBatchRequest: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
};

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
    // What the SDK sends for the operation; each field is checked before use (a client may send anything).
    const input = JSON.parse(await readRaw(req)) as Partial<Requests>;
    const operation = target.slice('AmazonSQS.'.length);
    return answer(res, 200, operate(operation, input, queues));
  } catch (error) {
    const e =
      error instanceof SqsError ? error : new SqsError('InvalidParameterValue', (error as Error).message);
    res.setHeader('x-amzn-query-error', `${QUERY_ERROR_CODES[e.type] ?? e.type};Sender`);
    return answer(res, e.status, { __type: `com.amazonaws.sqs#${e.type}`, message: e.message });
  }
}

type Requests = SendMessageRequest & SendMessageBatchRequest & GetQueueAttributesRequest;

function operate(
  operation: string,
  input: Partial<Requests>,
  queues: LocalQueues,
): SendMessageResult | SendMessageBatchResult | GetQueueAttributesResult {
  const name = queueNameOf(input.QueueUrl);
  if (operation === 'SendMessage') {
    const body = messageBody(input.MessageBody);
    return { MessageId: send(queues, name, body), MD5OfMessageBody: md5(body) };
  }
  if (operation === 'SendMessageBatch') return sendBatch(name, input.Entries, queues);
  if (operation === 'GetQueueAttributes') {
    const depth = queues.depth(name);
    if (depth === undefined) throw nonExistent(name);
    return { Attributes: { ApproximateNumberOfMessages: String(depth) } };
  }
  throw new SqsError('InvalidAction', `The local SQS stand-in does not serve ${operation}`);
}

/** SQS's rule for a batch entry's id. */
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

function sendBatch(
  name: string,
  entries: SendMessageBatchRequest['Entries'] | undefined,
  queues: LocalQueues,
): SendMessageBatchResult {
  const list = Array.isArray(entries) ? entries : [];
  if (list.length === 0) throw new SqsError('EmptyBatchRequest', 'There should be at least one entry');
  if (list.length > SQS_LIMITS.batchEntries)
    throw new SqsError(
      'TooManyEntriesInBatchRequest',
      `Maximum number of entries per request are ${SQS_LIMITS.batchEntries}. You have sent ${list.length}.`,
    );
  const ids = list.map((e) => String(e?.Id ?? ''));
  if (!ids.every((id) => BATCH_ENTRY_ID.test(id)))
    throw new SqsError(
      'InvalidBatchEntryId',
      'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
    );
  if (new Set(ids).size !== ids.length)
    throw new SqsError(
      'BatchEntryIdsNotDistinct',
      'Two or more batch entries in the request have the same Id',
    );
  const bodies = list.map((e) => messageBody(e?.MessageBody));
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
  if (!sqsCarries(value))
    throw new SqsError(
      'InvalidMessageContents',
      'Invalid binary character in the message body. Only #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF are allowed.',
    );
  return value;
}

/** Whether SQS carries every character: #x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD | #x10000–#x10FFFF. */
function sqsCarries(text: string): boolean {
  for (const character of text) {
    const c = character.codePointAt(0) ?? 0;
    const allowed =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      c >= 0x10000;
    if (!allowed) return false;
  }
  return true;
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
