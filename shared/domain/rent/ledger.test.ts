import { describe, expect, it } from 'vitest';
import { ledgerView, linesOfInvoice } from './ledger.js';

describe('a ledger', () => {
  it('lists charges, payments and refunds in date order with the running balance', () => {
    const rent = linesOfInvoice(
      { invoiceId: 2, description: 'RENT', invoiceDate: '2027-02-18', totalCents: 150_000 },
      [
        { paymentId: 5, amountCents: 100_000, date: '2027-03-01', method: 'card' },
        { paymentId: 6, amountCents: -20_000, date: '2027-03-04', method: 'card' },
      ],
    );
    const deposit = linesOfInvoice(
      { invoiceId: 1, description: 'DEPOSIT', invoiceDate: '2027-02-18', totalCents: 200_000 },
      [{ paymentId: 4, amountCents: 200_000, date: '2027-02-18', method: 'check' }],
    );
    const view = ledgerView([...rent, ...deposit]);
    expect(view.items.map((i) => [i.date, i.kind, i.invoiceId, i.amount, i.balance])).toEqual([
      ['2027-02-18', 'charge', 1, 2000, 2000],
      ['2027-02-18', 'charge', 2, 1500, 3500],
      ['2027-02-18', 'payment', 1, -2000, 1500],
      ['2027-03-01', 'payment', 2, -1000, 500],
      ['2027-03-04', 'refund', 2, 200, 700],
    ]);
    expect(view.balance).toBe(700);
    expect(view.items.map((i) => [i.description, i.invoiceType, i.method])).toEqual([
      ['Security deposit', 'DEPOSIT', null],
      ['Rent', 'RENT', null],
      ['Check', 'DEPOSIT', 'check'],
      ['Card', 'RENT', 'card'],
      ['Refund (card)', 'RENT', 'card'],
    ]);
  });

  it('is empty with a zero balance when nothing was charged', () => {
    expect(ledgerView([])).toEqual({ items: [], balance: 0 });
  });
});
