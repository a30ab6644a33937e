/**
 * The request fields and response shapes every kind of money document shares (spec "Admin invoices", "Admin
 * expenses"; docs/invoices-expenses.md), built from the kind's data. The contracts import these, so nothing
 * here may pull in the AWS SDK.
 */
import * as v from 'valibot';
import { intLike, isoDate, percent } from '../values.js';
import { isStatus, type MoneyKind, statusCodes } from './kind.js';
import { lineItemsInput } from './line-items.js';

/** A status code of the kind's table, as a number or a numeric string (others are a 400). */
export const statusCodeInput = (kind: MoneyKind) =>
  v.pipe(
    intLike(0, 9),
    v.check((n) => isStatus(kind, n), `must be one of ${statusCodes(kind).join(', ')}`),
  );

/** A type of the kind (`description`), in any case; stored upper-case. */
export const typeInput = <K extends MoneyKind>(kind: K) =>
  v.pipe(
    v.string(`must be an ${kind.type} type`),
    v.trim(),
    v.transform((s) => s.toUpperCase()),
    v.picklist(kind.types, `must be one of ${kind.types.join(', ')}`),
    v.transform((s) => s as K['types'][number]),
  );

/** A tax rate: the one percentage schema (0–100, at most RATE_DECIMALS decimals, which the ledger's totals take). */
export const taxRate = percent;

/** The list filters every kind takes (spec: propertyId, status, dateFrom/dateTo, the document date inclusive). */
export const listEntries = (kind: MoneyKind) => ({
  propertyId: v.optional(intLike(1)),
  status: v.optional(statusCodeInput(kind)),
  dateFrom: v.optional(isoDate),
  dateTo: v.optional(isoDate),
});

/** The create fields every kind takes; the rates are 0 unless sent, the status 0 (unpaid) or 9 (draft). */
export const createEntries = <K extends MoneyKind>(kind: K) => ({
  description: typeInput(kind),
  dueDate: isoDate,
  propertyId: v.optional(intLike(1)),
  tax: v.optional(taxRate, 0),
  tax2: v.optional(taxRate, 0),
  status: v.optional(statusCodeInput(kind)),
  lineItems: v.optional(lineItemsInput, []),
});

/** The update fields every kind takes, each optional; line items are appended. */
export const updateEntries = <K extends MoneyKind>(kind: K) => ({
  status: v.optional(statusCodeInput(kind)),
  tax: v.optional(taxRate),
  tax2: v.optional(taxRate),
  description: v.optional(typeInput(kind)),
  dueDate: v.optional(isoDate),
  lineItems: v.optional(lineItemsInput),
});

/** An update body: the fields given, at least one of them (an empty PUT is a 400). */
export const atLeastOneOf = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.strictObject(entries),
    v.check(
      (b) => Object.values(b).some((x) => x !== undefined),
      `send at least one of ${Object.keys(entries).join(', ')}`,
    ),
  );

/** The fields every kind's view shows after its own (shared/domain/money-document/view.ts). */
const figuresEntries = {
  dueDate: v.string(),
  tax: v.number(),
  tax2: v.number(),
  status: v.number(),
  statusLabel: v.string(),
  subtotalComputed: v.number(),
  taxComputed: v.number(),
  totalComputed: v.number(),
  paidComputed: v.number(),
  refundedComputed: v.number(),
  amountDue: v.number(),
  dateCreated: v.string(),
  dateUpdated: v.string(),
};

/** A line as the single document shows it (`lineItems`): the admin's and the tenant portal's. */
export const lineItemView = v.object({
  lineNo: v.number(),
  description: v.string(),
  amount: v.number(),
  quantity: v.number(),
  taxed: v.picklist([0, 1]),
  lineTotal: v.number(),
});

/** The list row and the single document of a kind whose own fields are `own`. */
export function documentResponses<E extends v.ObjectEntries>(own: E) {
  const summary = v.object({ ...own, ...figuresEntries });
  return { summary, single: v.object({ ...summary.entries, lineItems: v.array(lineItemView) }) };
}
