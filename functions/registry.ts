/**
 * The route registry: every endpoint of the service, declared once in its group's routes.ts. The Lambdas'
 * routers, the CDK stack, the local runtime and the OpenAPI document are derived from this list.
 */

import { leaseResponse } from '../shared/domain/rent/terms-input.js';
import { applicationRow, tenantProfile } from '../shared/domain/responses/people.js';
import type { WebhookEvent } from '../shared/domain/webhooks/events.js';
import type { AnySchema, RouteContract } from '../shared/http/route.js';
import type { JobContract } from '../shared/jobs/contract.js';
import { jobs as accountingJobs } from './accounting/jobs.js';
import { routes as accounting } from './accounting/routes.js';
import { routes as adminContent } from './adminContent/routes.js';
import { routes as adminCoupons } from './adminCoupons/routes.js';
import { routes as adminExpenses } from './adminExpenses/routes.js';
import { jobs as housekeepingJobs } from './adminHousekeeping/jobs.js';
import { routes as adminHousekeeping } from './adminHousekeeping/routes.js';
import { housekeepingRequest } from './adminHousekeeping/schemas.js';
import { jobs as icalJobs } from './adminIcal/jobs.js';
import { routes as adminIcal, conflictView } from './adminIcal/routes.js';
import { routes as adminInvoices } from './adminInvoices/routes.js';
import { invoiceResponses } from './adminInvoices/schemas.js';
import { routes as adminLeads } from './adminLeads/routes.js';
import { jobs as leaseJobs } from './adminLeases/jobs.js';
import { routes as adminLeases } from './adminLeases/routes.js';
import { mailSender, jobs as messageJobs } from './adminMessages/jobs.js';
import { routes as adminMessages } from './adminMessages/routes.js';
import { routes as adminPayments } from './adminPayments/routes.js';
import { paymentRecord } from './adminPayments/schemas.js';
import { routes as adminProperties } from './adminProperties/routes.js';
import { routes as adminRates } from './adminRates/routes.js';
import { routes as adminReports } from './adminReports/routes.js';
import { routes as adminReservations } from './adminReservations/routes.js';
import { adminReservation } from './adminReservations/schemas.js';
import { routes as adminSettings } from './adminSettings/routes.js';
import { jobs as tenantJobs } from './adminTenants/jobs.js';
import { routes as adminTenants } from './adminTenants/routes.js';
import { jobs as webhookJobs } from './adminWebhooks/jobs.js';
import { routes as adminWebhooks } from './adminWebhooks/routes.js';
import { jobs as auditJobs } from './audit/jobs.js';
import { routes as audit } from './audit/routes.js';
import { routes as auth } from './auth/routes.js';
import { routes as catalog } from './catalog/routes.js';
import { routes as channel } from './channel/routes.js';
import { routes as ical } from './ical/routes.js';
import { routes as leaseApplications } from './leaseApplications/routes.js';
import { jobs as paymentJobs } from './payments/jobs.js';
import { routes as payments } from './payments/routes.js';
import { routes as paymentWebhook } from './paymentWebhook/routes.js';
import { routes as publicAuth } from './publicAuth/routes.js';
import { jobs as holdJobs } from './publicBooking/jobs.js';
import { routes as publicBooking } from './publicBooking/routes.js';
import { routes as site } from './site/routes.js';
import { routes as siteContact } from './siteContact/routes.js';
import { routes as tenantPortal } from './tenantPortal/routes.js';

export const ROUTES: readonly RouteContract[] = [
  ...auth,
  ...adminProperties,
  ...adminContent,
  ...catalog,
  ...site,
  ...siteContact,
  ...adminLeads,
  ...adminSettings,
  ...publicBooking,
  ...publicAuth,
  ...adminTenants,
  ...leaseApplications,
  ...tenantPortal,
  ...adminLeases,
  ...audit,
  ...adminMessages,
  ...adminReservations,
  ...adminRates,
  ...adminCoupons,
  ...adminInvoices,
  ...adminExpenses,
  ...adminPayments,
  ...payments,
  ...paymentWebhook,
  ...adminWebhooks,
  ...adminReports,
  ...adminHousekeeping,
  ...accounting,
  ...channel,
  ...adminIcal,
  ...ical,
];

/** Group name → its Lambda entry file (functions/<group>/handler.ts). */
export const GROUPS: readonly string[] = [...new Set(ROUTES.map((r) => r.group))];

/**
 * Every background job (table-change consumers and schedules, shared/jobs/contract.ts), declared in its
 * group's jobs.ts. The CDK stack and the local runtime's job runner are derived from this list.
 */
/** The paced mail sender: the one job the stack lets read SES's sending limits. */
export const MAIL_SENDER_JOB = mailSender.id;

export const JOBS: readonly JobContract[] = [
  ...auditJobs,
  ...housekeepingJobs,
  ...webhookJobs,
  ...icalJobs,
  ...holdJobs,
  ...messageJobs,
  ...leaseJobs,
  ...paymentJobs,
  ...accountingJobs,
  ...tenantJobs,
];

/**
 * The Stripe event types the paymentWebhook group acts on (its dispatch is keyed by this list): the stack's
 * StripeWebhookUrl output, the deploy scripts that subscribe the endpoint and the docs take it from here.
 */
export { HANDLED_STRIPE_EVENTS } from './paymentWebhook/handled-events.js';

/**
 * The record each event type carries as its payload's `data` (DESIGN.md "Outbound webhooks"): the schema of
 * the admin API's single-record answer of that kind of record, whatever path wrote it. The OpenAPI document's
 * `webhooks` section and the tests' check of every payload they receive are derived from it.
 */
export const WEBHOOK_PAYLOADS: Readonly<Record<WebhookEvent, AnySchema>> = {
  'reservation.created': adminReservation,
  'reservation.modified': adminReservation,
  'reservation.cancelled': adminReservation,
  'reservation.overbooked': adminReservation,
  'reservation.expired': adminReservation,
  'invoice.created': invoiceResponses.single,
  'invoice.paid': invoiceResponses.single,
  'invoice.refunded': invoiceResponses.single,
  'invoice.cancelled': invoiceResponses.single,
  'invoice.disputed': invoiceResponses.single,
  'payment.succeeded': paymentRecord,
  'payment.anomaly': invoiceResponses.single,
  'payment.failed': invoiceResponses.single,
  'tenant.registered': tenantProfile,
  'application.submitted': applicationRow,
  'application.decided': applicationRow,
  'lease.created': leaseResponse,
  'lease.updated': leaseResponse,
  'lease.ended': leaseResponse,
  'housekeeping.created': housekeepingRequest,
  'ical.conflict': conflictView,
  'channel.conflict': conflictView,
};
