/**
 * A delivery: one event to one subscription, with the log of its attempts (DESIGN.md "Outbound webhooks":
 * status, latency, response excerpt). `pending` waits for its next attempt (`nextAttemptAt`), `succeeded` got
 * a 2xx, `failed` used every retry or lost its subscription. A replay is one more attempt on demand, with the
 * same webhook-id; it never reopens the schedule.
 */
import { printableExcerpt } from '../printable.js';
import type { WebhookPayload } from './payload.js';
import { nextAttemptAfter } from './retry.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface Attempt {
  at: string;
  /** `scheduled` (the first try and the retries) or `replay` (an admin's). */
  kind: 'scheduled' | 'replay';
  /** The HTTP status answered, or null when none came (timeout, refused, blocked address). */
  status: number | null;
  ok: boolean;
  latencyMs: number;
  /** The start of the answer's body as printable text (`excerpt`), empty when no answer came. */
  responseExcerpt: string;
  /** Why no answer came, in fixed words (shared/net/outbound-failure.ts): never the system's message. */
  error?: string;
}

export interface DeliveryRecord {
  deliveryId: string;
  subscriptionId: number;
  eventId: string;
  eventType: string;
  /** The exact body sent, the same on every attempt and replay. */
  body: string;
  status: DeliveryStatus;
  /** Scheduled attempts made so far (replays not counted). */
  attemptCount: number;
  attempts: Attempt[];
  createdAt: string;
  updatedAt: string;
  nextAttemptAt?: string;
  lastError?: string;
}

/** A receiver's answer kept in the log: enough for "502 Bad Gateway" or a JSON error, not a page. */
export const RESPONSE_EXCERPT_CHARS = 200;
/** The log keeps at most this many attempts per delivery (7 scheduled, the rest replays). */
export const MAX_LOGGED_ATTEMPTS = 30;

/**
 * Where a delivery goes after a scheduled attempt: done, or pending until the next retry (not before the
 * receiver's `retryAfterMs`), or failed (every attempt used, or the receiver answered `gone`).
 */
export function afterScheduledAttempt(
  attemptsMade: number,
  ok: boolean,
  now: Date,
  answer: { retryAfterMs?: number | undefined; gone?: boolean } = {},
): { status: DeliveryStatus; nextAttemptAt?: string } {
  if (ok) return { status: 'succeeded' };
  if (answer.gone) return { status: 'failed' };
  const next = nextAttemptAfter(attemptsMade, now, answer.retryAfterMs);
  return next ? { status: 'pending', nextAttemptAt: next.toISOString() } : { status: 'failed' };
}

export const isSuccessStatus = (status: number | null) => status !== null && status >= 200 && status < 300;

/** The answer as the log keeps it: printable text without markup, at most RESPONSE_EXCERPT_CHARS (+ "…"). */
export function excerpt(text: string): string {
  return printableExcerpt(text, RESPONSE_EXCERPT_CHARS);
}

/** What admins read: the log without the stored body's bytes parsed again for every attempt. */
export function deliveryView(record: DeliveryRecord) {
  return {
    deliveryId: record.deliveryId,
    subscriptionId: record.subscriptionId,
    eventId: record.eventId,
    eventType: record.eventType,
    status: record.status,
    attemptCount: record.attemptCount,
    nextAttemptAt: record.nextAttemptAt ?? null,
    lastError: record.lastError ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    // The body fan-out.ts stored: payloadOf's answer as JSON.
    payload: JSON.parse(record.body) as WebhookPayload,
    attempts: record.attempts,
  };
}
