/** Renders the benchmark's results as Markdown tables (printed to stdout and written to bench/results/latest.md). */
import type { BundleRow } from './bundles.js';
import { type LatencyRow, targetP50 } from './http-latency.js';
import type { ScaleResult } from './scale.js';
import { ms } from './stats.js';

export interface TargetCheck {
  target: string;
  subject: string;
  concurrency: number;
  value: number;
  base: number;
  /** What value and base are: p50 in ms, or a ratio. */
  unit: 'ms' | 'x';
  ratio: number;
  limit: number;
  pass: boolean;
}

export interface BenchResults {
  meta: Record<string, unknown>;
  latency: LatencyRow[];
  bundles: BundleRow[];
  scale: ScaleResult | undefined;
  targets: TargetCheck[];
}

function table(head: string[], rows: (string | number)[][]): string {
  const align = head.map((h) => (/^(name|route|bundle|target|subject|case)$/i.test(h) ? ':--' : '--:'));
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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
          t.unit === 'ms' ? `${ms(t.value)} ms` : `${t.value.toFixed(2)}x`,
          t.unit === 'ms' ? `${ms(t.base)} ms` : `${t.base.toFixed(2)}x`,
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
