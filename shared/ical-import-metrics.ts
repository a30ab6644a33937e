/**
 * The iCal import's metrics (docs/ical.md "Operations"): each icalImport run writes one EMF line
 * (shared/metrics.ts) in the namespace RentalPm/Ical, no dimension, which the stack's alarms watch
 * (infra/cdk/ical-alarms.ts).
 */
import { emitCounts } from './metrics.js';

export const ICAL_METRICS_NAMESPACE = 'RentalPm/Ical';
export const ICAL_IMPORT_METRICS = ['IcalFeedsUnhealthy', 'IcalImportStepErrors', 'IcalConflicts'] as const;
export type IcalImportCounts = Record<(typeof ICAL_IMPORT_METRICS)[number], number>;

/** What a run counts of its feeds' imports: feeds unhealthy, steps that failed, events not placed. */
export function importCounts(
  results: readonly { healthy: boolean; errors: readonly string[]; conflicts: number }[],
): IcalImportCounts {
  return {
    IcalFeedsUnhealthy: results.filter((r) => !r.healthy).length,
    IcalImportStepErrors: results.reduce((sum, r) => sum + r.errors.length, 0),
    IcalConflicts: results.reduce((sum, r) => sum + r.conflicts, 0),
  };
}

/** One line for the run: feeds unhealthy, steps that failed, events not placed (nights taken). */
export function emitIcalImportMetrics(counts: IcalImportCounts, now: Date): void {
  emitCounts({ namespace: ICAL_METRICS_NAMESPACE, counts, at: now });
}
