/**
 * Invoice and expense totals (DESIGN.md "Invoice and expense totals"), in integer cents with integer
 * arithmetic only (BigInt inside), so no figure drifts through binary floating point:
 * - a line is amount × quantity. Quantities may be fractional with at most 2 decimals (1.5 hours); a line
 *   whose product is not a whole cent is rounded to the cent, half away from zero (each line is a figure a
 *   reader sees, so it is a whole cent);
 * - subtotal = the sum of the lines;
 * - tax = (the sum of the lines marked taxed) × (tax + tax2) / 100, rounded ONCE to the cent, half away from
 *   zero (never per line, never per rate). Rates are percentages with at most 3 decimals (7.125);
 * - total = subtotal + tax.
 * Amounts may be negative (a discount or credit line); quantities and rates may not.
 */

export const QUANTITY_DECIMALS = 2;
export const RATE_DECIMALS = 3;

export interface MoneyLine {
  /** The unit amount in cents (may be negative: a discount or credit line). */
  amountCents: number;
  /** ≥ 0, at most QUANTITY_DECIMALS decimals. */
  quantity: number;
  /** Whether the document's tax rates apply to the line. */
  taxed: boolean | 0 | 1;
}

export interface Totals {
  subtotalCents: number;
  /** The sum of the taxed lines: the tax base. */
  taxableCents: number;
  taxCents: number;
  totalCents: number;
}

/** A figure that breaks the rules above (a bad quantity or rate, an amount out of range). */
export class TotalsError extends RangeError {}

/** A number with at most `decimals` decimals as a whole count of 10^-decimals; throws when it has more. */
function scaled(value: number, decimals: number, what: string): bigint {
  const factor = 10 ** decimals;
  const units = Math.round(value * factor);
  if (!Number.isFinite(value) || value < 0 || Math.abs(value * factor - units) > 1e-6)
    throw new TotalsError(`${what} must be a number ≥ 0 with at most ${decimals} decimals (got ${value})`);
  return BigInt(units);
}

export const quantityUnits = (quantity: number): bigint => scaled(quantity, QUANTITY_DECIMALS, 'quantity');
export const rateUnits = (rate: number): bigint => scaled(rate, RATE_DECIMALS, 'tax rate');

/** n / d rounded to the nearest integer, halves away from zero (d > 0). */
export function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

function toSafeNumber(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new TotalsError(`${what} is out of range`);
  return n;
}

function centsOf(amountCents: number): bigint {
  if (!Number.isSafeInteger(amountCents)) throw new TotalsError('amount must be a whole number of cents');
  return BigInt(amountCents);
}

const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);
/** percent (÷100) × rate scale. */
const TAX_SCALE = 100n * 10n ** BigInt(RATE_DECIMALS);

function lineCents(line: MoneyLine): bigint {
  return divideRounded(centsOf(line.amountCents) * quantityUnits(line.quantity), QUANTITY_SCALE);
}

/** One line's amount in cents (amount × quantity, rounded to the cent only when the quantity has decimals). */
export const lineTotalCents = (line: MoneyLine): number => toSafeNumber(lineCents(line), 'line amount');

/** The document's figures from its lines and its two tax rates (percent; the second may be 0). */
export function computeTotals(lines: readonly MoneyLine[], tax: number, tax2 = 0): Totals {
  const rate = rateUnits(tax) + rateUnits(tax2);
  let subtotal = 0n;
  let taxable = 0n;
  for (const line of lines) {
    const cents = lineCents(line);
    subtotal += cents;
    if (line.taxed === true || line.taxed === 1) taxable += cents;
  }
  const taxCents = divideRounded(taxable * rate, TAX_SCALE);
  return {
    subtotalCents: toSafeNumber(subtotal, 'subtotal'),
    taxableCents: toSafeNumber(taxable, 'taxable amount'),
    taxCents: toSafeNumber(taxCents, 'tax'),
    totalCents: toSafeNumber(subtotal + taxCents, 'total'),
  };
}
