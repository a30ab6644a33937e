import { describe, expect, it } from 'vitest';
import { centsOfAmount, isUpdatableIntent, nextIntentStep, payableRefusal } from './card-payment.js';

const invoice = { status: 0, tenantId: 7, totalCents: 12_550, paidCents: 0 };

describe('payable invoice', () => {
  it('takes an unpaid or processing invoice with something due', () => {
    expect(payableRefusal(invoice)).toBeNull();
    expect(payableRefusal({ ...invoice, status: 3 })).toBeNull();
    expect(payableRefusal({ ...invoice, paidCents: 5000 }, 7)).toBeNull();
  });

  it('refuses a missing, cancelled, void, paid, refunded or draft invoice, and one with nothing due', () => {
    expect(payableRefusal(undefined)).toMatch(/no such/);
    expect(payableRefusal({ ...invoice, status: 5 })).toMatch(/cancelled/);
    expect(payableRefusal({ ...invoice, status: 7 })).toMatch(/cancelled/);
    expect(payableRefusal({ ...invoice, status: 1 })).toMatch(/paid/);
    expect(payableRefusal({ ...invoice, status: 2 })).toMatch(/paid/);
    expect(payableRefusal({ ...invoice, status: 9 })).toMatch(/draft/);
    expect(payableRefusal({ ...invoice, paidCents: 12_550 })).toMatch(/nothing is due/);
    expect(payableRefusal({ ...invoice, totalCents: 0 })).toMatch(/nothing is due/);
  });

  it('refuses another tenant’s invoice when the page names a tenant', () => {
    expect(payableRefusal(invoice, 8)).toMatch(/tenant/);
    expect(payableRefusal({ ...invoice, tenantId: null }, 7)).toMatch(/tenant/);
  });
});

describe('amnt', () => {
  it('reads the amounts a page sends, to the cent', () => {
    expect(centsOfAmount('125.50')).toBe(12_550);
    expect(centsOfAmount('125.5')).toBe(12_550);
    expect(centsOfAmount('125')).toBe(12_500);
    expect(centsOfAmount(' $1,234.07 ')).toBe(123_407);
    expect(centsOfAmount(0.07)).toBe(7);
    expect(centsOfAmount(19.99)).toBe(1999);
  });

  it('is NaN for anything else, so it never matches an amount due', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '12.5.1', Number.NaN, -1])
      expect(centsOfAmount(bad), String(bad)).toBeNaN();
  });
});

describe('the next step with an invoice’s latest intent (one card payment per invoice at a time)', () => {
  const open = { status: 'requires_payment_method', amountCents: 12_550, currency: 'usd' };

  it('uses an open intent of the same amount and currency, in any case of the currency', () => {
    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action'])
      expect(nextIntentStep({ ...open, status }, false, 12_550, 'USD'), status).toEqual({ kind: 'use' });
  });

  it('cancels an open intent of another amount or currency first', () => {
    expect(nextIntentStep(open, false, 12_551, 'usd')).toEqual({ kind: 'cancelFirst' });
    expect(nextIntentStep(open, false, 12_550, 'eur')).toEqual({ kind: 'cancelFirst' });
  });

  it('never makes a second one beside a payment under way, or one that went through and is not booked', () => {
    for (const status of ['processing', 'requires_capture', 'something_new'])
      expect(nextIntentStep({ ...open, status }, false, 12_550, 'usd'), status).toEqual({
        kind: 'underWay',
        status: 'processing',
      });
    expect(nextIntentStep({ ...open, status: 'succeeded' }, false, 12_550, 'usd')).toEqual({
      kind: 'underWay',
      status: 'succeeded',
    });
    expect(nextIntentStep({ ...open, status: 'processing' }, false, 999, 'usd').kind).toBe('underWay');
  });

  it('makes a new one when there is none, it was canceled, or its payment is booked already', () => {
    expect(nextIntentStep(undefined, false, 12_550, 'usd')).toEqual({ kind: 'create' });
    expect(nextIntentStep({ ...open, status: 'canceled' }, false, 12_550, 'usd')).toEqual({ kind: 'create' });
    expect(nextIntentStep({ ...open, status: 'succeeded' }, true, 12_550, 'usd')).toEqual({ kind: 'create' });
  });
});

it('lets the receipt e-mail change only before the payment is under way', () => {
  expect(isUpdatableIntent('requires_confirmation')).toBe(true);
  expect(isUpdatableIntent('processing')).toBe(false);
});
