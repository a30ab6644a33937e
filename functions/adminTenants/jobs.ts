/** The tenants group's background job (docs/jobs.md, docs/tenants.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const tenantCount = defineJob({
  id: 'tenantCount',
  group: 'adminTenants',
  entry: 'count-consumer.ts',
  description: "Keeps the tenants' total: each tenant item inserted or removed counted once",
  kind: 'tableChange',
  // It only writes the count: the shared stream reader gets none of the group's keys for it.
  access: 'table',
  // The tenant item's `entity` (shared/data/tenants-repo.ts; not imported: contracts load without the AWS SDK).
  entity: 'tenant',
  events: ['INSERT', 'REMOVE'],
  batchSize: 25,
  maxRetries: 5,
});

export const jobs = [tenantCount];
