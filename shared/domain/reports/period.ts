/**
 * The periods a report reads: an inclusive day range (dateFrom..dateTo, site dates `YYYY-MM-DD`) or a month
 * (`YYYY-MM`). Sort keys of the report indexes start with the date (`<date>#<pad id>`), so a range is the key
 * range `<dateFrom>` .. `<dateTo>#~` ('~' sorts after every `#<digits>` suffix of the last day).
 */
import { BadRequest } from '../../errors.js';

export interface DayRange {
  dateFrom: string;
  dateTo: string;
}

/** A range whose end is before its start is a 400 naming `dateTo` (an empty report would hide the typo). */
export function checkRange(range: DayRange): DayRange {
  if (range.dateTo < range.dateFrom)
    throw new BadRequest('dateTo must be on or after dateFrom', [
      { field: 'dateTo', message: 'must be on or after dateFrom' },
    ]);
  return range;
}

/** The sort-key bounds of every `<date>#…` key of the range, both days included. */
export const dateKeyRange = (range: DayRange): [string, string] => [range.dateFrom, `${range.dateTo}#~`];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string): boolean => MONTH.test(value);

/** The first and last day of a month `YYYY-MM`. */
export function monthRange(month: string): DayRange {
  const match = MONTH.exec(month);
  if (!match) throw new BadRequest('month must be YYYY-MM', [{ field: 'month', message: 'must be YYYY-MM' }]);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return { dateFrom: `${month}-01`, dateTo: `${month}-${String(lastDay).padStart(2, '0')}` };
}
