import { describe, expect, it } from 'vitest';
import {
  balances,
  expensePostedLines,
  invoicePostedLines,
  isBalanced,
  mirrorLines,
  paymentEntry,
  postedLines,
  reclassifiedLines,
  UnbalancedEntry,
} from './journal.js';

describe('journal entries', () => {
  it('posts an invoice: Dr receivable total / Cr revenue subtotal + Cr taxPayable tax', () => {
    expect(invoicePostedLines({ subtotalCents: 10000, taxCents: 750, totalCents: 10750 })).toEqual([
      { account: 'receivable', debitCents: 10750, creditCents: 0 },
      { account: 'revenue', debitCents: 0, creditCents: 10000 },
      { account: 'taxPayable', debitCents: 0, creditCents: 750 },
    ]);
  });

  it('posts a DEPOSIT to the deposits-held liability, never to revenue; its reversal takes it back out', () => {
    const figures = { subtotalCents: 145_000, taxCents: 0, totalCents: 145_000 };
    const posted = postedLines('invoice', figures, 'DEPOSIT');
    expect(posted).toEqual([
      { account: 'receivable', debitCents: 145_000, creditCents: 0 },
      { account: 'depositsHeld', debitCents: 0, creditCents: 145_000 },
    ]);
    expect(postedLines('invoice', figures, 'RENT')[1]?.account).toBe('revenue');
    expect(balances([{ lines: posted }, { lines: mirrorLines(posted) }]).get('depositsHeld')).toBe(0);
  });

  it('reclassifies an amount between revenue and the deposits-held liability, balanced either way', () => {
    expect(reclassifiedLines('revenue', 'depositsHeld', 1_000)).toEqual([
      { account: 'revenue', debitCents: 1_000, creditCents: 0 },
      { account: 'depositsHeld', debitCents: 0, creditCents: 1_000 },
    ]);
    expect(reclassifiedLines('revenue', 'depositsHeld', -250)).toEqual([
      { account: 'revenue', debitCents: 0, creditCents: 250 },
      { account: 'depositsHeld', debitCents: 250, creditCents: 0 },
    ]);
  });

  it('writes no zero line, and a credit invoice (negative total) on the opposite sides', () => {
    expect(invoicePostedLines({ subtotalCents: -500, taxCents: 0, totalCents: -500 })).toEqual([
      { account: 'receivable', debitCents: 0, creditCents: 500 },
      { account: 'revenue', debitCents: 500, creditCents: 0 },
    ]);
  });

  it('refuses figures that cannot balance', () => {
    expect(() => invoicePostedLines({ subtotalCents: 100, taxCents: 1, totalCents: 100 })).toThrow(
      UnbalancedEntry,
    );
    expect(() => expensePostedLines({ subtotalCents: 100, taxCents: 1, totalCents: 100 })).toThrow(
      UnbalancedEntry,
    );
  });

  it('reversal is the mirror and nets the posting to zero', () => {
    const posted = invoicePostedLines({ subtotalCents: 2000, taxCents: 130, totalCents: 2130 });
    const reversed = mirrorLines(posted);
    expect(isBalanced(reversed)).toBe(true);
    expect([...balances([{ lines: posted }, { lines: reversed }]).values()].every((v) => v === 0)).toBe(true);
  });

  it('payments and refunds on invoices and expenses', () => {
    expect(paymentEntry('invoice', 500)).toEqual({
      kind: 'paymentReceived',
      lines: [
        { account: 'cash', debitCents: 500, creditCents: 0 },
        { account: 'receivable', debitCents: 0, creditCents: 500 },
      ],
    });
    expect(paymentEntry('invoice', -200).kind).toBe('refundIssued');
    expect(paymentEntry('invoice', -200).lines[0]).toEqual({
      account: 'cash',
      debitCents: 0,
      creditCents: 200,
    });
    expect(paymentEntry('expense', 300)).toEqual({
      kind: 'expensePaid',
      lines: [
        { account: 'payable', debitCents: 300, creditCents: 0 },
        { account: 'cash', debitCents: 0, creditCents: 300 },
      ],
    });
    expect(paymentEntry('expense', -300).kind).toBe('expenseRefunded');
    expect(() => paymentEntry('invoice', 0)).toThrow(RangeError);
  });

  it('posts an expense: Dr expense / Cr payable, tax included', () => {
    expect(expensePostedLines({ subtotalCents: 1000, taxCents: 80, totalCents: 1080 })).toEqual([
      { account: 'expense', debitCents: 1080, creditCents: 0 },
      { account: 'payable', debitCents: 0, creditCents: 1080 },
    ]);
  });
});
