/**
 * Turnovers (DESIGN.md "More decisions"; docs/housekeeping.md "Turnovers"): the `turnovers` job keeps one
 * cleaning request on the check-out date of each confirmed VR reservation. Booked, moved and cancelled over
 * HTTP, then the job's own consumer run again on the same change records (repeated and reordered deliveries).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty, uniqueEmail } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { type Client, signedIn, unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';

const HK = '/API/adminHousekeeping/V1';
const RES = '/API/adminReservations/V1';

interface Request {
  requestId: number;
  requestTitle: string;
  requestDate: string;
  requestStatus: number;
  reservationId: number | null;
}

let admin: Client;
beforeAll(async () => {
  admin = await signedIn('super');
});

/** Every request of a property, archived ones included. */
async function requestsOf(propertyId: number): Promise<Request[]> {
  const [open, archived] = await Promise.all(
    [{}, { status: 6 }].map((extra) =>
      admin.get<{ items: Request[] }>(`${HK}/requests.json`, { query: { propertyId, limit: 100, ...extra } }),
    ),
  );
  return [...(open?.body.items ?? []), ...(archived?.body.items ?? [])].sort(
    (a, b) => a.requestId - b.requestId,
  );
}

async function book(propertyId: number, from: number, to: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post(`${RES}/reservations.json`, {
    propertyId,
    dateFrom: siteDay(from),
    dateTo: siteDay(to),
    name: 'Tina Turnover',
    email: uniqueEmail('turnover'),
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.reservationId as number;
}

/** The change items of a reservation as stream INSERT records, in the order given. */
async function streamOf(reservationId: number, order: 'as written' | 'reversed' = 'as written') {
  const items = await changesOf('reservation', reservationId);
  const ordered = order === 'reversed' ? [...items].reverse() : items;
  const event: DynamoDBStreamEvent = {
    Records: ordered.map((item, i) => ({
      eventID: `test-${i}`,
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        // biome-ignore lint/suspicious/noExplicitAny: the SDK's AttributeValue and the Lambda types are one wire shape.
        NewImage: marshall(item, { removeUndefinedValues: true }) as any,
        SequenceNumber: String(i + 1),
      },
    })),
  };
  return event;
}

async function runConsumer(event: DynamoDBStreamEvent) {
  useLocalTable();
  const { handler } = await import('../functions/adminHousekeeping/turnover-consumer.js');
  const result = await handler(event);
  expect(result.batchItemFailures).toEqual([]);
}

describe('turnovers', () => {
  it('a booking gets one request on its check-out date; a move moves it; a cancel archives it', async () => {
    const name = unique('Turnover Villa');
    const propertyId = await createVrProperty({ propertyName: name, units: 2 });
    const id = await book(propertyId, 40, 43);
    await jobsCaughtUp();
    let requests = await requestsOf(propertyId);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      requestTitle: `Turnover: ${name}`,
      requestDate: siteDay(43),
      requestStatus: 0,
      reservationId: id,
    });
    const requestId = requests[0]?.requestId;
    const [created] = await changesOf('housekeeping', requestId);
    expect(created).toMatchObject({ actor: 'system:turnover', event: 'housekeeping.created' });

    expect(
      (await admin.put(`${RES}/reservations/${id}.json`, { dateFrom: siteDay(44), dateTo: siteDay(47) }))
        .status,
    ).toBe(200);
    await jobsCaughtUp();
    requests = await requestsOf(propertyId);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ requestId, requestDate: siteDay(47), requestStatus: 0 });

    // A price change does not move the stay: nothing is written.
    expect((await admin.put(`${RES}/reservations/${id}.json`, { totalPrice: 999 })).status).toBe(200);
    expect((await admin.delete(`${RES}/reservations/${id}.json`)).status).toBe(200);
    await jobsCaughtUp();
    requests = await requestsOf(propertyId);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ requestId, requestStatus: 6 });
    expect((await changesOf('housekeeping', requestId)).map((c) => (c as { event?: string }).event)).toEqual([
      'housekeeping.created',
      'housekeeping.updated',
      'housekeeping.archived',
    ]);

    // Every change delivered again, in order and reversed: the request is as the reservation is now.
    await runConsumer(await streamOf(id));
    await runConsumer(await streamOf(id, 'reversed'));
    expect(await requestsOf(propertyId)).toEqual(requests);
    expect(await changesOf('housekeeping', requestId)).toHaveLength(3);
  });

  it('a change delivered twice makes one request; blocks and pending stays get none', async () => {
    const propertyId = await createVrProperty({ propertyName: unique('Twice House'), units: 3 });
    const id = await book(propertyId, 50, 52);
    const block = await book(propertyId, 50, 52, { adminBlock: '1' });
    const pending = await book(propertyId, 50, 52, { status: '0' });
    await jobsCaughtUp();
    const event = await streamOf(id);
    await runConsumer(event);
    await runConsumer(event);
    await runConsumer({
      Records: [...event.Records, ...(await streamOf(block)).Records, ...(await streamOf(pending)).Records],
    });
    const requests = await requestsOf(propertyId);
    expect(requests.map((r) => r.reservationId)).toEqual([id]);
    expect(await changesOf('housekeeping', requests[0]?.requestId)).toHaveLength(1);
  });

  it('two deliveries of a new booking racing each other still make one request', async () => {
    const propertyId = await createVrProperty({ propertyName: unique('Race Lodge') });
    const id = await book(propertyId, 60, 61);
    const event = await streamOf(id);
    await Promise.all([runConsumer(event), runConsumer(event), runConsumer(event)]);
    await jobsCaughtUp();
    const requests = await requestsOf(propertyId);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.requestDate).toBe(siteDay(61));
  });

  it('a guest’s website booking gets its turnover too, once paid (a hold is not a confirmed stay yet)', async () => {
    const propertyId = await createVrProperty({ propertyName: unique('Guest Cottage') });
    const res = await guestBook(guestBody(propertyId, siteDay(70), siteDay(73)));
    expect(res.status, res.text).toBe(200);
    await jobsCaughtUp();
    expect(await requestsOf(propertyId)).toHaveLength(0);
    const { invoiceId, quote } = res.body as { invoiceId: number; quote: { total: number } };
    const paid = await admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: quote.total,
      method: 'cash',
      date: siteDay(0),
    });
    expect(paid.status, paid.text).toBe(201);
    await jobsCaughtUp();
    const requests = await requestsOf(propertyId);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ requestDate: siteDay(73), requestStatus: 0 });
  });
});
