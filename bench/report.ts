/** Renders the benchmark's results as Markdown tables (printed to stdout and written to bench/results/latest.md). */
import type { BookingResult } from './booking.js';
import type { BundleRow } from './bundles.js';
import { type LatencyRow, targetP50 } from './http-latency.js';
import type { ScaleResult } from './scale.js';
import { median, ms } from './stats.js';

export interface TargetCheck {
  target: string;
  subject: string;
  concurrency: number;
  value: number;
  base: number;
  /** What value and base are: p50 in ms, a ratio, or DynamoDB read commands per request. */
  unit: 'ms' | 'x' | 'reads';
  ratio: number;
  limit: number;
  pass: boolean;
}

export interface BenchResults {
  meta: Record<string, unknown>;
  latency: LatencyRow[];
  bundles: BundleRow[];
  scale: ScaleResult | undefined;
  booking?: BookingResult | undefined;
  targets: TargetCheck[];
}

function table(head: string[], rows: (string | number)[][]): string {
  const align = head.map((h) =>
    /^(name|route|bundle|target|subject|case|command and item)$/i.test(h) ? ':--' : '--:',
  );
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const shown = (unit: TargetCheck['unit'], value: number) =>
  unit === 'ms' ? `${ms(value)} ms` : unit === 'x' ? `${value.toFixed(2)}x` : `${value} reads`;

function latencyTable(rows: readonly LatencyRow[], floorOf: (c: number) => LatencyRow | undefined): string {
  return table(
    [
      'route',
      'conc.',
      'n',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'p50 / floor †',
      'alone: p50 ms',
      'alone: req/s',
      'errors',
    ],
    rows.map((r) => {
      const floor = floorOf(r.concurrency);
      const vsFloor = floor && floor !== r ? `${(targetP50(r) / targetP50(floor)).toFixed(2)}x` : '';
      const errors = r.errors ? `${r.errors} (${r.firstError ?? ''})`.slice(0, 80) : '0';
      return [
        r.name,
        r.concurrency,
        `${r.n}${r.truncated ? '*' : ''}`,
        ms(r.p50),
        ms(r.p90),
        ms(r.p99),
        vsFloor,
        ms(r.aloneP50),
        r.rps.toFixed(0),
        errors,
      ];
    }),
  );
}

function scaleTable(scale: ScaleResult): string {
  const first = scale.points[0];
  const rows = scale.points.flatMap((p) =>
    p.list.map((r) => {
      const floor = p.floor.find((f) => f.concurrency === r.concurrency);
      const base = first?.list.find((b) => b.concurrency === r.concurrency);
      const baseFloor = first?.floor.find((f) => f.concurrency === r.concurrency);
      const vsFirst = base && p !== first ? `${(targetP50(r) / targetP50(base)).toFixed(2)}x` : '';
      // The same ratio with each p50 taken relative to its interleaved floor: corrects for drift between runs.
      const normalized =
        base && floor && baseFloor && p !== first
          ? `${(targetP50(r) / targetP50(floor) / (targetP50(base) / targetP50(baseFloor))).toFixed(2)}x`
          : '';
      return [
        p.properties,
        r.concurrency,
        `${r.n}${r.truncated ? '*' : ''}`,
        ms(r.p50),
        ms(r.p90),
        ms(r.p99),
        r.rps.toFixed(0),
        floor ? ms(floor.p50) : '-',
        vsFirst,
        normalized,
        r.errors,
      ];
    }),
  );
  return [
    `Loaded: ${scale.inserted} × insertProperty in ${(scale.insertMs / 1000).toFixed(1)} s, then ${scale.bulkLoaded} batch-written in ${(scale.bulkLoadMs / 1000).toFixed(1)} s.`,
    '',
    table(
      [
        'VR properties',
        'conc.',
        'n',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'req/s',
        'floor p50 ms',
        `p50 / @${first?.properties} †`,
        'same, floor-normalised †',
        'errors',
      ],
      rows,
    ),
  ].join('\n');
}

/** The floor×3 case that makes the same reads as a booking route (bench/booking.ts readCases). */
const SAME_READS: Record<string, string> = {
  'GET availability (3 nights)': 'floor×3: the reads of availability',
  'GET calendar (12 months)': 'floor×3: the reads of calendar',
};

function bookingSection(b: BookingResult, floorName: string): string {
  const first = b.points[0];
  const rows = b.points.flatMap((p) =>
    p.rows.map((r) => {
      const floor = p.rows.find((f) => f.name === floorName && f.concurrency === r.concurrency);
      const base = first?.rows.find((x) => x.name === r.name && x.concurrency === r.concurrency);
      const vsFloor = floor && floor !== r ? `${(targetP50(r) / targetP50(floor)).toFixed(2)}x` : '';
      const vsFirst = base && p !== first ? `${(targetP50(r) / targetP50(base)).toFixed(2)}x` : '';
      const sameReads = p.rows.find((f) => f.concurrency === r.concurrency && f.name === SAME_READS[r.name]);
      const vsReads = sameReads ? `${(targetP50(r) / targetP50(sameReads)).toFixed(2)}x` : '';
      return [
        r.name,
        p.reservations,
        r.concurrency,
        `${r.n}${r.truncated ? '*' : ''}`,
        ms(r.p50),
        ms(r.p99),
        vsFloor,
        vsReads,
        vsFirst,
        ms(r.aloneP50),
        r.rps.toFixed(0),
        r.errors ? `${r.errors} (${r.firstError ?? ''})`.slice(0, 80) : '0',
      ];
    }),
  );
  const reads = b.reads.map((r) => [
    r.case,
    r.reservations,
    r.reads === r.readsMax ? r.reads : `${r.reads}–${r.readsMax}`,
    r.inSequence ?? '-',
    r.commands,
  ]);
  const burst = b.burst;
  const steps = Object.entries(burst.counterSteps)
    .map(([c, s]) => `${c} +${s.join('/+')}`)
    .join(', ');
  return [
    `Measured property ${b.measuredPropertyId} (3 units), stay ${b.stay.dateFrom} → ${b.stay.dateTo}. Loaded: ${b.fill.inserted} reservations in one transaction each (${(b.fill.insertMs / 1000).toFixed(1)} s), then ${b.fill.bulkLoaded} batch-written as ${b.fill.bulkItems} items (${(b.fill.bulkLoadMs / 1000).toFixed(1)} s).`,
    '',
    table(
      [
        'route',
        'reservations',
        'conc.',
        'n',
        'p50 ms',
        'p99 ms',
        'p50 / floor †',
        'p50 / same reads †',
        `p50 / @${first?.reservations} †`,
        'alone: p50 ms',
        'alone: req/s',
        'errors',
      ],
      rows,
    ),
    '',
    'DynamoDB commands per request (counted on the shared client, each request sent alone):',
    '',
    table(['case', 'reservations', 'reads', 'round trips in sequence', 'commands'], reads),
    '',
    'Book (tenant session, one-night stays round-robin over 20 properties, a distinct client IP each):',
    '',
    table(
      [
        'case',
        'conc.',
        'n',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'req/s',
        'CPU ms / booking ‡',
        'cores busy ‡',
        'errors',
      ],
      b.book.map((r) => [
        'POST book',
        r.concurrency,
        `${r.n}${r.truncated ? '*' : ''}`,
        ms(r.p50),
        ms(r.p90),
        ms(r.p99),
        r.rps.toFixed(1),
        ms(r.cpuMsPerBooking, 1),
        r.coresBusy.toFixed(2),
        r.errors ? `${r.errors} (${r.firstError ?? ''})`.slice(0, 80) : '0',
      ]),
    ),
    '',
    '`‡` = CPU of this process (server, handlers, load worker) and its children (DynamoDB Local) from /proc, over the measured run.',
    '',
    `Burst, ${burst.rounds} rounds: one booking alone ${ms(median(burst.singleMs))} ms (median), 20 at once on 20 properties ${ms(median(burst.burstMs))} ms (median; ${(median(burst.burstMs) / median(burst.singleMs)).toFixed(2)}x); errors ${burst.errors}${burst.firstError ? ` (${burst.firstError.slice(0, 80)})` : ''}.`,
    `Cores busy during the bursts: ${burst.burstCoresBusy.map((c) => c.toFixed(2)).join(', ')} of ${burst.cores}. Bound by the CPU alone, 20 bookings would take ${ms(burst.cpuBoundMs)} ms (20 × the CPU of one booking ÷ ${burst.cores} cores); the burst took ${(median(burst.burstMs) / burst.cpuBoundMs).toFixed(2)}x that.`,
    `Book's commands, in order of completion (one request): ${b.reads.find((r) => r.case.startsWith('POST book'))?.trace.join('; ') ?? '-'}.`,
    '',
    table(
      ['command and item', 'in the bursts: n', 'p50 ms', 'single bookings: n', 'p50 ms'],
      Object.entries(burst.commandsByKind)
        .slice(0, 16)
        .map(([kind, c]) => {
          const alone = burst.singleByKind[kind];
          return [kind, c.n, ms(c.p50Ms), alone?.n ?? 0, alone ? ms(alone.p50Ms) : '-'];
        }),
    ),
    '',
    `Id counters per burst of 20: ${steps}. Transactions per booking: ${burst.transactionsPerBooking.toFixed(2)}. Commands over the rounds (settling included, so the job runner's work too): ${burst.commands}; failed: ${burst.failed}.`,
  ].join('\n');
}

export function renderMarkdown(results: BenchResults, floorName: string): string {
  const out: string[] = [];
  const m = results.meta;
  const load = m.loadAverage as Record<string, number[]> | undefined;
  const loads = Object.entries(load ?? {})
    .map(([at, l]) => `${at} ${l[0]?.toFixed(1)}`)
    .join(', ');
  out.push(
    `Run ${m.date} on ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, node ${m.node}, commit ${m.commit}${m.quick ? ' (BENCH_QUICK)' : ''}; ${m.durationS} s in all. 1-min load average: ${loads}.`,
  );
  if (results.latency.length) {
    const floorOf = (c: number) => results.latency.find((r) => r.name === floorName && r.concurrency === c);
    out.push(
      '',
      '### 1. Warm latency over HTTP (local runtime, DynamoDB Local)',
      '',
      latencyTable(results.latency, floorOf),
    );
  }
  if (results.bundles.length) {
    const base = results.bundles[0];
    out.push(
      '',
      '### 2. Lambda bundles (esbuild, ESM, node22, minified, SDK bundled) and cold import',
      '',
      table(
        [
          'bundle',
          'KiB',
          'gzip KiB',
          'vs baseline',
          'import ms (median)',
          'min–max ms',
          'process ms',
          'runs',
        ],
        results.bundles.map((b) => [
          b.name + (b.requireBanner ? ' (createRequire banner)' : ''),
          kb(b.bytes),
          kb(b.gzipBytes),
          base && b !== base
            ? `${(b.bytes / base.bytes).toFixed(2)}x size, ${(b.importMs / base.importMs).toFixed(2)}x import`
            : '',
          ms(b.importMs, 1),
          `${ms(b.importMinMs, 1)}–${ms(b.importMaxMs, 1)}`,
          ms(b.processMs, 0),
          b.runs,
        ]),
      ),
    );
  }
  const scale = results.scale;
  if (scale) out.push('', '### 3. VR list (page 1, limit 20) by catalog size', '', scaleTable(scale));
  if (results.booking) out.push('', '### 4. Public booking', '', bookingSection(results.booking, floorName));
  if (results.targets.length) {
    out.push(
      '',
      '### Targets',
      '',
      table(
        ['target', 'subject', 'conc.', 'value', 'base', 'ratio', 'limit', 'result'],
        results.targets.map((t) => [
          t.target,
          t.subject,
          t.concurrency,
          shown(t.unit, t.value),
          shown(t.unit, t.base),
          `${t.ratio.toFixed(2)}x`,
          `${t.limit}x`,
          t.pass ? 'PASS' : 'MISS',
        ]),
      ),
    );
  }
  out.push(
    '',
    '`*` = stopped by the time cap before all requests were measured. `alone` = the route measured by itself (throughput runs).',
    '`†` = ratios of p50s as the targets take them: at concurrency 1 the interleaved p50s; above 1 the p50s of each route alone (interleaved requests queue behind each other, so every route shows the same queue time).',
  );
  return out.join('\n');
}
