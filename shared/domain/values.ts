/**
 * Field values as the legacy clients send them (numbers or numeric strings, 0/1 flags, money as "125.50",
 * dates, bounded text): valibot schemas the record definitions of the domain are built from. Pure valibot;
 * shared/http/schemas.ts re-exports them beside the HTTP-only pieces (path ids, paging).
 */
import * as v from 'valibot';
import { RATE_DECIMALS } from './ledger/totals.js';

export const MAX_INT_ID = 2_147_483_647;

/** An integer from a query string or JSON (clients send both). */
export const intLike = (min = 0, max = MAX_INT_ID) =>
  v.pipe(
    v.union([
      v.pipe(v.string(), v.regex(/^-?\d{1,10}$/, 'must be an integer'), v.transform(Number)),
      v.number(),
    ]),
    v.integer('must be an integer'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** 0 or 1, as number or string ("1"); the legacy flags. */
export const flag01 = v.pipe(
  v.union([v.picklist([0, 1]), v.pipe(v.picklist(['0', '1']), v.transform(Number))], 'must be 0 or 1'),
  v.transform((n) => n as 0 | 1),
);

// ---- money -----------------------------------------------------------------------------------------------
// DESIGN.md "Money inputs": an amount comes in with at most 2 decimals, or it is a 400 naming the field; it is
// never rounded (a late-fee cap of 0.004 must not become 0, "no cap at all"). Every money field of every body,
// query and fixture is `amountCents` with its bounds, so the rule and its messages are the same everywhere.

/** The largest amount a money field takes unless it says less (whole units of the site currency). */
export const MAX_AMOUNT = 99_999_999;

export const AMOUNT_MESSAGE = 'must be an amount such as 125.50';
const DECIMALS_MESSAGE = 'must have at most 2 decimals';
/** A decimal number as text, either sign; a JSON number's shortest text (String(n)) is one when it is plain. */
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d+)?$/;
const CENTS_TEXT = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;
/** The forms an amount string takes (the JSON Schema's pattern): signed, or not when the field takes no negative. */
const SIGNED_AMOUNT_TEXT = /^-?\d{1,15}(\.\d{1,2})?$/;
const AMOUNT_TEXT = /^\d{1,15}(\.\d{1,2})?$/;

/** Whether a number or decimal text has at most 2 decimals, judged on its decimal text (1e-7 has 7). */
export const hasAtMostTwoDecimals = (value: number | string): boolean =>
  CENTS_TEXT.test(typeof value === 'number' ? String(value) : value);

/**
 * Decimal text with at most 2 decimals (or a number whose shortest text is one) as integer cents, digit by
 * digit: no binary floating point on the way (1.15 × 100 is 114.99999999999999).
 */
export function centsOf(value: number | string): number {
  const match = CENTS_TEXT.exec(typeof value === 'number' ? String(value) : value);
  if (!match) throw new RangeError(`${value} is not an amount with at most 2 decimals`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' && cents !== 0 ? -cents : cents;
}

export interface AmountBounds {
  /** The smallest amount taken (default 0: not negative). */
  min?: number;
  /** The largest amount taken (default MAX_AMOUNT). */
  max?: number;
  /** 0 is refused (a payment of nothing). */
  nonZero?: boolean;
}

const minMessage = (min: number) => (min === 0 ? 'must not be negative' : `must be at least ${min}`);
const maxMessage = (max: number) => `must be at most ${max}`;

interface DecimalRule {
  min: number;
  max: number;
  /** The form with the decimals allowed. */
  precise: RegExp;
  formMessage: string;
  decimalsMessage: string;
}

/**
 * What is wrong with a decimal string, in the order a reader fixes it: not a number at all, out of range, too
 * many decimals; undefined when nothing is.
 */
function decimalTextProblem(text: string, rule: DecimalRule): string | undefined {
  if (!DECIMAL_TEXT.test(text)) return rule.formMessage;
  const n = Number(text);
  // "-0.00" is 0 but written as a negative: a field that takes none says so.
  if (n < rule.min || (rule.min >= 0 && text.startsWith('-'))) return minMessage(rule.min);
  if (n > rule.max) return maxMessage(rule.max);
  return rule.precise.test(text) ? undefined : rule.decimalsMessage;
}

/** A valibot check of a trimmed decimal string by the rule, one issue at most. */
const decimalTextCheck = (rule: DecimalRule) =>
  v.rawCheck<string>(({ dataset, addIssue }) => {
    const problem = decimalTextProblem(dataset.typed ? dataset.value : '', rule);
    if (problem) addIssue({ message: problem });
  });

/**
 * The one money schema: an amount as a JSON number or a decimal string ("125.50"), within the bounds, with at
 * most 2 decimals, into integer cents. The range is checked before the decimals, so -0.001 is "must not be
 * negative" and 0.004 is "must have at most 2 decimals".
 */
export function amountCents(bounds: AmountBounds = {}) {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? MAX_AMOUNT;
  const form = min < 0 ? SIGNED_AMOUNT_TEXT : AMOUNT_TEXT;
  return v.pipe(
    v.union(
      [
        v.pipe(
          v.number(AMOUNT_MESSAGE),
          v.finite(AMOUNT_MESSAGE),
          v.minValue(min, minMessage(min)),
          v.maxValue(max, maxMessage(max)),
          v.check((n: number) => hasAtMostTwoDecimals(n), DECIMALS_MESSAGE),
        ),
        v.pipe(
          v.string(AMOUNT_MESSAGE),
          v.trim(),
          decimalTextCheck({
            min,
            max,
            precise: form,
            formMessage: AMOUNT_MESSAGE,
            decimalsMessage: DECIMALS_MESSAGE,
          }),
          // Documents the form (the JSON Schema's pattern); what it refuses the check above has named.
          v.regex(form, DECIMALS_MESSAGE),
        ),
      ],
      AMOUNT_MESSAGE,
    ),
    v.transform(centsOf),
    v.check((cents) => !bounds.nonZero || cents !== 0, 'must not be 0'),
  );
}

/** An amount of 0 or more (a rate, a fee, a deposit, a total): the common bounds. */
export const moneyToCents = amountCents();

// ---- percentages ------------------------------------------------------------------------------------------
// Percentages (tax rates, a late fee's percent, a percent coupon) are not money: 0 to 100 with at most
// PERCENT_DECIMALS decimals (8.875 % is a real sales tax), as many as the ledger's tax arithmetic takes
// (RATE_DECIMALS), refused beyond, never rounded.

export const PERCENT_DECIMALS = RATE_DECIMALS;
const PERCENT_MESSAGE = 'must be a percentage';
const PERCENT_TEXT = new RegExp(`^\\d{1,3}(\\.\\d{1,${PERCENT_DECIMALS}})?$`);
const percentDecimals = `must have at most ${PERCENT_DECIMALS} decimals`;

/** A percentage 0–100 as a number or a decimal string, at most PERCENT_DECIMALS decimals. */
export const percent = v.pipe(
  v.union(
    [
      v.pipe(
        v.number(PERCENT_MESSAGE),
        v.finite(PERCENT_MESSAGE),
        v.minValue(0, 'must not be negative'),
        v.maxValue(100, 'must be at most 100'),
        v.check((n) => PERCENT_TEXT.test(String(n)), percentDecimals),
      ),
      v.pipe(
        v.string(PERCENT_MESSAGE),
        v.trim(),
        decimalTextCheck({
          min: 0,
          max: 100,
          precise: PERCENT_TEXT,
          formMessage: PERCENT_MESSAGE,
          decimalsMessage: percentDecimals,
        }),
        v.regex(PERCENT_TEXT, percentDecimals),
      ),
    ],
    PERCENT_MESSAGE,
  ),
  v.transform(Number),
);

// ---- dates ------------------------------------------------------------------------------------------------
// DESIGN.md "Money inputs": a date the system takes is within DATE_MIN..DATE_MAX unless its field says
// otherwise (docs/decisions.md "Dates and months the system takes"): year 0000 or 9999 is a typo, never a
// lease, a payment or a stay, and month arithmetic on such a date has no meaning.

export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
const DATE_WINDOW = `must be between ${DATE_MIN} and ${DATE_MAX}`;

/** A real calendar date written `YYYY-MM-DD` (2027-02-30 is not one), whatever its year. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** Whether a `YYYY-MM-DD` date is within the window (dates compare as text). */
export const isDateInWindow = (date: string): boolean => date >= DATE_MIN && date <= DATE_MAX;

/** The one date schema: a calendar date `YYYY-MM-DD` within DATE_MIN..DATE_MAX. */
export const isoDate = v.pipe(
  v.string('must be a date YYYY-MM-DD'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  v.check(isCalendarDate, 'is not a calendar date'),
  v.check(isDateInWindow, DATE_WINDOW),
);

/** A calendar month `YYYY-MM` within the date window (2000-01 to 2100-12): reports' months. */
export const isoMonth = v.pipe(
  v.string('must be a month YYYY-MM'),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM'),
  v.check(
    (m) => m >= DATE_MIN.slice(0, 7) && m <= DATE_MAX.slice(0, 7),
    `must be between ${DATE_MIN.slice(0, 7)} and ${DATE_MAX.slice(0, 7)}`,
  ),
);

export const text = (max: number) =>
  v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters`));
export const requiredText = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(max, `must be at most ${max} characters`),
  );
