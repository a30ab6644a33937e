/**
 * The iCal import (adminIcal feeds, the icalImport schedule) against feeds served by a local HTTP server:
 * added, moved and removed events; an empty feed, a 500, a timeout, a huge feed and garbage change nothing and
 * mark the feed unhealthy; time-zoned and all-day events and the check-out-day boundary; a feed never moves,
 * removes or overbooks a direct booking (a conflict is recorded and announced instead); the channels' real
 * shapes (test/fixtures/ical): one UID on two stays, recurring owner blocks, Booking.com's empty answer.
 */

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '../shared/domain/ical/parse-feed.js';
import { createLtrProperty, createVrProperty, uniqueEmail } from './support/builders.js';
import { changesOf } from './support/changes.js';
import { type ApiResponse, type Client, problem, signedIn } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { runJob } from './support/jobs.js';
import { rawTable, TABLE } from './support/table.js';

// Small limits so the timeout and size cases are quick (read by the import at each fetch).
process.env.ICAL_FETCH_TIMEOUT_MS = '700';
process.env.ICAL_MAX_FEED_BYTES = String(200_000);

const base = '/API/adminIcal/V1';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const ics = (date: string) => date.replaceAll('-', '');

interface Served {
  status?: number;
  body: string;
  delayMs?: number;
  location?: string;
}
const feeds = new Map<string, Served>();
const hits = new Map<string, number>();
let server: Server;
let origin: string;

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const allDay = (uid: string, from: number, to: number) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART;VALUE=DATE:${ics(day(from))}`,
    `DTEND;VALUE=DATE:${ics(day(to))}`,
    'SUMMARY:Reserved',
    'END:VEVENT',
  ].join('\r\n');

/**
 * A fixture (test/fixtures/ical, dated 2027) with its dates moved by whole weeks so that its first stay is
 * about `weeksAhead` weeks from now: only dates of DTSTART, DTEND, RECURRENCE-ID, EXDATE, RDATE and UNTIL move.
 */
function fixtureAhead(name: string, firstDate: string, weeksAhead = 5): { text: string; shiftDays: number } {
  const text = readFileSync(new URL(`./fixtures/ical/${name}`, import.meta.url), 'utf8');
  const days = Math.round((Date.parse(day(7 * weeksAhead)) - Date.parse(firstDate)) / 86_400_000);
  const shiftDays = Math.round(days / 7) * 7;
  const shift = (yyyymmdd: string) => {
    const d = new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)));
    d.setUTCDate(d.getUTCDate() + shiftDays);
    return ics(d.toISOString().slice(0, 10));
  };
  const moved = text.replace(/^(DTSTART|DTEND|RECURRENCE-ID|EXDATE|RDATE|RRULE)([;:].*)$/gm, (line) =>
    line.replace(/\b(20\d{6})(?=T\d{6}Z?\b|\b)/g, (date) => shift(date)),
  );
  return { text: moved, shiftDays };
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

let admin: Client;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const served = feeds.get(path);
    if (!served) return void response.writeHead(404).end();
    const location = served.location ? { location: served.location } : {};
    const send = () =>
      response
        .writeHead(served.status ?? 200, { 'content-type': 'text/calendar', ...location })
        .end(served.body);
    if (served.delayMs) setTimeout(send, served.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await signedIn('super');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Feed {
  feedId: number;
  propertyId: number;
  path: string;
}

async function newFeed(propertyId: number, body: string, name = 'Airbnb', provider?: string): Promise<Feed> {
  const path = `/${Math.random().toString(36).slice(2)}.ics`;
  feeds.set(path, { body });
  const res = await admin.post(`${base}/feeds.json`, {
    propertyId,
    url: `${origin}${path}`,
    name,
    ...(provider ? { provider } : {}),
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.feed).toMatchObject({ health: 'pending', propertyId, name });
  return { feedId: res.body.feedId as number, propertyId, path };
}

async function sync(feed: Feed): Promise<ApiResponse> {
  const res = await admin.post(`${base}/feeds/${feed.feedId}/sync.json`);
  expect(res.status, res.text).toBe(200);
  return res;
}

interface Stay {
  reservationId: number;
  dateFrom: string;
  dateTo: string;
  status: string;
  source: string;
}

async function staysOf(propertyId: number): Promise<Stay[]> {
  const res = await admin.get('/API/adminReservations/V1/reservations.json', {
    query: { propertyId, limit: 100 },
  });
  expect(res.status).toBe(200);
  return res.body.items as Stay[];
}
const held = (stays: Stay[]) =>
  stays.filter((s) => s.status !== '3').map((s) => [s.dateFrom, s.dateTo, s.status, s.source]);

describe('import', () => {
  it('creates blocks for new events, moves changed ones, releases removed ones', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(
      propertyId,
      calendar(allDay('a@x', 10, 13), allDay('b@x', 20, 22), allDay('c@x', 30, 31)),
    );
    const first = await sync(feed);
    expect(first.body).toMatchObject({
      health: 'healthy',
      eventCount: 3,
      lastError: null,
      imported: { created: 3, moved: 0, released: 0 },
    });
    const stays = await staysOf(propertyId);
    expect(held(stays)).toEqual([
      [day(10), day(13), '4', 'ical'],
      [day(20), day(22), '4', 'ical'],
      [day(30), day(31), '4', 'ical'],
    ]);
    const idOf = (from: string) => stays.find((s) => s.dateFrom === from)?.reservationId;
    const b = idOf(day(20));

    // Same feed again: nothing to do.
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, moved: 0, released: 0 });

    feeds.set(feed.path, { body: calendar(allDay('a@x', 10, 13), allDay('b@x', 21, 24)) });
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, moved: 1, released: 1 });
    const after = await staysOf(propertyId);
    expect(held(after)).toEqual([
      [day(10), day(13), '4', 'ical'],
      [day(21), day(24), '4', 'ical'],
    ]);
    expect(after.find((s) => s.reservationId === b)).toMatchObject({ dateFrom: day(21), dateTo: day(24) });
    expect(after.find((s) => s.dateFrom === day(30))?.status).toBe('3');
    const audit = await changesOf('reservation', b as number);
    expect(audit.map((c) => [c.action, c.actor])).toEqual([
      ['created', 'system:ical'],
      ['modified', 'system:ical'],
    ]);
  });

  it('an empty feed, a 500, a timeout, a huge feed or garbage change nothing and mark the feed unhealthy', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const good = calendar(allDay('keep@x', 10, 12));
    const feed = await newFeed(propertyId, good);
    await sync(feed);
    const before = held(await staysOf(propertyId));
    const bad: [string, Served, RegExp][] = [
      ['empty', { body: calendar() }, /no events/],
      ['an empty answer', { body: '' }, /^empty: the answer has no content/],
      ['500', { status: 500, body: 'oops' }, /HTTP 500/],
      ['timeout', { body: good, delayMs: 3000 }, /no answer in time/],
      [
        'huge',
        { body: calendar(...Array.from({ length: 3000 }, (_, i) => allDay(`h${i}@x`, 40, 41))) },
        /larger than/,
      ],
      ['garbage', { body: '<html><body>Not a calendar</body></html>' }, /not an iCalendar file/],
    ];
    for (const [name, served, error] of bad) {
      feeds.set(feed.path, served);
      const res = await sync(feed);
      expect(res.body.health, name).toBe('unhealthy');
      expect(res.body.lastError, name).toMatch(error);
      expect(res.body.eventCount, name).toBe(1);
      expect(held(await staysOf(propertyId)), name).toEqual(before);
    }
    const health = await admin.get(`${base}/feeds/${feed.feedId}.json`);
    expect(health.body).toMatchObject({ health: 'unhealthy', eventCount: 1 });
    expect(health.body.lastSuccessAt).not.toBeNull();
    feeds.set(feed.path, { body: good });
    expect((await sync(feed)).body).toMatchObject({ health: 'healthy', lastError: null });
  });

  it('lastError names the kind of failure, never what the URL answered nor our internals', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(propertyId, calendar(allDay('err@x', 10, 12)));
    // A closed port: a server that was there and is not any more.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const closedPort = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const secretPage = `/${Math.random().toString(36).slice(2)}-private`;
    feeds.set(secretPage, { body: 'SECRET-LINE-4242 the admin password is hunter2\n<p>private</p>' });
    const loop = `/${Math.random().toString(36).slice(2)}-loop`;
    feeds.set(loop, { status: 302, body: '', location: loop });
    const served: [string, Served, string][] = [
      [
        'a private page through a redirect',
        { status: 302, body: '', location: secretPage },
        'not a calendar: the answer is not an iCalendar file',
      ],
      [
        'a page that is not a calendar',
        { body: 'SECRET-LINE-4242\r\nmore' },
        'not a calendar: the answer is not an iCalendar file',
      ],
      [
        'a calendar that never ends',
        { body: 'BEGIN:VCALENDAR\r\nX-SECRET-LINE-4242:x\r\n' },
        'not a calendar: the answer is not an iCalendar file',
      ],
      ['404', { status: 404, body: 'SECRET-LINE-4242' }, 'HTTP 404'],
      ['a redirect loop', { status: 302, body: '', location: loop }, 'too many redirects'],
    ];
    for (const [name, answer, error] of served) {
      feeds.set(feed.path, answer);
      const res = await sync(feed);
      expect(res.body.lastError, name).toBe(error);
      expect(JSON.stringify(res.body), name).not.toContain('SECRET');
    }
    // https to a server that speaks http (OpenSSL's error names its source file), and a closed port.
    const direct: [string, string][] = [
      [
        `https://127.0.0.1:${new URL(origin).port}/tls.ics`,
        'TLS failure: no secure connection (certificate or handshake)',
      ],
      [`http://127.0.0.1:${closedPort}/closed.ics`, 'refused: the connection was refused'],
    ];
    for (const [url, error] of direct) {
      const created = await admin.post(`${base}/feeds.json`, { propertyId, url, name: 'errors' });
      expect(created.status, created.text).toBe(201);
      const res = await sync({ feedId: created.body.feedId as number, propertyId, path: '' });
      expect(res.body.lastError, url).toBe(error);
      const listed = await admin.get(`${base}/feeds.json`, { query: { propertyId } });
      const row = (listed.body.items as { feedId: number; lastError: string }[]).find(
        (f) => f.feedId === created.body.feedId,
      );
      expect(row?.lastError, url).toBe(error);
    }
  });

  it('a step that fails on something unexpected says so, without the internal message', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(propertyId, calendar(allDay('odd@x', 150, 152)));
    await sync(feed);
    const [block] = await staysOf(propertyId);
    // A stored reservation without its dates (as a bad migration could leave it): the move cannot read it.
    useLocalTable();
    await rawTable.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `RESERVATION#${block?.reservationId}`, SK: 'RESERVATION' },
        UpdateExpression: 'REMOVE dateFrom, dateTo, nights',
      }),
    );
    feeds.set(feed.path, { body: calendar(allDay('odd@x', 153, 155)) });
    const res = await sync(feed);
    const errors = (res.body.imported as { errors: string[] }).errors;
    expect(errors).toEqual(['move odd@x: internal error (logged)']);
  });

  it('maps time-zoned and all-day events to site dates; a check-out-morning end frees that night', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(
      propertyId,
      calendar(
        // 15:00 in New York → 19:00/20:00 UTC the same day; leaves at 10:00 on the check-out day.
        [
          'BEGIN:VEVENT',
          'UID:tz@x',
          `DTSTART;TZID=America/New_York:${ics(day(10))}T150000`,
          `DTEND;TZID=America/New_York:${ics(day(13))}T100000`,
          'END:VEVENT',
        ].join('\r\n'),
        // 01:00 in Tokyo is the previous day in UTC (the fixture's site time zone).
        [
          'BEGIN:VEVENT',
          'UID:tokyo@x',
          `DTSTART;TZID=Asia/Tokyo:${ics(day(20))}T010000`,
          `DTEND;TZID=Asia/Tokyo:${ics(day(22))}T010000`,
          'END:VEVENT',
        ].join('\r\n'),
        [
          'BEGIN:VEVENT',
          'UID:utc@x',
          `DTSTART:${ics(day(30))}T160000Z`,
          `DTEND:${ics(day(32))}T110000Z`,
          'END:VEVENT',
        ].join('\r\n'),
        allDay('allday@x', 13, 15),
      ),
    );
    const res = await sync(feed);
    // The all-day stay starts on the time-zoned stay's check-out day: both fit on one unit, no conflict.
    expect(res.body.imported).toMatchObject({ created: 4, conflicts: 0 });
    expect(held(await staysOf(propertyId))).toEqual([
      [day(10), day(13), '4', 'ical'],
      [day(13), day(15), '4', 'ical'],
      [day(19), day(21), '4', 'ical'],
      [day(30), day(32), '4', 'ical'],
    ]);
  });

  it('never moves, removes or overbooks a direct booking: each conflicting stay is recorded and announced once', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const booking = await admin.post('/API/adminReservations/V1/reservations.json', {
      propertyId,
      dateFrom: day(50),
      dateTo: day(53),
      name: 'Direct Guest',
      email: uniqueEmail('ical-direct'),
    });
    expect(booking.status).toBe(201);
    const bookingId = booking.body.reservationId as number;
    const feed = await newFeed(propertyId, calendar(allDay('clash@x', 52, 55), allDay('free@x', 60, 61)));
    const first = await sync(feed);
    expect(first.body.imported).toMatchObject({ created: 1, conflicts: 1 });
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, conflicts: 0 });
    // The event moves onto other taken nights: still never placed over the booking.
    feeds.set(feed.path, { body: calendar(allDay('clash@x', 50, 51), allDay('free@x', 60, 61)) });
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, conflicts: 1 });
    // The feed drops every event but one: the direct booking is not released.
    feeds.set(feed.path, { body: calendar(allDay('free@x', 60, 61)) });
    await sync(feed);
    const direct = await admin.get(`/API/adminReservations/V1/reservations/${bookingId}.json`);
    expect(direct.body).toMatchObject({ status: '1', dateFrom: day(50), dateTo: day(53), source: 'admin' });
    expect(held(await staysOf(propertyId))).toEqual([
      [day(50), day(53), '1', 'admin'],
      [day(60), day(61), '4', 'ical'],
    ]);

    const conflicts = await admin.get(`${base}/conflicts.json`, { query: { source: 'ical', propertyId } });
    expect(conflicts.status).toBe(200);
    const items = conflicts.body.items as {
      reference: string;
      dateFrom: string;
      dateTo: string;
      status: string;
    }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      reference: `${feed.feedId}#clash@x`,
      source: 'ical',
      dateFrom: day(50),
      dateTo: day(51),
    });
    const announced = (await changesOf('conflict')).filter(
      (c) => c.recordId === `ical#${feed.feedId}#clash@x` && c.action === 'created',
    );
    expect(announced.map((c) => (c as unknown as { event: string }).event)).toEqual([
      'ical.conflict',
      'ical.conflict',
    ]);
  });

  it('the schedule imports every feed; deleting a feed releases its blocks', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(propertyId, calendar(allDay('s1@x', 70, 72), allDay('s2@x', 80, 81)));
    await runJob('icalImport');
    expect(held(await staysOf(propertyId))).toHaveLength(2);
    expect((await admin.get(`${base}/feeds/${feed.feedId}.json`)).body).toMatchObject({
      health: 'healthy',
      eventCount: 2,
    });
    const removed = await admin.delete(`${base}/feeds/${feed.feedId}.json`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, feedId: feed.feedId, released: 2 });
    expect(held(await staysOf(propertyId))).toEqual([]);
    expect((await admin.get(`${base}/feeds/${feed.feedId}.json`)).status).toBe(404);
    expect((await admin.delete(`${base}/feeds/${feed.feedId}.json`)).status).toBe(404);
  });

  it('lets go of a block an admin cancelled or took over; never moves or releases it', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(
      propertyId,
      calendar(allDay('cancelled@x', 120, 122), allDay('kept@x', 130, 132)),
    );
    await sync(feed);
    const idAt = async (from: number) =>
      (await staysOf(propertyId)).find((s) => s.dateFrom === day(from) && s.status !== '3')?.reservationId;
    const cancelled = await idAt(120);
    const takenOver = await idAt(130);
    expect((await admin.delete(`/API/adminReservations/V1/reservations/${cancelled}.json`)).status).toBe(200);
    const put = await admin.put(`/API/adminReservations/V1/reservations/${takenOver}.json`, { status: '1' });
    expect(put.status, put.text).toBe(200);
    // The feed drops the cancelled block's event and moves the other one.
    feeds.set(feed.path, { body: calendar(allDay('kept@x', 140, 142)) });
    const res = await sync(feed);
    expect(res.body.imported).toMatchObject({ moved: 0, released: 0 });
    const after = await admin.get(`/API/adminReservations/V1/reservations/${takenOver}.json`);
    expect(after.body).toMatchObject({ status: '1', dateFrom: day(130), dateTo: day(132) });
    // Let go of: the next import places the moved event as a new block, and then nothing more happens.
    expect((await sync(feed)).body.imported).toMatchObject({ created: 1, errors: [] });
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, moved: 0, released: 0, errors: [] });
    expect(held(await staysOf(propertyId))).toEqual([
      [day(130), day(132), '1', 'ical'],
      [day(140), day(142), '4', 'ical'],
    ]);
  });

  it('two imports of one feed at once place each event once (two units: both could take the nights)', async () => {
    const propertyId = await createVrProperty({ units: 2 });
    const events = Array.from({ length: 6 }, (_, i) => allDay(`race${i}@x`, 110 + 3 * i, 112 + 3 * i));
    const feed = await newFeed(propertyId, calendar(...events));
    const [a, b] = await Promise.all([sync(feed), sync(feed)]);
    const total = (field: 'created' | 'conflicts') =>
      [a, b].reduce((sum, r) => sum + (r.body.imported as Record<typeof field, number>)[field], 0);
    expect(total('created')).toBe(6);
    expect(total('conflicts')).toBe(0);
    expect(held(await staysOf(propertyId))).toHaveLength(6);
    const conflicts = await admin.get(`${base}/conflicts.json`, { query: { propertyId } });
    expect(conflicts.body.items).toEqual([]);
  });

  it('a conditional GET: an unchanged feed (304) is not read again', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const path = `/${Math.random().toString(36).slice(2)}-etag.ics`;
    let requests = 0;
    let conditional = 0;
    const etagServer = createServer((request, response) => {
      requests++;
      if (request.headers['if-none-match'] === '"v1"') {
        conditional++;
        return void response.writeHead(304).end();
      }
      response.writeHead(200, { etag: '"v1"' }).end(calendar(allDay('e@x', 90, 91)));
    });
    await new Promise<void>((resolve) => etagServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(etagServer.address() as AddressInfo).port}${path}`;
    const created = await admin.post(`${base}/feeds.json`, { propertyId, url, name: 'VRBO' });
    const feed = { feedId: created.body.feedId as number, propertyId, path };
    await sync(feed);
    const second = await sync(feed);
    expect(second.body).toMatchObject({ health: 'healthy', eventCount: 1, imported: { created: 0 } });
    expect([requests, conditional]).toEqual([2, 1]);
    etagServer.close();
  });
});

describe('real-world feed shapes (test/fixtures/ical)', () => {
  const ids = async (propertyId: number) =>
    new Map(
      (await staysOf(propertyId)).filter((s) => s.status !== '3').map((s) => [s.dateFrom, s.reservationId]),
    );

  it('events of one UID with different dates are each a block (a VRBO / Abritel feed)', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const { text, shiftDays } = fixtureAhead('vrbo-abritel-repeated-uid.ics', '2027-04-10');
    const feed = await newFeed(propertyId, text, 'Abritel');
    const res = await sync(feed);
    expect(res.body).toMatchObject({
      health: 'healthy',
      eventCount: 3,
      imported: { created: 3, conflicts: 0, errors: [] },
    });
    const at = (date: string) => plusDays(date, shiftDays);
    expect(held(await staysOf(propertyId))).toEqual([
      [at('2027-04-10'), at('2027-04-14'), '4', 'ical'],
      [at('2027-04-20'), at('2027-04-23'), '4', 'ical'],
      [at('2027-04-30'), at('2027-05-02'), '4', 'ical'],
    ]);
    // Read again: nothing changes.
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, moved: 0, released: 0 });
  });

  it('recurring owner blocks (a Google Calendar feed) block every occurrence, not only the first', async () => {
    // Two units: moved by whole weeks, the monthly series may fall on a weekend of the weekly one.
    const propertyId = await createVrProperty({ units: 2 });
    const { text, shiftDays } = fixtureAhead('google-owner-blocks-recurring.ics', '2027-04-03');
    const expected = parseFeed(text, 'UTC', day(0));
    if (!expected.ok) throw new Error('the shifted fixture does not parse');
    expect(expected.events.length).toBeGreaterThanOrEqual(12);
    const feed = await newFeed(propertyId, text, 'Owner calendar');
    const res = await sync(feed);
    expect(res.body).toMatchObject({
      health: 'healthy',
      eventCount: expected.events.length,
      imported: { created: expected.events.length, conflicts: 0, errors: [] },
    });
    const blocks = held(await staysOf(propertyId));
    expect(blocks).toHaveLength(expected.events.length);
    // The weekly all-day series: ×10 less the EXDATE, one occurrence moved by its override.
    const weekly = [
      ['2027-04-03', '2027-04-05'],
      ['2027-04-10', '2027-04-12'],
      ['2027-04-25', '2027-04-27'],
      ['2027-05-01', '2027-05-03'],
      ['2027-05-08', '2027-05-10'],
      ['2027-05-15', '2027-05-17'],
      ['2027-05-22', '2027-05-24'],
      ['2027-05-29', '2027-05-31'],
      ['2027-06-05', '2027-06-07'],
    ].map(([from, to]) => [
      plusDays(from as string, shiftDays),
      plusDays(to as string, shiftDays),
      '4',
      'ical',
    ]);
    for (const block of weekly) expect(blocks).toContainEqual(block);
    expect(blocks).not.toContainEqual([
      plusDays('2027-04-17', shiftDays),
      plusDays('2027-04-19', shiftDays),
      '4',
      'ical',
    ]);
  });

  it('a UID that gains a second stay keeps its block, and an edited series moves its blocks: no conflict with the feed’s own blocks', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const weekly = (from: number) =>
      [
        'BEGIN:VEVENT',
        'UID:series@x',
        `DTSTART;VALUE=DATE:${ics(day(from))}`,
        `DTEND;VALUE=DATE:${ics(day(from + 1))}`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'END:VEVENT',
      ].join('\r\n');
    const feed = await newFeed(propertyId, calendar(allDay('twice@x', 40, 43), weekly(60)));
    expect((await sync(feed)).body.imported).toMatchObject({ created: 4, conflicts: 0 });
    const before = await ids(propertyId);

    feeds.set(feed.path, {
      body: calendar(allDay('twice@x', 40, 43), allDay('twice@x', 50, 52), weekly(61)),
    });
    const res = await sync(feed);
    expect(res.body.imported).toMatchObject({ created: 1, moved: 3, released: 0, conflicts: 0, errors: [] });
    const after = await ids(propertyId);
    expect(after.get(day(40))).toBe(before.get(day(40)));
    for (const week of [0, 7, 14]) expect(after.get(day(61 + week))).toBe(before.get(day(60 + week)));
    expect(held(await staysOf(propertyId))).toEqual([
      [day(40), day(43), '4', 'ical'],
      [day(50), day(52), '4', 'ical'],
      [day(61), day(62), '4', 'ical'],
      [day(68), day(69), '4', 'ical'],
      [day(75), day(76), '4', 'ical'],
    ]);
    const conflicts = await admin.get(`${base}/conflicts.json`, { query: { propertyId } });
    expect(conflicts.body.items).toEqual([]);
    expect((await sync(feed)).body.imported).toMatchObject({ created: 0, moved: 0, released: 0 });
  });

  it('a feed of a past single event and one of a past recurring series both read healthy, with no stay', async () => {
    const propertyId = await createVrProperty();
    const single = await newFeed(propertyId, calendar(allDay('past-single', -30, -28)), 'Past single');
    const series = await newFeed(
      propertyId,
      calendar(
        [
          'BEGIN:VEVENT',
          'UID:past-series',
          `DTSTART;VALUE=DATE:${ics(day(-60))}`,
          `DTEND;VALUE=DATE:${ics(day(-58))}`,
          'RRULE:FREQ=WEEKLY;COUNT=3',
          'END:VEVENT',
        ].join('\r\n'),
      ),
      'Past series',
    );
    for (const feed of [single, series])
      expect((await sync(feed)).body, String(feed.path)).toMatchObject({
        health: 'healthy',
        lastError: null,
      });
    expect(held(await staysOf(propertyId))).toEqual([]);
  });

  it('reads a feed with a byte-order mark and two VCALENDARs, and an RDATE;VALUE=PERIOD stay', async () => {
    const propertyId = await createVrProperty({ units: 2 });
    const period = [
      'BEGIN:VEVENT',
      'UID:with-periods',
      `DTSTART;VALUE=DATE:${ics(day(40))}`,
      `DTEND;VALUE=DATE:${ics(day(42))}`,
      `RDATE;VALUE=PERIOD:${ics(day(50))}T150000Z/${ics(day(53))}T100000Z`,
      'END:VEVENT',
    ].join('\r\n');
    const body = `\uFEFF${calendar(allDay('bom-first', 30, 32))}${calendar(period)}`;
    const feed = await newFeed(propertyId, body, 'Joined calendars');
    const res = await sync(feed);
    expect(res.body).toMatchObject({ health: 'healthy', eventCount: 3 });
    expect(held(await staysOf(propertyId)).map(([from, to]) => [from, to])).toEqual(
      expect.arrayContaining([
        [day(30), day(32)],
        [day(40), day(42)],
        [day(50), day(53)],
      ]),
    );
  });

  it('an empty answer from Booking.com after its last stay releases the block, and the health says why', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const { text, shiftDays } = fixtureAhead('booking-com-last-stay.ics', '2027-04-10');
    const feed = await newFeed(propertyId, text, 'Booking.com', 'booking');
    expect((await sync(feed)).body).toMatchObject({
      provider: 'booking',
      eventCount: 1,
      imported: { created: 1 },
    });
    expect(held(await staysOf(propertyId))).toEqual([
      [plusDays('2027-04-10', shiftDays), plusDays('2027-04-13', shiftDays), '4', 'ical'],
    ]);

    const empty = readFileSync(new URL('./fixtures/ical/booking-com-empty.ics', import.meta.url), 'utf8');
    expect(empty).toBe('');
    feeds.set(feed.path, { body: empty });
    const res = await sync(feed);
    expect(res.body).toMatchObject({
      health: 'healthy',
      lastError: null,
      lastNote: 'empty answer read as no events: Booking.com answers so once no stay is left',
      eventCount: 0,
      imported: { released: 1, errors: [] },
    });
    expect(held(await staysOf(propertyId))).toEqual([]);
    expect((await admin.get(`${base}/feeds/${feed.feedId}.json`)).body).toMatchObject({
      provider: 'booking',
      health: 'healthy',
      eventCount: 0,
      lastNote: expect.stringContaining('Booking.com'),
    });

    // A stay again: the block is back and the note is gone.
    feeds.set(feed.path, { body: text });
    expect((await sync(feed)).body).toMatchObject({
      lastNote: null,
      eventCount: 1,
      imported: { created: 1 },
    });
  });

  it('an empty answer from a feed not known to answer so changes nothing and says why', async () => {
    const propertyId = await createVrProperty({ units: 1 });
    const feed = await newFeed(propertyId, calendar(allDay('keep@x', 10, 12)), 'Airbnb', 'airbnb');
    await sync(feed);
    feeds.set(feed.path, { body: '' });
    const res = await sync(feed);
    expect(res.body).toMatchObject({
      provider: 'airbnb',
      health: 'unhealthy',
      lastError:
        'empty: the answer has no content, and this feed’s provider is not known to answer so when no stay is left; nothing was changed',
      eventCount: 1,
    });
    expect(held(await staysOf(propertyId))).toEqual([[day(10), day(12), '4', 'ical']]);
  });
});

describe('feeds: input, roles, landlords', () => {
  const expectProblem = (res: ApiResponse, status: number) => {
    expect(res.status, res.text).toBe(status);
    problem(res);
  };

  it('refuses URLs that are not allowed, properties that are not VR, bad bodies (400, never 500)', async () => {
    const ltr = await createLtrProperty();
    const vr = await createVrProperty();
    for (const body of [
      { propertyId: vr, url: 'http://10.0.0.1/feed.ics', name: 'x' },
      { propertyId: vr, url: 'http://169.254.169.254/latest/meta-data/', name: 'x' },
      { propertyId: vr, url: 'ftp://example.com/feed.ics', name: 'x' },
      { propertyId: vr, url: 'https://user:pw@example.com/feed.ics', name: 'x' },
      { propertyId: vr, url: 'not a url', name: 'x' },
      { propertyId: ltr, url: `${origin}/x.ics`, name: 'x' },
      { propertyId: 999999, url: `${origin}/x.ics`, name: 'x' },
      { propertyId: vr, url: `${origin}/x.ics` },
      { propertyId: vr, url: `${origin}/x.ics`, name: '' },
      { propertyId: 'abc', url: `${origin}/x.ics`, name: 'x' },
      { propertyId: vr, url: 42, name: 'x' },
      { propertyId: vr, url: `${origin}/x.ics`, name: 'x', provider: 'expedia' },
      {},
    ]) {
      expectProblem(await admin.post(`${base}/feeds.json`, body), 400);
    }
    expectProblem(await admin.request('POST', `${base}/feeds.json`, { rawBody: '{"propertyId":' }), 400);
    for (const path of ['feeds/abc.json', 'feeds/0.json', 'feeds/-1/sync.json']) {
      const res = await admin.get(`${base}/${path}`);
      expect([400, 404, 405]).toContain(res.status);
    }
    expectProblem(await admin.get(`${base}/feeds/999999.json`), 404);
    expectProblem(await admin.post(`${base}/feeds/999999/sync.json`), 404);
    expectProblem(await admin.get(`${base}/conflicts.json`, { query: { source: 'other' } }), 400);
  });

  it('the same URL twice on one property is a 409', async () => {
    const vr = await createVrProperty();
    const url = `${origin}/twice.ics`;
    expect((await admin.post(`${base}/feeds.json`, { propertyId: vr, url, name: 'a' })).status).toBe(201);
    expectProblem(await admin.post(`${base}/feeds.json`, { propertyId: vr, url, name: 'b' }), 409);
  });

  it('landlords read their own properties’ feeds only; writes are super_admin’s', async () => {
    const own = await newFeed(2001, calendar(allDay('l@x', 100, 101)));
    const other = await newFeed(2002, calendar(allDay('o@x', 100, 101)));
    const landlord = await signedIn('landlord');
    expect((await landlord.get(`${base}/feeds/${own.feedId}.json`)).status).toBe(200);
    expectProblem(await landlord.get(`${base}/feeds/${other.feedId}.json`), 404);
    const list = await landlord.get(`${base}/feeds.json`);
    const listed = (list.body.items as { feedId: number }[]).map((f) => f.feedId);
    expect(listed).toContain(own.feedId);
    expect(listed).not.toContain(other.feedId);
    expectProblem(await landlord.post(`${base}/feeds/${own.feedId}/sync.json`), 403);
    expectProblem(await landlord.delete(`${base}/feeds/${own.feedId}.json`), 403);
    const rep = await signedIn('svcRep');
    expect((await rep.get(`${base}/feeds/${other.feedId}.json`)).status).toBe(200);
    expectProblem(
      await rep.post(`${base}/feeds.json`, { propertyId: 2001, url: `${origin}/rep.ics`, name: 'r' }),
      403,
    );
    // The audit log records the feed, never its URL (channels put secrets in feed URLs).
    const created = await changesOf('icalFeed', own.feedId);
    expect(created.map((c) => c.action)).toEqual(['created']);
    expect(JSON.stringify(created)).not.toContain(own.path);
  });
});
