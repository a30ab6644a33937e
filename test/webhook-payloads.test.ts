/**
 * One shape per event type, whatever wrote the record (DESIGN.md "Outbound webhooks"): a website booking, an
 * admin reservation, a channel delivery and an iCal import each announce `reservation.created` with the
 * reservation as the admin API shows it, validated against the one documented schema (the receiver checks
 * every payload), with the same keys; a change of an existing record carries `previous`.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'payloads-channel-secret';
process.env.CHANNEL_WEBHOOK_SECRET = SECRET;

const { guestBody, guestBook, siteDay } = await import('./support/booking.js');
const { createLtrProperty, createVrProperty, registeredTenant, signedInTenant, uniqueEmail } = await import(
  './support/builders.js'
);
const { WEBHOOK_EVENTS } = await import('../shared/domain/webhooks/events.js');
const { Client, signedIn } = await import('./support/client.js');
const { jobsCaughtUp } = await import('./support/jobs.js');
const { Receiver } = await import('./webhook-receiver.js');

type Payload = { type: string; data: Record<string, unknown>; previous?: Record<string, unknown> };

let receiver: import('./webhook-receiver.js').Receiver;
let feedServer: Server;
let feedUrl: string;
let admin: Awaited<ReturnType<typeof signedIn>>;

const ics = (date: string) => date.replaceAll('-', '');
const feedBody = () =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:payload-test-1',
    `DTSTART;VALUE=DATE:${ics(siteDay(70))}`,
    `DTEND;VALUE=DATE:${ics(siteDay(72))}`,
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

beforeAll(async () => {
  receiver = await Receiver.start();
  feedServer = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(feedBody()),
  );
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.ics`;
  admin = await signedIn('super');
  const sub = await admin.post('/API/adminWebhooks/V1/subscriptions.json', {
    url: receiver.url,
    events: [...WEBHOOK_EVENTS],
  });
  expect(sub.status, sub.text).toBe(201);
  receiver.secret = (sub.body as { secret: string }).secret;
  expect((await admin.put('/API/adminSettings/V1/settings.json', { channelEnabled: 1 })).status).toBe(200);
});

afterAll(async () => {
  await receiver.stop();
  await new Promise<void>((resolve) => feedServer.close(() => resolve()));
});

const payloads = (): Payload[] => receiver.received.map((r) => JSON.parse(r.body) as Payload);

/** Waits until the receiver has a payload of each type (every one already checked against its schema). */
async function announced(...types: string[]): Promise<Payload[]> {
  await jobsCaughtUp();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const seen = payloads();
    if (types.every((t) => seen.some((p) => p.type === t))) return seen;
    if (Date.now() > deadline)
      throw new Error(`no ${types.filter((t) => !seen.some((p) => p.type === t))} payload`);
    await receiver.waitFor(receiver.received.length + 1, deadline - Date.now()).catch(() => undefined);
  }
}

describe('reservation.created from every source', () => {
  it('a website booking, an admin reservation, a channel delivery and an iCal import: one schema, the same keys', async () => {
    const [site, office, channel, ical] = await Promise.all(
      [1, 2, 3, 4].map(() => createVrProperty({ units: 1, propertyRate: '150' })),
    );
    const booked = await guestBook(guestBody(site as number, siteDay(30), siteDay(33)));
    expect(booked.status, booked.text).toBe(200);
    const made = await admin.post('/API/adminReservations/V1/reservations.json', {
      propertyId: office,
      dateFrom: siteDay(40),
      dateTo: siteDay(42),
      name: 'Office Guest',
      email: uniqueEmail('office'),
    });
    expect(made.status, made.text).toBe(201);
    const raw = JSON.stringify({
      event: 'reservation.created',
      reservation: {
        channel: 'airbnb',
        channelReservationId: `PAY${Date.now().toString(36)}`,
        propertyId: channel,
        dateFrom: siteDay(50),
        dateTo: siteDay(53),
        guestName: 'Chan Nell',
        guestEmail: uniqueEmail('channel'),
        totalPrice: '420.50',
      },
    });
    const delivered = await new Client().post('/API/channel/webhook.php', undefined, {
      rawBody: raw,
      headers: { 'x-channel-signature': `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}` },
    });
    expect(delivered.status, delivered.text).toBe(200);
    const feed = await admin.post('/API/adminIcal/V1/feeds.json', {
      propertyId: ical,
      url: feedUrl,
      name: 'OTA',
    });
    expect(feed.status, feed.text).toBe(201);
    const synced = await admin.post(`/API/adminIcal/V1/feeds/${feed.body.feedId}/sync.json`);
    expect(synced.status, synced.text).toBe(200);
    await announced('reservation.created');
    await receiver.waitFor(4);

    const created = payloads().filter((p) => p.type === 'reservation.created');
    const bySource = new Map(created.map((p) => [p.data.source, p]));
    expect([...bySource.keys()].sort()).toEqual(['admin', 'channel', 'ical', 'website']);
    const keySets = [...bySource.values()].map((p) => Object.keys(p.data).sort().join(','));
    expect(new Set(keySets).size).toBe(1);
    // Something to pay: the website's booking is a hold until paid (DESIGN.md "Bookings that are not paid yet").
    expect(bySource.get('website')?.data).toMatchObject({
      propertyId: site,
      nights: 3,
      statusName: 'pending',
    });
    expect(bySource.get('website')?.data.holdUntil).toEqual(expect.any(String));
    expect(bySource.get('channel')?.data).toMatchObject({ propertyId: channel, totalPrice: 420.5 });
    expect(bySource.get('ical')?.data).toMatchObject({ propertyId: ical, statusName: 'blocked' });
    for (const p of created) expect(p.previous).toBeUndefined();
  });

  it('a change of an existing reservation carries the record after it and the changed fields before it', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const made = await admin.post('/API/adminReservations/V1/reservations.json', {
      propertyId,
      dateFrom: siteDay(80),
      dateTo: siteDay(82),
      name: 'Moving Guest',
      email: uniqueEmail('moving'),
    });
    const id = (made.body as { reservationId: number }).reservationId;
    const before = receiver.received.length;
    const moved = await admin.put(`/API/adminReservations/V1/reservations/${id}.json`, {
      dateFrom: siteDay(81),
      dateTo: siteDay(84),
    });
    expect(moved.status, moved.text).toBe(200);
    await jobsCaughtUp();
    await receiver.waitFor(before + 2);
    const modified = payloads().find((p) => p.type === 'reservation.modified' && p.data.reservationId === id);
    expect(modified?.data).toMatchObject({ dateFrom: siteDay(81), dateTo: siteDay(84), nights: 3 });
    expect(modified?.previous).toMatchObject({ dateFrom: siteDay(80), dateTo: siteDay(82), nights: 2 });
    expect(Object.keys(modified?.previous ?? {})).not.toContain('name');
  });
});

describe('every event type', () => {
  it('carries its record in the documented shape: invoices, payments, refunds, tenants, applications, housekeeping, conflicts, cancellations, overbookings', async () => {
    const propertyId = await createVrProperty({ units: 1, propertyRate: '150' });
    const booked = await guestBook(guestBody(propertyId, siteDay(90), siteDay(92)));
    expect(booked.status, booked.text).toBe(200);
    const invoiceId = (booked.body as { invoiceId: number }).invoiceId;
    const paid = await admin.get(`/API/adminInvoices/V1/invoices/${invoiceId}.json`);
    const total = (paid.body as { totalComputed: number }).totalComputed;
    const pay = (amount: number) =>
      admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
        amount,
        method: 'check',
        date: siteDay(0),
      });
    expect((await pay(total)).status).toBe(201);
    expect((await pay(-total)).status).toBe(201);
    // The channel on a full night: a conflict (409) that is recorded and announced.
    const raw = JSON.stringify({
      event: 'reservation.created',
      reservation: {
        channel: 'airbnb',
        channelReservationId: `FULL${Date.now().toString(36)}`,
        propertyId,
        dateFrom: siteDay(90),
        dateTo: siteDay(91),
        guestName: 'Full Night',
        guestEmail: uniqueEmail('full'),
      },
    });
    const refused = await new Client().post('/API/channel/webhook.php', undefined, {
      rawBody: raw,
      headers: { 'x-channel-signature': `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}` },
    });
    expect(refused.status).toBe(409);
    const over = await admin.post('/API/adminReservations/V1/reservations.json', {
      propertyId,
      dateFrom: siteDay(90),
      dateTo: siteDay(91),
      name: 'Over Booked',
      email: uniqueEmail('over'),
      skipAvailabilityCheck: true,
    });
    expect(over.status, over.text).toBe(201);
    const reservationId = (booked.body as { reservationId: number }).reservationId;
    expect((await admin.delete(`/API/adminReservations/V1/reservations/${reservationId}.json`)).status).toBe(
      200,
    );
    // A second booking whose unpaid invoice its cancellation cancels.
    const second = await guestBook(guestBody(propertyId, siteDay(95), siteDay(97)));
    const secondId = (second.body as { reservationId: number }).reservationId;
    expect((await admin.delete(`/API/adminReservations/V1/reservations/${secondId}.json`)).status).toBe(200);
    await registeredTenant();
    const { client } = await signedInTenant();
    const ltr = await createLtrProperty();
    expect((await client.post('/API/leaseApplications/V1/apply.json', { propertyId: ltr })).status).toBe(200);

    const seen = await announced(
      'invoice.created',
      'invoice.paid',
      'invoice.refunded',
      'invoice.cancelled',
      'payment.succeeded',
      'channel.conflict',
      'reservation.overbooked',
      'reservation.cancelled',
      'tenant.registered',
      'application.submitted',
      'housekeeping.created',
    );
    const paidEvent = seen.find((p) => p.type === 'invoice.paid' && p.data.invoiceId === invoiceId);
    expect(paidEvent?.data).toMatchObject({ status: 1, paidComputed: total, lineItems: expect.any(Array) });
    expect(paidEvent?.previous).toMatchObject({ status: 0, paidComputed: 0 });
    const payment = seen.find((p) => p.type === 'payment.succeeded' && p.data.documentId === invoiceId);
    expect(payment?.data).toMatchObject({ documentType: 'invoice', amount: total, method: 'check' });
    const registered = seen.find((p) => p.type === 'tenant.registered');
    expect(Object.keys(registered?.data ?? {})).not.toContain('passwordHash');
    expect(Object.keys(registered?.data ?? {})).not.toContain('tenantPhone');
    expect(receiver.payloadProblems).toEqual([]);
  });
});

describe('leases and decisions', () => {
  it('lease.created, lease.updated, lease.ended and application.decided carry the lease and the application', async () => {
    const { tenant, client } = await signedInTenant();
    const propertyId = await createLtrProperty({ onWebsite: 1 });
    const applied = await client.post('/API/leaseApplications/V1/apply.json', { propertyId });
    const applicationId = (applied.body as { applicationId: number }).applicationId;
    const approved = await admin.post(
      `/API/adminApplications/V1/applications/${applicationId}/decision.json`,
      {
        decision: 'approve',
        lease: { startDate: siteDay(-2) },
      },
    );
    expect(approved.status, approved.text).toBe(201);
    const leaseId = (approved.body as { leaseId: number }).leaseId;
    const path = `/API/adminLeases/V1/leases/${leaseId}.json`;
    expect((await admin.put(path, { rent: 1300 })).status).toBe(200);
    expect((await admin.delete(path, { query: { endDate: siteDay(0) } })).status).toBe(200);
    const seen = await announced('lease.created', 'lease.updated', 'lease.ended', 'application.decided');
    const of = (type: string) => seen.find((p) => p.type === type && p.data.leaseId === leaseId);
    expect(of('lease.created')?.data).toMatchObject({ tenantId: tenant.tenantId, propertyId, applicationId });
    expect(of('lease.updated')?.data).toMatchObject({ rent: 1300 });
    expect(of('lease.updated')?.previous).toMatchObject({ rent: 1200 });
    expect(of('lease.ended')?.data).toMatchObject({ endDate: siteDay(0) });
    expect(of('application.decided')?.data).toMatchObject({ applicationId, status: 'approved' });
    expect(receiver.payloadProblems).toEqual([]);
  });
});
