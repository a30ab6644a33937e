/**
 * Bench part `rent` (docs/benchmarks.md "bench:rent", docs/rent-cycle.md "At scale"): a real fanned-out rent
 * run over N active leases, each due today, written into an in-memory local runtime (through the leases
 * repository, as the fixture loader writes them). The run is the schedule's: the lease ids read keys only and
 * sent as pages to the local rentRunPages queue, which the job runner hands to the real worker, at most
 * `--workers` at once. Every write the run makes is counted per partition of the table and of each index
 * (partition-writes.ts), so the most written partition per charge gives the charges a second DynamoDB allows
 * (1,000 writes a second per partition). DynamoDB Local on this machine's cores: wall times are for comparing
 * runs, not the cloud's. The other background jobs are stopped, so the writes are the run's alone.
 *
 * Run: `npm run bench:rent -- --leases 10000 [--workers 4]`; the last line on stdout is the result (one JSON line).
 */

import { lateFeeTerms } from '../shared/domain/rent/late-fee-rules.js';
import { startBenchRuntime } from './standalone.js';

/** DynamoDB's write throughput per partition (writes of up to 1 KB a second). */
const PARTITION_WRITES_PER_SECOND = 1000;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : undefined;
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}

const leases = option('leases', 1000);
const workers = option('workers', 4);

const runtime = await startBenchRuntime();
try {
  // The runtime's jobs (mails, audit, webhooks: their own benches measure them, and the hourly schedules) are
  // stopped; this bench's runner has the rent run's worker queue only, capped at --workers.
  await runtime.jobs.stop();
  const { rentRunPages } = await import('../functions/adminLeases/jobs.js');
  const { startJobRunner } = await import('../infra/local/job-runner.js');
  const writes = await import('./partition-writes.js');
  const { putGivenLease } = await import('../shared/workflows/leases/given-lease.js');
  const { queueRentRun } = await import('../shared/workflows/rent/pages.js');
  const { getSettings } = await import('../shared/data/settings-repo.js');
  const { todayIn } = await import('../shared/domain/dates.js');
  const { mapLimited } = await import('../shared/jobs/limiter.js');

  const today = todayIn((await getSettings()).systemTimeZone, new Date());
  // One (made-up) tenant and property each, as in a real portfolio: a tenant's invoice list (TENANTINV#) and a
  // property's (PROPINV#) are then written once a charge each, as the cloud's would be. The run takes every
  // lease's own terms, so it never reads the property or the tenant.
  const ids = Array.from({ length: leases }, (_, i) => 1_000_000 + i);
  let done = 0;
  await mapLimited(
    ids,
    async (leaseId) => {
      await putGivenLease({
        leaseId,
        tenantId: leaseId,
        propertyId: leaseId,
        status: 'active',
        startDate: today,
        endDate: '',
        dateCreated: new Date().toISOString(),
        terms: {
          rentCents: 150_000,
          depositCents: 0,
          dueDay: Math.min(Number(today.slice(8, 10)), 28),
          graceDays: 5,
          lateFee: lateFeeTerms({ flat: 5_000 }),
          issueDaysBefore: 0,
        },
      });
      // Progress on stderr: stdout's last line is the result.
      if (++done % 10_000 === 0) console.error(`${done} leases written`);
    },
    8,
  );
  console.error(`${leases} leases written; the run starts`);

  const worker = { ...rentRunPages, maxConcurrency: workers };
  const runner = await startJobRunner({
    jobs: [worker],
    dynamodbUrl: runtime.dynamodbUrl,
    dynamodbDatabase: runtime.dynamodbDatabase,
    tableName: runtime.tableName,
    timers: false,
  });
  writes.installWriteCounter();
  writes.resetWrites();
  const by = { actor: 'system:rent' as const, requestId: 'bench' };
  const start = performance.now();
  const queued = await queueRentRun(today, by, async (pages) => {
    for (const page of pages) runner.queues.sendTo(worker.id, JSON.stringify(page));
  });
  await runner.drain(24 * 60 * 60_000);
  const wallMs = Math.round(performance.now() - start);
  const kept = runner.status().find((s) => s.id === worker.id)?.keptFailures ?? 0;
  await runner.stop();

  const { tableWrites, top, charges } = writes.hottest();
  const perCharge = (n: number) => (charges > 0 ? Math.round((n / charges) * 1000) / 1000 : 0);
  const hottest = top.map((t) => ({
    index: t.index,
    partition: t.partition,
    writesPerCharge: perCharge(t.writes),
  }));
  const worst = Math.max(...hottest.map((h) => h.writesPerCharge));
  if (kept > 0) console.error(`${kept} pages were given up on: see the runner's JOBFAILURE items`);
  console.log(
    JSON.stringify({
      leases: queued.leases,
      pages: queued.pages,
      workers,
      wallMs,
      writesPerCharge: perCharge(tableWrites),
      hottest,
      ceilingChargesPerSecond: worst > 0 ? Math.round(PARTITION_WRITES_PER_SECOND / worst) : null,
    }),
  );
} finally {
  await runtime.stop();
}
process.exit(0);
