/**
 * Bench part `rent` (docs/benchmarks.md, docs/rent-cycle.md "At scale"): the rent run over 1,000 and 10,000 active leases written into
 * the table (through the leases repository, as the fixture loader writes them), each due today: wall time,
 * items written, reads per lease, and the same run again (it must write nothing). In-process against an
 * in-memory local runtime (DynamoDB Local on this machine's cores: figures are for comparing runs, not the
 * cloud's); the local job runner is stopped first, so the counts are the run's alone. The reasoning for 100,000 leases in the cloud is in docs/rent-cycle.md "At scale".
 *
 * Run: `npm run bench:rent` (= `npx tsx bench/rent.ts 1000 10000`).
 */

import { lateFeeTerms } from '../shared/domain/rent/late-fee-rules.js';
import { runStandalone } from './standalone.js';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

interface RunFigures {
  leases: number;
  wallMs: number;
  invoices: number;
  itemsWritten: number;
  readsPerLease: number;
  commands: string;
}

async function measure(_baseUrl: string, runtime: { jobs: { stop(): Promise<void> } }): Promise<unknown> {
  // The background jobs react to the run's changes (mails, audit, webhooks: their own benches measure them) and
  // the hourly rentRun schedule would run beside the bench's runs: stopped, so the counts are the run's own.
  await runtime.jobs.stop();
  const counter = await import('./command-counter.js');
  const { putGivenLease } = await import('../shared/workflows/leases/given-lease.js');
  const { runRent } = await import('../shared/workflows/rent/run.js');
  const { mapLimited } = await import('../shared/map-limited.js');
  counter.installCommandCounter();
  const today = new Date().toISOString().slice(0, 10);
  const by = { actor: 'system:rent' as const, requestId: 'bench' };
  const results: { leases: number; first: RunFigures; again: RunFigures }[] = [];
  let nextId = 1_000_000;
  let written = 0;
  for (const size of sizes.length ? sizes : [1000, 10_000]) {
    // The leases added this round, each due today (its start), through the repository as fixtures load them, a
    // few at a time. One (made-up) property each: a property's lease spans item holds all its leases, and the run
    // takes every lease's own terms, so it never reads the property.
    const ids = Array.from({ length: size - written }, () => nextId++);
    await mapLimited(
      ids,
      (leaseId) =>
        putGivenLease({
          leaseId,
          tenantId: 1,
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
        }),
      8,
    );
    written = size;
    // Progress on stderr: a round's figures survive a run stopped before the last round.
    console.error(`${size} leases written (${Math.round(performance.now() / 1000)} s)`);
    const once = async (): Promise<RunFigures> => {
      const before = counter.snapshot();
      const start = performance.now();
      const result = await runRent(today, by, new Date(), 'USD', today);
      const wallMs = Math.round(performance.now() - start);
      const sent = counter.since(before).sent;
      return {
        leases: result.leases,
        wallMs,
        invoices: result.invoices.length,
        itemsWritten: result.invoices.length * ITEMS_PER_CHARGE,
        readsPerLease: Math.round((counter.readsOf(sent) / result.leases) * 100) / 100,
        commands: counter.describe(sent),
      };
    };
    const first = await once();
    const again = await once();
    results.push({ leases: written, first, again });
    console.error(JSON.stringify(results.at(-1)));
  }
  return results;
}

/**
 * Items one charge writes: the invoice header, its line, 3 journal lines with the entry, the change item, the
 * month's guard, the rent state and the late-fee watch (see shared/workflows/rent/charges.ts).
 */
const ITEMS_PER_CHARGE = 9;

await runStandalone(measure);
