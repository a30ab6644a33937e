/**
 * The tenant portal's queries and answers (docs/tenant-portal.md). Contracts import these, so nothing here may
 * pull in the AWS SDK.
 */
import * as v from 'valibot';
import { INVOICE } from '../../shared/domain/money-document/kind.js';
import { lineItemView, statusCodeInput } from '../../shared/domain/money-document/schemas.js';
import { ledgerLineResponse } from '../../shared/domain/rent/ledger.js';
import { LEASE_DATE_STATUSES } from '../../shared/domain/rent/status.js';
import { termsResponse } from '../../shared/domain/rent/terms-input.js';
import { paged } from '../../shared/domain/responses/common.js';
import { paging } from '../../shared/http/schemas.js';

export const listInvoicesQuery = v.object({
  status: v.optional(statusCodeInput(INVOICE)),
  ...paging(),
});
export type ListInvoicesQuery = v.InferOutput<typeof listInvoicesQuery>;

export const listReservationsQuery = v.object({ ...paging() });
export type ListReservationsQuery = v.InferOutput<typeof listReservationsQuery>;

export const leaseAnswer = v.object({
  leaseId: v.number(),
  propertyId: v.number(),
  status: v.string(),
  /** By today's date in the site's time zone: `active`, `upcoming` or `ended`. */
  current: v.picklist(LEASE_DATE_STATUSES),
  startDate: v.string(),
  /** '' while month to month. */
  endDate: v.string(),
  terms: termsResponse,
  property: v.nullable(
    v.object({
      propertyId: v.number(),
      propertyName: v.string(),
      propertyAddress: v.string(),
      propertyLocation: v.string(),
    }),
  ),
});

const invoiceFields = {
  invoiceId: v.number(),
  /** The spec's invoice type (RENT, DEPOSIT, ADJUSTMENT …). */
  description: v.string(),
  /** The invoice in words: `Rent for December 2026`, `Late fee for November 2026`, `Security deposit`. */
  title: v.string(),
  propertyId: v.nullable(v.number()),
  reservationId: v.nullable(v.number()),
  invoiceDate: v.string(),
  dueDate: v.string(),
  status: v.number(),
  statusLabel: v.string(),
  subtotalComputed: v.number(),
  taxComputed: v.number(),
  totalComputed: v.number(),
  paidComputed: v.number(),
  refundedComputed: v.number(),
  amountDue: v.number(),
};

export const invoiceRow = v.object(invoiceFields);

export const invoiceAnswer = v.object({
  ...invoiceFields,
  lineItems: v.array(lineItemView),
  /** Settled payments (amount > 0) and refunds (amount < 0), oldest first. */
  payments: v.array(
    v.object({
      paymentId: v.number(),
      amount: v.number(),
      method: v.string(),
      /** The method in words (`Bank transfer`). */
      methodLabel: v.string(),
      date: v.string(),
    }),
  ),
});

export const invoicesAnswer = paged(invoiceRow);

export const ledgerAnswer = v.object({
  items: v.array(ledgerLineResponse),
  /** What is owed after every line. */
  balance: v.number(),
});

export const reservationsAnswer = paged(
  v.object({
    reservationId: v.number(),
    propertyId: v.number(),
    propertyName: v.nullable(v.string()),
    dateFrom: v.string(),
    dateTo: v.string(),
    nights: v.number(),
    status: v.string(),
    statusName: v.string(),
    totalPrice: v.number(),
    holdUntil: v.nullable(v.string()),
    dateCreated: v.string(),
  }),
);

const reachLine = v.object({
  invoiceId: v.number(),
  /** The invoice in words: `Rent for December 2026`, `Late fee for November 2026`. */
  title: v.string(),
  dueDate: v.string(),
  amountDue: v.number(),
});

export const autopayAnswer = v.object({
  enabled: v.boolean(),
  /** The card's brand (visa …) or the bank's name; null while off. */
  brand: v.nullable(v.string()),
  last4: v.nullable(v.string()),
  since: v.nullable(v.string()),
  /**
   * The open invoices autopay will charge: rent the run has not charged yet, on its due date (docs/tenant-portal.md
   * "What autopay charges"). Empty while off.
   */
  willCharge: v.array(reachLine),
  /** The open invoices autopay leaves to the tenant (all of them while off), each with its payment link. */
  willNotCharge: v.array(v.object({ ...reachLine.entries, paymentUrl: v.nullable(v.string()) })),
});

export const setupAnswer = v.object({ clientSecret: v.string(), setupIntentId: v.string() });
