/**
 * Sending a message (docs/messages.md "Once, and retried", "Paced to SES"): whoever records a message
 * (put-if-absent under its cause and kind) leaves it queued, due at once; the paced mail sender
 * (mail-sender.ts) claims it, composes it again from its cause and tries it. A throttle or the spent daily
 * quota is no try: the message waits and goes as SES allows. A refusal that SES may change is tried again
 * after 1 min, 5 min, 30 min and 2 h, then left failed; an answer no retry changes fails it at once. A kind
 * turned off in the settings, or one another mail of its change says (Composed `supersededBy`), is recorded
 * `skipped` and not sent. A failed try is logged as
 * `message send failed`, which the stack's alarm counts.
 */
import { requireEnv } from '../../shared/config.js';
import { claimTry, putNewMessage, recordTry } from '../../shared/data/mail-messages-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { mailSiteOf } from '../../shared/domain/messages/format.js';
import type { MessageKind } from '../../shared/domain/messages/kinds.js';
import {
  QUOTA_REASON,
  QUOTA_RECHECK_MS,
  type Refusal,
  THROTTLE_BACKOFF_MS,
  THROTTLE_REASON_PREFIX,
} from '../../shared/domain/messages/pacing.js';
import {
  ATTEMPT_LEASE_MS,
  type MessageRecord,
  messageIdOf,
  nextTryAfterFailure,
} from '../../shared/domain/messages/record.js';
import { log } from '../../shared/log.js';
import { sendMail, sendRefusal } from '../../shared/mail.js';
import type { Composed, MailContext } from './compose-types.js';
import { COMPOSERS, type Known } from './composers.js';

export type Clock = () => Date;

/** The settings every message of a batch is written with: one read per batch. */
export async function mailContext(now: Date): Promise<MailContext> {
  const settings = await getSettings();
  return { settings, site: mailSiteOf(settings, requireEnv('PUBLIC_BASE_URL')), now };
}

const leaseFrom = (now: Date) => new Date(now.getTime() + ATTEMPT_LEASE_MS).toISOString();

type Outcome = Pick<MessageRecord, 'status' | 'sesMessageId' | 'sentAt' | 'lastError' | 'nextAttemptAt'>;

export interface TryResult {
  message: MessageRecord;
  /** How SES refused it, when it did: the sender slows down for a throttle and stops for the daily quota. */
  refusal?: Refusal;
}

const waiting = (reason: string, at: Date): Outcome => ({
  status: 'pending',
  sesMessageId: null,
  sentAt: null,
  lastError: reason,
  nextAttemptAt: at.toISOString(),
});

/** How a refused send leaves the message, and whether it counts as a try. */
interface Refused {
  outcome: Outcome;
  refusal: Refusal;
  counted: boolean;
}

/**
 * A refused send: a throttle or the spent daily quota is SES holding the message back (no try counted, no
 * failure logged: it waits a moment, or an hour); anything else is a failed try on the retry ladder.
 */
function refused(error: unknown, claimed: MessageRecord, made: number, clock: Clock): Refused {
  const failure = error as Error;
  const refusal = sendRefusal(error);
  const said = `${failure.name}: ${failure.message}`;
  if (refusal === 'throttled' || refusal === 'dailyQuota') {
    log('info', 'message held back by SES', { messageId: claimed.messageId, refusal, error: said });
    const outcome =
      refusal === 'throttled'
        ? waiting(
            `${THROTTLE_REASON_PREFIX} (${said.slice(0, 300)})`,
            new Date(clock().getTime() + THROTTLE_BACKOFF_MS),
          )
        : waiting(QUOTA_REASON, new Date(clock().getTime() + QUOTA_RECHECK_MS));
    return { outcome, refusal, counted: false };
  }
  const next = nextTryAfterFailure(made, clock(), refusal === 'permanent');
  const lastError = said.slice(0, 500);
  // The stack's alarm on mail failures counts these lines.
  log('warn', 'message send failed', {
    messageId: claimed.messageId,
    kind: claimed.kind,
    attempt: made,
    final: next === null,
    error: lastError,
  });
  return {
    outcome: {
      status: next ? 'pending' : 'failed',
      sesMessageId: null,
      sentAt: null,
      lastError,
      nextAttemptAt: next,
    },
    refusal,
    counted: true,
  };
}

const GONE: Outcome = {
  status: 'failed',
  sesMessageId: null,
  sentAt: null,
  lastError: 'what it was about is gone',
  nextAttemptAt: null,
};

/** Not sent: another mail of the same change says it (Composed `supersededBy`). */
const superseded = (reason: string): Outcome => ({
  status: 'skipped',
  sesMessageId: null,
  sentAt: null,
  lastError: reason,
  nextAttemptAt: null,
});

/** Sends the composed mail: the outcome of a sent one, or how SES refused it. */
async function send(composed: Composed, claimed: MessageRecord, clock: Clock): Promise<Refused | Outcome> {
  try {
    const sesMessageId = await sendMail({
      to: composed.to,
      ...composed.mail,
      ...(composed.attachments ? { attachments: composed.attachments } : {}),
    });
    return {
      status: 'sent',
      sesMessageId: sesMessageId ?? null,
      sentAt: clock().toISOString(),
      lastError: null,
      nextAttemptAt: null,
    };
  } catch (error) {
    return refused(error, claimed, claimed.attempts + 1, clock);
  }
}

/**
 * One try of a message this sender holds: send, then record how it went. `composed` undefined: what it was
 * about is gone (the change expired, the reservation was deleted), so it fails without a try.
 */
export async function tryClaimed(
  claimed: MessageRecord,
  composed: Composed | undefined,
  clock: Clock,
): Promise<TryResult> {
  const tried = !composed
    ? GONE
    : composed.supersededBy
      ? superseded(composed.supersededBy)
      : await send(composed, claimed, clock);
  const { outcome, refusal, counted } =
    'refusal' in tried
      ? tried
      : {
          outcome: tried,
          refusal: undefined,
          counted: composed !== undefined && composed.supersededBy === undefined,
        };
  const result: MessageRecord = {
    ...claimed,
    ...outcome,
    attempts: counted ? claimed.attempts + 1 : claimed.attempts,
    subject: composed?.mail.subject ?? claimed.subject,
  };
  if (!(await recordTry(claimed, result, clock())))
    log('warn', 'a message try was not recorded: its claim was lost', { messageId: claimed.messageId });
  return refusal ? { message: result, refusal } : { message: result };
}

/**
 * Starts the message of `kind` for `cause`: composed (undefined when there is nothing to send) and recorded,
 * queued for the mail sender, due now. Undefined also when the message exists already: another delivery of
 * the same cause has it.
 */
export async function startMessage(
  kind: MessageKind,
  cause: string,
  ctx: MailContext,
  clock: Clock,
  known: Known = {},
): Promise<MessageRecord | undefined> {
  const composed = await COMPOSERS[kind](cause, ctx, known);
  if (!composed) return undefined;
  const now = clock();
  const off = ctx.settings.messagesOff.includes(kind) || composed.supersededBy !== undefined;
  const record: MessageRecord = {
    messageId: messageIdOf(kind, cause),
    kind,
    to: composed.to.trim().toLowerCase(),
    recordType: composed.recordType,
    recordId: composed.recordId,
    cause,
    subject: composed.mail.subject,
    status: off ? 'skipped' : 'pending',
    attempts: 0,
    sesMessageId: null,
    sentAt: null,
    lastError: composed.supersededBy ?? null,
    // Queued: the paced sender takes it in due order.
    nextAttemptAt: off ? null : now.toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await putNewMessage(record))) return undefined;
  return record;
}

/** A queued message: claimed (undefined when another sender took it), composed from its cause and tried. */
export async function sendQueued(
  due: MessageRecord,
  ctx: MailContext,
  clock: Clock,
): Promise<TryResult | undefined> {
  const claimed = await claimTry(due, leaseFrom(clock()), clock());
  if (!claimed) return undefined;
  return tryClaimed(claimed, await COMPOSERS[claimed.kind](claimed.cause, ctx, {}), clock);
}
