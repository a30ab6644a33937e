/** The housekeeping group's background job (docs/jobs.md, docs/housekeeping.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const turnovers = defineJob({
  id: 'turnovers',
  group: 'adminHousekeeping',
  entry: 'turnover-consumer.ts',
  description: 'Keeps one cleaning request on the check-out date of each confirmed VR reservation',
  kind: 'tableChange',
  // CHANGE_ENTITY of shared/data/changes-repo.ts (not imported: contracts load without the AWS SDK).
  entity: 'change',
  events: ['INSERT'],
  batchSize: 25,
  maxRetries: 5,
});

export const jobs = [turnovers];
