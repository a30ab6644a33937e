import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Conflict } from '../../errors.js';
import { computeTotals } from '../ledger/totals.js';
import type { Figures } from './figures.js';
import { EXPENSE, INVOICE, type MoneyKind, statusCodes, statusLabel } from './kind.js';
import { type DocumentLine, lineItemsInput, MAX_LINES_PER_WRITE } from './line-items.js';
import { type DocumentState, heldFigures, planCancel, planUpdate, syncedStatus } from './plan.js';

const line = (amountCents: number, quantity = 1, taxed: 0 | 1 = 1): DocumentLine => ({
  description: 'x',
  amountCents,
  quantity,
  taxed,
});

const state = (over: Partial<DocumentState> = {}): DocumentState => ({
  id: 7,
  tax: 0,
  tax2: 0,
  status: 0,
  subtotalCents: 1000,
  taxCents: 0,
  totalCents: 1000,
  returnedCents: 0,
  paidCents: 0,
  refundedCents: 0,
  cardPaymentInFlight: false,
  ...over,
});

/** One step of the property's sequence: its plan, or undefined when the rules refuse it (a 409 or a 400). */
function planStep(
  kind: MoneyKind,
  current: DocumentState,
  lines: DocumentLine[],
  step: Parameters<typeof planUpdate>[3] | 'cancel',
): ReturnType<typeof planCancel> | undefined {
  try {
    return step === 'cancel' ? planCancel(kind, current) : planUpdate(kind, current, lines, step);
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

describe('status tables', () => {
  it('labels every spec code of each kind', () => {
    expect(statusCodes(INVOICE)).toEqual([0, 1, 2, 3, 5, 7, 9]);
    expect(statusCodes(INVOICE).map((c) => statusLabel(INVOICE, c))).toEqual([
      'Unpaid',
      'Paid',
      'Refunded',
      'Processing',
      'Cancelled',
      'Void',
      'Draft',
    ]);
    expect(statusLabel(INVOICE, 4)).toBe('Unknown');
    expect([0, 1, 3, 9].map((c) => statusLabel(EXPENSE, c))).toEqual([
      'Unpaid',
      'Paid',
      'Cancelled',
      'Draft',
    ]);
    expect(statusLabel(EXPENSE, 5)).toBe('Unknown');
  });

  it('syncs the payment states with the figures', () => {
    const f = { totalCents: 1000, paidCents: 0, refundedCents: 0, returnedCents: 0 };
    expect(syncedStatus(INVOICE, 1, f)).toBe(0);
    expect(syncedStatus(INVOICE, 0, { ...f, paidCents: 1000 })).toBe(1);
    expect(syncedStatus(INVOICE, 0, { ...f, paidCents: 400 })).toBe(0);
    expect(syncedStatus(INVOICE, 3, { ...f, paidCents: 400 })).toBe(3);
    // All of a payment in full given back: refunded; a part payment given back owes its charge as before.
    expect(syncedStatus(INVOICE, 0, { ...f, refundedCents: 1000, returnedCents: 1000 })).toBe(2);
    expect(syncedStatus(INVOICE, 0, { ...f, refundedCents: 400 })).toBe(0);
    // A paid invoice partly refunded owes nothing: paid, whatever status is sent.
    expect(syncedStatus(INVOICE, 0, { ...f, paidCents: 600, refundedCents: 400, returnedCents: 400 })).toBe(
      1,
    );
    // A line added to it later is owed, and only that line.
    expect(
      syncedStatus(INVOICE, 1, { totalCents: 1200, paidCents: 600, refundedCents: 400, returnedCents: 400 }),
    ).toBe(0);
    expect(syncedStatus(INVOICE, 9, f)).toBe(9);
    expect(syncedStatus(INVOICE, 5, f)).toBe(5);
    expect(
      syncedStatus(INVOICE, 1, { totalCents: 0, paidCents: 0, refundedCents: 0, returnedCents: 0 }),
    ).toBe(0);
    expect(syncedStatus(EXPENSE, 1, { ...f, totalCents: 100 })).toBe(0);
    expect(syncedStatus(EXPENSE, 0, { ...f, totalCents: 100, paidCents: 100 })).toBe(1);
    expect(syncedStatus(EXPENSE, 0, { ...f, refundedCents: 100, returnedCents: 100 })).toBe(0);
    expect(syncedStatus(EXPENSE, 9, f)).toBe(9);
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

describe('update plan', () => {
  it('appends lines, computes the figures again and posts the difference', () => {
    const plan = planUpdate(
      INVOICE,
      state({ tax: 10, subtotalCents: 1000, taxCents: 100, totalCents: 1100 }),
      [line(1000)],
      { lineItems: [line(500, 2, 0)] },
    );
    expect(plan.next).toMatchObject({ subtotalCents: 2000, taxCents: 100, totalCents: 2100, status: 0 });
    expect(plan.posting).toEqual({ subtotalCents: 1000, taxCents: 0, totalCents: 1000 });
    expect(plan.action).toBe('updated');
    const expense = planUpdate(
      EXPENSE,
      state({ totalCents: 2000, subtotalCents: 2000 }),
      [line(2000, 1, 0)],
      {
        lineItems: [line(500, 1, 0)],
      },
    );
    expect(expense.next).toMatchObject({ totalCents: 2500, status: 0 });
    expect(expense.posting).toEqual({ subtotalCents: 500, taxCents: 0, totalCents: 500 });
  });

  it('refuses only what makes the money wrong: a close with money or a card payment in flight, a draft with payments, a total below what was paid', () => {
    expect(() => planUpdate(INVOICE, state({ paidCents: 10 }), [], { status: 5 })).toThrow(
      /settled payments/,
    );
    expect(() => planUpdate(INVOICE, state({ paidCents: 10 }), [], { status: 7 })).toThrow(
      /settled payments/,
    );
    expect(() => planUpdate(EXPENSE, state({ paidCents: 10 }), [], { status: 3 })).toThrow(
      /settled payments/,
    );
    expect(() =>
      planUpdate(INVOICE, state({ status: 3, cardPaymentInFlight: true }), [], { status: 7 }),
    ).toThrow(/processing/);
    expect(() => planUpdate(INVOICE, state({ refundedCents: 10 }), [], { status: 9 })).toThrow(/draft/);
    expect(() =>
      planUpdate(INVOICE, state({ paidCents: 1000 }), [line(1000)], { lineItems: [line(-1)] }),
    ).toThrow(/below/);
  });

  it('sets any status given: a processing status set by hand closes, a closed document reopens and is posted again', () => {
    expect(planUpdate(INVOICE, state({ status: 3 }), [], { status: 7 })).toMatchObject({
      next: { status: 7 },
      posting: { totalCents: -1000 },
      action: 'voided',
      event: 'invoice.cancelled',
    });
    for (const closed of [5, 7]) {
      const reopened = planUpdate(INVOICE, state({ status: closed }), [line(1000)], { status: 0 });
      expect(reopened).toMatchObject({
        next: { status: 0 },
        posting: { totalCents: 1000 },
        action: 'reopened',
      });
      expect(reopened.event).toBeUndefined();
    }
    const voided = planUpdate(INVOICE, state({ status: 5 }), [], { status: 7 });
    expect(voided).toMatchObject({ next: { status: 7 }, posting: null, action: 'voided' });
    expect(voided.event).toBeUndefined(); // announced when it was cancelled
    expect(planUpdate(INVOICE, state({ status: 7 }), [], { status: 3 })).toMatchObject({
      next: { status: 3 },
      posting: { totalCents: 1000 },
    });
    expect(planUpdate(EXPENSE, state({ status: 3 }), [line(1000)], { status: 0 })).toMatchObject({
      next: { status: 0 },
      posting: { totalCents: 1000 },
      action: 'reopened',
    });
  });

  it('a change to a closed document leaves it closed and posts nothing', () => {
    const plan = planUpdate(INVOICE, state({ status: 5 }), [line(1000)], { lineItems: [line(700)] });
    expect(plan).toMatchObject({ next: { status: 5, totalCents: 1700 }, posting: null, action: 'updated' });
    expect(plan.event).toBeUndefined();
  });
});

describe('cancel plan', () => {
  it('reverses what was posted; a draft reverses nothing; refused once closed, with money, or in flight', () => {
    expect(planCancel(INVOICE, state()).posting).toEqual({
      subtotalCents: -1000,
      taxCents: 0,
      totalCents: -1000,
    });
    expect(planCancel(INVOICE, state()).event).toBe('invoice.cancelled');
    expect(planCancel(INVOICE, state({ status: 9 })).posting).toBeNull();
    expect(() => planCancel(INVOICE, state({ status: 5 }))).toThrow(/already cancelled/);
    expect(() => planCancel(INVOICE, state({ status: 7 }))).toThrow(/already void/);
    expect(() => planCancel(INVOICE, state({ status: 3, cardPaymentInFlight: true }))).toThrow(/processing/);
    expect(planCancel(INVOICE, state({ status: 3 })).next.status).toBe(5);
    expect(planCancel(EXPENSE, state())).toMatchObject({
      next: { status: 3 },
      posting: { totalCents: -1000 },
      action: 'cancelled',
    });
    expect(planCancel(EXPENSE, state()).event).toBeUndefined();
    expect(() => planCancel(EXPENSE, state({ paidCents: 1 }))).toThrow(/settled payments/);
    expect(() => planCancel(EXPENSE, state({ status: 3 }))).toThrow(Conflict);
  });
});

describe('the journal after any sequence of changes (fast-check)', () => {
  const lineArb = fc.record({
    description: fc.constant('x'),
    amountCents: fc.integer({ min: -5000, max: 50_000 }),
    quantity: fc.integer({ min: 1, max: 500 }).map((n) => n / 100),
    taxed: fc.constantFrom(0 as const, 1 as const),
  });

  for (const kind of [INVOICE, EXPENSE]) {
    it(`${kind.plural}: after any sequence of edits, status changes and cancels, the postings add up to what the final state holds`, () => {
      const step = fc.oneof(
        fc.record({ lineItems: fc.array(lineArb, { maxLength: 4 }) }),
        fc.record({ tax: fc.integer({ min: 0, max: 20_000 }).map((n) => n / 1000) }),
        fc.record({ status: fc.constantFrom(...statusCodes(kind)) }),
        fc.constant('cancel' as const),
      );
      fc.assert(
        fc.property(fc.array(step, { maxLength: 12 }), fc.constantFrom(0, 9), (steps, first) => {
          let current = state({ status: first, subtotalCents: 0, taxCents: 0, totalCents: 0 });
          let lines: DocumentLine[] = [];
          const held: Figures = { subtotalCents: 0, taxCents: 0, totalCents: 0 };
          for (const s of steps) {
            const plan = planStep(kind, current, lines, s);
            if (!plan) continue;
            if (plan.posting) addFigures(held, plan.posting);
            lines = [...lines, ...plan.appended];
            current = plan.next;
            const totals = computeTotals(lines, current.tax, current.tax2);
            expect(current.totalCents).toBe(totals.totalCents);
          }
          const { subtotalCents, taxCents, totalCents } = heldFigures(kind, current);
          expect(held).toEqual({ subtotalCents, taxCents, totalCents });
          expect(held.subtotalCents + held.taxCents).toBe(held.totalCents);
        }),
        { numRuns: 500 },
      );
    });
  }
});
