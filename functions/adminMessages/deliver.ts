/**
 * Sending a message (docs/messages.md "Once, and retried"): the message is composed, recorded under its
 * cause and kind (put-if-absent: the one who records it sends it), and tried at once; a try that SES refuses
 * is tried again after 1 min, 5 min, 30 min and 2 h (the retry sweep), then left failed. A kind turned off in
 * the settings is recorded `skipped` and not sent. Every try is logged; a failed one as `message send failed`,
 * which the stack's alarm counts.
 */
import { requireEnv } from '../../shared/config.js';
import { claimTry, putNewMessage, recordTry } from '../../shared/data/mail-messages-repo.js';
import { getSettings } from '../../shared/data/settings-repo.js';
import { mailSiteOf } from '../../shared/domain/messages/format.js';
import type { MessageKind } from '../../shared/domain/messages/kinds.js';
import {
  ATTEMPT_LEASE_MS,
  type MessageRecord,
  messageIdOf,
  nextTryAfterFailure,
} from '../../shared/domain/messages/record.js';
import { log } from '../../shared/log.js';
import { sendMail } from '../../shared/mail.js';
import type { Composed, MailContext } from './compose-types.js';
import { COMPOSERS, type Known } from './composers.js';

export type Clock = () => Date;

/** The settings every message of a batch is written with: one read per batch. */
export async function mailContext(now: Date): Promise<MailContext> {
  const settings = await getSettings();
  return { settings, site: mailSiteOf(settings, requireEnv('PUBLIC_BASE_URL')), now };
}

const leaseFrom = (now: Date) => new Date(now.getTime() + ATTEMPT_LEASE_MS).toISOString();

/** SES's answers that no retry changes (a refused address, an unverified sender, a paused account). */
const PERMANENT = new Set([
  'MessageRejected',
  'BadRequestException',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
]);

/**
 * One try of a message this sender holds: send, then record how it went. `composed` undefined: what it was
 * about is gone (the change expired, the reservation was deleted), so it fails without a try.
 */
export async function tryClaimed(
  claimed: MessageRecord,
  composed: Composed | undefined,
  clock: Clock,
): Promise<MessageRecord> {
  const made = claimed.attempts + 1;
  let outcome: Pick<MessageRecord, 'status' | 'sesMessageId' | 'sentAt' | 'lastError' | 'nextAttemptAt'>;
  if (!composed) {
    outcome = {
      status: 'failed',
      sesMessageId: null,
      sentAt: null,
      lastError: 'what it was about is gone',
      nextAttemptAt: null,
    };
  } else {
    try {
      const sesMessageId = await sendMail({
        to: composed.to,
        ...composed.mail,
        ...(composed.attachments ? { attachments: composed.attachments } : {}),
      });
      outcome = {
        status: 'sent',
        sesMessageId: sesMessageId ?? null,
        sentAt: clock().toISOString(),
        lastError: null,
        nextAttemptAt: null,
      };
    } catch (error) {
      const name = (error as Error).name;
      const next = nextTryAfterFailure(made, clock(), PERMANENT.has(name));
      const lastError = `${name}: ${(error as Error).message}`.slice(0, 500);
      outcome = {
        status: next ? 'pending' : 'failed',
        sesMessageId: null,
        sentAt: null,
        lastError,
        nextAttemptAt: next,
      };
      // The stack's alarm on mail failures counts these lines.
      log('warn', 'message send failed', {
        messageId: claimed.messageId,
        kind: claimed.kind,
        attempt: made,
        final: next === null,
        error: lastError,
      });
    }
  }
  const result: MessageRecord = {
    ...claimed,
    ...outcome,
    attempts: composed ? made : claimed.attempts,
    subject: composed?.mail.subject ?? claimed.subject,
  };
  if (!(await recordTry(claimed, result, clock())))
    log('warn', 'a message try was not recorded: its claim was lost', { messageId: claimed.messageId });
  return result;
}

/**
 * Starts the message of `kind` for `cause`: composed (undefined when there is nothing to send), recorded, and
 * tried. Undefined also when the message exists already: another delivery of the same cause has it.
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
  const off = ctx.settings.messagesOff.includes(kind);
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
    lastError: null,
    // Claimed by this sender for its first try; the sweep takes it only if that try is never recorded.
    nextAttemptAt: off ? null : leaseFrom(now),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (!(await putNewMessage(record))) return undefined;
  if (off) return record;
  return tryClaimed(record, composed, clock);
}

/** A retry: the message is claimed (undefined when another sender took it), composed again and tried. */
export async function retryMessage(
  due: MessageRecord,
  ctx: MailContext,
  clock: Clock,
): Promise<MessageRecord | undefined> {
  const claimed = await claimTry(due, leaseFrom(clock()), clock());
  if (!claimed) return undefined;
  return tryClaimed(claimed, await COMPOSERS[claimed.kind](claimed.cause, ctx, {}), clock);
}
