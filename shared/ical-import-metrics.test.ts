import { describe, expect, it } from 'vitest';
import { importCounts } from './ical-import-metrics.js';

const result = (over: { healthy?: boolean; errors?: string[]; conflicts?: number }) => ({
  healthy: true,
  errors: [] as string[],
  conflicts: 0,
  ...over,
});

describe("the iCal run's counts for the alarms", () => {
  it('counts unhealthy feeds, failed steps and conflicts over every feed of the run', () => {
    expect(
      importCounts([
        result({ healthy: false }),
        result({ conflicts: 2, errors: ['property archived'] }),
        result({ conflicts: 1, errors: ['a', 'b'] }),
      ]),
    ).toEqual({ IcalFeedsUnhealthy: 1, IcalImportStepErrors: 3, IcalConflicts: 3 });
  });

  it('a run without feeds counts zeros (a data point that says all is well)', () => {
    expect(importCounts([])).toEqual({ IcalFeedsUnhealthy: 0, IcalImportStepErrors: 0, IcalConflicts: 0 });
  });
});
