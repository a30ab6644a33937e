/**
 * Admin invoices (spec "Admin invoices (controller adminInvoices)"), with the singular /invoice/{id}.json
 * alias: the money document endpoints (shared/http/money-document-routes.ts) of the invoice kind. The journal
 * is written in the same transaction as every change (docs/invoices-expenses.md).
 */
import { INVOICE } from '../../shared/domain/money-document/kind.js';
import { MAX_LINES_PER_WRITE } from '../../shared/domain/money-document/line-items.js';
import { moneyDocumentRoutes } from '../../shared/http/money-document-routes.js';
import { createInvoiceBody, invoiceResponses, listInvoicesQuery, updateInvoiceBody } from './schemas.js';

export const invoiceRoutes = moneyDocumentRoutes({
  kind: INVOICE,
  group: 'adminInvoices',
  tag: 'Admin invoices',
  singularAlias: true,
  listQuery: listInvoicesQuery,
  createBody: createInvoiceBody,
  updateBody: updateInvoiceBody,
  responses: invoiceResponses,
  words: {
    listDescription:
      'Filters: tenantId, propertyId, status (drafts, 9, are left out unless status=9), dateFrom/dateTo (the invoice date, both inclusive), search (the invoice id, its type, or part of the invoicee tenant’s name or e-mail).',
    getSummary: 'One invoice with its line items and computed subtotal, total and paid figures',
    createSummary: 'Create an invoice for a tenant or an admin; posted to the journal unless a draft',
    createDescription: `The invoicee is tenantId or adminId (one of them, existing); propertyId must exist. Status 0 (default) or 9 (draft): payment states come from payments. At most ${MAX_LINES_PER_WRITE} line items. Honours Idempotency-Key.`,
    create400: 'validation, or an invoicee or property that does not exist',
    updateSummary:
      'Change status, tax, type or due date and append line items; totals and payment state follow',
  },
});

export const routes = invoiceRoutes.all;
