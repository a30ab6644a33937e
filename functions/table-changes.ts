/**
 * The cloud's one reader of the table's stream (shared/jobs/dispatch.ts): every table-change job of JOBS with
 * its handler. Like the registry it sits beside the groups and imports their job entries;
 * test/table-changes.test.ts checks that it lists exactly the table-change jobs of JOBS.
 */

import { type DispatchedJob, dispatchTableChanges } from '../shared/jobs/dispatch.js';
import { turnovers } from './adminHousekeeping/jobs.js';
import { handler as turnoversHandler } from './adminHousekeeping/turnover-consumer.js';
import { handler as fanOutHandler } from './adminWebhooks/fan-out-consumer.js';
import { webhookFanOut } from './adminWebhooks/jobs.js';
import { handler as auditHandler } from './audit/consumer.js';
import { auditLog } from './audit/jobs.js';

export const TABLE_CHANGE_HANDLERS: readonly DispatchedJob[] = [
  { job: auditLog, handler: auditHandler },
  { job: turnovers, handler: turnoversHandler },
  { job: webhookFanOut, handler: fanOutHandler },
];

export const handler = dispatchTableChanges(TABLE_CHANGE_HANDLERS);
