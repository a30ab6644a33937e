/**
 * Mail paced to SES (docs/messages.md "Paced to SES") over HTTP against the local runtime, whose local SES
 * refuses like SES when told (infra/local/ses-front.ts): a throttled send is no failed try and the mail ends
 * sent; past the daily quota a mail stays queued, with its reason, and goes once the quota frees.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { QUOTA_REASON } from '../shared/domain/messages/pacing.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { MAIL_URL, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';

useLocalTable();
const { sendDueMessages } = await import('../functions/adminMessages/mail-sender.js');

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
    const before = await tellSes({ throttle: { forMs: 3000 } });
    const confirmation = await bookedConfirmation(propertyId, 20);
    const message = await confirmation();
    const after = await tellSes({});
    // SES did throttle it (the SDK retries a throttle itself a few times first), and it went all the same.
    expect(after.throttled).toBeGreaterThan(before.throttled);
    expect(message).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
  });
});

describe('the daily quota', () => {
  it('the mail past it stays queued with its reason and goes when the quota frees', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100' });
    await tellSes({ sendQuota: { Max24HourSend: 2, SentLast24Hours: 0 } });
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

    // The next day: SES's rolling 24 hours no longer hold the two sent.
    await tellSes({ sendQuota: { SentLast24Hours: 0 } });
    const next = await sendDueMessages(() => new Date(waitsUntil + 60 * 60_000 + 1000), { metrics: false });
    expect(next.sent).toBe(1);
    const now = await Promise.all(confirmations.map((c) => c()));
    expect(now.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect(now.every((m) => m.attempts === 1)).toBe(true);
  });
});
