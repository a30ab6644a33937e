/**
 * What a payment's or refund's cash on an invoice is, beyond the money the invoice earned (docs/money.md "The
 * cash split"): the part that is the tax the invoice collected (the occupancy tax of a stay: money for the tax
 * authority) and, on a DEPOSIT invoice, the part that is the deposit (money held for the tenant). The journal
 * entry of the payment keeps both, so the owner statement can hold them apart from the owner's income from the
 * entry alone (shared/domain/reports/owner-account.ts).
 */
import { DEPOSIT_TYPE, type DocumentFigures, type DocumentType } from './journal.js';
import { divideRounded } from './totals.js';

/**
 * The tax share of a payment or refund (signed like it): how much the tax-collected part of the invoice's paid
 * money moves when paid goes from `paidBefore` to `paidAfter`, the tax in proportion to the total, each figure
 * rounded once (half away from zero), so the shares of the payments that pay an invoice in full add up to its
 * tax exactly. 0 when the invoice has no tax or no positive total.
 */
export function taxShareCents(
  f: Pick<DocumentFigures, 'taxCents' | 'totalCents'>,
  paidBefore: number,
  paidAfter: number,
): number {
  if (f.taxCents === 0 || f.totalCents <= 0) return 0;
  const share = (paid: number) =>
    Number(divideRounded(BigInt(paid) * BigInt(f.taxCents), BigInt(f.totalCents)));
  return share(paidAfter) - share(paidBefore);
}

/** The document a settlement moves cash on, as the split needs it. */
export interface SplitDocument extends Pick<DocumentFigures, 'taxCents' | 'totalCents'> {
  documentType: DocumentType;
  documentKind: string;
}

/**
 * The journal entry's split of the cash when paid goes from `paidBefore` to `paidAfter`: `taxShareCents` when
 * there is tax in it, `depositCents` (the rest) on every DEPOSIT invoice's entry; nothing on an expense.
 */
export function cashSplitOf(
  doc: SplitDocument,
  paidBefore: number,
  paidAfter: number,
): { taxShareCents?: number; depositCents?: number } {
  if (doc.documentType !== 'invoice') return {};
  const tax = taxShareCents(doc, paidBefore, paidAfter);
  return {
    ...(tax !== 0 ? { taxShareCents: tax } : {}),
    ...(doc.documentKind === DEPOSIT_TYPE ? { depositCents: paidAfter - paidBefore - tax } : {}),
  };
}
