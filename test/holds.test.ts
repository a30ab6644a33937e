/**
 * Bookings that are not paid yet (DESIGN.md; docs/booking.md "Holds"): a website booking with something to pay
 * holds its nights (status "0") until `holdUntil`; paying in full confirms it in the payment's own transaction;
 * the holdExpiry job cancels a hold that ran out (nights released, unpaid invoice cancelled, reservation.expired);
 * the two racing leave one of the two outcomes, never a paid booking cancelled or a cancelled booking's invoice
 * open. The job is run here in this worker with a clock a day ahead, so nothing waits for a real hold to end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { claimsOf, getItem, guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { type ApiResponse, Client, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';

useLocalTable();
const { expireHolds } = await import('../functions/publicBooking/hold-expiry.js');

const SETTINGS = '/API/adminSettings/V1/settings.json';
const admin = await signedIn('super');

interface Booked {
  reservationId: number;
  invoiceId: number | null;
  holdUntil: string | null;
  paymentUrl: string | null;
  quote: { total: number };
  message: string;
}

async function book(propertyId: number, from: number, to: number, client = new Client()): Promise<Booked> {
  const res = await guestBook(guestBody(propertyId, siteDay(from), siteDay(to)), client);
  expect(res.status, res.text).toBe(200);
  return res.body as unknown as Booked;
}

const reservation = async (id: number) =>
  (
    await admin.get<{ status: string; holdUntil: string | null }>(
      `/API/adminReservations/V1/reservations/${id}.json`,
    )
  ).body;
const invoiceStatus = async (id: number) =>
  (await admin.get<{ status: number }>(`/API/adminInvoices/V1/invoices/${id}.json`)).body.status;
const pay = (invoiceId: number, amount: number): Promise<ApiResponse> =>
  admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
    amount,
    method: 'cash',
    date: siteDay(0),
  });
/** The job as the schedule runs it, with its clock `hours` ahead (a day-long hold has run out at 25). */
const expireAt = (hours: number) => expireHolds(new Date(Date.now() + hours * 3_600_000));

afterAll(async () => {
  await admin.put(SETTINGS, { bookingHoldMinutes: 1440 });
});

describe('a booking with something to pay is a hold', () => {
  it('holds its nights as pending until holdUntil, with the payment link; the calendar and availability count it', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const booked = await book(propertyId, 20, 22);
    expect(booked.message).toMatch(/^Held until /);
    expect(booked.paymentUrl).toMatch(/\/pay\?invoiceId=\d+&token=[\w-]{43}$/);
    expect(await reservation(booked.reservationId)).toMatchObject({
      status: '0',
      holdUntil: booked.holdUntil,
    });
    expect(await getItem(`HOLD#${booked.reservationId}`, 'HOLD')).toMatchObject({
      holdUntil: booked.holdUntil,
    });
    const availability = await new Client().get(`/API/publicBooking/V1/availability/${propertyId}.json`, {
      query: { dateFrom: siteDay(20), dateTo: siteDay(22) },
    });
    expect(availability.body).toMatchObject({ available: false, spots: 0 });
    const second = await guestBook(guestBody(propertyId, siteDay(21), siteDay(23)));
    expect(second.status).toBe(409);
  });

  it('is confirmed at once when there is nothing to pay, or when the site keeps the legacy way (bookingHoldMinutes 0)', async () => {
    const free = await createVrProperty({ propertyRate: '0', housekeepingFee: '0', propertyBookingFee: '0' });
    const nothingDue = await book(free, 20, 21);
    expect(nothingDue).toMatchObject({ invoiceId: null, holdUntil: null, paymentUrl: null });
    expect((await reservation(nothingDue.reservationId)).status).toBe('1');
    expect((await admin.put(SETTINGS, { bookingHoldMinutes: 0 })).status).toBe(200);
    const legacy = await book(await createVrProperty({ propertyRate: '90' }), 20, 21);
    expect(legacy.holdUntil).toBeNull();
    expect(legacy.paymentUrl).toEqual(expect.any(String));
    expect((await reservation(legacy.reservationId)).status).toBe('1');
    expect((await admin.put(SETTINGS, { bookingHoldMinutes: 1440 })).status).toBe(200);
  });

  it('paying the invoice in full confirms the hold in the payment’s transaction; a part payment keeps it held', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 30, 32);
    expect((await pay(booked.invoiceId as number, 10)).status).toBe(201);
    expect((await reservation(booked.reservationId)).status).toBe('0');
    expect((await pay(booked.invoiceId as number, booked.quote.total - 10)).status).toBe(201);
    expect(await reservation(booked.reservationId)).toMatchObject({ status: '1', holdUntil: null });
    expect(await getItem(`HOLD#${booked.reservationId}`, 'HOLD')).toBeUndefined();
    const changes = await changesOf('reservation', booked.reservationId);
    expect(changes.map((c) => c.action)).toEqual(['created', 'modified']);
  });
});

describe('the holdExpiry job', () => {
  it('cancels a hold that ran out: nights released, its unpaid invoice cancelled, announced as reservation.expired; the next guest books', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const booked = await book(propertyId, 40, 43);
    const early = await expireAt(1);
    expect(early.expired).not.toContain(booked.reservationId);
    const late = await expireAt(25);
    expect(late.expired).toContain(booked.reservationId);
    expect(await reservation(booked.reservationId)).toMatchObject({ status: '3', holdUntil: null });
    expect(await invoiceStatus(booked.invoiceId as number)).toBe(5);
    expect((await claimsOf(propertyId)).filter((c) => c.reservationId === booked.reservationId)).toEqual([]);
    expect(await getItem(`HOLD#${booked.reservationId}`, 'HOLD')).toBeUndefined();
    const expired = await changesOf('reservation', booked.reservationId);
    expect(expired.at(-1)).toMatchObject({ action: 'expired', actor: 'system:holds' });
    expect((expired.at(-1) as unknown as { event: string }).event).toBe('reservation.expired');
    // The link stops working with the invoice: the payment script no longer knows it.
    const token = new URL(booked.paymentUrl as string).searchParams.get('token');
    expect(await getItem(`INVOICE#${booked.invoiceId}`, 'PAYTOKEN')).toBeUndefined();
    expect(token).toEqual(expect.any(String));
    expect((await book(propertyId, 40, 43)).holdUntil).toEqual(expect.any(String));
    // Run again: nothing more to do for it.
    expect((await expireAt(25)).expired).not.toContain(booked.reservationId);
  });

  it('keeps a hold whose invoice is partly paid: a booking is never cancelled with its invoice left open', async () => {
    const booked = await book(await createVrProperty({ propertyRate: '100' }), 50, 52);
    expect((await pay(booked.invoiceId as number, 25)).status).toBe(201);
    const run = await expireAt(25);
    expect(run.kept).toContain(booked.reservationId);
    expect((await reservation(booked.reservationId)).status).toBe('0');
    expect(await invoiceStatus(booked.invoiceId as number)).toBe(0);
  });

  it('a hold running out while its payment arrives: the payment wins or the expiry wins, never both', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const booked = await book(await createVrProperty({ propertyRate: '100' }), 60, 62);
      const invoiceId = booked.invoiceId as number;
      const [paid] = await Promise.all([pay(invoiceId, booked.quote.total), expireAt(25)]);
      const [stay, invoice] = await Promise.all([
        reservation(booked.reservationId),
        invoiceStatus(invoiceId),
      ]);
      if (paid.status === 201) {
        expect({ stay: stay.status, invoice }).toEqual({ stay: '1', invoice: 1 });
        outcomes.push('paid');
      } else {
        expect(paid.status).toBe(409);
        expect({ stay: stay.status, invoice }).toEqual({ stay: '3', invoice: 5 });
        outcomes.push('expired');
      }
    }
    expect(outcomes).toHaveLength(8);
  });

  it('40 guests racing for the last unit leave exactly one hold; when it runs out the nights are free again', async () => {
    const propertyId = await createVrProperty({ propertyRate: '100', units: 1 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => guestBook(guestBody(propertyId, siteDay(70), siteDay(72)))),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const held = ((won[0] as ApiResponse).body as unknown as Booked).reservationId;
    expect((await reservation(held)).status).toBe('0');
    await expireAt(25);
    expect((await reservation(held)).status).toBe('3');
    expect((await book(propertyId, 70, 72)).holdUntil).toEqual(expect.any(String));
  });
});
