/**
 * The words people read for the lines of their money (docs/invoices-expenses.md "Words"): what each invoice,
 * expense and payment is, in one table, so the tenant portal, the ledgers, the mails and the owner statement's PDF
 * say the same thing ("Rent for December 2026", "Late fee for November 2026, 5 days (8–12 November)", "Bank
 * transfer", "Visa ending in 4242"). The stored codes (`RENT`, `ADJUSTMENT`, `bank_transfer`, `visa`) stay what
 * the API takes and answers; these are only shown.
 */
import type { PaymentMethod } from '../ledger/payment.js';
import { daysBetween } from '../rent/calendar.js';
import type { ExpenseType, InvoiceType } from './kind.js';

/** Each invoice type, as a line or a title names it. */
export const INVOICE_TYPE_WORDS: Readonly<Record<InvoiceType, string>> = {
  RENT: 'Rent',
  BOOKING: 'Booking',
  HOUSEKEEPING: 'Housekeeping',
  SERVICE: 'Service',
  DEPOSIT: 'Security deposit',
  ADJUSTMENT: 'Adjustment',
  OWNER: 'Owner',
};

/** Each expense type, as the owner statement names it (an OWNER expense pays the owner out). */
export const EXPENSE_TYPE_WORDS: Readonly<Record<ExpenseType, string>> = {
  RENT: 'Rent',
  BOOKING: 'Booking',
  HOUSEKEEPING: 'Housekeeping',
  SERVICE: 'Service',
  OWNER: 'Owner',
  ADJUSTMENT: 'Adjustment',
};

/** Each payment method. */
export const PAYMENT_METHOD_WORDS: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** A late fee: an ADJUSTMENT invoice the rent run posts on a rent invoice left unpaid. */
export const LATE_FEE_WORDS = 'Late fee';

/**
 * Each card brand as Stripe names it (`card.brand`, https://docs.stripe.com/api/payment_methods/object#payment_method_object-card-brand),
 * as people read it.
 */
export const CARD_BRAND_WORDS: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  link: 'Link',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
  unknown: 'Card',
};

/** A saved card: `Visa ending in 4242`; a brand the table does not have as it is. */
export const cardWords = (brand: string, last4: string): string =>
  `${CARD_BRAND_WORDS[brand] ?? brand} ending in ${last4}`;

/**
 * The days one late fee posting charges (the rent run posts once a day, catching up days it missed): `first`
 * when it holds the first late day's fees (the flat and percent fees, charged once); every other day is a
 * daily or weekly fee's day.
 */
export interface LateFeeDays {
  from: string;
  through: string;
  first: boolean;
}

/** `2026-12` → `December 2026`. */
export function monthWords(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What an invoice says of itself: its type, and for the rent cycle's invoices the month they are for. */
export interface InvoiceWordsFacts {
  description: string;
  /** The month a RENT invoice, or the late fee of one, is for (`YYYY-MM`; rent run invoices only). */
  period?: string | null;
  /** The RENT invoice a late fee is charged on (rent run late fees only). */
  lateFeeOf?: number | null;
  /** The days a rent run's late fee charges (absent on those posted before it was kept). */
  lateFeeDays?: LateFeeDays | null;
}

/** Whether the invoice is a late fee the rent run posted. */
export const isLateFee = (invoice: InvoiceWordsFacts): boolean =>
  invoice.description === 'ADJUSTMENT' && invoice.lateFeeOf != null;

/** Words for a type code, the code itself when the table has none (a type added later). */
const typeWords = (table: Readonly<Record<string, string>>, code: string): string => table[code] ?? code;

/**
 * An invoice in words: `Rent for December 2026`, `Late fee for November 2026`, `Security deposit`, `Booking`.
 * An invoice staff typed has no month: its type's words.
 */
export function invoiceTitle(invoice: InvoiceWordsFacts): string {
  const month = invoice.period ? ` for ${monthWords(invoice.period)}` : '';
  if (isLateFee(invoice))
    return `${LATE_FEE_WORDS}${month}${invoice.lateFeeDays ? `, ${lateFeeDaysWords(invoice.lateFeeDays)}` : ''}`;
  if (invoice.description === 'RENT') return `Rent${month}`;
  return typeWords(INVOICE_TYPE_WORDS, invoice.description);
}

/**
 * A document's kind as a phrase names it, in lower case: `rent`, `late fee`, `security deposit`, `owner`
 * (`rent invoice 12`, `owner expense 4`).
 */
export function documentKindWords(documentType: 'invoice' | 'expense', doc: InvoiceWordsFacts): string {
  if (documentType === 'invoice' && isLateFee(doc)) return LATE_FEE_WORDS.toLowerCase();
  const table = documentType === 'invoice' ? INVOICE_TYPE_WORDS : EXPENSE_TYPE_WORDS;
  return typeWords(table, doc.description).toLowerCase();
}

/** A payment method in words (`Bank transfer`); an unknown code as it is. */
export const methodWords = (method: string): string =>
  typeWords(PAYMENT_METHOD_WORDS as Readonly<Record<string, string>>, method);

/** A payment (`Bank transfer`) or a refund (`Refund (card)`) in words. */
export function paymentWords(method: string, amountCents: number): string {
  const words = methodWords(method);
  return amountCents < 0 ? `Refund (${words.toLowerCase()})` : words;
}

/** The rent run's line of a month: `Rent for October 2027`, `Rent for October 2027 (17 of 31 days)`. */
export function rentLineWords(month: string, daysCovered: number, daysInMonth: number): string {
  const part = daysCovered === daysInMonth ? '' : ` (${daysCovered} of ${daysInMonth} days)`;
  return `Rent for ${monthWords(month)}${part}`;
}

const dayNumber = (date: string) => Number(date.slice(8, 10));
const monthName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/** A span of days: `7 November`, `8–12 November`, `28 November – 2 December`, `30 December 2026 – 2 January 2027`. */
export function daySpanWords(from: string, through: string): string {
  const end = `${dayNumber(through)} ${monthName(through)}`;
  if (from === through) return end;
  if (from.slice(0, 4) !== through.slice(0, 4))
    return `${dayNumber(from)} ${monthName(from)} ${from.slice(0, 4)} – ${end} ${through.slice(0, 4)}`;
  if (from.slice(0, 7) !== through.slice(0, 7)) return `${dayNumber(from)} ${monthName(from)} – ${end}`;
  return `${dayNumber(from)}–${end}`;
}

/**
 * Which days a late fee charges, so a month's several late fees say which is which: `first day (7 November)`,
 * `5 days (8–12 November)`, `first day and 3 more (7–10 November)` when a run caught up days it missed.
 */
export function lateFeeDaysWords(days: LateFeeDays): string {
  const count = daysBetween(days.from, days.through) + 1;
  const span = `(${daySpanWords(days.from, days.through)})`;
  if (!days.first) return `${count} ${count === 1 ? 'day' : 'days'} ${span}`;
  return count === 1 ? `first day ${span}` : `first day and ${count - 1} more ${span}`;
}

/** The rent run's line of a late fee, its invoice's title: `Late fee for November 2027, 5 days (8–12 November)`. */
export const lateFeeLineWords = (month: string, days: LateFeeDays): string =>
  invoiceTitle({ description: 'ADJUSTMENT', period: month, lateFeeOf: 0, lateFeeDays: days });
