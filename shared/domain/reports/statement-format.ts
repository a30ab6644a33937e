/**
 * How the owner statement writes amounts, months and percents wherever it is shown as a document (the PDF,
 * the fee invoice's line): en-US grouping, two decimals, `-` before a negative amount. The mail writes amounts
 * in the site's locale and currency (shared/domain/messages/format.ts).
 */
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

/** The management fee invoice's line: `Management fee May 2031: 10% of 1,450.00`. */
export const feeLineDescription = (month: string, percent: number, baseCents: number): string =>
  `Management fee ${monthTitle(month)}: ${formatPercent(percent)} of ${formatAmount(baseCents / 100)}`;
