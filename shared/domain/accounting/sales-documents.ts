/**
 * Our invoices, their payments and refunds as QuickBooks sales documents (docs/accounting.md "What is
 * pushed", "Decisions"):
 * - an invoice → an Invoice (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice):
 *   `DocNumber` our number, `TxnDate` its date, `DueDate`, one SalesItemLineDetail line per line on the item of
 *   its type, and its tax as one more line on the tax item. QuickBooks' own sales tax (automated per address in
 *   US companies) would not equal ours to the cent, so the tax is a line whose item posts to a liability;
 * - a payment → a Payment (…/all-entities/payment) linked to the Invoice (`Line[].LinkedTxn`, TxnType Invoice);
 * - a refund → a RefundReceipt (…/all-entities/refundreceipt: `Line` and `DepositToAccountRef` required): the
 *   money given back for the sale, split between the type's item and the tax item in the invoice's own
 *   proportion. QuickBooks has no negative Payment; a CreditMemo moves no money.
 */
import { divideRounded, lineTotalCents } from '../ledger/totals.js';
import type { DocumentLine } from '../money-document/line-items.js';
import type { InvoiceRecord } from '../money-document/record.js';
import { amountOf, cut, type QboRef } from './qbo-types.js';

/** Where the company wants a document's Class: on the transaction, on each line, or nowhere. */
export type ClassPlacement = 'txn' | 'line' | 'none';

export interface SalesRefs {
  customer: QboRef;
  /** The item of the invoice's type. */
  item: QboRef;
  tax: QboRef;
  /** The property's class, when the company tracks classes and the document has a property. */
  classRef?: QboRef | undefined;
  placement: ClassPlacement;
}

/** QuickBooks' Line Description is at most 4000 characters; PrivateNote 4000; PaymentRefNum 21. */
const DESCRIPTION_MAX = 4000;

const percentText = (rate: number) => `${rate}%`;

function lineClass(refs: Pick<SalesRefs, 'classRef' | 'placement'>) {
  return refs.placement === 'line' && refs.classRef ? { ClassRef: refs.classRef } : {};
}

function txnClass(refs: Pick<SalesRefs, 'classRef' | 'placement'>) {
  return refs.placement === 'txn' && refs.classRef ? { ClassRef: refs.classRef } : {};
}

/**
 * A line: `Qty` × `UnitPrice` when that product is whole cents, else the rounded amount alone (QuickBooks checks
 * Amount against UnitPrice × Qty), the quantity then written in the description.
 */
function salesLine(line: DocumentLine, item: QboRef, refs: SalesRefs) {
  const totalCents = lineTotalCents(line);
  const exact = Math.abs(line.amountCents * line.quantity - totalCents) < 1e-9;
  const description =
    exact || line.quantity === 1
      ? line.description
      : `${line.description} (${line.quantity} × ${amountOf(line.amountCents)})`;
  return {
    DetailType: 'SalesItemLineDetail',
    Amount: amountOf(totalCents),
    Description: cut(description, DESCRIPTION_MAX),
    SalesItemLineDetail: {
      ItemRef: item,
      ...(exact ? { Qty: line.quantity, UnitPrice: amountOf(line.amountCents) } : {}),
      ...lineClass(refs),
    },
  };
}

function taxLine(taxCents: number, description: string, refs: SalesRefs) {
  return {
    DetailType: 'SalesItemLineDetail',
    Amount: amountOf(taxCents),
    Description: description,
    SalesItemLineDetail: { ItemRef: refs.tax, ...lineClass(refs) },
  };
}

/** The Invoice body of one of our invoices (its lines and tax sum to our total to the cent). */
export function invoiceBody(invoice: InvoiceRecord, lines: readonly DocumentLine[], refs: SalesRefs) {
  const rates = [invoice.tax, invoice.tax2]
    .filter((r) => r > 0)
    .map(percentText)
    .join(' + ');
  const about = [
    `Invoice ${invoice.invoiceId} (${invoice.description})`,
    invoice.reservationId ? `reservation ${invoice.reservationId}` : '',
    invoice.leaseId ? `lease ${invoice.leaseId}` : '',
  ].filter(Boolean);
  return {
    DocNumber: String(invoice.invoiceId),
    TxnDate: invoice.invoiceDate,
    DueDate: invoice.dueDate,
    CustomerRef: refs.customer,
    PrivateNote: about.join(', '),
    Line: [
      ...lines.map((line) => salesLine(line, refs.item, refs)),
      ...(invoice.taxCents !== 0 ? [taxLine(invoice.taxCents, `Tax ${rates}`.trim(), refs)] : []),
    ],
    ...txnClass(refs),
  };
}

export interface PaymentFacts {
  paymentId: number;
  amountCents: number;
  method: string;
  date: string;
  reference: string | null;
}

/** A Payment of an invoice, applied to its Invoice; it lands on the mapping's deposit account. */
export function paymentBody(
  payment: PaymentFacts,
  invoiceId: number,
  refs: { customer: QboRef; invoice: string; depositAccount: QboRef },
) {
  return {
    TxnDate: payment.date,
    CustomerRef: refs.customer,
    TotalAmt: amountOf(payment.amountCents),
    DepositToAccountRef: refs.depositAccount,
    ...(payment.reference ? { PaymentRefNum: cut(payment.reference, 21) } : {}),
    PrivateNote: `Payment ${payment.paymentId} (${payment.method}) of invoice ${invoiceId}`,
    Line: [
      { Amount: amountOf(payment.amountCents), LinkedTxn: [{ TxnId: refs.invoice, TxnType: 'Invoice' }] },
    ],
  };
}

/**
 * The refund's split between the sale and its tax, in the invoice's proportion (tax × refund / total, rounded
 * half away from zero): a full refund gives back exactly the invoice's tax.
 */
export function refundSplit(refundCents: number, invoice: Pick<InvoiceRecord, 'taxCents' | 'totalCents'>) {
  if (invoice.totalCents <= 0 || invoice.taxCents === 0) return { saleCents: refundCents, taxCents: 0 };
  const taxCents = Number(
    divideRounded(BigInt(refundCents) * BigInt(invoice.taxCents), BigInt(invoice.totalCents)),
  );
  return { saleCents: refundCents - taxCents, taxCents };
}

/** A RefundReceipt of money given back on an invoice, paid from the mapping's deposit account. */
export function refundReceiptBody(
  payment: PaymentFacts,
  invoice: InvoiceRecord,
  refs: SalesRefs & { depositAccount: QboRef },
) {
  const refund = -payment.amountCents;
  const split = refundSplit(refund, invoice);
  const sale = {
    DetailType: 'SalesItemLineDetail',
    Amount: amountOf(split.saleCents),
    Description: `Refund on invoice ${invoice.invoiceId} (${invoice.description})`,
    SalesItemLineDetail: { ItemRef: refs.item, ...lineClass(refs) },
  };
  return {
    TxnDate: payment.date,
    CustomerRef: refs.customer,
    DepositToAccountRef: refs.depositAccount,
    ...(payment.reference ? { PaymentRefNum: cut(payment.reference, 21) } : {}),
    PrivateNote: `Refund ${payment.paymentId} (${payment.method}) of invoice ${invoice.invoiceId}`,
    Line: [sale, ...(split.taxCents !== 0 ? [taxLine(split.taxCents, 'Tax refunded', refs)] : [])],
    ...txnClass(refs),
  };
}
