/**
 * The message log (docs/data-model.md "Messages" M1–M5; docs/messages.md): `MAIL#<messageId>`, one per cause
 * and kind, put-if-absent, so a change the stream delivers twice, or two runs of a schedule at once, make
 * one message and one sender. GSI1 lists a record's messages, GSI2 an address's, GSI3 every message, newest
 * first (GSI3 spread over `MAILS#<n>`). A pending message has a due entry (`MAILDUE#<messageId>`, GSI1
 * `MAILDUE#<n>` by the time of its next try: the mail queue, read by mail-queue-repo.ts) written in the same
 * transaction as the message's state, which the paced mail sender takes in due order; a try first
 * moves the due time ahead (a lease, conditioned on the state it read), so two senders never send the same
 * message at once. Kept about 13 months (TTL): the log holds addresses.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { claimPart } from '../db/claim.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { queryMergedFirst } from '../db/merged-query.js';
import { countPartition, type Item, type PartitionQuery, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { commit, part, TransactionFailed, type TxPart } from '../db/transaction.js';
import type { MessageRecord, MessageStatus } from '../domain/messages/record.js';

export const MAIL_ENTITY = 'mailMessage';
const KEEP_SECONDS = 400 * 24 * 3600;
const MESSAGE_LABEL = 'message';
const DUE_LABEL = 'message due';

export const messageFromItem = (item: Item): MessageRecord => {
  const { entity: _entity, expiresAt: _expires, ...record } = stripKeys<MessageRecord & Item>(item);
  return record as MessageRecord;
};

function dueParts(
  record: Pick<MessageRecord, 'messageId' | 'status' | 'nextAttemptAt' | 'createdAt'>,
): TxPart {
  if (record.status !== 'pending' || record.nextAttemptAt === null)
    return part.delete(DUE_LABEL, keys.mailDue(record.messageId));
  return part.put(DUE_LABEL, {
    ...keys.mailDue(record.messageId),
    entity: 'mailDue',
    messageId: record.messageId,
    // The queue's age (the sender's MailOldestQueuedAgeSeconds) is its head's.
    createdAt: record.createdAt,
    GSI1PK: indexKeys.mailDue(record.messageId),
    GSI1SK: indexKeys.mailDueOrder(record.nextAttemptAt, record.messageId),
  });
}

/**
 * Writes a new message with its due entry when pending; false when the message exists already (this cause
 * mailed this kind, or is mailing it now).
 */
export async function putNewMessage(record: MessageRecord): Promise<boolean> {
  const order = indexKeys.mailOrder(record.createdAt, record.messageId);
  const message = part.putIfAbsent(MESSAGE_LABEL, {
    ...keys.mailMessage(record.messageId),
    entity: MAIL_ENTITY,
    ...record,
    GSI1PK: indexKeys.mailByRecord(record.recordType, record.recordId),
    GSI1SK: order,
    GSI2PK: indexKeys.mailByRecipient(record.to),
    GSI2SK: order,
    GSI3PK: indexKeys.mailAll(record.messageId),
    GSI3SK: order,
    expiresAt: Math.floor(Date.parse(record.createdAt) / 1000) + KEEP_SECONDS,
  });
  try {
    await commit(record.status === 'pending' ? [message, dueParts(record)] : [message]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(MESSAGE_LABEL)) return false;
    throw error;
  }
}

export async function getMessage(messageId: string): Promise<MessageRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.mailMessage(messageId), ConsistentRead: true }),
  );
  return Item ? messageFromItem(Item) : undefined;
}

/** Still pending with the tries a writer read (a claim adds: and still due as read). */
const stillAsRead = (read: MessageRecord) => ({
  expression: '#status = :pending AND attempts = :attempts',
  names: { '#status': 'status' },
  values: { ':pending': 'pending', ':attempts': read.attempts },
});

/** The state a writer read: its next write happens only if nobody moved the message since. */
const unchangedSince = (read: MessageRecord) => ({
  condition: '#status = :pending AND attempts = :attempts AND nextAttemptAt = :due',
  names: { '#status': 'status' },
  values: { ':pending': 'pending', ':attempts': read.attempts, ':due': read.nextAttemptAt },
});

/**
 * Takes a pending message for a try until `leaseUntil`; undefined when another sender took it (or it was
 * settled) since it was read.
 */
export async function claimTry(
  read: MessageRecord,
  leaseUntil: string,
  now: Date,
): Promise<MessageRecord | undefined> {
  const claimed: MessageRecord = { ...read, nextAttemptAt: leaseUntil, updatedAt: now.toISOString() };
  try {
    await commit([
      claimPart(MESSAGE_LABEL, keys.mailMessage(read.messageId), {
        until: 'nextAttemptAt',
        to: leaseUntil,
        free: { asRead: read.nextAttemptAt },
        set: { updatedAt: claimed.updatedAt },
        also: stillAsRead(read),
      }),
      dueParts(claimed),
    ]);
    return claimed;
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(MESSAGE_LABEL)) return undefined;
    throw error;
  }
}

export interface TryOutcome {
  status: MessageStatus;
  attempts: number;
  sesMessageId: string | null;
  sentAt: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  /** The subject as rendered by this try (the cause's record may have changed since the first). */
  subject: string;
}

/** Records a try's outcome on the message it claimed; false when the claim was lost meanwhile. */
export async function recordTry(claimed: MessageRecord, outcome: TryOutcome, now: Date): Promise<boolean> {
  const next: MessageRecord = { ...claimed, ...outcome, updatedAt: now.toISOString() };
  const guard = unchangedSince(claimed);
  try {
    await commit([
      part.update(
        MESSAGE_LABEL,
        keys.mailMessage(claimed.messageId),
        'SET #status = :status, attempts = :made, sesMessageId = :ses, sentAt = :sentAt, lastError = :error, nextAttemptAt = :next, subject = :subject, updatedAt = :now',
        {
          ...guard,
          values: {
            ...guard.values,
            ':status': next.status,
            ':made': next.attempts,
            ':ses': next.sesMessageId,
            ':sentAt': next.sentAt,
            ':error': next.lastError,
            ':next': next.nextAttemptAt,
            ':subject': next.subject,
            ':now': next.updatedAt,
          },
        },
      ),
      dueParts(next),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(MESSAGE_LABEL)) return false;
    throw error;
  }
}

/**
 * Moves a pending message's next try to `until` with `reason`, without a try (the daily quota is spent);
 * false when another sender moved it since it was read.
 */
export async function deferMessage(read: MessageRecord, until: string, reason: string, now: Date) {
  const guard = unchangedSince(read);
  const next: MessageRecord = {
    ...read,
    nextAttemptAt: until,
    lastError: reason,
    updatedAt: now.toISOString(),
  };
  try {
    await commit([
      part.update(
        MESSAGE_LABEL,
        keys.mailMessage(read.messageId),
        'SET nextAttemptAt = :next, lastError = :error, updatedAt = :now',
        { ...guard, values: { ...guard.values, ':next': until, ':error': reason, ':now': next.updatedAt } },
      ),
      dueParts(next),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(MESSAGE_LABEL)) return false;
    throw error;
  }
}

export interface MessageFilter {
  to?: string | undefined;
  kind?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  status?: MessageStatus | undefined;
}

export interface MessagePage {
  items: MessageRecord[];
  page: number;
  limit: number;
  total: number;
}

/**
 * The narrowest list for the filter (a record's, an address's, else all: the spread partitions of M4), the
 * other criteria as a filter.
 */
function queriesOf(filter: MessageFilter): PartitionQuery[] {
  const { recordType, recordId, to } = filter;
  const [index, pks, implied]: [PartitionQuery['index'], string[], readonly string[]] =
    recordType !== undefined && recordId !== undefined
      ? [INDEX.gsi1, [indexKeys.mailByRecord(recordType, recordId)], ['recordType', 'recordId']]
      : to !== undefined
        ? [INDEX.gsi2, [indexKeys.mailByRecipient(to)], ['to']]
        : [INDEX.gsi3, indexKeys.mailAllPartitions(), []];
  const given: [string, string | undefined][] = [
    ['to', to?.toLowerCase()],
    ['kind', filter.kind],
    ['recordType', recordType],
    ['recordId', recordId],
    ['status', filter.status],
  ];
  const criteria = given.filter((c): c is [string, string] => c[1] !== undefined && !implied.includes(c[0]));
  return pks.map((pk) => ({
    index,
    pk,
    descending: true,
    ...(criteria.length > 0
      ? {
          filter: {
            expression: criteria.map(([name]) => `#f_${name} = :f_${name}`).join(' AND '),
            names: Object.fromEntries(criteria.map(([n]) => [`#f_${n}`, n])),
            values: Object.fromEntries(criteria.map(([n, value]) => [`:f_${n}`, value])),
          },
        }
      : {}),
  }));
}

/** M2–M4: the messages matching the filter, newest first, one offset page, with the count of all that match. */
export async function listMessages(filter: MessageFilter, page: number, limit: number): Promise<MessagePage> {
  const queries = queriesOf(filter);
  const [counts, merged] = await Promise.all([
    Promise.all(queries.map(countPartition)),
    queryMergedFirst(queries, page * limit),
  ]);
  return {
    items: merged.slice((page - 1) * limit).map(messageFromItem),
    page,
    limit,
    total: counts.reduce((a, b) => a + b, 0),
  };
}
