/**
 * The entities of the local QuickBooks stand-in (quickbooks-company.ts) and how it refuses a request, as
 * Intuit's Accounting API reference has them (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice
 * and the other entity pages): each entity's fields, the ones a create requires, the references it holds and
 * the name that is unique in a company; a refusal is QuickBooks' Fault with its code
 * (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes).
 */
export interface QboFault {
  status: number;
  type: string;
  code: string;
  message: string;
  detail: string;
}

export type Entity = Record<string, unknown> & { Id: string; SyncToken: string };

/** What the stand-in's company refuses: one document by its entity and DocNumber, with the words given. */
export interface Refusal {
  entity: string;
  docNumber: string;
  message: string;
}

export interface EntityRules {
  required: readonly string[];
  fields: readonly string[];
  /** Reference fields (`CustomerRef` …) and the entities they may name. */
  refs: Readonly<Record<string, readonly string[]>>;
  /** The field that names it uniquely in the company, if any. */
  uniqueName?: 'Name' | 'DisplayName';
}

export const COMMON = ['Id', 'SyncToken', 'sparse', 'domain', 'MetaData'];
export const PERSON = [
  'DisplayName',
  'GivenName',
  'FamilyName',
  'MiddleName',
  'Title',
  'Suffix',
  'CompanyName',
];
const TXN = ['TxnDate', 'DocNumber', 'PrivateNote', 'Line', 'CurrencyRef', 'TotalAmt'];

export const RULES: Readonly<Record<string, EntityRules>> = {
  Customer: {
    required: [],
    fields: [...PERSON, 'PrimaryEmailAddr', 'PrimaryPhone', 'BillAddr', 'Notes', 'Active'],
    refs: {},
    uniqueName: 'DisplayName',
  },
  Vendor: {
    required: [],
    fields: [...PERSON, 'PrimaryEmailAddr', 'PrimaryPhone', 'BillAddr', 'Active'],
    refs: {},
    uniqueName: 'DisplayName',
  },
  Account: {
    required: ['Name', 'AccountType'],
    fields: ['Name', 'AccountType', 'AccountSubType', 'Description', 'Active'],
    refs: {},
    uniqueName: 'Name',
  },
  Item: {
    required: ['Name', 'Type'],
    fields: ['Name', 'Type', 'IncomeAccountRef', 'ExpenseAccountRef', 'Description', 'Active'],
    refs: { IncomeAccountRef: ['Account'], ExpenseAccountRef: ['Account'] },
    uniqueName: 'Name',
  },
  Class: { required: ['Name'], fields: ['Name', 'Active'], refs: {}, uniqueName: 'Name' },
  Invoice: {
    required: ['Line', 'CustomerRef'],
    fields: [...TXN, 'CustomerRef', 'DueDate', 'ClassRef', 'BillEmail', 'CustomerMemo'],
    refs: { CustomerRef: ['Customer'], ClassRef: ['Class'] },
  },
  Payment: {
    required: ['TotalAmt', 'CustomerRef'],
    fields: [...TXN, 'CustomerRef', 'DepositToAccountRef', 'PaymentRefNum'],
    refs: { CustomerRef: ['Customer'], DepositToAccountRef: ['Account'] },
  },
  RefundReceipt: {
    required: ['Line', 'DepositToAccountRef'],
    fields: [...TXN, 'CustomerRef', 'DepositToAccountRef', 'PaymentRefNum', 'ClassRef'],
    refs: { CustomerRef: ['Customer'], DepositToAccountRef: ['Account'], ClassRef: ['Class'] },
  },
  Bill: {
    required: ['VendorRef', 'Line'],
    fields: [...TXN, 'VendorRef', 'DueDate', 'APAccountRef'],
    refs: { VendorRef: ['Vendor'], APAccountRef: ['Account'] },
  },
  BillPayment: {
    required: ['VendorRef', 'Line', 'TotalAmt', 'PayType'],
    fields: [...TXN, 'VendorRef', 'PayType', 'CheckPayment', 'CreditCardPayment'],
    refs: { VendorRef: ['Vendor'] },
  },
  Deposit: {
    required: ['DepositToAccountRef', 'Line'],
    fields: [...TXN, 'DepositToAccountRef'],
    refs: { DepositToAccountRef: ['Account'] },
  },
};

export const ENTITY_OF_RESOURCE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(RULES).map((entity) => [entity.toLowerCase(), entity]),
);

/** A refusal as QuickBooks answers it (HTTP 400, a ValidationFault), thrown out of an operation. */
export class Refused extends Error {
  constructor(readonly fault: QboFault) {
    super(fault.message);
  }
}

export const validation = (code: string, message: string, detail: string): Refused =>
  new Refused({ status: 400, type: 'ValidationFault', code, message, detail });

export const notFound = (entity: string, id: string) =>
  validation(
    '610',
    'Object Not Found',
    `Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees. (${entity} ${id})`,
  );

export const cents = (amount: unknown): number => Math.round(Number(amount ?? 0) * 100);
export const amount = (c: number): number => c / 100;
export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const linesOf = (entity: Entity | Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(entity.Line) ? (entity.Line as unknown[]).filter(isObject) : [];
