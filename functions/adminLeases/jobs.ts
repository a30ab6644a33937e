/** The adminLeases group's background jobs (docs/rent-cycle.md, docs/jobs.md), collected in functions/registry.ts JOBS. */
import { RentRunPageSchema } from '../../shared/domain/rent/queue-pages.js';
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
  // It only walks keys and sends pages: about 40 s at 1,000,000 leases (docs/rent-cycle.md "At scale").
  timeoutSeconds: 300,
});

export const rentRunPages = defineJob({
  id: 'rentRunPages',
  group: 'adminLeases',
  entry: 'rent-run-pages.ts',
  description: "Charges one page of the rent run's leases, or settles one page of its watched invoices",
  kind: 'queue',
  page: RentRunPageSchema,
  producers: [rentRun.id],
  // One page an invocation: a page's time is the invocation's, and a failure repeats one page only.
  batchSize: 1,
  // docs/rent-cycle.md "At scale": 20 workers charge 1,000,000 leases within the hour, under the ceiling the
  // table's partitions allow and far under the account's concurrency.
  maxConcurrency: 20,
  // A page takes seconds (shared/workflows/rent/pages.ts); the margin covers a slow Stripe and retried writes.
  timeoutSeconds: 120,
  memoryMb: 1024,
  maxReceives: 5,
});

export const jobs = [rentRun, rentRunPages];
