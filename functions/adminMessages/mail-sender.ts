/**
 * The mailSender job's Lambda entry (every minute; docs/messages.md "Paced to SES"): the queue is the
 * messages' due entries (M5, spread, read merged by due time). A run reads the account's sending limits from
 * SES, caps the rate with the site's `mailMaxSendRate`, and for up to RUN_BUDGET_MS claims and sends the due
 * messages no faster than that (the one limiter, shared/jobs/limiter.ts). A throttle halves the pace for the rest of the run and puts the message back
 * a moment; the spent daily quota stops the sending for the run and puts each due message back an hour with
 * the reason the log shows. The run ends early when nothing is due.
 */

import { now } from '../../shared/clock.js';
import { deferMessage } from '../../shared/data/mail-messages-repo.js';
import { dueMessages, queuedCount, queueHead } from '../../shared/data/mail-queue-repo.js';
import {
  paceOf,
  QUOTA_REASON,
  QUOTA_RECHECK_MS,
  RUN_BUDGET_MS,
  slowedDown,
} from '../../shared/domain/messages/pacing.js';
import type { MessageRecord } from '../../shared/domain/messages/record.js';
import { Limiter, mapLimited, paced } from '../../shared/jobs/limiter.js';
import { log } from '../../shared/log.js';
import { sendQuota } from '../../shared/mail.js';
import { type Clock, mailContext, sendQueued, type TryResult } from './deliver.js';
import { emitMailQueueMetrics } from './mail-metrics.js';

/** Sends under way at once (SES answers in tens of milliseconds: 20 carry 200 a second). */
const IN_FLIGHT = 20;
/** Writes at once while putting messages back for the daily quota (no SES call). */
const DEFER_PARALLEL = 10;

export interface SenderRun {
  sent: number;
  failedTries: number;
  throttled: number;
  deferredByQuota: number;
  /** The pace the run ended at (sends a second). */
  perSecond: number;
}

export interface RunOptions {
  /** How long the run may send (default RUN_BUDGET_MS). */
  budgetMs?: number;
  /** Emit the queue's metrics (default true; the local runtime's frequent runs leave them to the schedule). */
  metrics?: boolean;
}

export async function sendDueMessages(clock: Clock, options: RunOptions = {}): Promise<SenderRun> {
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS;
  const began = performance.now();
  const run: SenderRun = { sent: 0, failedTries: 0, throttled: 0, deferredByQuota: 0, perSecond: 0 };
  const left = () => budgetMs - (performance.now() - began);
  if ((await dueMessages(clock().toISOString(), 1)).length > 0) await sendWhileDue(run, clock, left);
  if (options.metrics !== false)
    emitMailQueueMetrics(run, { queued: await queuedCount(), head: await queueHead() }, clock());
  if (run.throttled > 0 || run.deferredByQuota > 0) log('info', 'mail sender held back by SES', { ...run });
  return run;
}

async function sendWhileDue(run: SenderRun, clock: Clock, left: () => number): Promise<void> {
  const ctx = await mailContext(clock());
  const pace = paceOf(await quotaOrSlowest(), ctx.settings.mailMaxSendRate);
  let perSecond = pace.perSecond;
  const sends = new Limiter({ concurrency: IN_FLIGHT, rates: [paced(perSecond)] });
  let leftToday = pace.leftToday;

  const settle = (result: TryResult | undefined) => {
    if (!result) return;
    const { message, refusal } = result;
    if (message.status === 'sent') run.sent += 1;
    else if (refusal === 'throttled') {
      run.throttled += 1;
      perSecond = slowedDown(perSecond);
      sends.setRates([paced(perSecond)]);
    } else if (refusal === 'dailyQuota') {
      run.deferredByQuota += 1;
      leftToday = 0;
    } else run.failedTries += 1;
  };

  while (left() > 0) {
    const due = await dueMessages(clock().toISOString(), pageSize(perSecond));
    if (due.length === 0) break;
    if (leftToday <= 0) {
      run.deferredByQuota += await deferForQuota(due, clock);
      continue;
    }
    for (const message of due) {
      if (left() <= 0 || leftToday <= 0) break;
      leftToday -= 1;
      // Resolves once the send has started: the checks above see each send's outcome as it comes.
      await sends.add(() =>
        sendQueued(message, ctx, clock).then(settle, (error: unknown) => {
          log('error', 'a queued message could not be sent', {
            messageId: message.messageId,
            error: (error as Error).message,
          });
        }),
      );
    }
    await sends.drain();
  }
  run.perSecond = perSecond;
}

/**
 * SES's limits; when SES does not answer, one a second with no daily quota known: each send then fails or
 * goes on its own merits (a refusal is a try on the retry ladder), and the next run asks again.
 */
async function quotaOrSlowest() {
  try {
    return await sendQuota();
  } catch (error) {
    log('warn', 'SES sending limits unknown: sending one a second', { error: (error as Error).message });
    return { maxSendRate: 1, max24HourSend: -1, sentLast24Hours: 0 };
  }
}

/** A page of the queue: about two seconds of sending, at least 25 and at most 200. */
const pageSize = (perSecond: number) => Math.min(200, Math.max(25, perSecond * 2));

/** The daily quota is spent: each due message waits an hour, its reason shown in the log. */
async function deferForQuota(due: readonly MessageRecord[], clock: Clock): Promise<number> {
  const now = clock();
  const until = new Date(now.getTime() + QUOTA_RECHECK_MS).toISOString();
  const moved = await mapLimited(due, (m) => deferMessage(m, until, QUOTA_REASON, now), DEFER_PARALLEL);
  return moved.filter(Boolean).length;
}

export const handler = async (): Promise<void> => {
  await sendDueMessages(now);
};
