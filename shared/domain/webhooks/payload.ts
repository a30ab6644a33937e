/**
 * What a webhook carries: `{id, type, timestamp, data}` made from an outbox change, and the ids. The event id
 * names the change (the same for every subscriber); the delivery id, sent as `webhook-id`, names the change
 * and the subscription, so a repeated stream record or a replay sends the same webhook-id again and a
 * receiver can drop duplicates (Standard Webhooks).
 */
import type { Change } from '../change.js';

export interface WebhookPayload {
  /** `evt_<changeId>` */
  id: string;
  type: string;
  /** When the change happened (ISO-8601). */
  timestamp: string;
  /** The record as the admin API's single-record GET shows it after the change (one shape per event type). */
  data: Record<string, unknown>;
  /** The changed fields' values before the change, on a change of an existing record. */
  previous?: Record<string, unknown>;
}

const CHANGE_ID = /^[0-9a-z]{8,40}$/;

export const eventIdOf = (changeId: string) => `evt_${changeId}`;

export function deliveryIdOf(changeId: string, subscriptionId: number): string {
  if (!CHANGE_ID.test(changeId)) throw new Error(`not a change id: ${changeId}`);
  return `msg_${changeId}_${subscriptionId}`;
}

/** A delivery id as the path carries it (`msg_<changeId>_<subscriptionId>`). */
export const DELIVERY_ID_PATTERN = /^msg_[0-9a-z]{8,40}_[1-9][0-9]{0,9}$/;

/** The payload of an announced change; undefined for a change without an event. */
export function payloadOf(change: Change & { changeId: string }): WebhookPayload | undefined {
  if (!change.event || !change.data) return undefined;
  return {
    id: eventIdOf(change.changeId),
    type: change.event,
    timestamp: change.at,
    data: change.data,
    ...(change.previous ? { previous: change.previous } : {}),
  };
}
