/**
 * The parts of QuickBooks Online Accounting API entities the sync sends and reads
 * (https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice and the other
 * entity pages of the same reference). Amounts are decimal numbers in the company's currency; ours are integer
 * cents, turned into decimals here only.
 */

/**
 * The Accounting API's hosts: production, and the one sandbox companies are served by
 * (https://developer.intuit.com/app/developer/qbo/docs/learn/rest-api-features). ACCOUNTING_API_URL names one.
 */
export const QUICKBOOKS_API_HOSTS = {
  production: 'https://quickbooks.api.intuit.com',
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
} as const;

/** A reference to another entity (`CustomerRef`, `ItemRef` …): its Id, and its name for the reader. */
export interface QboRef {
  value: string;
  name?: string;
}

/** The entities the sync writes, by their name in answers (`{"Invoice": {…}}`) and paths (`/invoice`). */
export const QBO_ENTITIES = [
  'Customer',
  'Vendor',
  'Item',
  'Account',
  'Class',
  'Invoice',
  'Payment',
  'RefundReceipt',
  'Bill',
  'BillPayment',
  'Deposit',
] as const;
export type QboEntity = (typeof QBO_ENTITIES)[number];

/** The resource path segment of an entity (`RefundReceipt` → `refundreceipt`). */
export const resourceOf = (entity: QboEntity): string => entity.toLowerCase();

/** A saved entity as QuickBooks answers it: at least its Id and SyncToken. */
export interface QboSaved {
  Id: string;
  SyncToken: string;
  [field: string]: unknown;
}

/** Cents as QuickBooks' decimal amount (1234 → 12.34). */
export const amountOf = (cents: number): number => cents / 100;

/** A decimal amount as cents (12.34 → 1234). */
export const centsOfAmount = (amount: unknown): number => Math.round(Number(amount ?? 0) * 100);

/** Text cut to a QuickBooks field's length. */
export const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/** QuickBooks' query language quotes strings in single quotes; a quote inside is escaped with a backslash. */
export const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
