/**
 * A message the service mailed, tried to mail, or did not mail because its kind is off: the message log
 * (docs/messages.md, adminMessages). One record per cause and kind (`messageIdOf`): whoever puts it first
 * sends it, so a change the stream delivers twice, or two runs of a job at once, mail once. The body is not
 * kept (privacy): a retry renders it again from its cause.
 */
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

/** Tries in all before a message is left failed. */
export const MAX_TRIES = 5;
/** The wait after try n fails (1 min, 5 min, 30 min, 2 h: the last try about 2.6 h after the first). */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000] as const;
/** A try holds its message this long (longer than the sending function's timeout): no two tries at once. */
export const ATTEMPT_LEASE_MS = 2 * 60_000;

/** After try `made` (1-based) failed: when to try again, or null when it was the last. */
export function nextTryAfterFailure(made: number, now: Date): string | null {
  if (made >= MAX_TRIES) return null;
  const delay = RETRY_DELAYS_MS[Math.min(made, RETRY_DELAYS_MS.length) - 1] ?? 60_000;
  return new Date(now.getTime() + delay).toISOString();
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
