import { describe, expect, it } from 'vitest';
import { cancelRefusal, processingStatus, type SettlementState, settle } from './settlement.js';

const invoice = (over: Partial<SettlementState> = {}): SettlementState => ({
  documentType: 'invoice',
  status: 0,
  totalCents: 10000,
  paidCents: 0,
  refundedCents: 0,
  ...over,
});
const expense = (over: Partial<SettlementState> = {}) => invoice({ documentType: 'expense', ...over });

const next = (r: ReturnType<typeof settle>) => {
  if (!r.ok) throw new Error(r.refusal);
  return r.next;
};

describe('settlement', () => {
  it('fully paid → 1 with payment.succeeded and invoice.paid', () => {
    expect(next(settle(invoice(), 10000))).toEqual({
      kind: 'payment',
      status: 1,
      paidCents: 10000,
      refundedCents: 0,
      returnedCents: 0,
      reinstated: false,
      events: ['payment.succeeded', 'invoice.paid'],
    });
  });

  it('partly paid stays 0; a processing invoice stays 3 until paid in full', () => {
    expect(next(settle(invoice(), 4000)).status).toBe(0);
    expect(next(settle(invoice(), 4000)).events).toEqual(['payment.succeeded']);
    expect(next(settle(invoice({ status: 3 }), 4000)).status).toBe(3);
    expect(next(settle(invoice({ status: 3, paidCents: 4000 }), 6000)).status).toBe(1);
  });

  it('fully refunded → 2; a partial refund leaves the status', () => {
    const paid = invoice({ status: 1, paidCents: 10000 });
    expect(next(settle(paid, -10000))).toMatchObject({ status: 2, paidCents: 0, refundedCents: 10000 });
    expect(next(settle(paid, -10000)).events).toEqual(['invoice.refunded']);
    expect(next(settle(paid, -3000))).toMatchObject({ status: 1, paidCents: 7000, refundedCents: 3000 });
  });

  it('a refund of an invoice paid in full is money returned, never owed again; one of a part payment is owed again', () => {
    const paid = invoice({ status: 1, paidCents: 10000 });
    // Paid in full, refunded 30.00: still paid, nothing due, so no payment is taken (a card one is refunded).
    const refunded = next(settle(paid, -3000));
    expect(refunded).toMatchObject({ status: 1, paidCents: 7000, refundedCents: 3000, returnedCents: 3000 });
    expect(settle(invoice({ ...paid, ...refunded }), 100)).toMatchObject({
      ok: false,
      refusal: 'overpayment',
    });
    expect(next(settle(invoice({ ...paid, ...refunded }), -7000))).toMatchObject({
      status: 2,
      paidCents: 0,
      returnedCents: 10000,
    });
    // A part payment of 40.00 given back: the charge is owed as before (status 0, 100.00 due).
    const part = next(settle(invoice({ paidCents: 4000 }), -4000));
    expect(part).toMatchObject({ status: 0, paidCents: 0, refundedCents: 4000, returnedCents: 0 });
    expect(next(settle(invoice({ ...part }), 10000)).status).toBe(1);
  });

  it('refuses recorded overpayment, over-refund, zero, drafts and cancelled or void documents', () => {
    expect(settle(invoice({ paidCents: 9000 }), 1001)).toMatchObject({ ok: false, refusal: 'overpayment' });
    expect(settle(invoice({ paidCents: 500 }), -501)).toMatchObject({ ok: false, refusal: 'overRefund' });
    expect(settle(invoice(), 0)).toMatchObject({ ok: false, refusal: 'zeroAmount' });
    expect(settle(invoice({ status: 9 }), 100)).toMatchObject({ ok: false, refusal: 'draft' });
    expect(settle(invoice({ status: 5 }), 100)).toMatchObject({ ok: false, refusal: 'notPayable' });
    expect(settle(invoice({ status: 7 }), 100)).toMatchObject({ ok: false, refusal: 'notPayable' });
    expect(settle(expense({ status: 3 }), 100)).toMatchObject({ ok: false, refusal: 'notPayable' });
  });

  it('the processor is a fact: a cancelled invoice is reinstated; an overpayment or over-refund is refused (an anomaly)', () => {
    expect(settle(invoice({ paidCents: 9000 }), 2000, 'processor')).toMatchObject({
      ok: false,
      refusal: 'overpayment',
    });
    expect(settle(invoice({ status: 1, paidCents: 500 }), -501, 'processor')).toMatchObject({
      ok: false,
      refusal: 'overRefund',
    });
    expect(settle(invoice({ status: 5 }), 10001, 'processor')).toMatchObject({ refusal: 'overpayment' });
    expect(next(settle(invoice({ status: 5 }), 10000, 'processor'))).toMatchObject({
      status: 1,
      reinstated: true,
    });
  });

  it('expenses: 1 when paid, 0 when partly paid or fully refunded, no outbound events', () => {
    expect(next(settle(expense(), 10000))).toMatchObject({ status: 1, events: [] });
    expect(next(settle(expense(), 100)).status).toBe(0);
    expect(next(settle(expense({ status: 1, paidCents: 10000 }), -10000))).toMatchObject({ status: 0 });
  });

  it('processing: only an unpaid invoice becomes 3', () => {
    expect(processingStatus({ status: 0 })).toBe(3);
    for (const status of [1, 2, 3, 5, 7, 9]) expect(processingStatus({ status })).toBeNull();
  });

  it('cancel: refused when cancelled, with settled payments, or while a card payment is in flight', () => {
    expect(cancelRefusal(invoice())).toBeNull();
    expect(cancelRefusal(invoice({ status: 2, refundedCents: 100 }))).toBeNull();
    expect(cancelRefusal(invoice({ status: 5 }))).toBe('alreadyCancelled');
    expect(cancelRefusal(invoice({ paidCents: 1 }))).toBe('settledPayments');
    expect(cancelRefusal(invoice({ status: 3, cardPaymentInFlight: true }))).toBe('processing');
    // A 3 set by hand, with no card payment behind it, does not block.
    expect(cancelRefusal(invoice({ status: 3 }))).toBeNull();
    expect(cancelRefusal(expense({ status: 3 }))).toBe('alreadyCancelled');
  });
});
