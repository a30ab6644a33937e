import { describe, expect, it } from 'vitest';
import { computeTotals } from '../ledger/totals.js';
import type { DocumentLine } from '../money-document/line-items.js';
import type { ExpenseRecord } from '../money-document/record.js';
import { billBody, billPaymentBody, vendorRefundBody } from './purchase-documents.js';
import { centsOfAmount } from './qbo-types.js';

const lines: DocumentLine[] = [
  { description: 'Turnover clean', amountCents: 4_550, quantity: 2, taxed: 0 },
  { description: 'Supplies', amountCents: 1_225, quantity: 1, taxed: 1 },
];
const totals = computeTotals(lines, 8);
const expense: ExpenseRecord = {
  expenseId: 12,
  description: 'HOUSEKEEPING',
  paytoId: 'cleaning-co',
  propertyId: 2001,
  expenseDate: '2027-03-01',
  dueDate: '2027-03-15',
  tax: 8,
  tax2: 0,
  status: 0,
  dateCreated: '2027-03-01T10:00:00Z',
  ...totals,
};
const refs = { vendor: { value: '5' }, account: { value: '60' }, classRef: { value: '30' } };
const payment = { paymentId: 4, amountCents: 5_000, method: 'check', date: '2027-03-03', reference: '1001' };

describe('purchase documents', () => {
  it('makes a Bill of the expense: its lines and tax on the type’s account, each with the property’s class', () => {
    const body = billBody(expense, lines, refs);
    expect(body).toMatchObject({ VendorRef: { value: '5' }, DocNumber: '12', DueDate: '2027-03-15' });
    expect(body.Line.map((l) => l.Amount)).toEqual([91, 12.25, 0.98]);
    expect(body.Line.reduce((s, l) => s + centsOfAmount(l.Amount), 0)).toBe(expense.totalCents);
    expect(body.Line.every((l) => l.AccountBasedExpenseLineDetail.ClassRef === refs.classRef)).toBe(true);
  });

  it('pays the Bill with a BillPayment by cheque from the pay-from account', () => {
    expect(
      billPaymentBody(payment, 12, { vendor: refs.vendor, bill: '77', payFrom: { value: '2' } }),
    ).toMatchObject({
      PayType: 'Check',
      CheckPayment: { BankAccountRef: { value: '2' } },
      TotalAmt: 50,
      Line: [{ Amount: 50, LinkedTxn: [{ TxnId: '77', TxnType: 'Bill' }] }],
    });
  });

  it('deposits money the payee gave back against the expense account', () => {
    const body = vendorRefundBody({ ...payment, amountCents: -1_000 }, 12, {
      ...refs,
      payFrom: { value: '2' },
    });
    expect(body).toMatchObject({
      DepositToAccountRef: { value: '2' },
      Line: [
        {
          Amount: 10,
          DepositLineDetail: { AccountRef: { value: '60' }, Entity: { value: '5', type: 'Vendor' } },
        },
      ],
    });
  });
});
