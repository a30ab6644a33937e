/** The adminLeases group's background job (docs/rent-cycle.md, docs/jobs.md), collected in functions/registry.ts JOBS. */
import { defineJob } from '../../shared/jobs/contract.js';

export const rentRun = defineJob({
  id: 'rentRun',
  group: 'adminLeases',
  entry: 'rent-run.ts',
  description:
    'Issues the RENT invoices due today and posts the late fees owed, once per lease and month (and day)',
  kind: 'schedule',
  // Hourly: the site's day begins at its own midnight; a run that finds nothing due writes nothing.
  everyMinutes: 60,
});

export const jobs = [rentRun];
