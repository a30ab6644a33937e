import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  adminView,
  blocksView,
  CONTENT_BLOCK_KEYS,
  CONTENT_KINDS,
  contentBlocksBody,
  createBodyOf,
  excerpt,
  fixtureRecordOf,
  fullView,
  inWebsiteOrder,
  isContentBlockKey,
  KIND,
  listView,
  newRecord,
  resolveAliases,
  timestamp,
  updateBodyOf,
  updatedRecord,
} from './content.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('CMS blocks', () => {
  it('has the spec’s 24 block names, indexHeader … indexExtra4', () => {
    expect(CONTENT_BLOCK_KEYS).toHaveLength(24);
    expect(CONTENT_BLOCK_KEYS[0]).toBe('indexHeader');
    expect(CONTENT_BLOCK_KEYS.at(-1)).toBe('indexExtra4');
  });

  it('knows block keys and nothing else (prototype names included)', () => {
    expect(isContentBlockKey('keyPoint6')).toBe(true);
    expect(isContentBlockKey('keyPoint7')).toBe(false);
    expect(isContentBlockKey('constructor')).toBe(false);
    expect(isContentBlockKey('siteName')).toBe(false);
  });

  it('views every block, "" where the row has none or a non-string', () => {
    const view = blocksView({ indexHeader: '<h1>x</h1>', PK: 'CONTENT', keyPoint1: 5 });
    expect(Object.keys(view)).toEqual([...CONTENT_BLOCK_KEYS]);
    expect(view.indexHeader).toBe('<h1>x</h1>');
    expect(view.keyPoint1).toBe('');
    expect(view).not.toHaveProperty('PK');
  });

  it('accepts known keys and refuses unknown ones', () => {
    expect(v.safeParse(contentBlocksBody, { indexSlogan: 'x' }).success).toBe(true);
    expect(v.safeParse(contentBlocksBody, { indexSlogan: 'x', other: 'y' }).success).toBe(false);
    expect(v.safeParse(contentBlocksBody, { indexSlogan: 1 }).success).toBe(false);
  });
});

describe('excerpt', () => {
  it('cuts to exactly the first n characters and leaves shorter text alone', () => {
    expect(excerpt('a'.repeat(1000), 300)).toHaveLength(300);
    expect(excerpt('short', 300)).toBe('short');
    expect(excerpt('b'.repeat(300), 300)).toBe('b'.repeat(300));
    expect(excerpt(undefined, 300)).toBe('');
  });

  it('counts characters, so an emoji is never cut in half', () => {
    const cut = excerpt('😀'.repeat(400), 300);
    expect(Array.from(cut)).toHaveLength(300);
    expect(cut).toBe('😀'.repeat(300));
  });
});

describe('timestamp', () => {
  it('stores dates and date-times as ISO-8601 UTC', () => {
    expect(v.parse(timestamp, '2024-03-01')).toBe('2024-03-01T00:00:00.000Z');
    expect(v.parse(timestamp, '2024-03-01 10:30:00')).toBe('2024-03-01T10:30:00.000Z');
    expect(v.parse(timestamp, '2024-03-01T10:30')).toBe('2024-03-01T10:30:00.000Z');
    expect(v.parse(timestamp, '2024-03-01T10:30:00+02:00')).toBe('2024-03-01T08:30:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const bad of ['yesterday', '2024-13-01', '2024-3-1', ''])
      expect(v.safeParse(timestamp, bad).success, bad).toBe(false);
  });
});

describe('kind definitions', () => {
  it('define eleven kinds with distinct key prefixes, lists and counters', () => {
    expect(CONTENT_KINDS).toHaveLength(11);
    for (const field of ['entity', 'activeList', 'counter'] as const) {
      expect(new Set(CONTENT_KINDS.map((k) => k[field])).size, field).toBe(11);
    }
  });

  it('lists every required field among the settable ones, and every default too', () => {
    for (const def of CONTENT_KINDS) {
      for (const f of def.required) expect(def.fields, `${def.kind}.${f}`).toHaveProperty(f);
      for (const f of Object.keys(def.defaults)) expect(def.fields, `${def.kind}.${f}`).toHaveProperty(f);
      expect(def.fields, def.kind).toHaveProperty('isActive');
    }
  });

  it('builds a strict create body with the required fields and an all-optional strict update body', () => {
    const create = createBodyOf(KIND.pages);
    const update = updateBodyOf(KIND.pages);
    expect(v.safeParse(create, { pageTitle: 'A', pageUrl: 'a' }).success).toBe(true);
    expect(v.safeParse(create, { pageTitle: 'A' }).success).toBe(false);
    expect(v.safeParse(create, { pageTitle: 'A', pageUrl: 'a', pageId: 3 }).success).toBe(false);
    expect(v.safeParse(update, {}).success).toBe(true);
    expect(v.safeParse(update, { dateUpdated: '2024-01-01' }).success).toBe(false);
  });

  it('lets fixtures keep ids and server-kept fields, nothing more', () => {
    const schema = fixtureRecordOf(KIND.events);
    expect(
      v.safeParse(schema, { eventId: 7, eventTitle: 'x', eventDateStart: '2030-01-01', adminId: 2 }).success,
    ).toBe(true);
    expect(v.safeParse(schema, { eventTitle: 'x', eventDateStart: '2030-01-01', unknown: 1 }).success).toBe(
      false,
    );
  });
});

describe('records', () => {
  it('fills defaults, the id and the server stamps on create', () => {
    const page = newRecord(KIND.pages, { pageTitle: 'About', pageUrl: 'about' }, 4, NOW);
    expect(page).toEqual({
      pageId: 4,
      pageTitle: 'About',
      pageUrl: 'about',
      pageDesc: '',
      pageImage: '',
      pageContent: '',
      pageKeywords: '',
      isActive: 1,
      dateUpdated: NOW.toISOString(),
    });
    expect(newRecord(KIND.reviews, { reviewTitle: 'a', reviewText: 'b' }, 1, NOW).dateCreated).toBe(
      NOW.toISOString(),
    );
    expect(
      newRecord(KIND.blogPosts, { postTitle: 'a', dateCreated: '2020-01-01T00:00:00.000Z' }, 1, NOW)
        .dateCreated,
    ).toBe('2020-01-01T00:00:00.000Z');
  });

  it('records the creating admin as an event’s author, and an event ends on its start day by default', () => {
    const event = newRecord(KIND.events, { eventTitle: 'Fair', eventDateStart: '2030-05-01' }, 9, NOW, 3);
    expect(event).toMatchObject({ adminId: 3, eventDateEnd: '2030-05-01' });
  });

  it('refuses an event ending before it starts, on create and update', () => {
    expect(() =>
      newRecord(
        KIND.events,
        { eventTitle: 'x', eventDateStart: '2030-05-02', eventDateEnd: '2030-05-01' },
        1,
        NOW,
      ),
    ).toThrow(/eventDateEnd/);
    const event = newRecord(KIND.events, { eventTitle: 'x', eventDateStart: '2030-05-01' }, 1, NOW);
    expect(() => updatedRecord(KIND.events, event, { eventDateStart: '2030-06-01' }, NOW)).toThrow(
      /eventDateEnd/,
    );
  });

  it('changes only the given fields on update and moves dateUpdated', () => {
    const before = newRecord(
      KIND.faqs,
      { faqQuestion: 'Q', faqAnswer: 'A' },
      1,
      new Date('2020-01-01T00:00:00Z'),
    );
    const after = updatedRecord(KIND.faqs, before, { faqAnswer: 'B', faqOrder: undefined }, NOW);
    expect(after).toEqual({ ...before, faqAnswer: 'B', dateUpdated: NOW.toISOString() });
  });
});

describe('views', () => {
  it('list views are whitelists; the full page adds pageContent and pageKeywords', () => {
    const page = newRecord(
      KIND.pages,
      { pageTitle: 'A', pageUrl: 'a', pageContent: '<p>x</p>', pageKeywords: 'k' },
      1,
      NOW,
    );
    expect(Object.keys(listView(KIND.pages, page)).sort()).toEqual(
      ['dateUpdated', 'pageDesc', 'pageId', 'pageImage', 'pageTitle', 'pageUrl'].sort(),
    );
    expect(fullView(KIND.pages, page)).toMatchObject({ pageContent: '<p>x</p>', pageKeywords: 'k' });
    expect(fullView(KIND.pages, page)).not.toHaveProperty('isActive');
  });

  it('excerpts postContent in the blog list only', () => {
    const post = newRecord(KIND.blogPosts, { postTitle: 'A', postContent: 'x'.repeat(301) }, 1, NOW);
    expect(listView(KIND.blogPosts, post).postContent).toHaveLength(300);
    expect(fullView(KIND.blogPosts, post).postContent).toHaveLength(301);
  });

  it('emits the FAQ fields under their aliases too, in public and admin views', () => {
    const faq = newRecord(KIND.faqs, { faqQuestion: 'Q?', faqAnswer: '<p>A</p>' }, 1, NOW);
    expect(listView(KIND.faqs, faq)).toMatchObject({
      faqQuestion: 'Q?',
      faqName: 'Q?',
      faqAnswer: '<p>A</p>',
      faqContent: '<p>A</p>',
    });
    expect(adminView(KIND.faqs, faq)).toMatchObject({
      faqName: 'Q?',
      faqContent: '<p>A</p>',
      faqOrder: 0,
      isActive: 1,
    });
  });

  it('resolves input aliases, the field winning when both are given', () => {
    expect(resolveAliases(KIND.faqs, { faqName: 'alias', faqContent: 'c' })).toEqual({
      faqQuestion: 'alias',
      faqAnswer: 'c',
    });
    expect(resolveAliases(KIND.faqs, { faqName: 'alias', faqQuestion: 'field' })).toEqual({
      faqQuestion: 'field',
    });
    expect(resolveAliases(KIND.pages, { faqName: 'kept' })).toEqual({ faqName: 'kept' });
  });
});

describe('website order', () => {
  const pages = ['beta', 'Alpha', 'gamma'].map((t, i) =>
    newRecord(KIND.pages, { pageTitle: t, pageUrl: `p${i}` }, i + 1, NOW),
  );

  it('sorts pages by title, case-insensitively', () => {
    expect(inWebsiteOrder(KIND.pages, pages).map((p) => p.pageTitle)).toEqual(['Alpha', 'beta', 'gamma']);
  });

  it('sorts reviews and posts newest first, ties by id', () => {
    const posts = [
      { postId: 1, dateCreated: '2024-01-01T00:00:00.000Z' },
      { postId: 2, dateCreated: '2024-03-01T00:00:00.000Z' },
      { postId: 3, dateCreated: '2024-03-01T00:00:00.000Z' },
    ];
    expect(inWebsiteOrder(KIND.blogPosts, posts).map((p) => p.postId)).toEqual([3, 2, 1]);
    expect(KIND.reviews.newestFirst).toBe(true);
  });

  it('sorts sliders, menus, links and FAQ by their order field numerically, then by id', () => {
    const sliders = [
      { sliderId: 1, sliderOrder: 10 },
      { sliderId: 2, sliderOrder: 2 },
      { sliderId: 3, sliderOrder: 2 },
    ];
    expect(inWebsiteOrder(KIND.sliders, sliders).map((s) => s.sliderId)).toEqual([2, 3, 1]);
  });

  it('sorts events by start date, earliest first', () => {
    const events = [
      { eventId: 1, eventDateStart: '2030-05-02' },
      { eventId: 2, eventDateStart: '2030-04-30' },
    ];
    expect(inWebsiteOrder(KIND.events, events).map((e) => e.eventId)).toEqual([2, 1]);
  });
});
