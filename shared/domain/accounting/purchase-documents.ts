/**
 * Our expenses and their payments as QuickBooks purchase documents (docs/accounting.md "Decisions"):
 * - an expense → a Bill (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/bill:
 *   `VendorRef` and `Line` required), not a Purchase: our expense is owed to its payee until a payment is
 *   recorded (the journal's Dr expense / Cr payable), which is a Bill; a Purchase is money already spent.
 *   Each line is an AccountBasedExpenseLineDetail on the type's expense account; the tax (part of the cost in
 *   our journal) is one more line on the same account. The property's Class goes on each line;
 * - a payment of an expense → a BillPayment (…/all-entities/billpayment: `VendorRef`, `PayType`, `TotalAmt`,
 *   `Line[].LinkedTxn` to the Bill, and `CheckPayment.BankAccountRef` for PayType Check);
 * - money a payee gives back → a Deposit (…/all-entities/deposit: `DepositToAccountRef` and `Line` required) into
 *   the pay-from account, against the expense account, naming the vendor: the cost partly undone.
 */
import { lineTotalCents } from '../ledger/totals.js';
import type { DocumentLine } from '../money-document/line-items.js';
import type { ExpenseRecord } from '../money-document/record.js';
import { amountOf, cut, type QboRef } from './qbo-types.js';
import type { PaymentFacts } from './sales-documents.js';

export interface PurchaseRefs {
  vendor: QboRef;
  account: QboRef;
  classRef?: QboRef | undefined;
}

const expenseLine = (amountCents: number, description: string, refs: PurchaseRefs) => ({
  DetailType: 'AccountBasedExpenseLineDetail',
  Amount: amountOf(amountCents),
  Description: cut(description, 4000),
  AccountBasedExpenseLineDetail: {
    AccountRef: refs.account,
    ...(refs.classRef ? { ClassRef: refs.classRef } : {}),
  },
});

/** The Bill of one of our expenses (its lines and tax sum to our total to the cent). */
export function billBody(expense: ExpenseRecord, lines: readonly DocumentLine[], refs: PurchaseRefs) {
  const rates = [expense.tax, expense.tax2]
    .filter((r) => r > 0)
    .map((r) => `${r}%`)
    .join(' + ');
  return {
    VendorRef: refs.vendor,
    DocNumber: String(expense.expenseId),
    TxnDate: expense.expenseDate,
    DueDate: expense.dueDate,
    PrivateNote: `Expense ${expense.expenseId} (${expense.description})`,
    Line: [
      ...lines.map((line) =>
        expenseLine(
          lineTotalCents(line),
          line.quantity === 1
            ? line.description
            : `${line.description} (${line.quantity} × ${amountOf(line.amountCents)})`,
          refs,
        ),
      ),
      ...(expense.taxCents !== 0 ? [expenseLine(expense.taxCents, `Tax ${rates}`.trim(), refs)] : []),
    ],
  };
}

/** A BillPayment by cheque from the mapping's pay-from account, applied to the expense's Bill. */
export function billPaymentBody(
  payment: PaymentFacts,
  expenseId: number,
  refs: { vendor: QboRef; bill: string; payFrom: QboRef },
) {
  return {
    VendorRef: refs.vendor,
    PayType: 'Check',
    CheckPayment: { BankAccountRef: refs.payFrom },
    TotalAmt: amountOf(payment.amountCents),
    TxnDate: payment.date,
    ...(payment.reference ? { DocNumber: cut(payment.reference, 21) } : {}),
    PrivateNote: `Payment ${payment.paymentId} (${payment.method}) of expense ${expenseId}`,
    Line: [{ Amount: amountOf(payment.amountCents), LinkedTxn: [{ TxnId: refs.bill, TxnType: 'Bill' }] }],
  };
}

/** A Deposit of money the payee gave back, into the pay-from account, against the expense account. */
export function vendorRefundBody(
  payment: PaymentFacts,
  expenseId: number,
  refs: PurchaseRefs & { payFrom: QboRef },
) {
  const amount = amountOf(-payment.amountCents);
  return {
    DepositToAccountRef: refs.payFrom,
    TxnDate: payment.date,
    PrivateNote: `Refund ${payment.paymentId} (${payment.method}) from the payee of expense ${expenseId}`,
    Line: [
      {
        Amount: amount,
        DetailType: 'DepositLineDetail',
        Description: `Refund on expense ${expenseId}`,
        DepositLineDetail: {
          AccountRef: refs.account,
          Entity: { ...refs.vendor, type: 'Vendor' },
          ...(refs.classRef ? { ClassRef: refs.classRef } : {}),
        },
      },
    ],
  };
}
