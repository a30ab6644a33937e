/**
 * Mail paced to SES (docs/messages.md "Paced to SES") over HTTP against the local runtime, whose local SES
 * refuses like SES when told (infra/local/ses-front.ts): a throttled send is no failed try and the mail ends
 * sent; a registration's activation mail, sent at once, goes through a throttle and through what the queue
 * leaves of the daily quota; past the daily quota a mail stays queued, with its reason, and goes once the
 * quota frees; the message lists (M4, M5) spread over partitions and read merged, an older store's unspread
 * entries included once the shards' back-fill has moved them.
 */
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { QUOTA_REASON } from '../shared/domain/messages/pacing.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty, registeredTenant, uniqueEmail } from './support/builders.js';
import { MAIL_URL, signedIn, unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { rawTable, TABLE } from './support/table.js';

useLocalTable();
const { sendDueMessages } = await import('../functions/adminMessages/mail-sender.js');
const { indexKeys } = await import('../shared/db/keys.js');
const { backfillShards } = await import('../shared/data/shard-backfill-repo.js');

const MESSAGES = '/API/adminMessages/V1/messages.json';
const admin = await signedIn('super');

interface Message {
  kind: string;
  status: string;
  attempts: number;
  sentAt: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

interface SesState {
  throttled: number;
  sendQuota: { Max24HourSend: number; MaxSendRate: number; SentLast24Hours: number };
}

/** Tells the local SES how to refuse (infra/local/ses-front.ts); its state after. */
async function tellSes(told: Record<string, unknown>): Promise<SesState> {
  const res = await fetch(`${MAIL_URL}/_local/ses`, { method: 'POST', body: JSON.stringify(told) });
  expect(res.status).toBe(200);
  return (await res.json()) as SesState;
}

afterAll(async () => {
  await tellSes({ throttle: { sends: 0 }, sendQuota: { Max24HourSend: -1, SentLast24Hours: 0 } });
});

async function bookedConfirmation(propertyId: number, from: number): Promise<() => Promise<Message>> {
  const res = await guestBook(guestBody(propertyId, siteDay(from), siteDay(from + 1)));
  expect(res.status, res.text).toBe(200);
  const reservationId = String((res.body as { reservationId: number }).reservationId);
  return async () => {
    await jobsCaughtUp();
    const list = await admin.get<{ items: Message[] }>(MESSAGES, {
      query: { recordType: 'reservation', recordId: reservationId, template: 'bookingConfirmation' },
    });
    expect(list.status, list.text).toBe(200);
    const [message] = list.body.items;
    if (!message) throw new Error(`no confirmation of reservation ${reservationId}`);
    return message;
  };
}

describe('a throttled mail send', () => {
  it('ends sent, never failed, and no try of it is counted failed', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100' });
    // More refusals than the SDK's own tries of one send (3): the sender itself meets the throttle.
    const before = await tellSes({ throttle: { sends: 5 } });
    const confirmation = await bookedConfirmation(propertyId, 20);
    const message = await confirmation();
    const after = await tellSes({});
    // SES did throttle it, every time it was told to, and it went all the same.
    expect(after.throttled - before.throttled).toBe(5);
    expect(message).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
  });
});

describe('the activation mail, sent at once by the registration', () => {
  it('a registration while SES throttles answers 200 and its mail goes', async () => {
    // Twice the SDK's own three tries of one send: the registration itself must try again.
    const before = await tellSes({ throttle: { sends: 6 } });
    // Answered 200, its mail arrived and its link activated the account (or it throws, saying which did not).
    await registeredTenant({ tenantEmail: uniqueEmail('throttled') });
    const after = await tellSes({});
    expect(after.throttled - before.throttled).toBe(6);
  });
});

describe('the daily quota', () => {
  it('the mail past it stays queued with its reason and goes when the quota frees', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100' });
    // A quota of 3, one of which the sender leaves for mail sent at once (a hundredth, at least one).
    await tellSes({ sendQuota: { Max24HourSend: 3, SentLast24Hours: 0 } });
    const confirmations = [];
    for (const from of [30, 32, 34]) confirmations.push(await bookedConfirmation(propertyId, from));
    const messages = [];
    for (const confirmation of confirmations) messages.push(await confirmation());
    expect(messages.filter((m) => m.status === 'sent')).toHaveLength(2);
    const [waiting] = messages.filter((m) => m.status !== 'sent');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastError: QUOTA_REASON });
    const waitsUntil = Date.parse(String(waiting?.nextAttemptAt));
    expect(waitsUntil).toBeGreaterThan(Date.now() + 30 * 60_000);
    // Not sent while the quota is spent, even when due.
    expect((await sendDueMessages(() => new Date(waitsUntil + 1000), { metrics: false })).sent).toBe(0);
    // What the queue left of the quota still lets a registration's activation mail go.
    await registeredTenant({ tenantEmail: uniqueEmail('quota') });

    // The next day: SES's rolling 24 hours no longer hold the two sent.
    await tellSes({ sendQuota: { SentLast24Hours: 0 } });
    const next = await sendDueMessages(() => new Date(waitsUntil + 60 * 60_000 + 1000), { metrics: false });
    expect(next.sent).toBe(1);
    const now = await Promise.all(confirmations.map((c) => c()));
    expect(now.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect(now.every((m) => m.attempts === 1)).toBe(true);
  });
});

describe('the message lists spread over partitions', () => {
  // Changed with the shards' back-fill: the lists no longer read the unspread partitions, so the older store's
  // entries are read once `npm run migrate:shards` has moved them; the partition is the key builder's.
  it('write every message to a spread partition, list them merged newest first, and read an older store’s unspread entries once back-filled', async () => {
    await tellSes({ sendQuota: { Max24HourSend: -1, SentLast24Hours: 0 } });
    const propertyId = await createVrProperty({ propertyRate: '90' });
    for (const from of [40, 42, 44]) await (await bookedConfirmation(propertyId, from))();
    const { Items = [] } = await rawTable.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'entity = :m',
        ExpressionAttributeValues: { ':m': 'mailMessage' },
      }),
    );
    expect(Items.length).toBeGreaterThanOrEqual(3);
    for (const item of Items) expect(item.GSI3PK).toBe(indexKeys.mailAll(String(item.messageId)));

    // A message of a store made before the spread: its log entry and its due entry in the unspread partitions.
    const at = new Date(Date.now() + 60_000).toISOString();
    const messageId = `bookingConfirmation.chg_${unique('legacy')}`;
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `MAIL#${messageId}`,
          SK: 'MAIL',
          entity: 'mailMessage',
          messageId,
          kind: 'bookingConfirmation',
          to: 'legacy@example.test',
          recordType: 'reservation',
          recordId: '999999',
          cause: messageId.split('.')[1],
          subject: 'An older store’s message',
          status: 'pending',
          attempts: 0,
          sesMessageId: null,
          sentAt: null,
          lastError: null,
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
          GSI1PK: 'MAILREC#reservation#999999',
          GSI1SK: `${at}#${messageId}`,
          GSI2PK: 'MAILTO#legacy@example.test',
          GSI2SK: `${at}#${messageId}`,
          GSI3PK: 'MAILS',
          GSI3SK: `${at}#${messageId}`,
        },
      }),
    );
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `MAILDUE#${messageId}`,
          SK: 'MAILDUE',
          entity: 'mailDue',
          messageId,
          GSI1PK: 'MAILDUE',
          GSI1SK: `${at}#${messageId}`,
        },
      }),
    );
    expect((await backfillShards()).moved).toBe(2);
    const all = await admin.get<{
      items: (Message & { messageId: string; createdAt: string })[];
      total: number;
    }>(MESSAGES, { query: { limit: 100 } });
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(Items.length + 1);
    expect(all.body.items[0]?.messageId).toBe(messageId);
    const order = all.body.items.map((m) => m.createdAt);
    expect(order).toEqual([...order].sort().reverse());
    // Paged by 2, the pages are the same list.
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.body.total / 2); page++) {
      const res = await admin.get<{ items: { messageId: string }[] }>(MESSAGES, {
        query: { limit: 2, page },
      });
      pages.push(...res.body.items.map((m) => m.messageId));
    }
    expect(pages).toEqual(all.body.items.map((m) => m.messageId));
    // The sender takes the older store's queued message from its back-filled due entry (its cause is gone here).
    await sendDueMessages(() => new Date(Date.parse(at) + 1000), { metrics: false });
    const [legacy] = (
      await admin.get<{ items: Message[] }>(MESSAGES, { query: { to: 'legacy@example.test' } })
    ).body.items;
    expect(legacy).toMatchObject({
      status: 'failed',
      lastError: 'what it was about is gone',
      nextAttemptAt: null,
    });
  });
});
