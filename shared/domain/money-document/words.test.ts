import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../ledger/payment.js';
import { EXPENSE, INVOICE } from './kind.js';
import {
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
    expect(lateFeeLineWords('2027-11', '2027-11-07')).toBe('Late fee for November 2027 (through 2027-11-07)');
    expect(documentKindWords('invoice', { description: 'ADJUSTMENT', lateFeeOf: 3 })).toBe('late fee');
    expect(documentKindWords('invoice', { description: 'DEPOSIT' })).toBe('security deposit');
    expect(documentKindWords('expense', { description: 'OWNER' })).toBe('owner');
  });
});
