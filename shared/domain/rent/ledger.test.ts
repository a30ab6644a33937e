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

  it('shows a refund of an invoice paid in full as money returned: the balance stays what it owes, 0', () => {
    const paid = { paymentId: 8, amountCents: 150_000, date: '2027-03-01', method: 'card' as const };
    const refund = { paymentId: 9, amountCents: -5_000, date: '2027-03-09', method: 'card' as const };
    const rent = {
      invoiceId: 3,
      description: 'RENT' as const,
      invoiceDate: '2027-02-18',
      totalCents: 150_000,
      paidCents: 145_000,
      returnedCents: 5_000,
    };
    const view = ledgerView(linesOfInvoice(rent, [paid, refund]));
    expect(view.items.map((i) => [i.kind, i.amount, i.refunded, i.balance])).toEqual([
      ['charge', 1500, null, 1500],
      ['payment', -1500, null, 0],
      ['refund', 0, 50, 0],
    ]);
    expect(view.balance).toBe(0);
    // Lowered afterwards by a credit line to what was kept: the charge shows it, the refund gives the 50 back.
    const lowered = ledgerView(linesOfInvoice({ ...rent, totalCents: 145_000 }, [paid, refund]));
    expect(lowered.items.map((i) => [i.kind, i.amount, i.balance])).toEqual([
      ['charge', 1450, 1450],
      ['payment', -1500, -50],
      ['refund', 50, 0],
    ]);
    // A refund of a part payment gives back money paid towards a charge still open: it is owed again.
    const part = ledgerView(
      linesOfInvoice({ ...rent, paidCents: 95_000, returnedCents: 0 }, [
        { ...paid, amountCents: 100_000 },
        refund,
      ]),
    );
    expect(part.balance).toBe(550);
  });

  it('is empty with a zero balance when nothing was charged', () => {
    expect(ledgerView([])).toEqual({ items: [], balance: 0 });
  });
});
