/**
 * The local runtime's mail sender (docs/local-runtime.md, docs/messages.md "Paced to SES"): the cloud runs
 * the mailSender job every minute; locally the job's own run (sendDueMessages, same code, same pacing and
 * claims) also runs every second and whenever the runtime's drain asks, so a test or a developer sees a mail
 * as soon as its cause committed. The drain waits until no queued message is due before a throttle's short
 * wait would have passed: a message SES throttled is sent before it answers; one waiting for a retry (a
 * minute or more) or for the daily quota is not waited for. Loaded after the handlers' environment is set.
 */

import { now as clockNow } from '../../shared/clock.js';
import { THROTTLE_BACKOFF_MS } from '../../shared/domain/messages/pacing.js';
import type { JobRunner } from './job-runner.js';

const EVERY_MS = 1000;
/** A local run sends for at most this long before the drain looks at the queue again. */
const LOCAL_BUDGET_MS = 5000;
/** Queued messages due within this are waited for by the drain (a throttled one comes back sooner). */
const SOON_MS = THROTTLE_BACKOFF_MS + 1000;

export interface MailPump {
  /** Sends the due messages, and waits for those due soon; the number sent. Rejects after `deadline`. */
  drain(deadline: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startMailPump(): Promise<MailPump> {
  const { sendDueMessages } = await import('../../functions/adminMessages/mail-sender.js');
  const { queueHead } = await import('../../shared/data/mail-queue-repo.js');
  let running: Promise<number> | undefined;
  let stopped = false;

  const runOnce = (): Promise<number> => {
    running ??= sendDueMessages(clockNow, { budgetMs: LOCAL_BUDGET_MS, metrics: false })
      .then((run) => run.sent)
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!running && !stopped) runOnce().catch(() => undefined);
  }, EVERY_MS).unref();

  return {
    async drain(deadline) {
      let sent = 0;
      for (;;) {
        // A run under way may have read the queue before the caller's write: wait for it, then run again.
        await running?.catch(() => undefined);
        sent += await runOnce();
        const head = await queueHead();
        const wait = head ? Date.parse(head.dueAt) - Date.now() : Number.POSITIVE_INFINITY;
        if (wait > SOON_MS) return sent;
        if (Date.now() > deadline) throw new Error('queued mail not sent before the deadline');
        await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 20), 200)));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/**
 * The job runner whose drain also waits for the queued mail: the table-change jobs queue messages, the mail
 * pump sends them; round again until a pass sends nothing (a sent mail writes no change a job reads).
 */
export function withMailDrain(jobs: JobRunner, mail: MailPump): JobRunner {
  return {
    ...jobs,
    async drain(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await jobs.drain(Math.max(1, deadline - Date.now()));
        if ((await mail.drain(deadline)) === 0) return;
      }
    },
  };
}
