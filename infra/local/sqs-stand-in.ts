/**
 * The local SQS stand-in (docs/jobs.md "Queue jobs"): the calls the producers make with the real SDK
 * (`@aws-sdk/client-sqs`, SQS's JSON protocol: `POST` with `X-Amz-Target: AmazonSQS.<Operation>`), served on
 * the runtime's own origin under `/_local/sqs`, into the job runner's local queues. Requests and answers are
 * the SDK's own types. It refuses what SQS refuses for those calls
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessageBatch.html and the
 * other operations' pages): more than 10 entries in a batch, none, two entries with one id, an id SQS does not
 * take, a message or a batch over 1 MiB, a `DelaySeconds` outside 0–900, a character SQS does not carry, an
 * unknown queue, an attribute name SQS does not have. In a batch, an entry SQS refuses on its own (a character
 * it does not carry, its delay) is reported in `Failed` (`SenderFault`, its code and message) while the others
 * are sent, as SQS reports "the result of each message individually". GetQueueAttributes answers the
 * attributes asked for (`AttributeNames`, or `All`) and no others. It takes messages from this machine only
 * (the producers run in this process), so a runtime opened to the network with HOST does not let others queue
 * work. A delay is checked, not waited for: the local queues deliver at once.
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
    const refused = entryRefusal(body, input.DelaySeconds);
    if (refused) throw new SqsError(refused.Code, refused.Message);
    return { MessageId: send(queues, name, body), MD5OfMessageBody: md5(body) };
  }
  if (operation === 'SendMessageBatch') return sendBatch(name, input.Entries, queues);
  if (operation === 'GetQueueAttributes') return queueAttributes(name, input.AttributeNames, queues);
  throw new SqsError('InvalidAction', `The local SQS stand-in does not serve ${operation}`);
}

/** The attribute names SQS has (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_GetQueueAttributes.html). */
const ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'All',
  'Policy',
  'VisibilityTimeout',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
  'QueueArn',
  'ApproximateNumberOfMessagesDelayed',
  'DelaySeconds',
  'ReceiveMessageWaitTimeSeconds',
  'RedrivePolicy',
  'FifoQueue',
  'ContentBasedDeduplication',
  'KmsMasterKeyId',
  'KmsDataKeyReusePeriodSeconds',
  'DeduplicationScope',
  'FifoThroughputLimit',
  'RedriveAllowPolicy',
  'SqsManagedSseEnabled',
]);

/** The attributes asked for, of those the stand-in knows (none asked: none answered, as SQS does). */
function queueAttributes(name: string, names: unknown, queues: LocalQueues): GetQueueAttributesResult {
  const depth = queues.depth(name);
  if (depth === undefined) throw nonExistent(name);
  const asked = Array.isArray(names) ? names.map(String) : [];
  const unknown = asked.find((n) => !ATTRIBUTE_NAMES.has(n));
  if (unknown) throw new SqsError('InvalidAttributeName', `Unknown Attribute ${unknown}.`);
  const known: Record<string, string> = {
    ApproximateNumberOfMessages: String(depth),
    DelaySeconds: '0',
    MaximumMessageSize: String(SQS_LIMITS.messageBytes),
    QueueArn: `arn:aws:sqs:us-east-1:${ACCOUNT}:${name}`,
  };
  const all = asked.includes('All');
  const attributes = Object.fromEntries(
    Object.entries(known).filter(([attribute]) => all || asked.includes(attribute)),
  );
  return Object.keys(attributes).length > 0 ? { Attributes: attributes } : {};
}

/** Why SQS refuses one message on its own (a batch reports it in `Failed`), or undefined. */
function entryRefusal(body: string, delay: unknown): { Code: string; Message: string } | undefined {
  if (!sqsCarries(body))
    return {
      Code: 'InvalidMessageContents',
      Message:
        'Invalid binary character in the message body. Only #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF are allowed.',
    };
  if (
    delay !== undefined &&
    !(Number.isInteger(delay) && (delay as number) >= 0 && (delay as number) <= SQS_LIMITS.maxDelaySeconds)
  )
    return {
      Code: 'InvalidParameterValue',
      Message: `Value ${String(delay)} for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= ${SQS_LIMITS.maxDelaySeconds}.`,
    };
  return undefined;
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
  // The batch's size first: one entry over the limit makes the whole batch too long.
  const total = list.reduce(
    (n, e) => n + (typeof e?.MessageBody === 'string' ? Buffer.byteLength(e.MessageBody) : 0),
    0,
  );
  if (total > SQS_LIMITS.messageBytes)
    throw new SqsError(
      'BatchRequestTooLong',
      `Batch requests cannot be longer than ${SQS_LIMITS.messageBytes} bytes`,
    );
  const bodies = list.map((e) => messageBody(e?.MessageBody));
  if (queues.depth(name) === undefined) throw nonExistent(name);
  const Successful: NonNullable<SendMessageBatchResult['Successful']> = [];
  const Failed: NonNullable<SendMessageBatchResult['Failed']> = [];
  bodies.forEach((body, i) => {
    const Id = String(ids[i]);
    const refused = entryRefusal(body, list[i]?.DelaySeconds);
    if (refused) Failed.push({ Id, SenderFault: true, ...refused });
    else Successful.push({ Id, MessageId: send(queues, name, body), MD5OfMessageBody: md5(body) });
  });
  return { Successful, Failed };
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

/** SQS's requests are at most 1 MiB of messages; a little more for the JSON around them. */
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
