/**
 * The ledger after any sequence of creates, payments, refunds, processing events and cancels (domain level,
 * the rules the repositories and shared/workflows/ledger apply in one transaction each): the journal always balances,
 * each document's paidCents is its settled payments less refunds, and each invoice's receivable is what is
 * still owed on it (its total while active, less what was paid).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balances,
  creditsOf,
  type DocumentType,
  debitsOf,
  isBalanced,
  type JournalLine,
  mirrorLines,
  paymentEntry,
  postedLines,
} from './journal.js';
import {
  cancelledStatus,
  cancelRefusal,
  type PaymentSource,
  processingStatus,
  type SettlementState,
  settle,
} from './settlement.js';
import { computeTotals } from './totals.js';

interface Doc extends SettlementState {
  figures: { subtotalCents: number; taxCents: number; totalCents: number };
  entries: { lines: JournalLine[] }[];
  payments: number[];
}

type Op =
  | {
      op: 'create';
      documentType: DocumentType;
      lines: { amountCents: number; quantity: number; taxed: boolean }[];
      tax: number;
      tax2: number;
    }
  | { op: 'pay'; doc: number; amountCents: number; source: PaymentSource }
  | { op: 'refund'; doc: number; amountCents: number; source: PaymentSource }
  | { op: 'processing'; doc: number }
  | { op: 'cancel'; doc: number };

const lineArb = fc.record({
  amountCents: fc.integer({ min: -2_000, max: 200_000 }),
  quantity: fc.integer({ min: 0, max: 500 }).map((h) => h / 100),
  taxed: fc.boolean(),
});
const rate = fc.integer({ min: 0, max: 20_000 }).map((t) => t / 1000);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    documentType: fc.constantFrom<DocumentType>('invoice', 'expense'),
    lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
    tax: rate,
    tax2: rate,
  }),
  fc.record({
    op: fc.constant('pay' as const),
    doc: fc.nat(7),
    amountCents: fc.integer({ min: 1, max: 300_000 }),
    source: fc.constantFrom<PaymentSource>('recorded', 'processor'),
  }),
  fc.record({
    op: fc.constant('refund' as const),
    doc: fc.nat(7),
    amountCents: fc.integer({ min: 1, max: 300_000 }),
    source: fc.constantFrom<PaymentSource>('recorded', 'processor'),
  }),
  fc.record({ op: fc.constant('processing' as const), doc: fc.nat(7) }),
  fc.record({ op: fc.constant('cancel' as const), doc: fc.nat(7) }),
);

function apply(docs: Doc[], o: Op): void {
  if (o.op === 'create') {
    const figures = computeTotals(o.lines, o.tax, o.tax2);
    docs.push({
      documentType: o.documentType,
      status: 0,
      totalCents: figures.totalCents,
      paidCents: 0,
      refundedCents: 0,
      figures,
      entries: [{ lines: postedLines(o.documentType, figures) }],
      payments: [],
    });
    return;
  }
  const d = docs[o.doc];
  if (!d) return;
  if (o.op === 'processing') {
    if (d.documentType === 'invoice') d.status = processingStatus(d) ?? d.status;
    return;
  }
  if (o.op === 'cancel') {
    if (cancelRefusal(d) !== null) return;
    d.status = cancelledStatus(d.documentType);
    d.entries.push({ lines: mirrorLines(postedLines(d.documentType, d.figures)) });
    return;
  }
  // A processor refunds only card money it took; an admin's refund is checked by settle itself.
  const amount =
    o.op === 'pay'
      ? o.amountCents
      : -Math.min(o.amountCents, o.source === 'processor' ? d.paidCents : o.amountCents);
  if (amount === 0) return;
  const source = d.documentType === 'expense' ? 'recorded' : o.source;
  const r = settle(d, amount, source);
  if (!r.ok) return;
  if (r.next.reinstated) d.entries.push({ lines: postedLines(d.documentType, d.figures) });
  d.entries.push({ lines: paymentEntry(d.documentType, amount).lines });
  d.payments.push(amount);
  d.status = r.next.status;
  d.paidCents = r.next.paidCents;
  d.refundedCents = r.next.refundedCents;
}

const isActive = (d: Doc) => d.status !== cancelledStatus(d.documentType) && d.status !== 7;

function checkDocument(d: Doc): void {
  expect(d.paidCents).toBe(d.payments.reduce((t, p) => t + p, 0));
  expect(d.refundedCents).toBe(d.payments.filter((p) => p < 0).reduce((t, p) => t - p, 0));
  const b = balances(d.entries);
  const owed = (isActive(d) ? d.totalCents : 0) - d.paidCents;
  if (d.documentType === 'invoice') {
    expect(b.get('receivable') ?? 0).toBe(owed + 0);
    expect(b.get('cash') ?? 0).toBe(d.paidCents + 0);
  } else {
    expect(0 - (b.get('payable') ?? 0)).toBe(owed + 0);
    expect(b.get('cash') ?? 0).toBe(0 - d.paidCents);
  }
  if (d.status === 1) expect(d.paidCents).toBeGreaterThan(0);
  if (!isActive(d) && d.documentType === 'expense') expect(d.paidCents).toBe(0);
}

describe('the journal after any sequence of money events (fast-check)', () => {
  it('balances, and paid = payments less refunds, receivable = what is owed', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const docs: Doc[] = [];
        for (const o of ops) apply(docs, o);
        const all = docs.flatMap((d) => d.entries);
        for (const e of all) expect(isBalanced(e.lines)).toBe(true);
        expect(debitsOf(all.flatMap((e) => e.lines))).toBe(creditsOf(all.flatMap((e) => e.lines)));
        for (const d of docs) checkDocument(d);
      }),
      { numRuns: 2000 },
    );
  });
});
