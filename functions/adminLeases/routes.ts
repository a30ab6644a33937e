/**
 * Leases (beyond the spec; DESIGN.md "The LTR rent cycle", docs/leases.md): the list with filters and the
 * landlord scope, one lease, create (with its DEPOSIT invoice), new terms, the end (move-out) and the lease's
 * ledger. Reads as other admin reads (a landlord: leases of its own properties; another's is the 404), writes
 * super_admin.
 */
import * as v from 'valibot';
import { READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { paged } from '../../shared/domain/responses/common.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam, isoDate } from '../../shared/http/schemas.js';
import {
  createLeaseBody,
  endLeaseBody,
  endLeaseQuery,
  leaseLedger,
  leaseResponse,
  listLeasesQuery,
  updateLeaseBody,
} from './schemas.js';

const group = 'adminLeases';
const base = '/API/adminLeases/V1';
const tags = ['Admin leases'];
const beyondSpec =
  'DESIGN.md "Paths of what we add beyond the spec" (adminLeases): the spec stores leases but has no endpoint to make or read them.';
const params = v.object({ id: idParam });
const written = v.object({ success: v.boolean(), lease: leaseResponse });

export const listLeases = defineRoute({
  id: 'adminLeases.list',
  group,
  tags,
  method: 'GET',
  path: `${base}/leases.json`,
  summary: 'Leases, the latest start first; filters propertyId, tenantId, status (upcoming, active, ended)',
  description:
    'The status is the lease’s on the site’s today: upcoming before its start, ended after its last day. A landlord sees the leases of its own properties only (another landlord’s propertyId answers the empty list of a property that does not exist).',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  query: listLeasesQuery,
  response: paged(leaseResponse),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const createLease = defineRoute({
  id: 'adminLeases.create',
  group,
  tags,
  method: 'POST',
  path: `${base}/leases.json`,
  summary: 'Make a lease of an LTR property with its terms; a deposit above 0 is invoiced (DEPOSIT) at once',
  description:
    'Terms left out take the property’s figures (rent: propertyRate, deposit: propertyDeposit, lateFee.flat: latePenalty) and the defaults (dueDay 1, graceDays 5, issueDaysBefore 14). endDate is the lease’s last day; none: month to month.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  body: createLeaseBody,
  successStatus: 201,
  response: v.object({ success: v.boolean(), leaseId: v.number(), lease: leaseResponse }),
  errors: {
    400: 'validation (dueDay 1–28, amounts not negative, percent up to 100, endDate not before startDate), a tenant that does not exist, a property that does not exist, is a vacation rental or is archived',
    401: 'no admin session',
    403: 'wrong role',
    409: 'another lease of the property covers one of these days',
  },
});

export const getLease = defineRoute({
  id: 'adminLeases.get',
  group,
  tags,
  method: 'GET',
  path: `${base}/leases/{id}.json`,
  summary: 'One lease with its terms and its status on the site’s today',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  params,
  response: leaseResponse,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such lease' },
});

export const updateLease = defineRoute({
  id: 'adminLeases.update',
  group,
  tags,
  method: 'PUT',
  path: `${base}/leases/{id}.json`,
  summary:
    'Change the terms (they apply to the months not yet charged), the end date, or an upcoming lease’s start',
  description:
    'The deposit is not changed here: it was invoiced when the lease was made (adjust that invoice instead). endDate "" makes the lease month to month again.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params,
  body: updateLeaseBody,
  response: written,
  errors: {
    400: 'validation, or an end before the start',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such lease',
    409: 'the new days overlap another lease of the property, or a start moved after the lease began',
  },
});

export const endLease = defineRoute({
  id: 'adminLeases.end',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/leases/{id}.json`,
  summary: 'End the lease (move-out) on endDate, its last day (default the site’s today); later charges stop',
  description:
    'endDate in the query or the body. The same end again changes nothing; an end before the start is a 400, one after the end the lease already has a 409 (extend with PUT). The record stays.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params,
  query: endLeaseQuery,
  body: endLeaseBody,
  response: written,
  errors: {
    400: 'not a date, an end before the start, or two different endDates',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such lease',
    409: 'the lease already ends before endDate',
  },
});

export const leaseLedgerRoute = defineRoute({
  id: 'adminLeases.ledger',
  group,
  tags,
  method: 'GET',
  path: `${base}/leases/{id}/ledger.json`,
  summary:
    'The lease’s ledger: every charge, late fee, payment and refund in date order with the running balance',
  description:
    'From the lease’s invoices (DEPOSIT, RENT, late fees …) and their payments, each line’s `description` in words (`Rent for December 2026`, `Late fee for November 2026`, `Bank transfer`) beside the codes `invoiceType` and `method`; cancelled, void and draft invoices owe nothing and are left out.',
  auth: { kind: 'admin', roles: READ_ROLES },
  beyondSpec,
  params,
  response: leaseLedger,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such lease' },
});

const charged = v.object({
  leaseId: v.number(),
  month: v.string(),
  invoiceId: v.number(),
  amount: v.number(),
});

export const rentRun = defineRoute({
  id: 'adminLeases.rentRun',
  group,
  tags,
  method: 'POST',
  path: `${base}/rentRun.json`,
  summary: 'Run the rent cycle for a day now (the daily schedule runs it for today): what it charged',
  description:
    'Issues each lease’s RENT invoices due by `date` (default the site’s today; prorated where the lease covers a month in part) and posts the late fees owed by then (docs/rent-cycle.md). Exactly once: the same day again, or runs at once, charge nothing more; a later day adds only what it owes. `date` may be an earlier day (a back-dated run issues and catches up, and charges no saved card: autopay goes only on the site’s today), never a later one (400).',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  body: v.strictObject({ date: v.optional(isoDate) }),
  response: v.object({
    date: v.string(),
    leases: v.pipe(v.number(), v.description('Leases looked at')),
    invoices: v.pipe(v.array(charged), v.description('RENT invoices issued by this run')),
    skipped: v.pipe(
      v.array(v.object({ leaseId: v.number(), reason: v.picklist(['noTerms']) })),
      v.description(
        'Leases the run could not charge: `noTerms`, no terms of their own and no property to take them from',
      ),
    ),
    autopay: v.pipe(
      v.array(
        v.object({ invoiceId: v.number(), outcome: v.picklist(['succeeded', 'processing', 'failed']) }),
      ),
      v.description('Autopay charges of this run (a failed one is announced as payment.failed and mailed)'),
    ),
    lateFees: v.pipe(
      v.array(
        v.object({
          leaseId: v.number(),
          rentInvoiceId: v.number(),
          invoiceId: v.number(),
          amount: v.number(),
        }),
      ),
      v.description('Late-fee ADJUSTMENT invoices posted by this run'),
    ),
    settled: v.pipe(
      v.number(),
      v.description('RENT invoices no longer watched for late fees (paid or closed)'),
    ),
  }),
  errors: {
    400: 'not a date, or a date after the site’s today',
    401: 'no admin session',
    403: 'wrong role (super_admin only)',
  },
});

export const routes = [listLeases, createLease, getLease, updateLease, endLease, leaseLedgerRoute, rentRun];
