/**
 * How the owner statement writes amounts, months and percents wherever it is shown as a document (the PDF,
 * the fee invoice's line): en-US grouping, two decimals, `-` before a negative amount. The mail writes amounts
 * in the site's locale and currency (shared/domain/messages/format.ts).
 */
import { percentOfCents } from '../money.js';
import { monthWords } from '../money-document/words.js';
import { PERCENT_DECIMALS } from '../values.js';

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount: grouped, two decimals, `-` before a negative one (`1,614.54`, `-12.50`). */
export const formatAmount = (amount: number): string => amountFormat.format(amount);

/** `2031-05` → `May 2031`: the month as every line people read names it. */
export const monthTitle = monthWords;

/** `10` → `10%`, `8.5` → `8.5%` (as many decimals as it has, up to what a percentage field takes). */
export const formatPercent = (percent: number): string =>
  `${percent.toLocaleString('en-US', { maximumFractionDigits: PERCENT_DECIMALS })}%`;

/** What a month's management fee was charged on and by which terms (a fee row of the owner account). */
export interface FeeFacts {
  month: string;
  percent: number;
  /** The income it was charged on: the month's and what earlier months left uncharged (0: none). */
  baseCents: number;
  feeCents: number;
  /** The income collected in the month itself; absent on fees charged before it was kept. */
  monthIncomeCents?: number | undefined;
  /** The terms' least fee of a month (0 or absent: none). */
  minimumCents?: number | undefined;
}

const cents = (n: number) => formatAmount(n / 100);

/** What of the base earlier months left uncharged (late money, or refunds taken off), in words; '' if none. */
function earlierPart(f: FeeFacts): string {
  if (f.monthIncomeCents === undefined) return '';
  const earlier = f.baseCents - f.monthIncomeCents;
  if (earlier > 0) return `, of which ${cents(earlier)} collected before with no fee charged yet`;
  if (earlier < 0) return `, after ${cents(-earlier)} refunded before`;
  return '';
}

/**
 * The fee's rule and base in words (docs/reports.md "Management fee"): `10% of income collected 1,450.00`,
 * `10% of income collected 2,900.00, of which 1,450.00 collected before with no fee charged yet`, `minimum
 * fee 50.00 (10% of income collected 300.00 is 30.00)`, `no fee: no income collected in May 2031`.
 */
export function feeRule(f: FeeFacts): string {
  const share = `${formatPercent(f.percent)} of income collected ${cents(f.baseCents)}${earlierPart(f)}`;
  const minimum = f.minimumCents ?? 0;
  const byPercent = f.feeCents > 0 && (minimum === 0 || f.feeCents > minimum);
  if (byPercent) return share;
  const noIncome =
    f.monthIncomeCents !== undefined && f.monthIncomeCents <= 0
      ? `no income collected in ${monthTitle(f.month)}`
      : 'no income left to charge after refunds';
  if (minimum > 0 && f.feeCents === minimum)
    return f.baseCents > 0
      ? `minimum fee ${cents(minimum)} (${share} is ${cents(percentOfCents(f.baseCents, f.percent))})`
      : `minimum fee ${cents(minimum)} (${noIncome})`;
  return f.baseCents > 0 ? share : `no fee: ${noIncome}`;
}

/** The management fee invoice's line: `Management fee May 2031: 10% of income collected 1,450.00`. */
export const feeLineDescription = (f: FeeFacts): string =>
  `Management fee ${monthTitle(f.month)}: ${feeRule(f)}`;
