/**
 * A webhook subscription: a target URL and the event types it receives, with its signing secret (sealed in
 * the table, shown once when created) and its health: `failingSince` (the first failed attempt since the last
 * success) and, once disabled for failing 3 days, `disabledAt` and `disabledReason`.
 */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { webhookEvent } from './events.js';

export interface SubscriptionRecord {
  subscriptionId: number;
  url: string;
  events: string[];
  active: 0 | 1;
  createdAt: string;
  updatedAt: string;
  /** The first failed attempt since the last success; absent while healthy. */
  failingSince?: string;
  disabledAt?: string;
  disabledReason?: string;
  /** DELETE keeps the record (its delivery log stays readable) but it receives nothing and is not listed. */
  deletedAt?: string;
}

/** At most this many subscriptions (each event reads them all; they are the site's own integrations). */
export const MAX_SUBSCRIPTIONS = 50;

/** Standard Webhooks secret: `whsec_` + base64 of 32 random bytes (the spec asks for 24 to 64). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const url = v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(2048));
const events = v.pipe(
  v.array(webhookEvent),
  v.minLength(1, 'name at least one event type'),
  v.maxLength(50),
  v.transform((list) => [...new Set(list)].sort()),
);

export const createSubscriptionBody = v.strictObject({ url, events });
export type CreateSubscriptionInput = v.InferOutput<typeof createSubscriptionBody>;

const active = v.pipe(
  v.union([v.literal(0), v.literal(1), v.literal('0'), v.literal('1'), v.boolean()]),
  v.transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0)),
);

export const updateSubscriptionBody = v.pipe(
  v.strictObject({ url: v.optional(url), events: v.optional(events), active: v.optional(active) }),
  v.check((body) => Object.keys(body).length > 0, 'send at least one of url, events, active'),
);
export type UpdateSubscriptionInput = v.InferOutput<typeof updateSubscriptionBody>;

/**
 * The record after an update. Turning a subscription on again clears its failure state (an admin says the
 * receiver is fixed); turning it off keeps the history but not a disable reason it did not earn.
 */
export function updatedSubscription(
  current: SubscriptionRecord,
  input: UpdateSubscriptionInput,
  now: Date,
): SubscriptionRecord {
  const next: SubscriptionRecord = {
    ...current,
    ...(input.url === undefined ? {} : { url: input.url }),
    ...(input.events === undefined ? {} : { events: input.events }),
    updatedAt: now.toISOString(),
  };
  if (input.active === 1 && current.active === 0) {
    next.active = 1;
    delete next.failingSince;
    delete next.disabledAt;
    delete next.disabledReason;
  } else if (input.active === 0) {
    next.active = 0;
  }
  return next;
}

/** What admins read: never the secret, only that one is set. */
export function subscriptionView(record: SubscriptionRecord) {
  return {
    subscriptionId: record.subscriptionId,
    url: record.url,
    events: record.events,
    active: record.active,
    secretSet: true,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    failingSince: record.failingSince ?? null,
    disabledAt: record.disabledAt ?? null,
    disabledReason: record.disabledReason ?? null,
  };
}

/** Whether a subscription receives an event now. */
export const receives = (record: SubscriptionRecord, event: string) =>
  record.active === 1 && record.deletedAt === undefined && record.events.includes(event);
