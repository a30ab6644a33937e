/** The accounting sync's background jobs (docs/accounting.md "The sync", docs/jobs.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const accountingChanges = defineJob({
  id: 'accountingChanges',
  group: 'accounting',
  entry: 'change-consumer.ts',
  description:
    'Puts each change of money (invoices, expenses, payments, refunds) in the QuickBooks sync queue',
  kind: 'tableChange',
  // It only marks sync states: the shared stream reader gets none of the group's keys, client or mail for it.
  access: 'table',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK; a test checks).
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const accountingSync = defineJob({
  id: 'accountingSync',
  group: 'accounting',
  entry: 'sync-job.ts',
  description: 'Pushes the queued records to the connected QuickBooks company, in order, paced to its limits',
  kind: 'schedule',
  everyMinutes: 1,
});

export const jobs = [accountingChanges, accountingSync];
