/**
 * Outbound webhooks (DESIGN.md "Outbound webhooks", "Paths of what we add beyond the spec" adminWebhooks):
 * subscriptions of a URL to event types, and the delivery log with replay. Reads by super_admin and svc_rep
 * (webhooks concern no one property, so no landlord), writes by super_admin. The group also owns the
 * delivery jobs (jobs.ts).
 */
import * as v from 'valibot';
import { STAFF_READ_ROLES, WRITE_ROLES } from '../../shared/auth/roles.js';
import { flag } from '../../shared/domain/responses/common.js';
import { DELIVERY_STATUSES } from '../../shared/domain/webhooks/delivery.js';
import { DELIVERY_ID_PATTERN } from '../../shared/domain/webhooks/payload.js';
import { createSubscriptionBody, updateSubscriptionBody } from '../../shared/domain/webhooks/subscription.js';
import { defineRoute } from '../../shared/http/route.js';
import { idParam, paging } from '../../shared/http/schemas.js';

const group = 'adminWebhooks';
const base = '/API/adminWebhooks/V1';
const tags = ['Admin webhooks'];
const beyondSpec =
  'DESIGN.md "Outbound webhooks" and "Paths of what we add beyond the spec" (adminWebhooks): the spec has no outbound events.';

const nullableText = v.nullable(v.string());

export const subscriptionSchema = v.object({
  subscriptionId: v.number(),
  url: v.string(),
  events: v.array(v.string()),
  active: flag,
  secretSet: v.pipe(v.boolean(), v.description('The signing secret is only shown by the create answer')),
  createdAt: v.string(),
  updatedAt: v.string(),
  failingSince: v.pipe(nullableText, v.description('The first failed attempt since the last success')),
  disabledAt: v.pipe(nullableText, v.description('Set when it was disabled for failing 3 days')),
  disabledReason: nullableText,
});

const attemptSchema = v.object({
  at: v.string(),
  kind: v.picklist(['scheduled', 'replay']),
  status: v.pipe(v.nullable(v.number()), v.description('The HTTP status answered; null when none came')),
  ok: v.boolean(),
  latencyMs: v.number(),
  responseExcerpt: v.string(),
  error: v.optional(v.string()),
});

export const deliverySchema = v.object({
  deliveryId: v.pipe(v.string(), v.description('Also the `webhook-id` header; the same on every attempt')),
  subscriptionId: v.number(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  attemptCount: v.pipe(v.number(), v.description('Scheduled attempts made (replays not counted)')),
  nextAttemptAt: nullableText,
  lastError: nullableText,
  createdAt: v.string(),
  updatedAt: v.string(),
  payload: v.pipe(
    v.object({
      id: v.string(),
      type: v.string(),
      timestamp: v.string(),
      // The event type's record (its schema: the OpenAPI document's `webhooks` section).
      data: v.record(v.string(), v.unknown()),
      previous: v.optional(v.record(v.string(), v.unknown())),
    }),
    v.description('The body sent, `{id, type, timestamp, data, previous?}`'),
  ),
  attempts: v.array(attemptSchema),
});

const subscriptionParams = v.object({ id: idParam });
const deliveryParams = v.object({
  id: v.pipe(v.string(), v.regex(DELIVERY_ID_PATTERN, 'must be a delivery id (msg_…)')),
});

export const listSubscriptions = defineRoute({
  id: 'adminWebhooks.subscriptions',
  group,
  tags,
  method: 'GET',
  path: `${base}/subscriptions.json`,
  summary: 'Every webhook subscription, by id (never the secret)',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  beyondSpec,
  response: v.object({ items: v.array(subscriptionSchema) }),
  errors: { 401: 'no admin session', 403: 'wrong role' },
});

export const createSubscription = defineRoute({
  id: 'adminWebhooks.createSubscription',
  group,
  tags,
  method: 'POST',
  path: `${base}/subscriptions.json`,
  summary: 'Subscribe a URL to event types; the answer holds the signing secret, shown this once',
  description:
    'url: https (http only to loopback on the local runtime), never a private or reserved address. events: one ' +
    'or more event types. Deliveries are signed per Standard Webhooks with the `whsec_` secret of the answer.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  body: createSubscriptionBody,
  successStatus: 201,
  response: v.object({
    success: v.boolean(),
    subscriptionId: v.number(),
    secret: v.pipe(v.string(), v.description('`whsec_` + base64 of 32 random bytes; not shown again')),
    subscription: subscriptionSchema,
  }),
  errors: {
    400: 'validation, or a URL that is not allowed',
    401: 'no admin session',
    403: 'wrong role',
    409: 'too many subscriptions',
  },
});

export const getSubscription = defineRoute({
  id: 'adminWebhooks.subscription',
  group,
  tags,
  method: 'GET',
  path: `${base}/subscriptions/{id}.json`,
  summary: 'One subscription with its health (failing since, disabled and why)',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  beyondSpec,
  params: subscriptionParams,
  response: subscriptionSchema,
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such subscription' },
});

export const updateSubscription = defineRoute({
  id: 'adminWebhooks.updateSubscription',
  group,
  tags,
  method: 'PUT',
  path: `${base}/subscriptions/{id}.json`,
  summary: 'Change the URL, the event types or active; active 1 re-enables a disabled subscription',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: subscriptionParams,
  body: updateSubscriptionBody,
  response: v.object({ success: v.boolean(), subscription: subscriptionSchema }),
  errors: {
    400: 'validation, or a URL that is not allowed',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such subscription',
  },
});

export const deleteSubscription = defineRoute({
  id: 'adminWebhooks.deleteSubscription',
  group,
  tags,
  method: 'DELETE',
  path: `${base}/subscriptions/{id}.json`,
  summary: 'Delete a subscription: it receives nothing more; its delivery log stays readable',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: subscriptionParams,
  response: v.object({ success: v.boolean(), subscriptionId: v.number() }),
  errors: { 400: 'not an id', 401: 'no admin session', 403: 'wrong role', 404: 'no such subscription' },
});

export const listDeliveries = defineRoute({
  id: 'adminWebhooks.deliveries',
  group,
  tags,
  method: 'GET',
  path: `${base}/deliveries.json`,
  summary: 'The delivery log, newest first, with every attempt (status, latency, response excerpt)',
  description:
    'subscriptionId narrows to one subscription (deleted ones too), status to pending, succeeded or failed.',
  auth: { kind: 'admin', roles: STAFF_READ_ROLES },
  beyondSpec,
  query: v.object({
    subscriptionId: v.optional(idParam),
    status: v.optional(v.picklist(DELIVERY_STATUSES, 'must be pending, succeeded or failed')),
    ...paging(20, 100),
  }),
  response: v.object({
    items: v.array(deliverySchema),
    page: v.number(),
    limit: v.number(),
    total: v.number(),
  }),
  errors: { 400: 'validation', 401: 'no admin session', 403: 'wrong role' },
});

export const replayDelivery = defineRoute({
  id: 'adminWebhooks.replay',
  group,
  tags,
  method: 'POST',
  path: `${base}/deliveries/{id}/replay.json`,
  summary: 'Send a delivery again now, with the same webhook-id; answers the attempt',
  description:
    'The attempt is logged with kind `replay`; a success settles the delivery (a pending one leaves the retry ' +
    'schedule), a failure changes nothing else.',
  auth: { kind: 'admin', roles: WRITE_ROLES },
  beyondSpec,
  params: deliveryParams,
  response: v.object({ success: v.boolean(), attempt: attemptSchema, delivery: deliverySchema }),
  errors: {
    400: 'not a delivery id',
    401: 'no admin session',
    403: 'wrong role',
    404: 'no such delivery',
    409: 'the subscription is disabled or deleted, or the delivery’s log is full',
  },
});

export const routes = [
  listSubscriptions,
  createSubscription,
  getSubscription,
  updateSubscription,
  deleteSubscription,
  listDeliveries,
  replayDelivery,
];
