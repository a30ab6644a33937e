/**
 * Contact messages, leads, newsletter subscribers and used built-in CAPTCHA tokens (docs/data-model.md
 * C8–C10). Messages, leads and subscribers carry GSI1 keys `MESSAGES` / `LEADS` / `SUBSCRIBERS` with
 * `<createdAt>#<pad id>`, so an admin list is a Query newest first reading only page × limit items; the totals
 * are maintained counts moved in the transaction that adds the record.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes } from '../db/cancellation.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { countDelta, readCount } from '../db/counters.js';
import { indexKeys, keys } from '../db/keys.js';
import { type Item, queryFirst, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';

export interface ContactMessage {
  messageId: number;
  senderName: string;
  senderEmail: string;
  senderPhone: string;
  messageSubject: string;
  messageContent: string;
  createdAt: string;
  /** The lead made from this message, when a phone number was given. */
  leadId?: number;
}

export interface Lead {
  leadId: number;
  name: string;
  email: string;
  phone: string;
  /** Where the lead came from ("contact" for the contact form). */
  source: string;
  messageId: number;
  createdAt: string;
}

export interface Subscriber {
  subscriberId: number;
  email: string;
  name: string;
  createdAt: string;
}

type ListName = 'MESSAGES' | 'LEADS' | 'SUBSCRIBERS';
const COUNT_NAMES: Readonly<Record<ListName, string>> = {
  MESSAGES: 'messages',
  LEADS: 'leads',
  SUBSCRIBERS: 'subscribers',
};

const listKeys = (list: ListName, createdAt: string, id: number) => ({
  GSI1PK: indexKeys.contactList(list),
  GSI1SK: indexKeys.contactOrder(createdAt, id),
});

/** C8: the message, its lead (when any) and both totals in one transaction. */
export async function insertMessage(message: ContactMessage, lead?: Lead): Promise<void> {
  const transactItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...keys.message(message.messageId),
          entity: 'message',
          ...message,
          ...listKeys('MESSAGES', message.createdAt, message.messageId),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    countDelta(COUNT_NAMES.MESSAGES, 1),
  ];
  if (lead) {
    transactItems.push(
      {
        Put: {
          TableName: TABLE_NAME,
          Item: {
            ...keys.lead(lead.leadId),
            entity: 'lead',
            ...lead,
            ...listKeys('LEADS', lead.createdAt, lead.leadId),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      countDelta(COUNT_NAMES.LEADS, 1),
    );
  }
  await ddb.send(new TransactWriteCommand({ TransactItems: transactItems }));
}

/** C9: the subscriber of an e-mail (lowercased by the caller). */
export async function getSubscriber(emailLower: string): Promise<Subscriber | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.subscriber(emailLower) }),
  );
  return Item ? stripKeys<Subscriber>(Item) : undefined;
}

/**
 * C9: adds a subscriber unless the e-mail already has one (the key is the lowercase e-mail, written with
 * attribute_not_exists, so two signups racing still make one). Returns whether it was added.
 */
export async function insertSubscriber(subscriber: Subscriber): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TABLE_NAME,
              Item: {
                ...keys.subscriber(subscriber.email.toLowerCase()),
                entity: 'subscriber',
                ...subscriber,
                ...listKeys('SUBSCRIBERS', subscriber.createdAt, subscriber.subscriberId),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          countDelta(COUNT_NAMES.SUBSCRIBERS, 1),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** C8/C9 admin lists: newest first, reading only the first page × limit items; the total is a maintained count. */
async function listNewest<T>(list: ListName, page: number, limit: number) {
  const [items, total] = await Promise.all([
    queryFirst(
      {
        TableName: TABLE_NAME,
        IndexName: INDEX.gsi1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': indexKeys.contactList(list) },
        ScanIndexForward: false,
      },
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
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
