import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { exportCalendar, exportUid } from './export-calendar.js';
import { type FeedEvent, parseFeed } from './parse-feed.js';
import { type ImportedEvent, planSync, slicesOf } from './plan-sync.js';
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

describe('parseFeed', () => {
  const site = 'America/New_York';

  it('reads all-day events with DTEND exclusive', () => {
    const feed = parseFeed(
      calendar(vevent('UID:a', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270805')),
      site,
    );
    expect(feed).toEqual({
      ok: true,
      skipped: 0,
      events: [{ uid: 'a', dateFrom: '2027-08-01', dateTo: '2027-08-05' }],
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
    );
    expect(feed.ok && feed.events).toEqual([
      { uid: 'z', dateFrom: '2027-08-01', dateTo: '2027-08-05' },
      { uid: 'u', dateFrom: '2027-08-10', dateTo: '2027-08-12' },
    ]);
  });

  it('a time-zoned event far from the site lands on the site dates of its instants', () => {
    // 01:00 in Tokyo on Aug 2 is 12:00 on Aug 1 in New York.
    const feed = parseFeed(
      calendar(
        vevent('UID:t', 'DTSTART;TZID=Asia/Tokyo:20270802T010000', 'DTEND;TZID=Asia/Tokyo:20270804T230000'),
      ),
      site,
    );
    expect(feed.ok && feed.events).toEqual([{ uid: 't', dateFrom: '2027-08-01', dateTo: '2027-08-04' }]);
  });

  it('defaults: no DTEND on a date is one night, DURATION counts, a same-day event blocks its night', () => {
    const feed = parseFeed(
      calendar(
        vevent('UID:d', 'DTSTART;VALUE=DATE:20270801'),
        vevent('UID:p', 'DTSTART;VALUE=DATE:20270810', 'DURATION:P3D'),
        vevent('UID:s', 'DTSTART:20270820T100000', 'DTEND:20270820T120000'),
      ),
      site,
    );
    expect(feed.ok && feed.events).toEqual([
      { uid: 'd', dateFrom: '2027-08-01', dateTo: '2027-08-02' },
      { uid: 'p', dateFrom: '2027-08-10', dateTo: '2027-08-13' },
      { uid: 's', dateFrom: '2027-08-20', dateTo: '2027-08-21' },
    ]);
  });

  it('skips cancelled events, overrides and repeated UIDs; names an event without UID by its dates', () => {
    const feed = parseFeed(
      calendar(
        vevent('UID:c', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270802'),
        vevent(
          'UID:r',
          'RECURRENCE-ID;VALUE=DATE:20270901',
          'DTSTART;VALUE=DATE:20270902',
          'DTEND;VALUE=DATE:20270903',
        ),
        vevent('UID:x', 'DTSTART;VALUE=DATE:20270801', 'DTEND;VALUE=DATE:20270802'),
        vevent('UID:x', 'DTSTART;VALUE=DATE:20270803', 'DTEND;VALUE=DATE:20270804'),
        vevent('DTSTART;VALUE=DATE:20270805', 'DTEND;VALUE=DATE:20270806'),
        vevent('UID:nostart', 'SUMMARY:no dates'),
      ),
      site,
    );
    expect(feed).toEqual({
      ok: true,
      skipped: 4,
      events: [
        { uid: 'x', dateFrom: '2027-08-01', dateTo: '2027-08-02' },
        { uid: 'nouid:2027-08-05/2027-08-06', dateFrom: '2027-08-05', dateTo: '2027-08-06' },
      ],
    });
  });

  it('refuses garbage and a file that is no calendar', () => {
    expect(parseFeed('<html>not a calendar</html>', site).ok).toBe(false);
    expect(parseFeed('', site).ok).toBe(false);
    expect(parseFeed('BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n', site).ok).toBe(false);
  });
});

describe('slicesOf', () => {
  const event = (uid: string, dateFrom: string, dateTo: string): FeedEvent => ({ uid, dateFrom, dateTo });

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

describe('exportCalendar', () => {
  const stays = [
    {
      reservationId: 12,
      dateFrom: '2027-08-01',
      dateTo: '2027-08-05',
      status: '1' as const,
      dateUpdated: '2027-06-01T10:00:00.000Z',
    },
    {
      reservationId: 13,
      dateFrom: '2027-08-05',
      dateTo: '2027-08-07',
      status: '4' as const,
      dateUpdated: '2027-06-02T10:00:00.000Z',
    },
    {
      reservationId: 14,
      dateFrom: '2027-08-09',
      dateTo: '2027-08-10',
      status: '3' as const,
      dateUpdated: '2027-06-02T10:00:00.000Z',
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
    // Its own parser reads it back to the same stays.
    const again = parseFeed(text, 'Pacific/Auckland');
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
