/**
 * Outbound webhook deliveries end to end on the local runtime: a booking's change item → the webhookFanOut
 * job → a signed POST to a local receiver that verifies it with the `standardwebhooks` package; a receiver
 * that fails and recovers gets every attempt the log shows (retries driven by running the webhookRetries
 * schedule, with the due time moved to now where the schedule would wait minutes); no event for a change that
 * was rolled back; a stream record delivered twice makes one delivery; replay sends the same webhook-id; a
 * subscription failing for 3 days is disabled; tenant.registered and application.submitted are announced.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLtrProperty, createVrProperty, signedInTenant, uniqueEmail } from './support/builders.js';
import { Client, signedIn, unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp, runJob } from './support/jobs.js';
import { sampleReservation } from './support/records.js';
import { rawTable, TABLE } from './support/table.js';
import { type Received, Receiver } from './webhook-receiver.js';

const BASE = '/API/adminWebhooks/V1';
let admin: Client;
let propertyId: number;
let stayOffset = 60;

interface Attempt {
  kind: string;
  status: number | null;
  ok: boolean;
  latencyMs: number;
  responseExcerpt: string;
}
interface Delivery {
  deliveryId: string;
  subscriptionId: number;
  status: string;
  eventType: string;
  attemptCount: number;
  payload: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  attempts: Attempt[];
  nextAttemptAt: string | null;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function subscribe(receiver: Receiver, events: string[]): Promise<number> {
  const res = await admin.post(`${BASE}/subscriptions.json`, { url: receiver.url, events });
  expect(res.status, res.text).toBe(201);
  const body = res.body as { subscriptionId: number; secret: string };
  receiver.secret = body.secret;
  return body.subscriptionId;
}

/** An admin reservation (reservation.created); answers its id. */
async function book(): Promise<number> {
  stayOffset += 3;
  const res = await admin.post('/API/adminReservations/V1/reservations.json', {
    propertyId,
    dateFrom: day(stayOffset),
    dateTo: day(stayOffset + 2),
    name: unique('Webhook Guest'),
    email: uniqueEmail('webhook'),
  });
  expect(res.status, res.text).toBe(201);
  return (res.body as { reservation: { reservationId: number } }).reservation.reservationId;
}

async function deliveriesOf(subscriptionId: number): Promise<Delivery[]> {
  const res = await admin.get(`${BASE}/deliveries.json`, { query: { subscriptionId, limit: 100 } });
  expect(res.status, res.text).toBe(200);
  return res.body.items as unknown as Delivery[];
}

/** Moves a pending delivery's next attempt to now (the schedule would wait a minute or more). */
async function dueNow(deliveryId: string): Promise<void> {
  const now = new Date(Date.now() - 1000).toISOString();
  await rawTable.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { PK: `WEBHOOKDELIVERY#${deliveryId}`, SK: 'DELIVERY' },
      UpdateExpression: 'SET nextAttemptAt = :now, GSI3SK = :sk',
      ExpressionAttributeValues: { ':now': now, ':sk': `${now}#${deliveryId}` },
    }),
  );
}

/** What the receiver saw, as the log should show it. */
const seen = (received: Received[]) => received.map((r) => r.answered);
const logged = (delivery: Delivery) => delivery.attempts.map((a) => a.status);

beforeAll(async () => {
  admin = await signedIn('super');
  propertyId = await createVrProperty({ propertyName: unique('Webhook Cove'), units: 20, maxNights: 30 });
});

describe('delivery to a local receiver', () => {
  let receiver: Receiver;
  let subscriptionId: number;
  beforeAll(async () => {
    receiver = await Receiver.start();
    subscriptionId = await subscribe(receiver, ['reservation.created']);
  });
  afterAll(() => receiver.stop());

  it('sends a booking’s event signed per Standard Webhooks, and logs the attempt', async () => {
    const reservationId = await book();
    await jobsCaughtUp();
    const [got] = await receiver.waitFor(1);
    expect(got?.verifyError).toBeUndefined();
    expect(got?.verified).toMatchObject({
      type: 'reservation.created',
      data: { reservationId, status: '1', statusName: 'confirmed', source: 'admin' },
    });
    const payload = got?.verified as { id: string; timestamp: string };
    expect(payload.id).toMatch(/^evt_/);
    expect(got?.id).toMatch(new RegExp(`^msg_${payload.id.slice(4)}_${subscriptionId}$`));
    expect(got?.signature).toMatch(/^v1,/);

    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({
      deliveryId: got?.id,
      status: 'succeeded',
      attemptCount: 1,
      nextAttemptAt: null,
    });
    expect(delivery?.payload).toEqual(JSON.parse(got?.body ?? ''));
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ kind: 'scheduled', status: 200, ok: true, responseExcerpt: 'thanks' }),
    ]);
  });

  it('a receiver that fails and recovers gets every attempt the log shows, same id and body each time', async () => {
    const before = receiver.received.length;
    receiver.script = [500, 503];
    await book();
    await jobsCaughtUp();
    await receiver.waitFor(before + 1);
    let [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(Date.parse(delivery?.nextAttemptAt ?? '') - Date.now()).toBeLessThan(6000);

    await runJob('webhookRetries'); // waits for the ~5 s retry, which fails (503)
    [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 2 });
    const wait = Date.parse(delivery?.nextAttemptAt ?? '') - Date.now();
    expect(wait).toBeGreaterThan(50_000); // then about a minute

    await dueNow(delivery?.deliveryId ?? '');
    await runJob('webhookRetries');
    [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 3, nextAttemptAt: null });

    const mine = receiver.received.slice(before);
    expect(seen(mine)).toEqual(logged(delivery as Delivery));
    expect(seen(mine)).toEqual([500, 503, 200]);
    expect(new Set(mine.map((r) => r.id))).toEqual(new Set([delivery?.deliveryId]));
    expect(new Set(mine.map((r) => r.body)).size).toBe(1);
    expect(mine.every((r) => r.verifyError === undefined)).toBe(true);
    expect(delivery?.attempts.map((a) => a.responseExcerpt)).toEqual(['nope 500', 'nope 503', 'thanks']);
  }, 60_000);

  it('replay sends the same webhook-id and body again and logs it', async () => {
    const [delivery] = await deliveriesOf(subscriptionId);
    const first = receiver.received.find((r) => r.id === delivery?.deliveryId);
    const before = receiver.received.length;
    const res = await admin.post(`${BASE}/deliveries/${delivery?.deliveryId}/replay.json`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.attempt).toMatchObject({ kind: 'replay', status: 200, ok: true });
    const [again] = (await receiver.waitFor(before + 1)).slice(before);
    expect(again?.id).toBe(delivery?.deliveryId);
    expect(again?.body).toBe(first?.body);
    expect(again?.verifyError).toBeUndefined();
    const replayed = res.body.delivery as unknown as Delivery;
    expect(replayed.attempts.at(-1)).toMatchObject({ kind: 'replay', status: 200 });
    expect(replayed.attemptCount).toBe(delivery?.attemptCount);
  });

  it('a stream record delivered twice makes one delivery and one request', async () => {
    useLocalTable();
    const { handler } = await import('../functions/adminWebhooks/fan-out-consumer.js');
    await book();
    await jobsCaughtUp();
    const count = receiver.received.length;
    const { Items = [] } = await rawTable.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'entity = :c AND #e = :e',
        ExpressionAttributeNames: { '#e': 'event' },
        ExpressionAttributeValues: { ':c': 'change', ':e': 'reservation.created' },
      }),
    );
    const event = {
      Records: Items.map((item, i) => ({
        eventID: `again-${i}`,
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        dynamodb: { NewImage: marshall(item), SequenceNumber: String(i + 1) },
      })),
    } as unknown as DynamoDBStreamEvent;
    expect((await handler(event)).batchItemFailures).toEqual([]);
    expect(receiver.received.length).toBe(count);
    const deliveries = await deliveriesOf(subscriptionId);
    expect(new Set(deliveries.map((d) => d.deliveryId)).size).toBe(deliveries.length);
    expect(deliveries.length).toBe(Items.length);
  });

  it('announces nothing for a change that was rolled back', async () => {
    useLocalTable();
    const { commit, part } = await import('../shared/db/transaction.js');
    const { changePart } = await import('../shared/data/changes-repo.js');
    const { reservationChange } = await import('../shared/domain/booking/reservation.js');
    const before = (await deliveriesOf(subscriptionId)).length;
    // A reservation that was never stored: only its change item is written (or not).
    const announce = (name: string, reservationId: number) =>
      changePart(
        reservationChange('created', undefined, sampleReservation({ reservationId, propertyId, name })),
        { actor: 'system:test', requestId: name },
        new Date(),
      );
    // The same transaction as a change that fails its condition: neither is written.
    await expect(
      commit([
        announce('rolled-back', 990_001),
        part.check('guard:never', { PK: 'NOPE', SK: 'NOPE' }, 'attribute_exists(PK)'),
      ]),
    ).rejects.toThrow();
    await commit([announce('kept', 990_002)]);
    await jobsCaughtUp();
    const after = await deliveriesOf(subscriptionId);
    expect(after.length).toBe(before + 1);
    expect(after.map((d) => d.payload.data.name)).toContain('kept');
    expect(after.map((d) => d.payload.data.name)).not.toContain('rolled-back');
    expect(receiver.received.map((r) => JSON.parse(r.body).data.name)).not.toContain('rolled-back');
  });
});

describe('a subscription that keeps failing', () => {
  it('is disabled after 3 days of failures, says so, receives nothing more; replay 409; active 1 re-enables', async () => {
    const receiver = await Receiver.start();
    receiver.otherwise = 503;
    const subscriptionId = await subscribe(receiver, ['reservation.created']);
    // Failing for 4 days already (the clock of the test cannot wait 3 days).
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `WEBHOOKSUB#${subscriptionId}`, SK: 'WEBHOOKSUB' },
        UpdateExpression: 'SET failingSince = :since',
        ExpressionAttributeValues: { ':since': new Date(Date.now() - 4 * 86_400_000).toISOString() },
      }),
    );
    await book();
    await jobsCaughtUp();
    await receiver.waitFor(1);
    const sub = await admin.get(`${BASE}/subscriptions/${subscriptionId}.json`);
    expect(sub.body).toMatchObject({ active: 0 });
    expect(sub.body.disabledAt).toEqual(expect.any(String));
    expect(String(sub.body.disabledReason)).toMatch(/failed since .*3 days/);

    const [delivery] = await deliveriesOf(subscriptionId);
    const replay = await admin.post(`${BASE}/deliveries/${delivery?.deliveryId}/replay.json`);
    expect(replay.status).toBe(409);

    // Its pending retry fails without an attempt; new events make no delivery.
    await dueNow(delivery?.deliveryId ?? '');
    await runJob('webhookRetries');
    await book();
    await jobsCaughtUp();
    const after = await deliveriesOf(subscriptionId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'failed', attemptCount: 1 });
    expect(receiver.received).toHaveLength(1);

    const enabled = await admin.put(`${BASE}/subscriptions/${subscriptionId}.json`, { active: 1 });
    expect(enabled.body.subscription).toMatchObject({
      active: 1,
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    await receiver.stop();
  }, 60_000);
});

describe('what a receiver asks for', () => {
  it('a 410 Gone disables the subscription at once; the delivery is failed, not tried again', async () => {
    const receiver = await Receiver.start();
    receiver.otherwise = 410;
    const subscriptionId = await subscribe(receiver, ['reservation.created']);
    await book();
    await jobsCaughtUp();
    await receiver.waitFor(1);
    const sub = await admin.get(`${BASE}/subscriptions/${subscriptionId}.json`);
    expect(sub.body).toMatchObject({ active: 0, disabledAt: expect.any(String) });
    expect(String(sub.body.disabledReason)).toMatch(/410 Gone/);
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 1, nextAttemptAt: null });
    await book();
    await jobsCaughtUp();
    expect(receiver.received).toHaveLength(1);
    await receiver.stop();
  });

  it('the next attempt after a 429 or a 503 is no sooner than its Retry-After (seconds or a date)', async () => {
    const receiver = await Receiver.start();
    const inTwoHours = new Date(Date.now() + 2 * 3600_000).toUTCString();
    receiver.script = [
      { status: 429, headers: { 'retry-after': '600' } },
      { status: 503, headers: { 'retry-after': inTwoHours } },
      { status: 500, headers: { 'retry-after': '86400' } },
    ];
    const subscriptionId = await subscribe(receiver, ['reservation.created']);
    await book();
    await jobsCaughtUp();
    await receiver.waitFor(1);
    const next = async () => {
      const [delivery] = await deliveriesOf(subscriptionId);
      return { delivery, wait: Date.parse(delivery?.nextAttemptAt ?? '') - Date.now() };
    };
    // The schedule says 5 s; the receiver 10 minutes.
    let { delivery, wait } = await next();
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(wait).toBeGreaterThan(9 * 60_000);
    await dueNow(delivery?.deliveryId ?? '');
    await runJob('webhookRetries');
    // The schedule says a minute; the receiver two hours (a date).
    ({ delivery, wait } = await next());
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 2 });
    expect(wait).toBeGreaterThan(110 * 60_000);
    await dueNow(delivery?.deliveryId ?? '');
    await runJob('webhookRetries');
    // A 500's Retry-After is not one RFC 9110 gives it: the schedule's 10 minutes.
    ({ delivery, wait } = await next());
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 3 });
    expect(wait).toBeLessThan(11 * 60_000);
    expect(seen(receiver.received)).toEqual([429, 503, 500]);
    await receiver.stop();
  }, 60_000);
});

describe('events of tenants and applications', () => {
  it('announces tenant.registered and application.submitted', async () => {
    const receiver = await Receiver.start();
    await subscribe(receiver, ['tenant.registered', 'application.submitted']);
    const email = uniqueEmail('hooked');
    const reg = await new Client().post('/API/publicAuth/V1/register.json', {
      tenantFirstName: 'Hook',
      tenantLastName: 'Ed',
      tenantEmail: email,
      password: 'a-good-password',
      password2: 'a-good-password',
    });
    expect(reg.status, reg.text).toBe(200);
    const ltr = await createLtrProperty({ propertyName: unique('Hook Flat') });
    const { client } = await signedInTenant();
    const applied = await client.post('/API/leaseApplications/V1/apply.json', { propertyId: ltr });
    expect(applied.status, applied.text).toBe(200);
    await jobsCaughtUp();
    const got = await receiver.waitFor(2);
    const types = got.map((r) => (r.verified as { type: string }).type).sort();
    expect(types).toEqual(['application.submitted', 'tenant.registered']);
    const registered = got.find((r) => (r.verified as { type: string }).type === 'tenant.registered');
    expect(registered?.body).toContain(email);
    expect(registered?.body).not.toContain('a-good-password');
    expect(registered?.body).not.toMatch(/scrypt|passwordHash":\{[^}]*"new":"[^*]/);
    await receiver.stop();
  });
});

describe('what the delivery log and the logs keep', () => {
  /** A receiver answering every request with `status` and `body` (and `location`), counting requests by path. */
  async function answering(status: number, body: string, headers: Record<string, string> = {}) {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '/');
      request.resume();
      response.writeHead(status, { 'content-type': 'text/html', ...headers }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return { hits, port, url: `http://127.0.0.1:${port}/hook`, stop };
  }

  /** The one delivery a booking makes to a new subscription of `url` (which is then deleted). */
  async function deliveryTo(url: string): Promise<Delivery & { lastError: string | null }> {
    const res = await admin.post(`${BASE}/subscriptions.json`, { url, events: ['reservation.created'] });
    expect(res.status, res.text).toBe(201);
    const subscriptionId = (res.body as { subscriptionId: number }).subscriptionId;
    await book();
    await jobsCaughtUp();
    const [delivery] = await deliveriesOf(subscriptionId);
    expect((await admin.delete(`${BASE}/subscriptions/${subscriptionId}.json`)).status).toBe(200);
    return delivery as Delivery & { lastError: string | null };
  }

  it('keeps the status and a short printable excerpt of the answer: no markup, no control characters', async () => {
    const page = `<html><head><title>Oops</title></head><body>\u0000\u001bFailed\u0007\r\n${'<p>row</p>'.repeat(200)}</body></html>`;
    const target = await answering(500, page);
    const delivery = await deliveryTo(target.url);
    const [attempt] = delivery.attempts;
    expect(attempt).toMatchObject({ status: 500, ok: false });
    expect(attempt?.responseExcerpt.startsWith('Oops Failed row row')).toBe(true);
    expect(attempt?.responseExcerpt.length).toBeLessThanOrEqual(201);
    expect(attempt?.responseExcerpt).not.toMatch(/[<>]/);
    const control = [...(attempt?.responseExcerpt ?? '')].filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code < 0x20 || (code >= 0x7f && code <= 0x9f);
    });
    expect(control).toEqual([]);
    expect(delivery.lastError).toBe(`answered 500: ${attempt?.responseExcerpt.slice(0, 100)}`);
    await target.stop();
  });

  it('follows no redirect: a 3xx is a failed attempt with its status', async () => {
    const target = await answering(302, '', { location: '/elsewhere' });
    const delivery = await deliveryTo(target.url);
    expect(delivery.attempts[0]).toMatchObject({ status: 302, ok: false, responseExcerpt: '' });
    expect(target.hits).toEqual(['/hook']);
    await target.stop();
  });

  it('an attempt without an answer says what kind of failure, never our internals', async () => {
    const plain = await answering(200, 'thanks');
    const closed = await answering(200, '');
    await closed.stop();
    for (const [url, error] of [
      // https to a server that speaks http: OpenSSL's message names its source file.
      [
        `https://127.0.0.1:${plain.port}/hook`,
        'TLS failure: no secure connection (certificate or handshake)',
      ],
      [closed.url, 'refused: the connection was refused'],
    ]) {
      const delivery = await deliveryTo(url as string);
      expect(delivery.attempts[0], url).toMatchObject({
        status: null,
        ok: false,
        responseExcerpt: '',
        error,
      });
      expect(delivery.lastError, url).toBe(error);
    }
    await plain.stop();
  });
});
