import { describe, expect, it } from 'vitest';
import { autopayRunsOn, runDayRefusal } from './run-day.js';

describe('the day a rent run is for', () => {
  it('may be the site’s today or any day before it, never a day after it', () => {
    expect(runDayRefusal('2027-04-10', '2027-04-10')).toBeUndefined();
    expect(runDayRefusal('2026-01-01', '2027-04-10')).toBeUndefined();
    expect(runDayRefusal('2027-04-11', '2027-04-10')).toBe("must not be after the site's today (2027-04-10)");
    expect(runDayRefusal('9999-12-01', '2027-04-10')).toBeDefined();
  });

  it('charges autopay only on the site’s real today: a back-dated run moves no money', () => {
    expect(autopayRunsOn('2027-04-10', '2027-04-10')).toBe(true);
    expect(autopayRunsOn('2027-04-09', '2027-04-10')).toBe(false);
  });
});
