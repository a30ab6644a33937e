import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../ledger/payment.js';
import { EXPENSE, INVOICE } from './kind.js';
import {
  cardWords,
  daySpanWords,
  documentKindWords,
  invoiceTitle,
  lateFeeLineWords,
  methodWords,
  monthWords,
  paymentWords,
  rentLineWords,
} from './words.js';

describe('the words of money lines', () => {
  it('names a rent cycle invoice by its month, any other by its type', () => {
    expect(invoiceTitle({ description: 'RENT', period: '2026-12' })).toBe('Rent for December 2026');
    expect(invoiceTitle({ description: 'ADJUSTMENT', period: '2026-11', lateFeeOf: 40 })).toBe(
      'Late fee for November 2026',
    );
    // Typed by staff: no month to name.
    expect(invoiceTitle({ description: 'RENT' })).toBe('Rent');
    expect(invoiceTitle({ description: 'ADJUSTMENT' })).toBe('Adjustment');
    expect(invoiceTitle({ description: 'DEPOSIT' })).toBe('Security deposit');
    expect(invoiceTitle({ description: 'BOOKING' })).toBe('Booking');
  });

  it('says which days each of a month’s late fees charges: the first day’s fees, then the days after it', () => {
    const fee = (from: string, through: string, first = false) =>
      invoiceTitle({
        description: 'ADJUSTMENT',
        period: '2026-11',
        lateFeeOf: 40,
        lateFeeDays: { from, through, first },
      });
    expect(fee('2026-11-07', '2026-11-07', true)).toBe('Late fee for November 2026, first day (7 November)');
    expect(fee('2026-11-08', '2026-11-12')).toBe('Late fee for November 2026, 5 days (8–12 November)');
    expect(fee('2026-11-13', '2026-11-13')).toBe('Late fee for November 2026, 1 day (13 November)');
    expect(fee('2026-11-18', '2026-12-01')).toBe(
      'Late fee for November 2026, 14 days (18 November – 1 December)',
    );
    // A run that missed days catches them up in one posting.
    expect(fee('2026-11-07', '2026-11-10', true)).toBe(
      'Late fee for November 2026, first day and 3 more (7–10 November)',
    );
    expect(daySpanWords('2026-12-30', '2027-01-02')).toBe('30 December 2026 – 2 January 2027');
  });

  it('names a card as people read it', () => {
    expect(cardWords('visa', '4242')).toBe('Visa ending in 4242');
    expect(cardWords('mastercard', '4444')).toBe('Mastercard ending in 4444');
    expect(cardWords('amex', '8431')).toBe('American Express ending in 8431');
    expect(cardWords('newbrand', '0000')).toBe('newbrand ending in 0000');
  });

  it('has words for every type and method, never the code itself', () => {
    for (const type of INVOICE.types) expect(invoiceTitle({ description: type })).not.toBe(type);
    for (const type of EXPENSE.types)
      expect(documentKindWords('expense', { description: type })).not.toBe(type);
    for (const method of PAYMENT_METHODS) expect(methodWords(method)).not.toBe(method);
  });

  it('says how a payment or refund was made', () => {
    expect(paymentWords('bank_transfer', 145_000)).toBe('Bank transfer');
    expect(paymentWords('card', -5_000)).toBe('Refund (card)');
    expect(methodWords('wire')).toBe('wire');
  });

  it('writes the rent run’s lines and the kinds the statement names', () => {
    expect(monthWords('2027-01')).toBe('January 2027');
    expect(rentLineWords('2027-10', 17, 31)).toBe('Rent for October 2027 (17 of 31 days)');
    expect(rentLineWords('2027-12', 31, 31)).toBe('Rent for December 2027');
    expect(lateFeeLineWords('2027-11', { from: '2027-11-07', through: '2027-11-07', first: true })).toBe(
      'Late fee for November 2027, first day (7 November)',
    );
    expect(documentKindWords('invoice', { description: 'ADJUSTMENT', lateFeeOf: 3 })).toBe('late fee');
    expect(documentKindWords('invoice', { description: 'DEPOSIT' })).toBe('security deposit');
    expect(documentKindWords('expense', { description: 'OWNER' })).toBe('owner');
  });
});
