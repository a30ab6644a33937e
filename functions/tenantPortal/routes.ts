/**
 * The tenant portal (DESIGN.md "Paths of what we add beyond the spec", tenantPortal; docs/tenant-portal.md):
 * the signed-in tenant's own lease, invoices, ledger, stays and autopay. Only the session's own records: another
 * tenant's invoice answers the 404 of a missing one.
 */
import * as v from 'valibot';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings.js';
import { defineRoute, type RateLimit } from '../../shared/http/route.js';
import { idParam } from '../../shared/http/schemas.js';
import {
  autopayAnswer,
  invoiceAnswer,
  invoicesAnswer,
  leaseAnswer,
  ledgerAnswer,
  listInvoicesQuery,
  listReservationsQuery,
  reservationsAnswer,
  setupAnswer,
} from './schemas.js';

const group = 'tenantPortal';
const base = '/API/tenantPortal/V1';
const tags = ['Tenant portal'];
const auth = { kind: 'tenant' } as const;
const beyondSpec = 'A tenant reads what they owe and sets up autopay (DESIGN.md "The LTR rent cycle").';
const NO_SESSION = 'no tenant session';

/** The autopay writes take no fields: a body, when sent, is `{}` (strict like every body: an unknown field is a 400). */
const noFields = v.strictObject({});

/**
 * SetupIntents per tenant: each POST makes one at Stripe (and an audit entry). A tenant retrying a card makes
 * a few; a site setting (docs/decisions.md "Limits of what mails someone").
 */
export const AUTOPAY_SETUP_LIMIT = {
  scope: 'autopay-setup',
  limit: DEFAULT_SETTINGS.autopaySetupsPerTenantPerHour,
  setting: 'autopaySetupsPerTenantPerHour',
  windowSeconds: 60 * 60,
  key: 'tenant',
  detail: 'Too many autopay setups begun in the last hour; try again later',
} as const satisfies RateLimit;

export const lease = defineRoute({
  id: 'tenantPortal.lease',
  group,
  tags,
  method: 'GET',
  path: `${base}/lease.json`,
  summary: 'The tenant’s current lease with its terms and property',
  description:
    'The lease active today (site time zone), else the next upcoming one, else the latest. Amounts are in the site currency.',
  beyondSpec,
  auth,
  response: leaseAnswer,
  errors: { 401: NO_SESSION, 404: 'the tenant has no lease' },
});

export const listInvoices = defineRoute({
  id: 'tenantPortal.invoices',
  group,
  tags,
  method: 'GET',
  path: `${base}/invoices.json`,
  summary: 'The tenant’s invoices, newest first, each with its amount due',
  description:
    'Drafts (status 9) are never shown: they are not issued yet. `status` filters by one status code. `description` is the type code, `title` the invoice in words (`Rent for December 2026`, `Late fee for November 2026`).',
  beyondSpec,
  auth,
  query: listInvoicesQuery,
  response: invoicesAnswer,
  errors: { 400: 'validation', 401: NO_SESSION },
});

export const getInvoice = defineRoute({
  id: 'tenantPortal.invoice',
  group,
  tags,
  method: 'GET',
  path: `${base}/invoices/{id}.json`,
  summary: 'One of the tenant’s invoices with its lines and payments',
  description:
    'Pay it with the payment script (`payment-create-intent.php`) in the same session: no payment-link token is needed.',
  beyondSpec,
  auth,
  params: v.object({ id: idParam }),
  response: invoiceAnswer,
  errors: { 400: 'bad id', 401: NO_SESSION, 404: 'no such invoice of this tenant (another tenant’s too)' },
});

export const ledger = defineRoute({
  id: 'tenantPortal.ledger',
  group,
  tags,
  method: 'GET',
  path: `${base}/ledger.json`,
  summary:
    'Every charge, payment and refund of the tenant’s invoices in date order, with the running balance',
  description:
    'Each line’s `description` says what it is in words (`Rent for December 2026`, `Bank transfer`, `Refund (card)`), beside the codes `invoiceType` and `method`. Drafts, cancelled and void invoices owe nothing and are left out with their payments.',
  beyondSpec,
  auth,
  response: ledgerAnswer,
  errors: { 401: NO_SESSION },
});

export const reservations = defineRoute({
  id: 'tenantPortal.reservations',
  group,
  tags,
  method: 'GET',
  path: `${base}/reservations.json`,
  summary: 'The tenant’s stays as a guest, latest check-in first',
  beyondSpec,
  auth,
  query: listReservationsQuery,
  response: reservationsAnswer,
  errors: { 400: 'validation', 401: NO_SESSION },
});

export const getAutopay = defineRoute({
  id: 'tenantPortal.autopay',
  group,
  tags,
  method: 'GET',
  path: `${base}/autopay.json`,
  summary:
    'Whether autopay is on, the saved method’s brand and last 4 digits, and what it will and will not charge',
  description:
    'Autopay charges each rent invoice once, on its due date, while it is on. It does not charge rent that fell due while it was off, late fees, deposits or other invoices: `willNotCharge` lists the open ones, each with its `paymentUrl`; `willCharge` the open rent it will charge.',
  beyondSpec,
  auth,
  response: autopayAnswer,
  errors: { 401: NO_SESSION },
});

export const setupAutopay = defineRoute({
  id: 'tenantPortal.autopaySetup',
  group,
  tags,
  method: 'POST',
  path: `${base}/autopay.json`,
  summary: 'Start saving a card or bank account for autopay: the client secret of a Stripe SetupIntent',
  description:
    'Confirm it on the page with Stripe.js (`confirmSetup`); when Stripe reports it succeeded (webhook `setup_intent.succeeded`) the method is saved and autopay is on. The tenant’s Stripe Customer is made on the first call and kept. Replaces the saved method once the new one is confirmed.',
  beyondSpec,
  auth,
  body: noFields,
  rateLimits: [AUTOPAY_SETUP_LIMIT],
  response: setupAnswer,
  errors: {
    400: 'a body with fields (it takes none)',
    401: NO_SESSION,
    429: 'too many setups begun by this tenant in an hour (site setting autopaySetupsPerTenantPerHour, default 10)',
    502: 'the payment processor refused or could not be reached',
    503: 'card payments are not configured (STRIPE_SECRET_KEY)',
  },
});

export const stopAutopay = defineRoute({
  id: 'tenantPortal.autopayOff',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/autopay.json`,
  summary: 'Turn autopay off (a setup begun before is not saved any more)',
  beyondSpec,
  auth,
  body: noFields,
  response: autopayAnswer,
  errors: { 400: 'a body with fields (it takes none)', 401: NO_SESSION },
});

export const routes = [
  lease,
  listInvoices,
  getInvoice,
  ledger,
  reservations,
  getAutopay,
  setupAutopay,
  stopAutopay,
];
