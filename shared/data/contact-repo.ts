/**
 * Contact messages, leads, newsletter subscribers and used built-in CAPTCHA tokens (docs/data-model.md
 * C8–C10). Messages, leads and subscribers carry GSI1 keys `MESSAGES` / `LEADS` / `SUBSCRIBERS` with
 * `<createdAt>#<pad id>`, so an admin list is a Query newest first reading only page × limit items; the totals
 * are maintained counts moved in the transaction that adds the record. Writes of several items are
 * transaction parts; the service commits them.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryPartitionFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { isConditionFailure, part, type TxPart } from '../db/transaction.js';
import type { ContactMessage, Lead, Subscriber } from '../domain/contact.js';

export type { ContactMessage, Lead, Subscriber } from '../domain/contact.js';

type ListName = 'MESSAGES' | 'LEADS' | 'SUBSCRIBERS';
const COUNT_NAMES: Readonly<Record<ListName, string>> = {
  MESSAGES: 'messages',
  LEADS: 'leads',
  SUBSCRIBERS: 'subscribers',
};

/** The label of a subscriber's put: it fails its condition when the e-mail already has a subscriber. */
export const SUBSCRIBER_PUT_LABEL = 'put:subscriber';

const listKeys = (list: ListName, createdAt: string, id: number) => ({
  GSI1PK: indexKeys.contactList(list),
  GSI1SK: indexKeys.contactOrder(createdAt, id),
});

/** C8: the message, its lead (when any) and both totals. */
export function messageParts(message: ContactMessage, lead?: Lead): TxPart[] {
  const parts = [
    part.putIfAbsent(`put:message ${message.messageId}`, {
      ...keys.message(message.messageId),
      entity: 'message',
      ...message,
      ...listKeys('MESSAGES', message.createdAt, message.messageId),
    }),
    part.countMove(`count:${COUNT_NAMES.MESSAGES}`, COUNT_NAMES.MESSAGES, 1),
  ];
  if (lead) {
    parts.push(
      part.putIfAbsent(`put:lead ${lead.leadId}`, {
        ...keys.lead(lead.leadId),
        entity: 'lead',
        ...lead,
        ...listKeys('LEADS', lead.createdAt, lead.leadId),
      }),
      part.countMove(`count:${COUNT_NAMES.LEADS}`, COUNT_NAMES.LEADS, 1),
    );
  }
  return parts;
}

/** C9: the subscriber of an e-mail (lowercased by the caller). */
export async function getSubscriber(emailLower: string): Promise<Subscriber | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.subscriber(emailLower) }),
  );
  return Item ? stripKeys<Subscriber>(Item) : undefined;
}

/**
 * C9: a subscriber and the total. The key is the lowercase e-mail, put only if absent, so two signups racing
 * still make one: the second fails `put:subscriber` (SUBSCRIBER_PUT_LABEL).
 */
export function subscriberParts(subscriber: Subscriber): TxPart[] {
  return [
    part.putIfAbsent(`${SUBSCRIBER_PUT_LABEL} ${subscriber.subscriberId}`, {
      ...keys.subscriber(subscriber.email.toLowerCase()),
      entity: 'subscriber',
      ...subscriber,
      ...listKeys('SUBSCRIBERS', subscriber.createdAt, subscriber.subscriberId),
    }),
    part.countMove(`count:${COUNT_NAMES.SUBSCRIBERS}`, COUNT_NAMES.SUBSCRIBERS, 1),
  ];
}

/** C8/C9 admin lists: newest first, reading only the first page × limit items; the total is a maintained count. */
async function listNewest<T>(list: ListName, page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryPartitionFirst(
      { index: INDEX.gsi1, pk: indexKeys.contactList(list), descending: true },
      page * limit,
    ),
    readCount(COUNT_NAMES[list]),
  ]);
  return {
    items: items.slice((page - 1) * limit).map((item: Item) => stripKeys<T>(item)),
    page,
    limit,
    total,
  };
}

export const listMessages = (page: number, limit: number) =>
  listNewest<ContactMessage>('MESSAGES', page, limit);
export const listLeads = (page: number, limit: number) => listNewest<Lead>('LEADS', page, limit);
export const listSubscribers = (page: number, limit: number) =>
  listNewest<Subscriber>('SUBSCRIBERS', page, limit);

/**
 * C10: marks a built-in CAPTCHA token used. The guard lives until the token expires (TTL); an expired guard
 * still in the table (TTL deletes lazily) belongs to an expired token, which is refused before this is called.
 * Returns false when the token was used before.
 */
export async function consumeCaptchaToken(tokenHash: string, expiresAt: number): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { ...keys.captchaUse(tokenHash), entity: 'captchaUse', expiresAt },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
