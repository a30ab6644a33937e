/**
 * Admin invoices (spec "Admin invoices (controller adminInvoices)"), with the singular /invoice/{id}.json
 * alias. Statuses 0 Unpaid, 1 Paid, 2 Refunded, 3 Processing, 5 Cancelled, 7 Void, 9 Draft; the journal is
 * written in the same transaction as every change (docs/invoices-expenses.md).
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { MAX_LINES_PER_WRITE } from '../../shared/domain/invoice/line-items.js';
import { paged } from '../../shared/domain/responses/common.js';
import { defineRoute } from '../../shared/http/route.js';
import {
  adminInvoice,
  createInvoiceBody,
  invoiceIdParams,
  invoiceSummary,
  listInvoicesQuery,
  updateInvoiceBody,
} from './schemas.js';

const group = 'adminInvoices';
const base = '/API/adminInvoices/V1';
const tags = ['Admin invoices'];

export const listInvoices = defineRoute({
  id: 'adminInvoices.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/invoices.json`,
  summary: 'List invoices, newest invoice date first (landlords see their own properties’)',
  description:
    'Filters: tenantId, propertyId, status (drafts, 9, are left out unless status=9), dateFrom/dateTo (the invoice date, both inclusive), search (the invoice id, its type, or part of the invoicee tenant’s name or e-mail).',
  auth: { kind: 'admin', roles: READ_ROLES },
  query: listInvoicesQuery,
  response: paged(invoiceSummary),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const getInvoice = defineRoute({
  id: 'adminInvoices.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/invoices/{id}.json`,
  aliasPaths: [`${base}/invoice/{id}.json`],
  summary: 'One invoice with its line items and computed subtotal, total and paid figures',
  auth: { kind: 'admin', roles: READ_ROLES },
  params: invoiceIdParams,
  response: adminInvoice,
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such invoice (another landlord’s answers the same)',
  },
});

export const createInvoice = defineRoute({
  id: 'adminInvoices.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/invoices.json`,
  summary: 'Create an invoice for a tenant or an admin; posted to the journal unless a draft',
  description: `The invoicee is tenantId or adminId (one of them, existing); propertyId must exist. Status 0 (default) or 9 (draft): payment states come from payments. At most ${MAX_LINES_PER_WRITE} line items. Honours Idempotency-Key.`,
  auth: { kind: 'admin', roles: WRITE_ROLES },
  body: createInvoiceBody,
  idempotency: true,
  successStatus: 201,
  response: v.object({ success: v.boolean(), invoiceId: v.number(), invoice: adminInvoice }),
  errors: {
    400: 'validation, or an invoicee or property that does not exist',
    401: 'no admin session',
    403: 'wrong role',
    409: 'the same Idempotency-Key is still being answered',
    422: 'the same Idempotency-Key with another body',
  },
});

export const updateInvoice = defineRoute({
  id: 'adminInvoices.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/invoices/{id}.json`,
  aliasPaths: [`${base}/invoice/{id}.json`],
  summary: 'Change status, tax, type or due date and append line items; totals and payment state follow',
  description: `Line items are appended (at most ${MAX_LINES_PER_WRITE} a request). The totals are computed again and the status synced with the payments (a fully paid invoice is 1 whatever was sent); the journal posts the difference. Status 5 or 7 cancels as DELETE does.`,
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: invoiceIdParams,
  body: updateInvoiceBody,
  response: v.object({ success: v.boolean(), invoice: adminInvoice }),
  errors: {
    400: 'validation',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such invoice',
    409: 'cancelled or void, settled payments refuse the change, or the total would fall below what was paid',
  },
});

export const cancelInvoice = defineRoute({
  id: 'adminInvoices.cancel',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/invoices/{id}.json`,
  aliasPaths: [`${base}/invoice/{id}.json`],
  summary: 'Cancel (status 5) with the journal entry reversed in the same transaction',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  params: invoiceIdParams,
  response: v.object({ success: v.boolean(), invoice: adminInvoice }),
  errors: {
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such invoice',
    409: 'settled payments, a card payment processing, or already cancelled',
  },
});

export const routes = [listInvoices, getInvoice, createInvoice, updateInvoice, cancelInvoice];
