/**
 * The iCal export feed (functions/ical) and its admin side (adminIcal export/{propertyId}.json): parsed back
 * with ical.js (dates, DTEND exclusive, stable UIDs), no guest data, token rotation, and the same 404 for a
 * wrong or missing token as for a property that does not exist.
 */
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLtrProperty, createVrProperty, uniqueEmail } from './support/builders.js';
import { API_URL, type ApiResponse, type Client, problem, signedIn } from './support/client.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const exportPath = (id: number | string) => `/API/adminIcal/V1/export/${id}.json`;

let admin: Client;
let propertyId: number;
const guest = { name: 'Gwendolyn Secretguest', email: uniqueEmail('ical-export') };
const ids = { stay: 0, block: 0, cancelled: 0 };

async function reservation(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/API/adminReservations/V1/reservations.json', { propertyId, ...body });
  if (res.status !== 201) throw new Error(`reservation failed: ${res.status} ${res.text}`);
  return res.body.reservationId as number;
}

/** The feed URL an admin reads, split for the test client (its own base URL). */
async function feedUrl(id = propertyId, by = admin): Promise<{ path: string; token: string }> {
  const res = await by.get(exportPath(id));
  expect(res.status).toBe(200);
  const url = new URL(res.body.url as string);
  expect(url.origin).toBe(new URL(API_URL).origin);
  return { path: url.pathname, token: url.searchParams.get('token') ?? '' };
}

function expectProblem(res: ApiResponse, status: number) {
  expect(res.status).toBe(status);
  problem(res);
}

function eventsOf(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}

beforeAll(async () => {
  admin = await signedIn('super');
  propertyId = await createVrProperty({ units: 1 });
  ids.stay = await reservation({ dateFrom: day(30), dateTo: day(34), ...guest });
  ids.block = await reservation({ dateFrom: day(34), dateTo: day(36), adminBlock: '1' });
  ids.cancelled = await reservation({ dateFrom: day(40), dateTo: day(41), ...guest });
  expect((await admin.delete(`/API/adminReservations/V1/reservations/${ids.cancelled}.json`)).status).toBe(
    200,
  );
});

describe('export feed', () => {
  it('is RFC 5545 text/calendar: all-day events, DTEND = check-out, stable UIDs, no guest data', async () => {
    const { path, token } = await feedUrl();
    expect(path).toBe(`/API/ical/V1/${propertyId}.ics`);
    const res = await admin.get(path, { query: { token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const host = new URL(API_URL).hostname;
    const events = eventsOf(res.text);
    expect(
      events.map((e) => [e.uid, e.startDate.isDate, e.startDate.toString(), e.endDate.toString(), e.summary]),
    ).toEqual([
      [`reservation-${ids.stay}@${host}`, true, day(30), day(34), 'Reserved'],
      [`reservation-${ids.block}@${host}`, true, day(34), day(36), 'Blocked'],
    ]);
    // Exclusive ends: back-to-back stays share the check-out / check-in date and do not overlap.
    expect(events[0]?.endDate.compare(events[1]?.startDate as ICAL.Time)).toBe(0);
    // Every content line ends with CRLF, the last one (END:VCALENDAR) too (RFC 5545 §3.1).
    expect(res.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(res.text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(res.text).not.toContain('Secretguest');
    expect(res.text).not.toContain(guest.email);
    expect(res.text).not.toContain(`reservation-${ids.cancelled}@`);
    // Reading the feed again gives the same UIDs (stable).
    const again = eventsOf((await admin.get(path, { query: { token } })).text);
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
  });

  it('raises an event’s SEQUENCE on each change of its stay: a moved stay is a newer revision of its UID', async () => {
    const own = await createVrProperty({ units: 1 });
    const id = await admin.post('/API/adminReservations/V1/reservations.json', {
      propertyId: own,
      dateFrom: day(60),
      dateTo: day(62),
      adminBlock: '1',
    });
    expect(id.status, id.text).toBe(201);
    const reservationId = id.body.reservationId as number;
    const { path, token } = await feedUrl(own);
    const sequence = async () => {
      const [event] = eventsOf((await admin.get(path, { query: { token } })).text);
      return [event?.startDate.toString(), event?.component.getFirstPropertyValue('sequence')];
    };
    expect(await sequence()).toEqual([day(60), 0]);
    for (const [from, expected] of [
      [64, 1],
      [66, 2],
    ] as const) {
      const moved = await admin.put(`/API/adminReservations/V1/reservations/${reservationId}.json`, {
        dateFrom: day(from),
        dateTo: day(from + 2),
      });
      expect(moved.status, moved.text).toBe(200);
      expect(await sequence()).toEqual([day(from), expected]);
    }
  });

  it('answers the same 404 for a wrong or missing token, an unknown property and a malformed id', async () => {
    const { path, token } = await feedUrl();
    for (const [target, query] of [
      [path, { token: `${token}x` }],
      [path, { token: '' }],
      [path, {}],
      ['/API/ical/V1/999999.ics', { token }],
      ['/API/ical/V1/abc.ics', { token }],
      [`/API/ical/V1/${propertyId + 0}.ics`, { token: 'a'.repeat(5000) }],
    ] as const) {
      const res = await admin.get(target, { query });
      expect(res.status, `${target} ${JSON.stringify(query).slice(0, 40)}`).toBe(404);
      problem(res);
    }
  });

  it('a property’s token opens only its own feed', async () => {
    const other = await createVrProperty();
    const { token } = await feedUrl();
    expect((await admin.get(`/API/ical/V1/${other}.ics`, { query: { token } })).status).toBe(404);
  });
});

describe('export URL and token (adminIcal)', () => {
  it('keeps one token until it is rotated; the old URL then stops working', async () => {
    const first = await feedUrl();
    expect(await feedUrl()).toEqual(first);
    const rotated = await admin.post(exportPath(propertyId));
    expect(rotated.status).toBe(200);
    const next = new URL(rotated.body.url as string);
    const token = next.searchParams.get('token') ?? '';
    expect(token).not.toBe(first.token);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect((await admin.get(first.path, { query: { token: first.token } })).status).toBe(404);
    expect((await admin.get(first.path, { query: { token } })).status).toBe(200);
    expect((await feedUrl()).token).toBe(token);
  });

  it('two first reads at once keep one token', async () => {
    const fresh = await createVrProperty();
    const [a, b] = await Promise.all([admin.get(exportPath(fresh)), admin.get(exportPath(fresh))]);
    expect(a.status).toBe(200);
    expect(b.body.url).toBe(a.body.url);
  });

  it('answers 404 for LTR, unknown and another landlord’s properties, 400 for a bad id', async () => {
    const ltr = await createLtrProperty();
    for (const id of [ltr, 999999]) expectProblem(await admin.get(exportPath(id)), 404);
    expectProblem(await admin.get(exportPath('abc')), 400);
    const landlord = await signedIn('landlord');
    expect((await landlord.get(exportPath(2001))).status).toBe(200);
    expectProblem(await landlord.get(exportPath(2002)), 404);
    expectProblem(await landlord.post(exportPath(2001)), 403);
    expectProblem(await (await signedIn('housekeeper')).get(exportPath(2001)), 403);
  });

  it('records the token’s creation and rotation in the audit outbox, never the token', async () => {
    const { changesOf } = await import('./support/changes.js');
    const changes = await changesOf('icalExport', propertyId);
    expect(changes.map((c) => c.action)).toEqual(['created', 'rotated']);
    const { token } = await feedUrl();
    expect(JSON.stringify(changes)).not.toContain(token);
  });
});
