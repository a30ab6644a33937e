/**
 * The figures of an invoice or expense (DESIGN.md "Invoice and expense totals", computed by the ledger's
 * totals.ts) and what the journal must post when they change: the journal holds a document's figures while
 * it is posted (not a draft, not cancelled or void), so a change posts the difference between what it held
 * and what it must hold (docs/invoices-expenses.md "Journal").
 */
import { BadRequest } from '../../errors.js';
import type { DocumentFigures } from '../ledger/journal.js';
import { computeTotals, TotalsError } from '../ledger/totals.js';
import { type DocumentLine, MAX_LINES_PER_DOCUMENT } from './line-items.js';

export type Figures = DocumentFigures;

export const ZERO: Figures = { subtotalCents: 0, taxCents: 0, totalCents: 0 };

/** The document's figures from all its lines; 400 when a figure is out of range or the total negative. */
export function documentFigures(lines: readonly DocumentLine[], tax: number, tax2: number): Figures {
  if (lines.length > MAX_LINES_PER_DOCUMENT)
    throw new BadRequest(`A document holds at most ${MAX_LINES_PER_DOCUMENT} line items`, [
      { field: 'lineItems', message: `at most ${MAX_LINES_PER_DOCUMENT} line items in all` },
    ]);
  let totals: ReturnType<typeof computeTotals>;
  try {
    totals = computeTotals(lines, tax, tax2);
  } catch (error) {
    if (!(error instanceof TotalsError)) throw error;
    throw new BadRequest(`The line items cannot be totalled: ${error.message}`, [
      { field: 'lineItems', message: error.message },
    ]);
  }
  if (totals.totalCents < 0)
    throw new BadRequest('The total must not be negative (credit lines may lower it to 0 at most)', [
      { field: 'lineItems', message: 'the total would be negative' },
    ]);
  return { subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents };
}

/**
 * What is still owed on a document (docs/money.md "What is owed"): its total less the net paid (settled payments
 * less refunds, the spec's paidComputed) and less the money returned (refunds of a document paid in full: a
 * refund is money given back, not a new debt), never below 0; absent figures read as 0. Every "amount due" and
 * every "owes" — the views, the ledgers, the payment script, autopay, late fees, mail — is this.
 */
export const amountDueCents = (d: {
  totalCents: number;
  paidCents?: number | undefined;
  returnedCents?: number | undefined;
}): number => Math.max(0, d.totalCents - (d.paidCents ?? 0) - (d.returnedCents ?? 0));

export const sameFigures = (a: Figures, b: Figures): boolean =>
  a.subtotalCents === b.subtotalCents && a.taxCents === b.taxCents && a.totalCents === b.totalCents;

/**
 * What the journal must post to go from holding `before` to holding `after` (ZERO for a document that is not
 * posted): the difference, or null when there is none. A negative difference is posted as its mirror.
 */
export function postingDelta(before: Figures, after: Figures): Figures | null {
  const delta = {
    subtotalCents: after.subtotalCents - before.subtotalCents,
    taxCents: after.taxCents - before.taxCents,
    totalCents: after.totalCents - before.totalCents,
  };
  return delta.subtotalCents === 0 && delta.taxCents === 0 && delta.totalCents === 0 ? null : delta;
}

/** Null for figures that are all 0 (nothing to post). */
export const nonZero = (f: Figures): Figures | null =>
  f.subtotalCents === 0 && f.taxCents === 0 && f.totalCents === 0 ? null : f;

/** The figures after a change: computed again when lines were appended or a rate changed, else as they were. */
export function refreshedFigures(
  current: Figures & { tax: number; tax2: number },
  lines: readonly DocumentLine[],
  appended: readonly DocumentLine[],
  tax: number,
  tax2: number,
): Figures {
  if (appended.length === 0 && tax === current.tax && tax2 === current.tax2)
    return {
      subtotalCents: current.subtotalCents,
      taxCents: current.taxCents,
      totalCents: current.totalCents,
    };
  return documentFigures([...lines, ...appended], tax, tax2);
}
