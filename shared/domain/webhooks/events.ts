/**
 * The event types a webhook subscription may ask for (DESIGN.md "Outbound webhooks"). A service announces an
 * event by setting `event` on the change item it writes in the change's own transaction (the outbox,
 * shared/data/changes-repo.ts); an event a slice adds must be listed here before anyone can subscribe to it.
 */
import * as v from 'valibot';

export const WEBHOOK_EVENTS = [
  'reservation.created',
  'reservation.modified',
  'reservation.cancelled',
  'reservation.overbooked',
  'reservation.expired',
  'invoice.created',
  'invoice.paid',
  'invoice.refunded',
  'invoice.cancelled',
  'invoice.disputed',
  'payment.succeeded',
  'payment.anomaly',
  'payment.failed',
  'tenant.registered',
  'application.submitted',
  'application.decided',
  'lease.created',
  'lease.updated',
  'lease.ended',
  'housekeeping.created',
  'ical.conflict',
  'channel.conflict',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookEvent = v.picklist(WEBHOOK_EVENTS, `must be one of: ${WEBHOOK_EVENTS.join(', ')}`);

export const isWebhookEvent = (name: string): name is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);
