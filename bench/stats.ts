/** Small statistics helpers for the benchmark: nearest-rank percentiles over raw samples. */

export interface LatencySummary {
  /** Measured requests (warm-up excluded). */
  n: number;
  /** Responses with an unexpected status. */
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
  /** Completed requests per second over the measured wall time. */
  rps: number;
}

/** Nearest-rank percentile of an ascending array (q in 0..100). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

export function summarize(samplesMs: ArrayLike<number>, wallMs: number, errors = 0): LatencySummary {
  const sorted = Float64Array.from(samplesMs).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    n: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
    rps: wallMs > 0 ? (sorted.length / wallMs) * 1000 : Number.NaN,
  };
}

export const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.NaN);

export const ms = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
