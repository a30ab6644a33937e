/**
 * The cloud's one reader of the table's stream (shared/jobs/reader.ts): every table-change job of JOBS with its
 * handler, and the retry path on the table for a job's failing records. Like the registry it sits beside the
 * groups and imports their job entries; test/table-changes.test.ts checks that it lists exactly the table-change jobs
 * of JOBS.
 */

import type { DispatchedJob } from '../shared/jobs/dispatch.js';
import { tableChangesReader } from '../shared/jobs/reader.js';
import { tableRetryPath } from '../shared/jobs/table-retry-path.js';
import { handler as accountingChangesHandler } from './accounting/change-consumer.js';
import { accountingChanges } from './accounting/jobs.js';
import { turnovers } from './adminHousekeeping/jobs.js';
import { handler as turnoversHandler } from './adminHousekeeping/turnover-consumer.js';
import { messageOutbox } from './adminMessages/jobs.js';
import { handler as messageOutboxHandler } from './adminMessages/outbox-consumer.js';
import { handler as tenantCountHandler } from './adminTenants/count-consumer.js';
import { tenantCount } from './adminTenants/jobs.js';
import { handler as fanOutHandler } from './adminWebhooks/fan-out-consumer.js';
import { webhookFanOut } from './adminWebhooks/jobs.js';
import { handler as auditHandler } from './audit/consumer.js';
import { auditLog } from './audit/jobs.js';
import { openIntentCancel, overpaymentRefund } from './payments/jobs.js';
import { handler as openIntentCancelHandler } from './payments/open-intent-cancel.js';
import { handler as overpaymentRefundHandler } from './payments/overpayment-refund.js';

export const TABLE_CHANGE_HANDLERS: readonly DispatchedJob[] = [
  { job: auditLog, handler: auditHandler },
  { job: turnovers, handler: turnoversHandler },
  { job: webhookFanOut, handler: fanOutHandler },
  { job: messageOutbox, handler: messageOutboxHandler },
  { job: openIntentCancel, handler: openIntentCancelHandler },
  { job: overpaymentRefund, handler: overpaymentRefundHandler },
  { job: accountingChanges, handler: accountingChangesHandler },
  { job: tenantCount, handler: tenantCountHandler },
];

export const handler = tableChangesReader(TABLE_CHANGE_HANDLERS, tableRetryPath);
