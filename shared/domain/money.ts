/** Money is integer cents inside the service and a number with at most 2 decimals at the API edge (values.ts amountCents takes it in). */
export const toAmount = (cents: number): number => cents / 100;

/** A percentage of an amount in cents, rounded half away from zero, once (docs/pricing.md "Money and rounding"). */
export function percentOfCents(cents: number, percent: number): number {
  const exact = (cents * percent) / 100;
  // Guard against binary noise such as 1234.4999999 for an exact half.
  const nudged = Math.abs(exact - Math.trunc(exact)) > 0 ? Number(exact.toFixed(6)) : exact;
  return Math.sign(nudged) * Math.round(Math.abs(nudged));
}
