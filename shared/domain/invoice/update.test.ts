import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Conflict } from '../../errors.js';
import { computeTotals } from '../ledger/totals.js';
import type { Figures } from './figures.js';
import { type DocumentLine, lineItemsInput, MAX_LINES_PER_WRITE } from './line-items.js';
import { invoiceStatusLabel } from './status.js';
import {
  type InvoiceState,
  planInvoiceCancel,
  planInvoiceUpdate,
  postedFigures,
  syncedInvoiceStatus,
} from './update.js';

const line = (amountCents: number, quantity = 1, taxed: 0 | 1 = 1): DocumentLine => ({
  description: 'x',
  amountCents,
  quantity,
  taxed,
});

const state = (over: Partial<InvoiceState> = {}): InvoiceState => ({
  invoiceId: 7,
  description: 'RENT',
  dueDate: '2027-01-01',
  tax: 0,
  tax2: 0,
  status: 0,
  subtotalCents: 1000,
  taxCents: 0,
  totalCents: 1000,
  paidCents: 0,
  refundedCents: 0,
  ...over,
});

/** One step of the property's sequence: its plan, or undefined when the rules refuse it (a 409 or a 400). */
function planStep(
  current: InvoiceState,
  lines: DocumentLine[],
  step: Parameters<typeof planInvoiceUpdate>[2] | 'cancel',
): ReturnType<typeof planInvoiceCancel> | undefined {
  try {
    return step === 'cancel' ? planInvoiceCancel(current) : planInvoiceUpdate(current, lines, step);
  } catch (error) {
    if (error instanceof Conflict || (error as Error).name === 'BadRequest') return undefined;
    throw error;
  }
}

function addFigures(held: Figures, posting: Figures): void {
  held.subtotalCents += posting.subtotalCents;
  held.taxCents += posting.taxCents;
  held.totalCents += posting.totalCents;
}

describe('invoice status', () => {
  it('labels every spec code', () => {
    expect([0, 1, 2, 3, 5, 7, 9].map(invoiceStatusLabel)).toEqual([
      'Unpaid',
      'Paid',
      'Refunded',
      'Processing',
      'Cancelled',
      'Void',
      'Draft',
    ]);
    expect(invoiceStatusLabel(4)).toBe('Unknown');
  });

  it('syncs the payment states with the figures', () => {
    const f = { totalCents: 1000, paidCents: 0, refundedCents: 0 };
    expect(syncedInvoiceStatus(1, f)).toBe(0);
    expect(syncedInvoiceStatus(0, { ...f, paidCents: 1000 })).toBe(1);
    expect(syncedInvoiceStatus(0, { ...f, paidCents: 400 })).toBe(0);
    expect(syncedInvoiceStatus(3, { ...f, paidCents: 400 })).toBe(3);
    expect(syncedInvoiceStatus(0, { ...f, refundedCents: 1000 })).toBe(2);
    expect(syncedInvoiceStatus(9, f)).toBe(9);
    expect(syncedInvoiceStatus(5, f)).toBe(5);
    expect(syncedInvoiceStatus(1, { totalCents: 0, paidCents: 0, refundedCents: 0 })).toBe(0);
  });
});

describe('line items input', () => {
  it('takes numbers and strings, defaults quantity 1 and taxed 0, and caps a write', () => {
    expect(
      v.parse(lineItemsInput, [
        { description: ' Rent ', amount: '12.50' },
        { description: 'Fee', amount: -3, quantity: '1.5', taxed: 'yes' },
      ]),
    ).toEqual([
      { description: 'Rent', amountCents: 1250, quantity: 1, taxed: 0 },
      { description: 'Fee', amountCents: -300, quantity: 1.5, taxed: 1 },
    ]);
    const many = Array.from({ length: MAX_LINES_PER_WRITE + 1 }, () => ({ description: 'x', amount: 1 }));
    expect(v.safeParse(lineItemsInput, many).success).toBe(false);
    for (const bad of [
      { description: 'x', amount: 0.001 },
      { description: 'x', amount: 1, quantity: 0 },
    ])
      expect(v.safeParse(lineItemsInput, [bad]).success).toBe(false);
  });
});

describe('invoice update plan', () => {
  it('appends lines, computes the figures again and posts the difference', () => {
    const plan = planInvoiceUpdate(
      state({ tax: 10, subtotalCents: 1000, taxCents: 100, totalCents: 1100 }),
      [line(1000)],
      {
        lineItems: [line(500, 2, 0)],
      },
    );
    expect(plan.next).toMatchObject({ subtotalCents: 2000, taxCents: 100, totalCents: 2100, status: 0 });
    expect(plan.posting).toEqual({ subtotalCents: 1000, taxCents: 0, totalCents: 1000 });
    expect(plan.action).toBe('updated');
  });

  it('refuses a closed invoice, a cancel with money, a draft with payments, a total below what was paid', () => {
    expect(() => planInvoiceUpdate(state({ status: 5 }), [], { status: 0 })).toThrow(Conflict);
    expect(() => planInvoiceUpdate(state({ paidCents: 10 }), [], { status: 5 })).toThrow(/settled payments/);
    expect(() => planInvoiceUpdate(state({ status: 3 }), [], { status: 7 })).toThrow(/processing/);
    expect(() => planInvoiceUpdate(state({ refundedCents: 10 }), [], { status: 9 })).toThrow(/draft/);
    expect(() =>
      planInvoiceUpdate(state({ paidCents: 1000 }), [line(1000)], { lineItems: [line(-1)] }),
    ).toThrow(/below/);
  });

  it('cancel reverses what was posted; a draft reverses nothing', () => {
    expect(planInvoiceCancel(state()).posting).toEqual({
      subtotalCents: -1000,
      taxCents: 0,
      totalCents: -1000,
    });
    expect(planInvoiceCancel(state({ status: 9 })).posting).toBeNull();
    expect(() => planInvoiceCancel(state({ status: 5 }))).toThrow(/already cancelled/);
    expect(planInvoiceCancel(state()).event).toBe('invoice.cancelled');
  });

  it('after any sequence of edits and a cancel, the postings add up to what the final state holds', () => {
    const lineArb = fc.record({
      description: fc.constant('x'),
      amountCents: fc.integer({ min: -5000, max: 50_000 }),
      quantity: fc.integer({ min: 1, max: 500 }).map((n) => n / 100),
      taxed: fc.constantFrom(0 as const, 1 as const),
    });
    const step = fc.oneof(
      fc.record({ lineItems: fc.array(lineArb, { maxLength: 4 }) }),
      fc.record({ tax: fc.integer({ min: 0, max: 20_000 }).map((n) => n / 1000) }),
      fc.record({ status: fc.constantFrom(0, 1, 2, 3, 5, 7, 9) }),
      fc.constant('cancel' as const),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.constantFrom(0, 9), (steps, first) => {
        let current = state({ status: first, subtotalCents: 0, taxCents: 0, totalCents: 0 });
        let lines: DocumentLine[] = [];
        const held: Figures = { subtotalCents: 0, taxCents: 0, totalCents: 0 };
        for (const s of steps) {
          const plan = planStep(current, lines, s);
          if (!plan) continue;
          if (plan.posting) addFigures(held, plan.posting);
          lines = [...lines, ...plan.appended];
          current = plan.next;
          const totals = computeTotals(lines, current.tax, current.tax2);
          expect(current.totalCents).toBe(totals.totalCents);
        }
        const { subtotalCents, taxCents, totalCents } = postedFigures(current);
        expect(held).toEqual({ subtotalCents, taxCents, totalCents });
        expect(held.subtotalCents + held.taxCents).toBe(held.totalCents);
      }),
      { numRuns: 500 },
    );
  });
});
