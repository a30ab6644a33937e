/** The audit group's background job (docs/jobs.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const auditLog = defineJob({
  id: 'auditLog',
  group: 'audit',
  entry: 'consumer.ts',
  description: 'Turns each change of the outbox (CHANGE# items) into one audit entry',
  kind: 'tableChange',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK; a test checks).
  entity: 'change',
  // A change item is put once and only expires afterwards: its INSERT is the change.
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const jobs = [auditLog];
