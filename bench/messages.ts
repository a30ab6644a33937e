/**
 * Bench part `messages` (docs/benchmarks.md): from a website booking's answer to its confirmation at the local SES,
 * in the local runtime, beside the outbound-webhook figure of bench/webhooks.ts measured in the same run.
 * Bookings are made one after another on a bench VR property (a fresh guest and IP each, the built-in CAPTCHA
 * answered first); per booking `fromAnswerMs` = the mail's arrival at the local SES (seen by polling its
 * store for the newest second) − the booking's answer. Then the reads of one message: the outbox job's handler
 * is called on the booking's change under a new change id and the DynamoDB commands it sends are counted
 * (the settings once per batch, then what the confirmation renders).
 *
 * Run: `npm run bench:messages` (= `npx tsx bench/messages.ts 100`; starts its own in-memory runtime).
 */
import { setTimeout as pause } from 'node:timers/promises';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runStandalone } from './standalone.js';
import { type LatencySummary, summarize } from './stats.js';
import { measureWebhooks, type WebhookBench } from './webhooks.js';

export interface MessageBench {
  bookings: number;
  fromAnswerMs: LatencySummary;
  readsPerMessage: { total: number; commands: string };
  webhooks: WebhookBench;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A website booking from its own IP, its CAPTCHA answered: the guest's address and when the answer came. */
async function book(baseUrl: string, propertyId: number, i: number) {
  const ip = { 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  const captcha = await json(
    await fetch(new URL('/API/publicBooking/V1/captcha.json', baseUrl), { headers: ip }),
  );
  const [a, b] = (String(captcha.question).match(/\d+/g) ?? []).map(Number);
  const email = `bench-${Date.now()}-${i}@example.test`;
  const response = await fetch(new URL('/API/publicBooking/V1/book.json', baseUrl), {
    method: 'POST',
    headers: { ...ip, 'content-type': 'application/json' },
    body: JSON.stringify({
      propertyId,
      dateFrom: day(40 + 2 * i),
      dateTo: day(41 + 2 * i),
      name: 'Bench Guest',
      email,
      captcha: String((a ?? 0) + (b ?? 0)),
      captcha_sum: captcha.captcha_sum,
    }),
  });
  const booked = await json(response);
  return { email, answered: performance.now(), reservationId: Number(booked.reservationId) };
}

/** When the first mail to `email` is in the local SES (polling the store's newest second). */
async function arrival(mailUrl: string, email: string, since: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { emails } = (await json(await fetch(`${mailUrl}/store?since=${since}`))) as {
      emails: { destination: { to: string[] } }[];
    };
    if (emails.some((m) => m.destination.to.includes(email))) return performance.now();
    if (Date.now() > deadline) throw new Error(`no confirmation to ${email} within 30 s`);
    await pause(3);
  }
}

export async function measureMessages(
  baseUrl: string,
  mailUrl: string,
  bookings: number,
): Promise<MessageBench> {
  const { demoAdminCookie } = await import('./standalone.js');
  const cookie = await demoAdminCookie(baseUrl);
  const property = await json(
    await fetch(new URL('/API/adminProperties/V1/properties.json', baseUrl), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'vr',
        propertyName: `Message bench ${Date.now()}`,
        propertyDesc: 'bench',
        propertyRate: '100',
        units: 50,
      }),
    }),
  );
  const propertyId = Number(property.propertyId);
  const fromAnswer: number[] = [];
  const wallStart = performance.now();
  let last = { email: '', answered: 0, reservationId: 0 };
  for (let i = 0; i < bookings; i++) {
    const since = Math.floor(Date.now() / 1000) - 1;
    last = await book(baseUrl, propertyId, i);
    fromAnswer.push((await arrival(mailUrl, last.email, since)) - last.answered);
  }
  const wall = performance.now() - wallStart;
  return {
    bookings,
    fromAnswerMs: summarize(fromAnswer, wall),
    readsPerMessage: await readsOfOneMessage(last.reservationId),
    webhooks: await measureWebhooks(baseUrl, bookings),
  };
}

/** The commands the outbox job sends for one confirmation: its handler on the booking's change, as a new change. */
async function readsOfOneMessage(reservationId: number): Promise<MessageBench['readsPerMessage']> {
  const { marshall } = await import('@aws-sdk/util-dynamodb');
  const { ddb, TABLE_NAME } = await import('../shared/db/client.js');
  const counter = await import('./command-counter.js');
  const { handler } = await import('../functions/adminMessages/outbox-consumer.js');
  const found = await ddb.send(
    new ScanCommand({
      TableName: TABLE_NAME,
      FilterExpression: 'entity = :change AND recordId = :id AND #event = :created',
      ExpressionAttributeNames: { '#event': 'event' },
      ExpressionAttributeValues: {
        ':change': 'change',
        ':id': String(reservationId),
        ':created': 'reservation.created',
      },
    }),
  );
  const change = found.Items?.[0];
  if (!change) throw new Error(`no change item of reservation ${reservationId}`);
  counter.installCommandCounter();
  const before = counter.snapshot();
  await handler({
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: '1',
          NewImage: marshall({ ...change, changeId: `${change.changeId}bench` }) as never,
        },
      },
    ],
  });
  const counted = counter.since(before).sent;
  return { total: counter.readsOf(counted), commands: counter.describe(counted) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bookings = Number(process.argv[2] ?? 100);
  await runStandalone((baseUrl, runtime) => measureMessages(baseUrl, runtime.mailUrl, bookings));
}
