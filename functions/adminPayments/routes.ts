/**
 * Payments recorded by hand (beyond the spec; DESIGN.md "Payments recorded by hand" and "Paths of what we add
 * beyond the spec"): an admin records an offline payment (cash, check, bank transfer …) or a refund
 * (negative amount) on an invoice or an expense; it settles exactly like a card payment (docs/money.md).
 */
import { WRITE_ROLES } from '../../shared/auth/roles.js';
import { defineRoute } from '../../shared/http/route.js';
import { documentIdParams, paymentAnswer, paymentBody } from './schemas.js';

const group = 'adminPayments';
const base = '/API/adminPayments/V1';
const tags = ['Admin payments'];
const beyondSpec =
  'DESIGN.md "Payments recorded by hand" and "Paths of what we add beyond the spec" (adminPayments): the spec settles invoices by card only and has no way to record offline payments or refunds.';

const errors = (kind: string) => ({
  400: 'validation (amount 0 or with more than 2 decimals, unknown method, bad date or a date after tomorrow in the site time zone)',
  401: 'no admin session',
  403: 'wrong role',
  404: `no such ${kind}`,
  409: `the ${kind} is cancelled or a draft, the payment is more than is due, the refund more than was paid, or the same Idempotency-Key is still being answered`,
  422: 'the same Idempotency-Key with another body',
});

const description = (kind: string, statuses: string) =>
  `amount in the site currency, at most 2 decimals; a negative amount is a refund. method: card, cash, check, bank_transfer or other. date: the settled day (YYYY-MM-DD), the day the income report counts it; at the latest tomorrow in the site time zone, any past day allowed. The ${kind}'s paid figure, status (${statuses}) and journal change in the same transaction as the payment; the answer carries the ${kind}'s new figures. Honours Idempotency-Key.`;

export const recordInvoicePayment = defineRoute({
  id: 'adminPayments.invoice',
  group,
  tags,
  method: 'POST',
  path: `${base}/invoices/{id}/payments.json`,
  summary: 'Record a payment or refund on an invoice',
  description: description(
    'invoice',
    '1 when fully paid, 0 while partly paid, 2 when fully refunded; a partial refund keeps the status',
  ),
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: documentIdParams,
  body: paymentBody,
  idempotency: true,
  successStatus: 201,
  response: paymentAnswer,
  errors: errors('invoice'),
});

export const recordExpensePayment = defineRoute({
  id: 'adminPayments.expense',
  group,
  tags,
  method: 'POST',
  path: `${base}/expenses/{id}/payments.json`,
  summary: 'Record a payment or refund on an expense',
  description: description(
    'expense',
    '1 when fully paid, 0 while partly paid or fully refunded; a partial refund keeps the status',
  ),
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: documentIdParams,
  body: paymentBody,
  idempotency: true,
  successStatus: 201,
  response: paymentAnswer,
  errors: errors('expense'),
});

export const routes = [recordInvoicePayment, recordExpensePayment];
