import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { exportCalendar, exportUid } from './export-calendar.js';
import { type FeedEvent, parseFeed } from './parse-feed.js';
import { type ImportedEvent, planSync, slicesOf } from './plan-sync.js';
import { providerOfUrl } from './providers.js';
import { siteDateOf, zonedToInstant } from './site-date.js';

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('site dates', () => {
  it('converts zoned wall times through their zone, across DST', () => {
    const wall = { year: 2027, month: 3, day: 28, hour: 3, minute: 30, second: 0 };
    expect(zonedToInstant(wall, 'Europe/Paris').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    const winter = { year: 2027, month: 1, day: 10, hour: 12, minute: 0, second: 0 };
    expect(zonedToInstant(winter, 'America/New_York').toISOString()).toBe('2027-01-10T17:00:00.000Z');
  });

  it('reads UTC, zoned, floating and date values as site dates', () => {
    const wall = { year: 2027, month: 8, day: 11, hour: 2, minute: 0, second: 0 };
    expect(siteDateOf({ kind: 'utc', wall }, 'America/New_York')).toBe('2027-08-10');
    expect(siteDateOf({ kind: 'zoned', wall, tzid: 'Europe/Paris' }, 'America/New_York')).toBe('2027-08-10');
    expect(siteDateOf({ kind: 'zoned', wall, tzid: 'Custom Zone' }, 'America/New_York')).toBe('2027-08-11');
    expect(siteDateOf({ kind: 'floating', wall }, 'America/New_York')).toBe('2027-08-11');
    expect(siteDateOf({ kind: 'date', date: '2027-08-11' }, 'Pacific/Auckland')).toBe('2027-08-11');
  });
});

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'ical', name), 'utf8');

describe('parseFeed', () => {
  const site = 'America/New_York';
  const today = '2027-07-01';

  it('reads all-day events with DTEND exclusive', () => {
    const feed = parseFeed(
      calendar(vevent('UID:a', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270805')),
      site,
      today,
    );
    expect(feed).toEqual({
      ok: true,
      skipped: 0,
      seriesOutsideWindow: 0,
      events: [{ key: 'a', uid: 'a', dateFrom: '2027-08-01', dateTo: '2027-08-05' }],
    });
  });

  it('a date-time end on the check-out morning is check-out that day', () => {
    const feed = parseFeed(
      calendar(
        vevent(
          'UID:z',
          'DTSTART;TZID=America/New_York:20270801T160000',
          'DTEND;TZID=America/New_York:20270805T100000',
        ),
        vevent('UID:u', 'DTSTART:20270810T200000Z', 'DTEND:20270812T150000Z'),
      ),
      site,
      today,
    );
    expect(feed.ok && feed.events).toEqual([
      { key: 'z', uid: 'z', dateFrom: '2027-08-01', dateTo: '2027-08-05' },
      { key: 'u', uid: 'u', dateFrom: '2027-08-10', dateTo: '2027-08-12' },
    ]);
  });

  it('a time-zoned event far from the site lands on the site dates of its instants', () => {
    // 01:00 in Tokyo on Aug 2 is 12:00 on Aug 1 in New York.
    const feed = parseFeed(
      calendar(
        vevent('UID:t', 'DTSTART;TZID=Asia/Tokyo:20270802T010000', 'DTEND;TZID=Asia/Tokyo:20270804T230000'),
      ),
      site,
      today,
    );
    expect(feed.ok && feed.events).toEqual([
      { key: 't', uid: 't', dateFrom: '2027-08-01', dateTo: '2027-08-04' },
    ]);
  });

  it('defaults: no DTEND on a date is one night, DURATION counts, a same-day event blocks its night', () => {
    const feed = parseFeed(
      calendar(
        vevent('UID:d', 'DTSTART;VALUE=DATE:20270801'),
        vevent('UID:p', 'DTSTART;VALUE=DATE:20270810', 'DURATION:P3D'),
        vevent('UID:s', 'DTSTART:20270820T100000', 'DTEND:20270820T120000'),
      ),
      site,
      today,
    );
    expect(feed.ok && feed.events).toEqual([
      { key: 'd', uid: 'd', dateFrom: '2027-08-01', dateTo: '2027-08-02' },
      { key: 'p', uid: 'p', dateFrom: '2027-08-10', dateTo: '2027-08-13' },
      { key: 's', uid: 's', dateFrom: '2027-08-20', dateTo: '2027-08-21' },
    ]);
  });

  it('skips cancelled events and exact repeats; names an event without UID by its dates', () => {
    const feed = parseFeed(
      calendar(
        vevent('UID:c', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270802'),
        vevent('UID:x', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270802'),
        vevent('UID:x', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270802'),
        vevent('DTSTART;VALUE=DATE:20270805', 'DTEND;VALUE=DATE:20270806'),
        vevent('UID:nostart', 'SUMMARY:no dates'),
      ),
      site,
      today,
    );
    expect(feed).toEqual({
      ok: true,
      skipped: 3,
      seriesOutsideWindow: 0,
      events: [
        { key: 'x', uid: 'x', dateFrom: '2027-08-01', dateTo: '2027-08-02' },
        {
          key: 'nouid:2027-08-05/2027-08-06',
          uid: 'nouid:2027-08-05/2027-08-06',
          dateFrom: '2027-08-05',
          dateTo: '2027-08-06',
        },
      ],
    });
  });

  it('events of one UID with different dates are each a stay, keyed by their dates', () => {
    const feed = parseFeed(fixture('vrbo-abritel-repeated-uid.ics'), 'Europe/Paris', '2027-04-01');
    const uid = '5f0c7a2e-6b1d-4c8e-9a37-2d4e8b61c0f9';
    expect(feed).toEqual({
      ok: true,
      skipped: 0,
      seriesOutsideWindow: 0,
      events: [
        { key: `${uid}#2027-04-10..2027-04-14`, uid, dateFrom: '2027-04-10', dateTo: '2027-04-14' },
        { key: `${uid}#2027-04-20..2027-04-23`, uid, dateFrom: '2027-04-20', dateTo: '2027-04-23' },
        {
          key: '04302027-0430-2027-0502-202705022027',
          uid: '04302027-0430-2027-0502-202705022027',
          dateFrom: '2027-04-30',
          dateTo: '2027-05-02',
        },
      ],
    });
  });

  it('expands recurring events (RRULE, RDATE, EXDATE, a moved occurrence), each occurrence a stay keyed by its RECURRENCE-ID', () => {
    const feed = parseFeed(fixture('google-owner-blocks-recurring.ics'), 'Europe/Paris', '2027-04-01');
    const weekly = '3q8m1v0c2k7s5e9hbn4t6r1uja@google.com';
    const monthly = '7hq2c0ls4d1m9p3v8k6b5n2xfo@google.com';
    expect(feed.ok && feed.skipped).toBe(0);
    const stays = (feed.ok ? feed.events : []).map((e) => [e.key, e.dateFrom, e.dateTo]);
    expect(stays).toEqual([
      // Weekly ×10 from Saturday 3 April, the 17th left out (EXDATE), the 24th moved to the 25th.
      [`${weekly}#2027-04-03`, '2027-04-03', '2027-04-05'],
      [`${weekly}#2027-04-10`, '2027-04-10', '2027-04-12'],
      [`${weekly}#2027-04-24`, '2027-04-25', '2027-04-27'],
      [`${weekly}#2027-05-01`, '2027-05-01', '2027-05-03'],
      [`${weekly}#2027-05-08`, '2027-05-08', '2027-05-10'],
      [`${weekly}#2027-05-15`, '2027-05-15', '2027-05-17'],
      [`${weekly}#2027-05-22`, '2027-05-22', '2027-05-24'],
      [`${weekly}#2027-05-29`, '2027-05-29', '2027-05-31'],
      [`${weekly}#2027-06-05`, '2027-06-05', '2027-06-07'],
      // Monthly overnight 15:00–11:00 Paris time until 7 July, May left out, 22 July added (RDATE).
      [`${monthly}#2027-04-07T15:00:00`, '2027-04-07', '2027-04-08'],
      [`${monthly}#2027-06-07T15:00:00`, '2027-06-07', '2027-06-08'],
      [`${monthly}#2027-07-07T15:00:00`, '2027-07-07', '2027-07-08'],
      [`${monthly}#2027-07-22T15:00:00`, '2027-07-22', '2027-07-23'],
    ]);
  });

  it('expands over the import horizon only: occurrences that ended before today and those from the booking horizon on are left out', () => {
    const feed = parseFeed(
      calendar(
        vevent('UID:weekly', 'DTSTART;VALUE=DATE:20200101', 'DTEND;VALUE=DATE:20200102', 'RRULE:FREQ=WEEKLY'),
      ),
      site,
      '2027-06-30',
    );
    const dates = (feed.ok ? feed.events : []).map((e) => e.dateFrom);
    // Wednesdays: the one of today (check-out tomorrow) is the first, the last is before the horizon
    // (today + 24 months: 2029-06-30); the 2020–2027 ones have ended.
    expect(dates[0]).toBe('2027-06-30');
    expect(dates.at(-1)).toBe('2029-06-27');
    expect(dates).toHaveLength(105);
  });

  it('a cancelled occurrence is no stay; an override without its series is one', () => {
    const feed = parseFeed(
      calendar(
        vevent(
          'UID:w',
          'DTSTART;VALUE=DATE:20270801',
          'DTEND;VALUE=DATE:20270802',
          'RRULE:FREQ=WEEKLY;COUNT=3',
        ),
        vevent(
          'UID:w',
          'RECURRENCE-ID;VALUE=DATE:20270808',
          'STATUS:CANCELLED',
          'DTSTART;VALUE=DATE:20270808',
        ),
        vevent(
          'UID:o',
          'RECURRENCE-ID;VALUE=DATE:20270901',
          'DTSTART;VALUE=DATE:20270902',
          'DTEND;VALUE=DATE:20270903',
        ),
      ),
      site,
      today,
    );
    expect((feed.ok ? feed.events : []).map((e) => [e.key, e.dateFrom])).toEqual([
      ['w#2027-08-01', '2027-08-01'],
      ['w#2027-08-15', '2027-08-15'],
      ['o#2027-09-01', '2027-09-02'],
    ]);
  });

  it('refuses a feed whose recurrences expand past the limit (nothing is changed)', () => {
    const feed = parseFeed(
      calendar(vevent('UID:m', 'DTSTART:19900101T000000Z', 'DTEND:19900101T000100Z', 'RRULE:FREQ=MINUTELY')),
      site,
      today,
    );
    expect(feed).toEqual({ ok: false, error: 'tooManyOccurrences' });
  });

  it('refuses garbage and a file that is no calendar', () => {
    expect(parseFeed('<html>not a calendar</html>', site, today).ok).toBe(false);
    expect(parseFeed('', site, today).ok).toBe(false);
    expect(parseFeed('BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n', site, today).ok).toBe(false);
  });

  it('reads a feed that starts with a UTF-8 byte-order mark', () => {
    const feed = parseFeed(
      `\uFEFF${calendar(vevent('UID:bom', 'DTSTART;VALUE=DATE:20270710', 'DTEND;VALUE=DATE:20270712'))}`,
      site,
      today,
    );
    expect(feed).toMatchObject({
      ok: true,
      events: [{ key: 'bom', dateFrom: '2027-07-10', dateTo: '2027-07-12' }],
    });
  });

  it('reads every VCALENDAR of a feed that sends several (RFC 5545 3.4)', () => {
    const feed = parseFeed(
      calendar(vevent('UID:first', 'DTSTART;VALUE=DATE:20270710', 'DTEND;VALUE=DATE:20270712')) +
        calendar(vevent('UID:second', 'DTSTART;VALUE=DATE:20270720', 'DTEND;VALUE=DATE:20270722')),
      site,
      today,
    );
    expect(feed.ok && feed.events.map((e) => e.key)).toEqual(['first', 'second']);
  });

  it('an RDATE;VALUE=PERIOD adds occurrences with their own ends; DTSTART stays the first', () => {
    const feed = parseFeed(
      calendar(
        vevent(
          'UID:periods',
          'DTSTART:20270710T150000Z',
          'DTEND:20270712T100000Z',
          'RDATE;VALUE=PERIOD:20270720T150000Z/20270723T100000Z,20270801T150000Z/P2D',
        ),
      ),
      'UTC',
      today,
    );
    expect(feed.ok && feed.events.map((e) => [e.key, e.dateFrom, e.dateTo])).toEqual([
      ['periods#2027-07-10T15:00:00Z', '2027-07-10', '2027-07-12'],
      ['periods#2027-07-20T15:00:00Z', '2027-07-20', '2027-07-23'],
      ['periods#2027-08-01T15:00:00Z', '2027-08-01', '2027-08-03'],
    ]);
  });

  it('a series that has ended is an event of the feed with no stay, as a past single event is', () => {
    const past = parseFeed(
      calendar(
        vevent(
          'UID:old',
          'DTSTART;VALUE=DATE:20200110',
          'DTEND;VALUE=DATE:20200112',
          'RRULE:FREQ=WEEKLY;COUNT=3',
        ),
      ),
      site,
      today,
    );
    expect(past).toEqual({ ok: true, events: [], skipped: 0, seriesOutsideWindow: 1 });
    const empty = parseFeed(calendar(), site, today);
    expect(empty).toEqual({ ok: true, events: [], skipped: 0, seriesOutsideWindow: 0 });
  });
});

describe('slicesOf', () => {
  const event = (uid: string, dateFrom: string, dateTo: string): FeedEvent => ({
    key: uid,
    uid,
    dateFrom,
    dateTo,
  });

  it('drops ended events and cuts long ones into stable parts', () => {
    const slices = slicesOf(
      [event('past', '2027-01-01', '2027-01-05'), event('long', '2027-02-01', '2027-06-01')],
      '2027-01-05',
    );
    expect(slices.map((s) => [s.key, s.dateFrom, s.dateTo])).toEqual([
      ['long', '2027-02-01', expect.any(String)],
      ['long#2', expect.any(String), expect.any(String)],
      ['long#3', expect.any(String), '2027-06-01'],
    ]);
    for (let i = 1; i < slices.length; i++) expect(slices[i]?.dateFrom).toBe(slices[i - 1]?.dateTo);
  });
});

describe('planSync', () => {
  const slice = (key: string, dateFrom: string, dateTo: string) => ({ key, uid: key, dateFrom, dateTo });
  const imported = (
    key: string,
    dateFrom: string,
    dateTo: string,
    reservationId: number | null,
  ): ImportedEvent => ({ key, uid: key, dateFrom, dateTo, reservationId, conflictDates: null });
  const today = '2027-07-01';

  it('creates new events, moves changed ones, releases vanished ones, leaves the rest', () => {
    const steps = planSync(
      [
        slice('new', '2027-08-01', '2027-08-03'),
        slice('moved', '2027-08-10', '2027-08-12'),
        slice('same', '2027-09-01', '2027-09-02'),
      ],
      [
        imported('moved', '2027-08-09', '2027-08-12', 7),
        imported('same', '2027-09-01', '2027-09-02', 8),
        imported('gone', '2027-10-01', '2027-10-02', 9),
      ],
      today,
    );
    expect(steps.map((s) => `${s.kind}:${'slice' in s ? s.slice.key : s.current.key}`)).toEqual([
      'create:new',
      'move:moved',
      'release:gone',
    ]);
  });

  it('retries unplaced events, forgets ended and unplaced vanished ones', () => {
    const steps = planSync(
      [slice('conflicted', '2027-08-01', '2027-08-03')],
      [
        imported('conflicted', '2027-08-01', '2027-08-03', null),
        imported('ended', '2027-06-01', '2027-06-05', 5),
        imported('unplaced-gone', '2027-08-20', '2027-08-22', null),
      ],
      today,
    );
    expect(steps.map((s) => `${s.kind}:${'slice' in s ? s.slice.key : s.current.key}`)).toEqual([
      'create:conflicted',
      'forget:ended',
      'forget:unplaced-gone',
    ]);
  });
});

describe('planSync when keys change (a UID listed once more or once less, a recurring series edited)', () => {
  const slice = (key: string, uid: string, dateFrom: string, dateTo: string) => ({
    key,
    uid,
    dateFrom,
    dateTo,
  });
  const imported = (
    key: string,
    uid: string,
    dateFrom: string,
    dateTo: string,
    id: number,
  ): ImportedEvent => ({
    key,
    uid,
    dateFrom,
    dateTo,
    reservationId: id,
    conflictDates: null,
  });
  const today = '2027-07-01';
  const summary = (steps: ReturnType<typeof planSync>) =>
    steps.map((s) =>
      s.kind === 'release' || s.kind === 'forget'
        ? `${s.kind}:${s.current.key}`
        : `${s.kind}:${s.current?.key ?? '-'}→${s.slice.key}`,
    );

  it('a UID that gains a second stay keeps its block (re-keyed) and places the other', () => {
    const steps = planSync(
      [
        slice('x#2027-08-01..2027-08-03', 'x', '2027-08-01', '2027-08-03'),
        slice('x#2027-08-10..2027-08-12', 'x', '2027-08-10', '2027-08-12'),
      ],
      [imported('x', 'x', '2027-08-01', '2027-08-03', 7)],
      today,
    );
    expect(summary(steps)).toEqual(['rekey:x→x#2027-08-01..2027-08-03', 'create:-→x#2027-08-10..2027-08-12']);
  });

  it('a series moved by a day moves each block (paired in date order), nothing is released beside a new one', () => {
    const steps = planSync(
      [
        slice('s#2027-08-02', 's', '2027-08-02', '2027-08-03'),
        slice('s#2027-08-09', 's', '2027-08-09', '2027-08-10'),
      ],
      [
        imported('s#2027-08-08', 's', '2027-08-08', '2027-08-09', 2),
        imported('s#2027-08-01', 's', '2027-08-01', '2027-08-02', 1),
      ],
      today,
    );
    expect(summary(steps)).toEqual(['move:s#2027-08-01→s#2027-08-02', 'move:s#2027-08-08→s#2027-08-09']);
  });

  it('another UID’s block is never taken over', () => {
    const steps = planSync(
      [slice('new', 'new', '2027-08-01', '2027-08-03')],
      [imported('old', 'old', '2027-08-01', '2027-08-03', 3)],
      today,
    );
    expect(summary(steps)).toEqual(['create:-→new', 'release:old']);
  });
});

describe('providerOfUrl', () => {
  it.each([
    ['https://admin.booking.com/hotel/hoteladmin/ical.html?t=8c1f', 'booking'],
    ['https://ical.booking.com/v1/export?t=8c1f', 'booking'],
    ['https://www.airbnb.com/calendar/ical/1234.ics?s=ab', 'airbnb'],
    ['https://www.airbnb.co.uk/calendar/ical/1234.ics?s=ab', 'airbnb'],
    ['http://www.vrbo.com/icalendar/53129a11.ics?nonTentative', 'vrbo'],
    ['https://www.abritel.fr/icalendar/53129a11.ics', 'vrbo'],
    [
      'https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/private-x/basic.ics',
      'google',
    ],
    ['https://notbooking.com.evil.example/ical.html', null],
    ['https://booking.com.evil.example/ical.html', null],
    ['https://example.com/booking.com.ics', null],
    ['not a url', null],
  ])('%s → %s', (url, provider) => {
    expect(providerOfUrl(url)).toBe(provider);
  });
});

describe('exportCalendar', () => {
  const stays = [
    {
      reservationId: 12,
      dateFrom: '2027-08-01',
      dateTo: '2027-08-05',
      status: '1' as const,
      dateUpdated: '2027-06-01T10:00:00.000Z',
      sequence: 0,
    },
    {
      reservationId: 13,
      dateFrom: '2027-08-05',
      dateTo: '2027-08-07',
      status: '4' as const,
      dateUpdated: '2027-06-02T10:00:00.000Z',
      sequence: 1,
    },
    {
      reservationId: 14,
      dateFrom: '2027-08-09',
      dateTo: '2027-08-10',
      status: '3' as const,
      dateUpdated: '2027-06-02T10:00:00.000Z',
      sequence: 2,
    },
  ];

  it('writes all-day events with exclusive ends and stable UIDs, parsed back by ical.js', () => {
    const text = exportCalendar({ propertyId: 2001, domain: 'api.example.com', stays });
    const events = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c));
    expect(
      events.map((e) => [e.uid, e.startDate.toString(), e.endDate.toString(), e.startDate.isDate, e.summary]),
    ).toEqual([
      [exportUid(12, 'api.example.com'), '2027-08-01', '2027-08-05', true, 'Reserved'],
      ['reservation-13@api.example.com', '2027-08-05', '2027-08-07', true, 'Blocked'],
    ]);
    // SEQUENCE: how many times each stay changed (a moved stay is a newer revision of its UID).
    expect(events.map((e) => e.component.getFirstPropertyValue('sequence'))).toEqual([0, 1]);
    // Its own parser reads it back to the same stays.
    const again = parseFeed(text, 'Pacific/Auckland', '2027-07-01');
    expect(again.ok && again.events.map((e) => [e.dateFrom, e.dateTo])).toEqual([
      ['2027-08-01', '2027-08-05'],
      ['2027-08-05', '2027-08-07'],
    ]);
  });

  it('ends every line with CRLF, the last one too (RFC 5545 §3.1)', () => {
    for (const text of [
      exportCalendar({ propertyId: 2001, domain: 'api.example.com', stays }),
      exportCalendar({ propertyId: 2001, domain: 'api.example.com', stays: [] }),
    ]) {
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      // No bare LF anywhere: every LF is the end of a CRLF.
      expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    }
  });
});
