import { describe, expect, it } from 'vitest';
import { addDays, monthAt, monthIndex } from './calendar.js';

describe('months as numbers', () => {
  it('counts months as year × 12 + month, so the month after 9999-12 is larger, never a string that sorts before it', () => {
    expect(monthIndex('2027-01')).toBe(2027 * 12);
    expect(monthIndex('2027-12-31')).toBe(2027 * 12 + 11);
    expect(monthAt(monthIndex('2027-12') + 1)).toBe('2028-01');
    expect(monthIndex('9999-12') + 1).toBeGreaterThan(monthIndex('9999-12'));
    expect(monthAt(monthIndex('0001-01'))).toBe('0001-01');
  });

  it('ends on 9999-12-31: a day past it is that day, so a rent date stays a YYYY-MM-DD date', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('9999-12-31', 1)).toBe('9999-12-31');
    expect(addDays('9999-12-20', 60)).toBe('9999-12-31');
    expect(addDays('0001-01-05', -30)).toBe('0001-01-01');
  });
});
