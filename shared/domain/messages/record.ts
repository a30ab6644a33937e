/**
 * A message the service mailed, tried to mail, or did not mail because its kind is off: the message log
 * (docs/messages.md, adminMessages). One record per cause and kind (`messageIdOf`): whoever puts it first
 * sends it, so a change the stream delivers twice, or two runs of a job at once, mail once. The body is not
 * kept (privacy): a retry renders it again from its cause.
 */
import { scheduledBackoff } from '../../backoff.js';
import { afterFailedTry, type RetryPolicy } from '../../retry-policy.js';
import type { MessageKind } from './kinds.js';

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MessageRecord {
  messageId: string;
  kind: MessageKind;
  /** The recipient's address. */
  to: string;
  /** The record the message is about (`reservation` 12, `payment` 7, `landlord` 3 …). */
  recordType: string;
  recordId: string;
  /** What caused it (messageIdOf): `chg_<changeId>`, `stay_<reservationId>_<dateFrom>`, `stmt_<landlord>_<month>`. */
  cause: string;
  subject: string;
  status: MessageStatus;
  /** Tries made so far (0 while the first is under way, and for a skipped message). */
  attempts: number;
  /** SES's id of the sent mail. */
  sesMessageId: string | null;
  sentAt: string | null;
  lastError: string | null;
  /** While pending: when the next try is due (or the running try's claim ends). */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The record's id: its kind and its cause, so each cause mails each kind at most once. */
export const messageIdOf = (kind: MessageKind, cause: string): string => `${kind}.${cause}`;

/** Causes: the change that announced the event, a stay's check-in, a landlord's month. */
export const causes = {
  change: (changeId: string) => `chg_${changeId}`,
  stay: (reservationId: number, dateFrom: string) => `stay_${reservationId}_${dateFrom}`,
  statement: (landlord: number, month: string) => `stmt_${landlord}_${month}`,
  due: (invoiceId: number, dueDate: string) => `due_${invoiceId}_${dueDate}`,
} as const;

/** The change id of a change cause; undefined for another cause. */
export const changeIdOfCause = (cause: string): string | undefined =>
  cause.startsWith('chg_') ? cause.slice(4) : undefined;

/**
 * A refused message is tried again after 1 min, 5 min, 30 min and 2 h (5 tries in all, the last about 2.6 h
 * after the first), then left failed (shared/retry-policy.ts).
 */
export const MESSAGE_RETRY: RetryPolicy = {
  maxTries: 5,
  backoff: scheduledBackoff([60_000, 300_000, 1_800_000, 7_200_000]),
};

/** A try holds its message this long (longer than the sending function's timeout): no two tries at once. */
export const ATTEMPT_LEASE_MS = 2 * 60_000;

/**
 * After try `made` (1-based) failed: when to try again, or null when the message is left failed (the last try,
 * or an answer no retry changes).
 */
export function nextTryAfterFailure(made: number, now: Date, permanent = false): string | null {
  const next = afterFailedTry(MESSAGE_RETRY, made, now, { permanent });
  return next.kind === 'retry' ? next.at.toISOString() : null;
}

/** What the message log shows of a record (adminMessages). */
export function messageView(m: MessageRecord) {
  return {
    messageId: m.messageId,
    kind: m.kind,
    to: m.to,
    recordType: m.recordType,
    recordId: m.recordId,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    sesMessageId: m.sesMessageId,
    sentAt: m.sentAt,
    lastError: m.lastError,
    nextAttemptAt: m.status === 'pending' ? m.nextAttemptAt : null,
    createdAt: m.createdAt,
  };
}
