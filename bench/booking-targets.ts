/**
 * The public booking targets (docs/benchmarks.md), as TargetCheck rows of the report:
 * availability and quote p50 ≤ 1.5x the floor, calendar (12 months) ≤ 2x; the same p50s with 10,000
 * reservations ≤ 1.2x those with 100 (raw and floor-normalised); the same read count at both sizes; 20
 * concurrent bookings on 20 properties within 3x the time of one.
 */
import type { BookingResult } from './booking.js';
import { FLOOR_CASE, type LatencyRow, targetP50 } from './http-latency.js';
import type { TargetCheck } from './report.js';
import { median } from './stats.js';

export const BOOKING_FLOOR_LIMITS: Record<string, number> = {
  'GET availability (3 nights)': 1.5,
  'POST quote (3 nights)': 1.5,
  'GET calendar (12 months)': 2,
};
export const RESERVATIONS_LIMIT = 1.2;
export const BURST_LIMIT = 3;

function check(
  target: string,
  subject: string,
  concurrency: number,
  value: number,
  base: number,
  unit: TargetCheck['unit'],
  limit: number,
): TargetCheck {
  const ratio = value / base;
  return { target, subject, concurrency, value, base, unit, ratio, limit, pass: ratio <= limit };
}

const alone = (r: LatencyRow) => (r.concurrency > 1 ? ' (alone)' : '');

function floorChecks(rows: readonly LatencyRow[], reservations: number): TargetCheck[] {
  return rows.flatMap((r) => {
    const limit = BOOKING_FLOOR_LIMITS[r.name];
    const floor = rows.find((f) => f.name === FLOOR_CASE.name && f.concurrency === r.concurrency);
    if (limit === undefined || !floor) return [];
    return [
      check(
        `p50 ≤ ${limit}x floor`,
        `${r.name} @${reservations} reservations${alone(r)}`,
        r.concurrency,
        targetP50(r),
        targetP50(floor),
        'ms',
        limit,
      ),
    ];
  });
}

function sizeChecks(result: BookingResult): TargetCheck[] {
  const [small, large] = result.points;
  if (!small || !large) return [];
  const target = `p50 @${large.reservations} ≤ ${RESERVATIONS_LIMIT}x @${small.reservations}`;
  const floorOf = (rows: readonly LatencyRow[], c: number) =>
    rows.find((f) => f.name === FLOOR_CASE.name && f.concurrency === c);
  return large.rows.flatMap((r) => {
    if (BOOKING_FLOOR_LIMITS[r.name] === undefined) return [];
    const base = small.rows.find((s) => s.name === r.name && s.concurrency === r.concurrency);
    if (!base) return [];
    const checks = [
      check(
        target,
        `${r.name}${alone(r)}`,
        r.concurrency,
        targetP50(r),
        targetP50(base),
        'ms',
        RESERVATIONS_LIMIT,
      ),
    ];
    const floor = floorOf(large.rows, r.concurrency);
    const baseFloor = floorOf(small.rows, r.concurrency);
    if (floor && baseFloor) {
      checks.push(
        check(
          target,
          `${r.name}, p50 ÷ floor p50${alone(r)}`,
          r.concurrency,
          targetP50(r) / targetP50(floor),
          targetP50(base) / targetP50(baseFloor),
          'x',
          RESERVATIONS_LIMIT,
        ),
      );
    }
    return checks;
  });
}

function readChecks(result: BookingResult): TargetCheck[] {
  const [small, large] = result.points;
  if (!small || !large) return [];
  return result.reads
    .filter((r) => r.reservations === large.reservations)
    .flatMap((r) => {
      const base = result.reads.find((b) => b.case === r.case && b.reservations === small.reservations);
      if (!base) return [];
      return [
        check(
          `reads @${large.reservations} = reads @${small.reservations}`,
          r.case,
          1,
          r.readsMax,
          base.reads,
          'reads',
          1,
        ),
      ];
    });
}

export function bookingTargets(result: BookingResult): TargetCheck[] {
  const burst = result.burst;
  return [
    ...result.points.flatMap((p) => floorChecks(p.rows, p.reservations)),
    ...sizeChecks(result),
    ...readChecks(result),
    check(
      `20 at once ≤ ${BURST_LIMIT}x one`,
      'POST book, 20 properties (median wall time)',
      20,
      median(burst.burstMs),
      median(burst.singleMs),
      'ms',
      BURST_LIMIT,
    ),
  ];
}
