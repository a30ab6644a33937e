/**
 * Date prices over HTTP (adminRates, beyond the spec; docs/reservations.md "Date prices"): set a range (both
 * dates included), read it, clear it; the range rules, roles, landlord scope and the change items.
 */
import { describe, expect, it } from 'vitest';
import { createLtrProperty, createVrProperty } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { Client, problem, signedIn } from './support/client.js';

const BASE = '/API/adminRates/V1';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Rates {
  propertyId: number;
  dateFrom: string;
  dateTo: string;
  baseRate: number;
  weekendRate: number;
  items: { date: string; rate: number }[];
}

describe('admin rates', () => {
  it('sets a range (both dates included), reads it, replaces part of it and clears part of it', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty({ propertyRate: '150', propertyWeekendRate: '180' });
    const set = await admin.put(`${BASE}/rates/${propertyId}.json`, {
      dateFrom: day(10),
      dateTo: day(14),
      rate: '210.50',
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ success: true, days: 5, rate: 210.5 });
    await admin.put(`${BASE}/rates/${propertyId}.json`, { dateFrom: day(13), dateTo: day(13), rate: 99 });
    const read = await admin.get<Rates>(`${BASE}/rates/${propertyId}.json`, {
      query: { dateFrom: day(9), dateTo: day(20) },
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ propertyId, baseRate: 150, weekendRate: 180 });
    expect(read.body.items).toEqual([
      { date: day(10), rate: 210.5 },
      { date: day(11), rate: 210.5 },
      { date: day(12), rate: 210.5 },
      { date: day(13), rate: 99 },
      { date: day(14), rate: 210.5 },
    ]);
    const cleared = await admin.delete(`${BASE}/rates/${propertyId}.json`, {
      query: { dateFrom: day(12), dateTo: day(30) },
    });
    expect(cleared.body).toMatchObject({ success: true, cleared: 3 });
    const after = await admin.get<Rates>(`${BASE}/rates/${propertyId}.json`);
    expect(after.body.dateFrom).toBe(day(0));
    expect(after.body.items.map((i) => i.date)).toEqual([day(10), day(11)]);

    const changes = await changesOf('dayPrice');
    const mine = changes.filter((c) => c.recordId.startsWith(`${propertyId}:`));
    expect(mine.map((c) => [c.recordId, c.action])).toEqual([
      [`${propertyId}:${day(10)}..${day(14)}`, 'updated'],
      [`${propertyId}:${day(13)}..${day(13)}`, 'updated'],
      [`${propertyId}:${day(12)}..${day(14)}`, 'deleted'],
    ]);
    expect(mine[1]?.fields).toEqual([{ field: day(13), old: 210.5, new: 99 }]);
  });

  it('a long range is written in transactions of 99 days, each with its change item', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const res = await admin.put(`${BASE}/rates/${propertyId}.json`, {
      dateFrom: day(1),
      dateTo: day(250),
      rate: 120,
    });
    expect(res.body).toMatchObject({ days: 250 });
    const read = await admin.get<Rates>(`${BASE}/rates/${propertyId}.json`, {
      query: { dateFrom: day(1), dateTo: day(250) },
    });
    expect(read.body.items).toHaveLength(250);
    const mine = (await changesOf('dayPrice')).filter((c) => c.recordId.startsWith(`${propertyId}:`));
    expect(mine).toHaveLength(3);
    const cleared = await admin.delete(`${BASE}/rates/${propertyId}.json`, {
      query: { dateFrom: day(1), dateTo: day(250) },
    });
    expect(cleared.body).toMatchObject({ cleared: 250 });
  });

  it('refuses bad ranges and rates with a 400, never a 500', async () => {
    const admin = await signedIn('super');
    const propertyId = await createVrProperty();
    const bodies: unknown[] = [
      {},
      { dateFrom: day(5), dateTo: day(4), rate: 100 },
      { dateFrom: day(-2), dateTo: day(4), rate: 100 },
      { dateFrom: day(5), dateTo: day(800), rate: 100 },
      { dateFrom: day(5), dateTo: day(6), rate: -1 },
      { dateFrom: day(5), dateTo: day(6), rate: 'cheap' },
      { dateFrom: '2027-02-30', dateTo: day(6), rate: 100 },
      { dateFrom: day(5), dateTo: day(6) },
    ];
    for (const body of bodies) {
      const res = await admin.put(`${BASE}/rates/${propertyId}.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(problem(res).status).toBe(400);
    }
    expect((await admin.delete(`${BASE}/rates/${propertyId}.json`)).status).toBe(400);
    expect(
      (await admin.get(`${BASE}/rates/${propertyId}.json`, { query: { dateFrom: day(0), dateTo: day(900) } }))
        .status,
    ).toBe(400);
    expect((await admin.get(`${BASE}/rates/abc.json`)).status).toBe(400);
  });

  it('404 for a missing or LTR property and for another landlord’s; roles', async () => {
    const admin = await signedIn('super');
    const ltr = await createLtrProperty();
    expect((await admin.get(`${BASE}/rates/${ltr}.json`)).status).toBe(404);
    expect(
      (await admin.put(`${BASE}/rates/999999.json`, { dateFrom: day(1), dateTo: day(1), rate: 1 })).status,
    ).toBe(404);
    const landlord = await signedIn('landlord');
    expect((await landlord.get(`${BASE}/rates/2001.json`)).status).toBe(200);
    const foreign = await landlord.get(`${BASE}/rates/2002.json`);
    expect(foreign.status).toBe(404);
    expect(problem(foreign).detail).toBe(
      problem(await landlord.get(`${BASE}/rates/999999.json`)).detail.replace('999999', '2002'),
    );
    expect(
      (await landlord.put(`${BASE}/rates/2001.json`, { dateFrom: day(1), dateTo: day(1), rate: 1 })).status,
    ).toBe(403);
    expect((await (await signedIn('housekeeper')).get(`${BASE}/rates/2001.json`)).status).toBe(403);
    expect((await new Client().get(`${BASE}/rates/2001.json`)).status).toBe(401);
  });
});
