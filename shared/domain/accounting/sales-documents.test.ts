import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../ledger/totals.js';
import type { DocumentLine } from '../money-document/line-items.js';
import type { InvoiceRecord } from '../money-document/record.js';
import { centsOfAmount } from './qbo-types.js';
import {
  type ClassPlacement,
  invoiceBody,
  paymentBody,
  refundReceiptBody,
  refundSplit,
  type SalesRefs,
} from './sales-documents.js';

const refs = (placement: ClassPlacement = 'none'): SalesRefs => ({
  customer: { value: '7' },
  item: { value: '21', name: 'Rent' },
  tax: { value: '22', name: 'Taxes collected' },
  classRef: { value: '30', name: 'Beach House (property 2001)' },
  placement,
});

function invoiceOf(lines: DocumentLine[], tax = 0, tax2 = 0): InvoiceRecord {
  const totals = computeTotals(lines, tax, tax2);
  return {
    invoiceId: 41,
    description: 'RENT',
    tenantId: 7,
    reservationId: null,
    leaseId: 3,
    propertyId: 2001,
    invoiceDate: '2027-03-01',
    dueDate: '2027-03-05',
    tax,
    tax2,
    status: 0,
    dateCreated: '2027-03-01T10:00:00Z',
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
  };
}

type Line = { Amount: number; SalesItemLineDetail: Record<string, unknown>; Description: string };
const linesOf = (body: { Line: unknown[] }) => body.Line as Line[];
const sumCents = (lines: { Amount: number }[]) => lines.reduce((s, l) => s + centsOfAmount(l.Amount), 0);

describe('invoiceBody', () => {
  it('has our number, dates and customer, one line per line on the type’s item and the tax on the tax item', () => {
    const lines: DocumentLine[] = [
      { description: 'March rent', amountCents: 120_000, quantity: 1, taxed: 1 },
      { description: 'Parking', amountCents: 1_550, quantity: 2, taxed: 0 },
    ];
    const invoice = invoiceOf(lines, 7.5);
    const body = invoiceBody(invoice, lines, refs());
    expect(body).toMatchObject({
      DocNumber: '41',
      TxnDate: '2027-03-01',
      DueDate: '2027-03-05',
      CustomerRef: { value: '7' },
    });
    expect(linesOf(body).map((l) => [l.Amount, l.SalesItemLineDetail.ItemRef])).toEqual([
      [1200, refs().item],
      [31, refs().item],
      [90, refs().tax],
    ]);
    expect(linesOf(body)[1]?.SalesItemLineDetail).toMatchObject({ Qty: 2, UnitPrice: 15.5 });
    expect(linesOf(body)[2]?.Description).toBe('Tax 7.5%');
    expect(body).not.toHaveProperty('ClassRef');
  });

  it('puts the property’s class where the company tracks it: on the transaction, on each line, or nowhere', () => {
    const lines: DocumentLine[] = [{ description: 'Rent', amountCents: 100, quantity: 1, taxed: 1 }];
    const invoice = invoiceOf(lines, 10);
    expect(invoiceBody(invoice, lines, refs('txn')).ClassRef).toEqual(refs().classRef);
    const perLine = invoiceBody(invoice, lines, refs('line'));
    expect(perLine).not.toHaveProperty('ClassRef');
    for (const l of linesOf(perLine)) expect(l.SalesItemLineDetail.ClassRef).toEqual(refs().classRef);
  });

  it('leaves out Qty and UnitPrice when their product is not whole cents, keeping the rounded line amount', () => {
    const lines: DocumentLine[] = [{ description: 'Hours', amountCents: 3_333, quantity: 1.5, taxed: 0 }];
    const [line] = linesOf(invoiceBody(invoiceOf(lines), lines, refs()));
    expect(line?.Amount).toBe(50); // 33.33 × 1.5 = 49.995, rounded half away from zero
    expect(line?.SalesItemLineDetail).not.toHaveProperty('Qty');
    expect(line?.Description).toBe('Hours (1.5 × 33.33)');
  });

  it('sums to our total to the cent whatever the lines and rates (fast-check)', () => {
    const line = fc.record({
      description: fc.constant('x'),
      amountCents: fc.integer({ min: -50_000, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 1_000 }).map((q) => q / 100),
      taxed: fc.constantFrom<0 | 1>(0, 1),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 20_000 }).map((r) => r / 1000),
        (lines, rate) => {
          const invoice = invoiceOf(lines, rate);
          expect(sumCents(linesOf(invoiceBody(invoice, lines, refs())))).toBe(invoice.totalCents);
        },
      ),
    );
  });
});

describe('payments and refunds', () => {
  const payment = {
    paymentId: 9,
    amountCents: 12_345,
    method: 'card',
    date: '2027-03-02',
    reference: 'pi_1',
  };

  it('applies a payment to its Invoice on the deposit account', () => {
    const body = paymentBody(payment, 41, {
      customer: { value: '7' },
      invoice: '55',
      depositAccount: { value: '3' },
    });
    expect(body).toMatchObject({
      TotalAmt: 123.45,
      CustomerRef: { value: '7' },
      DepositToAccountRef: { value: '3' },
      PaymentRefNum: 'pi_1',
      Line: [{ Amount: 123.45, LinkedTxn: [{ TxnId: '55', TxnType: 'Invoice' }] }],
    });
  });

  it('splits a refund between the sale and the tax in the invoice’s proportion: a full refund gives back the tax', () => {
    expect(refundSplit(10_750, { taxCents: 750, totalCents: 10_750 })).toEqual({
      saleCents: 10_000,
      taxCents: 750,
    });
    expect(refundSplit(1_000, { taxCents: 750, totalCents: 10_750 })).toEqual({
      saleCents: 930,
      taxCents: 70,
    });
    expect(refundSplit(1_000, { taxCents: 0, totalCents: 10_000 })).toEqual({
      saleCents: 1_000,
      taxCents: 0,
    });
  });

  it('makes a RefundReceipt for the money given back, its lines summing to it', () => {
    const lines: DocumentLine[] = [{ description: 'Stay', amountCents: 10_000, quantity: 1, taxed: 1 }];
    const invoice = invoiceOf(lines, 7.5);
    const body = refundReceiptBody({ ...payment, amountCents: -2_500 }, invoice, {
      ...refs(),
      depositAccount: { value: '3' },
    });
    expect(sumCents(body.Line)).toBe(2_500);
    expect(body).toMatchObject({ CustomerRef: { value: '7' }, DepositToAccountRef: { value: '3' } });
  });
});
