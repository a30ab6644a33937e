/**
 * The owner statement (beyond the spec; DESIGN.md "Owner statement", docs/reports.md): per landlord and month,
 * for each property and in total, the owner's account (owner-account.ts) as property managers send it: the
 * opening balance, every income and expense line of the month with its date, what it was and the tenant or
 * vendor, the management fee with its base and rule, the payouts to the owner and the closing balance, where
 * opening + income − expenses − fee − payouts = closing. All from the journal, summed in cents. Beside the
 * owner's account, what the business holds apart from the owner's money: the tenants' security deposits
 * (received, applied, returned, held at month end) and the tax collected on stays (collected, remitted, held),
 * never income; the reserve kept of the balance; and, as of the statement date, the bills not paid and the rent
 * not yet paid. `net` (income − expenses) and `transactions` (entries that moved cash) are kept as before.
 */
import { toAmount } from '../money.js';
import { ownerEffect, reserveHeld, type StatementCategory } from './owner-account.js';
import type {
  DepositsHeld,
  DocumentFacts,
  HeldLine,
  OwnerStatement,
  PropertyMonth,
  StatementEntry,
  StatementHead,
  StatementLine,
  StatementRow,
  StatementTotals,
  TaxHeld,
} from './owner-statement-types.js';
import { feeRule } from './statement-format.js';
import { heldLine, lineDescription, openOf } from './statement-lines.js';

export type * from './owner-statement-types.js';
export { lineDescription } from './statement-lines.js';

/** Figures of the account in cents (a row's or the totals'). */
interface Figures {
  openingCents: number;
  incomeCents: number;
  expensesCents: number;
  feeCents: number;
  payoutsCents: number;
  transactions: number;
  depositOpeningCents: number;
  depositReceivedCents: number;
  depositReturnedCents: number;
  taxOpeningCents: number;
  taxCollectedCents: number;
  reserveHeldCents: number;
  unpaidBillsCents: number;
  unpaidRentCents: number;
}

const zero = (): Figures => ({
  openingCents: 0,
  incomeCents: 0,
  expensesCents: 0,
  feeCents: 0,
  payoutsCents: 0,
  transactions: 0,
  depositOpeningCents: 0,
  depositReceivedCents: 0,
  depositReturnedCents: 0,
  taxOpeningCents: 0,
  taxCollectedCents: 0,
  reserveHeldCents: 0,
  unpaidBillsCents: 0,
  unpaidRentCents: 0,
});

/** Nothing applies a deposit and nothing records a remittance yet (docs/reports.md "Owner statement": held apart). */
const APPLIED_CENTS = 0;
const REMITTED_CENTS = 0;

const depositHeldAtEnd = (f: Figures) =>
  f.depositOpeningCents + f.depositReceivedCents - APPLIED_CENTS - f.depositReturnedCents;
const taxHeldAtEnd = (f: Figures) => f.taxOpeningCents + f.taxCollectedCents - REMITTED_CENTS;

const closingOf = (f: Figures) =>
  f.openingCents + f.incomeCents - f.expensesCents - f.feeCents - f.payoutsCents;

const FIELD_OF: Record<StatementCategory, keyof Figures> = {
  income: 'incomeCents',
  expense: 'expensesCents',
  fee: 'feeCents',
  payout: 'payoutsCents',
};

/** The base and rule of a fee line, when its invoice is a month's management fee. */
function feeLineFacts(month: PropertyMonth, documentId: number): Pick<StatementLine, 'base' | 'rule'> {
  const fee = month.feeRows?.find((r) => r.invoiceId === documentId);
  return fee ? { base: toAmount(fee.baseCents), rule: feeRule(fee) } : {};
}

/** What the property's month holds apart: its deposit and tax lines, and their figures added to `figures`. */
function heldOf(
  entry: StatementEntry,
  effect: { depositCents: number; taxCents: number },
  what: { documentKind: string; facts: DocumentFacts | undefined },
  figures: Figures,
  out: { deposits: HeldLine[]; tax: HeldLine[] },
): void {
  const party = what.facts?.party ?? '';
  const describe = (cents: number) =>
    lineDescription('income', cents, entry, what.documentKind, what.facts ?? { firstLine: '' });
  if (effect.depositCents !== 0) {
    const cents = effect.depositCents;
    if (cents > 0) figures.depositReceivedCents += cents;
    else figures.depositReturnedCents -= cents;
    const words = describe(cents).replace(/^Refund: /, 'Returned: ');
    out.deposits.push(heldLine(entry, cents, cents > 0 ? 'received' : 'returned', words, party));
  }
  if (effect.taxCents !== 0) {
    figures.taxCollectedCents += effect.taxCents;
    const words = `Tax on ${describe(effect.taxCents).replace(/^Refund: /, 'a refund of ')}`;
    out.tax.push(
      heldLine(entry, effect.taxCents, effect.taxCents > 0 ? 'collected' : 'refunded', words, party),
    );
  }
}

/** One property's row: its lines in date order and its figures. */
function propertyRow(
  month: PropertyMonth,
  statementMonth: string,
  factsOf: (entry: StatementEntry) => DocumentFacts | undefined,
): { row: StatementRow; figures: Figures } {
  const figures = {
    ...zero(),
    openingCents: month.openingBalanceCents,
    depositOpeningCents: month.openingHeld?.depositCents ?? 0,
    taxOpeningCents: month.openingHeld?.taxCents ?? 0,
  };
  const lines: StatementLine[] = [];
  const held = { deposits: [] as HeldLine[], tax: [] as HeldLine[] };
  const ordered = [...month.entries].sort((a, b) =>
    a.date === b.date ? a.entryId - b.entryId : a.date < b.date ? -1 : 1,
  );
  for (const entry of ordered) {
    const facts = factsOf(entry);
    const documentKind = entry.documentKind ?? facts?.documentKind ?? '';
    const effect = ownerEffect({
      documentType: entry.documentType,
      documentKind,
      lines: entry.lines,
      taxShareCents: entry.taxShareCents,
      depositCents: entry.depositCents,
    });
    if (!effect) continue;
    if (effect.movesCash) figures.transactions += 1;
    heldOf(entry, effect, { documentKind, facts }, figures, held);
    if (effect.amountCents === 0) continue;
    figures[FIELD_OF[effect.category]] += effect.amountCents;
    lines.push({
      date: entry.date,
      category: effect.category,
      description: lineDescription(
        effect.category,
        effect.amountCents,
        entry,
        documentKind,
        facts ?? { firstLine: '' },
      ),
      party: facts?.party ?? '',
      amount: toAmount(effect.amountCents),
      documentType: entry.documentType,
      documentId: entry.documentId,
      paymentId: entry.paymentId ?? null,
      ...(effect.category === 'fee' ? feeLineFacts(month, entry.documentId) : {}),
    });
  }
  const reserveCents = month.reserveCents ?? 0;
  const reserve = reserveHeld(closingOf(figures), reserveCents);
  figures.reserveHeldCents = reserve.heldCents;
  const bills = openOf(month.unpaidBills);
  const rent = openOf(month.unpaidRent);
  figures.unpaidBillsCents = bills.cents;
  figures.unpaidRentCents = rent.cents;
  const fee = month.feeRows?.find((r) => r.month === statementMonth);
  const p = month.property;
  return {
    figures,
    row: {
      propertyId: p.propertyId,
      name: p.propertyName,
      type: p.type,
      managementFeePercent: month.feePercent,
      feeCharged: month.feeCharged,
      ...amountsOf(figures),
      transactions: figures.transactions,
      lines,
      managementFeeMinimum: month.feeTerms?.minimumCents ? toAmount(month.feeTerms.minimumCents) : null,
      managementFeeBase: fee ? toAmount(fee.baseCents) : null,
      managementFeeRule: fee ? feeRule(fee) : null,
      deposits: { ...depositsOf(figures), lines: held.deposits },
      occupancyTax: { ...taxOf(figures), lines: held.tax },
      reserve: toAmount(reserveCents),
      reserveHeld: toAmount(reserve.heldCents),
      availableForPayout: toAmount(reserve.availableCents),
      unpaidBills: bills.view,
      unpaidRent: rent.view,
    },
  };
}

const depositsOf = (f: Figures): Omit<DepositsHeld, 'lines'> => ({
  openingHeld: toAmount(f.depositOpeningCents),
  received: toAmount(f.depositReceivedCents),
  applied: toAmount(APPLIED_CENTS),
  returned: toAmount(f.depositReturnedCents),
  heldAtMonthEnd: toAmount(depositHeldAtEnd(f)),
});

const taxOf = (f: Figures): Omit<TaxHeld, 'lines'> => ({
  openingHeld: toAmount(f.taxOpeningCents),
  collected: toAmount(f.taxCollectedCents),
  remitted: toAmount(REMITTED_CENTS),
  heldAtMonthEnd: toAmount(taxHeldAtEnd(f)),
});

const amountsOf = (f: Figures): StatementTotals => ({
  openingBalance: toAmount(f.openingCents),
  income: toAmount(f.incomeCents),
  expenses: toAmount(f.expensesCents),
  managementFee: toAmount(f.feeCents),
  payouts: toAmount(f.payoutsCents),
  closingBalance: toAmount(closingOf(f)),
  net: toAmount(f.incomeCents - f.expensesCents),
});

/**
 * The statement of one landlord's properties for one month: a row per property in id order (an archived one
 * only when it has a line or a balance), and the totals, all summed in cents. `factsOf` gives what the entry's
 * document says (its type, first line, party); the figures need only the entries.
 */
export function ownerStatement(
  head: StatementHead,
  months: readonly PropertyMonth[],
  factsOf: (entry: StatementEntry) => DocumentFacts | undefined,
): OwnerStatement {
  const totals = zero();
  const items: StatementRow[] = [];
  for (const month of [...months].sort((a, b) => a.property.propertyId - b.property.propertyId)) {
    const { row, figures } = propertyRow(month, head.month, factsOf);
    const quiet =
      row.lines.length === 0 &&
      figures.openingCents === 0 &&
      figures.transactions === 0 &&
      depositHeldAtEnd(figures) === 0 &&
      taxHeldAtEnd(figures) === 0;
    if (month.property.isArchived === 1 && quiet) continue;
    for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += figures[key];
    items.push(row);
  }
  return {
    ...head,
    items,
    totals: {
      ...amountsOf(totals),
      deposits: depositsOf(totals),
      occupancyTax: taxOf(totals),
      reserveHeld: toAmount(totals.reserveHeldCents),
      availableForPayout: toAmount(closingOf(totals) - totals.reserveHeldCents),
      unpaidBills: toAmount(totals.unpaidBillsCents),
      unpaidRent: toAmount(totals.unpaidRentCents),
    },
  };
}
