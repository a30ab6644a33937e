/**
 * One queue job's queue in the local job runner (docs/jobs.md "Queue jobs"), delivered as Lambda's SQS event
 * source mapping does: batches of up to `batchSize` messages as an `SQSEvent`, at most `maxConcurrency`
 * batches in flight, the messages a handler reports in `batchItemFailures` (all of a batch whose handler
 * threw) visible again after a short visibility delay, and a message received `maxReceives` times without
 * success kept as a JOBFAILURE item (the cloud moves it to the dead-letter queue). Messages arrive from the
 * SQS stand-in (sqs-stand-in.ts), which the producers' real SDK talks to.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueJob } from '../../shared/jobs/contract.js';
import { log } from '../../shared/log.js';
import { type JobHandler, type JobStatus, lambdaContext } from './job-invocation.js';

const REGION = 'us-east-1';
const ACCOUNT = '000000000000';

interface Message {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  visibleAt: number;
}

export interface QueueWorkerDeps {
  /** How long a failed message stays invisible before it is delivered again (ms). */
  visibilityDelayMs: number;
  isRunning: () => boolean;
  keep: (message: { messageId: string; body: string; attempts: number }, error: string) => Promise<void>;
}

export class QueueWorker {
  private readonly messages: Message[] = [];
  private inFlight = 0;
  private readonly batches = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly job: QueueJob,
    private readonly handler: JobHandler,
    private readonly status: JobStatus,
    private readonly deps: QueueWorkerDeps,
  ) {}

  /** The queue's ARN, as the records name it. */
  get arn(): string {
    return `arn:aws:sqs:${REGION}:${ACCOUNT}:${this.job.id}`;
  }

  /** Nothing waiting and nothing being handled. */
  get idle(): boolean {
    return this.messages.length === 0 && this.inFlight === 0;
  }

  /** Messages in the queue, visible or not (GetQueueAttributes' ApproximateNumberOfMessages and NotVisible). */
  get depth(): number {
    return this.messages.length;
  }

  /** Batches being handled now (the cap's measure). */
  get busy(): number {
    return this.inFlight;
  }

  /** A message sent to the queue; answers its id. */
  send(body: string): string {
    const messageId = randomUUID();
    this.messages.push({ messageId, body, sentAt: Date.now(), receiveCount: 0, visibleAt: 0 });
    this.status.pending = this.messages.length;
    this.pump();
    return messageId;
  }

  /** Starts batches while the cap allows and messages are visible; wakes again when a hidden one shows. */
  private pump(): void {
    if (!this.deps.isRunning()) return;
    const now = Date.now();
    while (this.inFlight < this.job.maxConcurrency) {
      const batch = this.messages.filter((m) => m.visibleAt <= now).slice(0, this.job.batchSize);
      if (batch.length === 0) break;
      for (const m of batch) {
        m.receiveCount += 1;
        // Invisible while handled: a handler's own time stands for the visibility timeout.
        m.visibleAt = Number.POSITIVE_INFINITY;
      }
      this.inFlight += 1;
      const running = this.deliver(batch).finally(() => {
        this.inFlight -= 1;
        this.batches.delete(running);
        this.pump();
      });
      this.batches.add(running);
    }
    const next = Math.min(...this.messages.map((m) => m.visibleAt));
    if (this.timer === undefined && Number.isFinite(next) && next > now)
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, next - now).unref();
  }

  private async deliver(batch: Message[]): Promise<void> {
    let failed: Set<string>;
    let error = '';
    try {
      const result = (await this.handler(this.event(batch), lambdaContext(this.job.id))) as
        | SQSBatchResponse
        | undefined;
      failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      if (failed.size > 0) error = 'reported as a batch item failure';
    } catch (thrown) {
      failed = new Set(batch.map((m) => m.messageId));
      // Powertools' error for a batch that failed whole carries each record's own error: keep the reason.
      const records = (thrown as { recordErrors?: Error[] }).recordErrors ?? [];
      error = [(thrown as Error).message, ...records.map((e) => e.message)].join(' ');
      this.status.lastError = error;
    }
    for (const message of batch) {
      if (!failed.has(message.messageId)) {
        this.remove(message);
        this.status.handled += 1;
        continue;
      }
      this.status.failures += 1;
      if (message.receiveCount >= this.job.maxReceives) {
        this.remove(message);
        await this.deps
          .keep({ messageId: message.messageId, body: message.body, attempts: message.receiveCount }, error)
          .catch((e: Error) => log('error', 'job runner: could not keep a failure', { error: e.message }));
        this.status.keptFailures += 1;
      } else message.visibleAt = Date.now() + this.deps.visibilityDelayMs;
    }
  }

  private remove(message: Message): void {
    const at = this.messages.indexOf(message);
    if (at >= 0) this.messages.splice(at, 1);
    this.status.pending = this.messages.length;
  }

  private event(batch: readonly Message[]): SQSEvent {
    return { Records: batch.map((m) => this.record(m)) };
  }

  private record(m: Message): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: `${m.messageId}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(m.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: this.arn,
      awsRegion: REGION,
    };
  }

  /** Resolves when the batches under way are done (stop). */
  async settled(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await Promise.all([...this.batches]);
  }
}
