import { describe, expect, it } from 'vitest';
import { Conflict } from '../../errors.js';
import { expenseStatusLabel } from './status.js';
import { type ExpenseState, planExpenseCancel, planExpenseUpdate, syncedExpenseStatus } from './update.js';

const state = (over: Partial<ExpenseState> = {}): ExpenseState => ({
  expenseId: 3,
  description: 'SERVICE',
  paytoId: 'v1',
  dueDate: '2027-01-01',
  tax: 0,
  tax2: 0,
  status: 0,
  subtotalCents: 2000,
  taxCents: 0,
  totalCents: 2000,
  paidCents: 0,
  refundedCents: 0,
  ...over,
});
const line = (amountCents: number) => ({ description: 'x', amountCents, quantity: 1, taxed: 0 as const });

describe('expense rules', () => {
  it('labels the spec codes and syncs paid with the payments', () => {
    expect([0, 1, 3, 9].map(expenseStatusLabel)).toEqual(['Unpaid', 'Paid', 'Cancelled', 'Draft']);
    expect(syncedExpenseStatus(1, { totalCents: 100, paidCents: 0 })).toBe(0);
    expect(syncedExpenseStatus(0, { totalCents: 100, paidCents: 100 })).toBe(1);
    expect(syncedExpenseStatus(9, { totalCents: 100, paidCents: 0 })).toBe(9);
  });

  it('updates the header and appends lines, posting the difference', () => {
    const plan = planExpenseUpdate(state(), [line(2000)], { paytoId: 'v2', lineItems: [line(500)] });
    expect(plan.next).toMatchObject({ paytoId: 'v2', totalCents: 2500, status: 0 });
    expect(plan.posting).toEqual({ subtotalCents: 500, taxCents: 0, totalCents: 500 });
  });

  it('cancel: 3 with the reversal; 409 with settled payments or when already cancelled', () => {
    expect(planExpenseCancel(state())).toMatchObject({
      next: { status: 3 },
      posting: { totalCents: -2000 },
      action: 'cancelled',
    });
    expect(() => planExpenseCancel(state({ paidCents: 1 }))).toThrow(/settled payments/);
    expect(() => planExpenseCancel(state({ status: 3 }))).toThrow(Conflict);
    expect(() => planExpenseUpdate(state({ status: 3 }), [], { dueDate: '2027-02-02' })).toThrow(Conflict);
    expect(planExpenseCancel(state({ status: 9 })).posting).toBeNull();
  });
});
