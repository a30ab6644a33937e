/**
 * `npm run bench`: one run, three parts, one report (docs/benchmarks.md).
 *   2. bundles: each group's Lambda bundle and its cold import, against a bare middy + lib-dynamodb bundle
 *      (first, while nothing else runs);
 *   1. warm HTTP latency of public routes against the local runtime, next to a one-GetItem floor route;
 *   3. the VR list with 100 and with 10,000 VR properties (it fills the same in-memory table);
 *   4. public booking: availability, calendar, quote, coupon check with 100 and 10,000 reservations, their
 *      DynamoDB commands counted, and book at concurrency 1, 8 and 20 at once (last: it fills the table more).
 *   5. money: invoice single and list page, the income report over a year of payments and an owner statement,
 *      reads counted at two table sizes (bench/money.ts).
 * BENCH_QUICK=1 runs fewer requests; BENCH_PARTS=latency,bundles,scale,booking,money picks parts.
 * Results: stdout, bench/results/latest.json and bench/results/latest.md.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BookingPlan } from './booking.js';
import {
  FLOOR_CASE,
  LATENCY_CASES,
  type LatencyPlan,
  type LatencyRow,
  LoadClient,
  measureCases,
  targetP50,
} from './http-latency.js';
import type { BenchResults, TargetCheck } from './report.js';
import type { ScaleResult } from './scale.js';

process.env.LOG_LEVEL ??= 'silent';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.env.BENCH_QUICK === '1';
const parts = new Set(
  (process.env.BENCH_PARTS ?? 'bundles,latency,scale,booking,money').split(',').map((p) => p.trim()),
);

// Per case: warm-up, interleaved latency requests, throughput requests (alone, over `rounds`); bounded by time too.
const plan = (warmup: number, requests: number, throughputRequests: number): LatencyPlan => ({
  concurrencies: [1, 8],
  warmup,
  requests,
  throughputRequests,
  rounds: 2,
  maxMsPerJob: 30_000,
});
const LATENCY_PLAN = quick ? plan(100, 400, 300) : plan(200, 1000, 800);
const SCALE_PLAN = quick ? plan(100, 400, 300) : plan(200, 1000, 600);
const SCALE_SIZES: readonly [number, number] = [100, 10_000];
const BOOKING_SIZES: readonly [number, number] = [100, 10_000];
const BOOKING_PLAN: BookingPlan = quick
  ? { latency: plan(50, 300, 200), bookings: { 1: 60, 8: 160 }, burstRounds: 3 }
  : {
      latency: { ...plan(100, 400, 400), maxMsPerJob: 60_000 },
      bookings: { 1: 200, 8: 480 },
      burstRounds: 7,
    };
const MONEY_SIZES: readonly [number, number] = [1_000, 20_000];
const MONEY_PLAN = quick ? plan(50, 300, 200) : plan(100, 400, 400);
const IMPORT_RUNS = quick ? 3 : 5;
const FLOOR_LIMIT = 1.3;
const SCALE_LIMIT = 1.5;

const say = (line: string) => console.log(line);
const seconds = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

function floorTargets(
  rows: readonly LatencyRow[],
  floorName: string,
  compared: ReadonlySet<string>,
  limit = FLOOR_LIMIT,
  subjectSuffix = '',
): TargetCheck[] {
  return rows
    .filter((r) => compared.has(r.name))
    .flatMap((r) => {
      const floor = rows.find((f) => f.name === floorName && f.concurrency === r.concurrency);
      if (!floor) return [];
      const ratio = targetP50(r) / targetP50(floor);
      return [
        {
          target: `p50 ≤ ${limit}x floor`,
          subject: `${r.name}${subjectSuffix}${r.concurrency > 1 ? ' (alone)' : ''}`,
          concurrency: r.concurrency,
          value: targetP50(r),
          base: targetP50(floor),
          unit: 'ms' as const,
          ratio,
          limit,
          pass: ratio <= limit,
        },
      ];
    });
}

function scaleTargets(scale: ScaleResult): TargetCheck[] {
  const [small, large] = scale.points;
  if (!small || !large) return [];
  const target = `p50 @${large.properties} ≤ ${SCALE_LIMIT}x @${small.properties}`;
  const check = (subject: string, concurrency: number, value: number, base: number, unit: 'ms' | 'x') => {
    const ratio = value / base;
    return {
      target,
      subject,
      concurrency,
      value,
      base,
      unit,
      ratio,
      limit: SCALE_LIMIT,
      pass: ratio <= SCALE_LIMIT,
    };
  };
  return large.list.flatMap((r) => {
    const base = small.list.find((s) => s.concurrency === r.concurrency);
    const floor = large.floor.find((s) => s.concurrency === r.concurrency);
    const baseFloor = small.floor.find((s) => s.concurrency === r.concurrency);
    if (!base) return [];
    const alone = r.concurrency > 1 ? ' (alone)' : '';
    const checks: TargetCheck[] = [
      check(`GET vrProperties list${alone}`, r.concurrency, targetP50(r), targetP50(base), 'ms'),
    ];
    // The same with each p50 as a multiple of the floor measured interleaved with it (drift on the machine cancels).
    if (floor && baseFloor) {
      checks.push(
        check(
          'GET vrProperties list, p50 ÷ floor p50',
          r.concurrency,
          r.p50 / floor.p50,
          base.p50 / baseFloor.p50,
          'x',
        ),
      );
    }
    return checks;
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const { GROUPS } = await import('../functions/registry.js');
  const results: BenchResults = {
    meta: {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      quick,
      latencyPlan: LATENCY_PLAN,
      scalePlan: SCALE_PLAN,
      scaleSizes: SCALE_SIZES,
      bookingPlan: BOOKING_PLAN,
      bookingSizes: BOOKING_SIZES,
      importRuns: IMPORT_RUNS,
      /** os.loadavg() when each part starts: other work on the machine shows here. */
      loadAverage: { start: loadavg() },
    },
    latency: [],
    bundles: [],
    scale: undefined,
    targets: [],
  };

  const loadAt = (part: string) => {
    (results.meta.loadAverage as Record<string, number[]>)[part] = loadavg();
  };
  if (parts.has('bundles')) {
    loadAt('bundles');
    const t = performance.now();
    say(
      `Part 2: bundling ${GROUPS.length + 1} entries and importing each ${IMPORT_RUNS}× in fresh node processes…`,
    );
    const { bundleEntries, measureBundles } = await import('./bundles.js');
    results.bundles = await measureBundles(bundleEntries(GROUPS), IMPORT_RUNS);
    say(`  done in ${seconds(t)}`);
  }

  let money: import('./money.js').MoneyResult | undefined;
  if (parts.has('latency') || parts.has('scale') || parts.has('booking') || parts.has('money')) {
    const { startBenchRuntime } = await import('./standalone.js');
    let t = performance.now();
    // trustProxy: the booking part gives each booking its own X-Forwarded-For address (per-IP limit 20/h).
    say('Starting the local runtime (in memory, demo fixture, no gateway rate limit, TRUST_PROXY)…');
    const runtime = await startBenchRuntime();
    // The runtime listens on every interface; the bench stays on loopback IPv4.
    const runtimeUrl = runtime.url.replace('localhost', '127.0.0.1');
    say(`  up in ${seconds(t)} at ${runtimeUrl}`);
    const { startFloorServer } = await import('./floor.js');
    const floor = await startFloorServer();
    const client = new LoadClient();
    try {
      if (parts.has('latency')) {
        loadAt('latency');
        t = performance.now();
        say(
          `Part 1: ${LATENCY_CASES.length} routes × concurrency ${LATENCY_PLAN.concurrencies.join(', ')}, ${LATENCY_PLAN.requests} requests each…`,
        );
        results.latency = await measureCases(
          client,
          LATENCY_CASES,
          { runtime: runtimeUrl, floor: floor.url },
          LATENCY_PLAN,
        );
        const compared = new Set(LATENCY_CASES.filter((c) => c.compareToFloor).map((c) => c.name));
        results.targets.push(...floorTargets(results.latency, FLOOR_CASE.name, compared));
        say(`  done in ${seconds(t)}`);
      }
      if (parts.has('scale')) {
        loadAt('scale');
        t = performance.now();
        say(`Part 3: VR list at ${SCALE_SIZES[0]} and ${SCALE_SIZES[1]} VR properties…`);
        const { measureScale } = await import('./scale.js');
        results.scale = await measureScale(
          client,
          { runtime: runtimeUrl, floor: floor.url },
          SCALE_SIZES,
          SCALE_PLAN,
          say,
        );
        results.targets.push(...scaleTargets(results.scale));
        say(`  done in ${seconds(t)}`);
      }
      if (parts.has('booking')) {
        loadAt('booking');
        t = performance.now();
        say(`Part 4: public booking at ${BOOKING_SIZES[0]} and ${BOOKING_SIZES[1]} reservations, then book…`);
        const { measureBooking } = await import('./booking.js');
        const { bookingTargets } = await import('./booking-targets.js');
        results.booking = await measureBooking(
          client,
          { runtime: runtimeUrl, floor: floor.url },
          BOOKING_SIZES,
          BOOKING_PLAN,
          say,
          () => runtime.jobs.drain(120_000),
        );
        results.targets.push(...bookingTargets(results.booking));
        say(`  done in ${seconds(t)}`);
      }
      if (parts.has('money')) {
        loadAt('money');
        t = performance.now();
        say(`Part 5: money at ${MONEY_SIZES[0]} and ${MONEY_SIZES[1]} payments…`);
        const { measureMoney } = await import('./money.js');
        money = await measureMoney(
          client,
          { runtime: runtimeUrl, floor: floor.url },
          MONEY_SIZES,
          MONEY_PLAN,
          say,
        );
        say(`  done in ${seconds(t)}`);
      }
    } finally {
      await client.close();
      await floor.stop();
      await runtime.stop();
    }
  }

  loadAt('end');
  results.meta.durationS = Math.round((performance.now() - started) / 1000);
  const { renderMarkdown } = await import('./report.js');
  let markdown = renderMarkdown(results, FLOOR_CASE.name);
  if (money) {
    const { moneySection } = await import('./money.js');
    markdown += `\n\n### 5. Money\n\n${moneySection(money)}`;
  }
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'latest.json'),
    `${JSON.stringify(money ? { ...results, money } : results, null, 2)}\n`,
  );
  writeFileSync(join(dir, 'latest.md'), `${markdown}\n`);
  say(`\n${markdown}\n\nWritten: bench/results/latest.json, bench/results/latest.md`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
