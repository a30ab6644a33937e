/**
 * The mail queue on the dashboard (infra/cdk/dashboard.ts, infra/cdk/mail-alarms.ts): one EMF line per
 * sender run with what it sent, what SES held back, how many messages are queued and how old the queue's
 * head is (the alarm fires when it is older than a day: mail carried over past the daily quota).
 */

import { emitCounts } from '../../shared/metrics.js';
import type { SenderRun } from './mail-sender.js';

/** infra/cdk/mail-alarms.ts MAIL_METRICS_NAMESPACE (not imported: the function bundles no CDK). */
const NAMESPACE = 'RentalPm/Mail';

export function emitMailQueueMetrics(
  run: SenderRun,
  queue: { queued: number; head: { dueAt: string; createdAt: string } | undefined },
  now: Date,
): void {
  const ageSeconds = queue.head
    ? Math.max(0, Math.round((now.getTime() - Date.parse(queue.head.createdAt)) / 1000))
    : 0;
  emitCounts({
    namespace: NAMESPACE,
    counts: {
      MailSent: run.sent,
      MailThrottled: run.throttled,
      MailDeferredByQuota: run.deferredByQuota,
      MailQueued: queue.queued,
      MailOldestQueuedAgeSeconds: ageSeconds,
    },
  });
}
