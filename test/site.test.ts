/**
 * Public website content (spec "Website content"): every endpoint against the local runtime, with the fixture
 * records of test/fixtures/base.json and records the tests create through the admin endpoints.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, Client as HttpClient, problem, signedIn, unique } from './support/client.js';

const ADMIN = '/API/adminContent/V1';
type Item = Record<string, unknown>;
type List = { items: Item[] };

let admin: Client;
const web = new HttpClient();

beforeAll(async () => {
  admin = await signedIn('super');
});

async function create(kind: string, body: Item): Promise<number> {
  const res = await admin.post(`${ADMIN}/${kind}.json`, body);
  if (res.status !== 201) throw new Error(`create ${kind} failed: ${res.status} ${res.text}`);
  const id = Object.entries(res.body).find(([k]) => k !== 'success')?.[1];
  return id as number;
}

const ids = (list: List, field: string) => list.items.map((i) => i[field]);

describe('siteContent', () => {
  it('content.json returns every CMS block of the row, "" where unset, cacheable', async () => {
    const res = await web.get('/API/siteContent/V1/content.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body).toMatchObject({
      indexHeader: '<h1>Fixture welcome</h1>',
      keyPoint1: 'Clean',
      c2aUrl: '/book',
    });
    expect(Object.keys(res.body)).toHaveLength(24);
    expect(res.body.indexExtra).toBe('');
    expect(Object.keys(res.body)).toContain('indexExtra4');
  });

  it('content/{key}.json returns an object with one member named by the key', async () => {
    const res = await web.get('/API/siteContent/V1/content/indexSlogan.json');
    const unset = await web.get('/API/siteContent/V1/content/keyPoint6.json');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ indexSlogan: 'Fixture slogan' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(unset.body).toEqual({ keyPoint6: '' });
  });

  it('an unknown key is a 404 problem, not an empty object', async () => {
    const res = await web.get('/API/siteContent/V1/content/siteName.json');
    const odd = await web.get('/API/siteContent/V1/content/constructor.json');

    expect(res.status).toBe(404);
    expect(problem(res).status).toBe(404);
    expect(odd.status).toBe(404);
  });
});

describe('sitePages', () => {
  it('lists active pages by title with the list fields only', async () => {
    const tag = unique('pg').replace(/\W/g, '').toLowerCase();
    await create('pages', { pageTitle: `Zed ${tag}`, pageUrl: `zed-${tag}`, pageContent: '<p>z</p>' });
    await create('pages', {
      pageTitle: `Alpha ${tag}`,
      pageUrl: `alpha-${tag}`,
      pageContent: '<p>a</p>',
      pageDesc: 'A',
    });
    await create('pages', { pageTitle: `Mid ${tag}`, pageUrl: `mid-${tag}`, isActive: 0 });

    const res = await web.get<List>('/API/sitePages/V1/pages.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.items.filter((p) => String(p.pageTitle).endsWith(tag));
    expect(mine.map((p) => p.pageTitle)).toEqual([`Alpha ${tag}`, `Zed ${tag}`]);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual([
      'dateUpdated',
      'pageDesc',
      'pageId',
      'pageImage',
      'pageTitle',
      'pageUrl',
    ]);
    expect(ids(res.body, 'pageUrl')).toContain('fixture-about');
    expect(ids(res.body, 'pageUrl')).not.toContain('fixture-hidden');
  });

  it('returns a full active page by slug, with pageContent and pageKeywords', async () => {
    const res = await web.get('/API/sitePages/V1/pages/fixture-about.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body).toMatchObject({
      pageId: 1,
      pageTitle: 'Fixture About Us',
      pageUrl: 'fixture-about',
      pageContent: '<p>About us</p>',
      pageKeywords: 'about, fixture',
      pageImage: 'about.jpg',
    });
    expect(typeof res.body.dateUpdated).toBe('string');
    expect(res.body).not.toHaveProperty('isActive');
  });

  it('answers a slug outside ^[a-z0-9-]{1,64}$ with 400', async () => {
    for (const bad of ['About', 'a_b', 'a.b', 'x'.repeat(65), '%20', 'caf%C3%A9']) {
      const res = await web.get(`/API/sitePages/V1/pages/${bad}.json`);
      expect(res.status, bad).toBe(400);
      expect(problem(res).errors?.[0]?.field).toBe('slug');
    }
    expect((await web.get(`/API/sitePages/V1/pages/${'x'.repeat(64)}.json`)).status).toBe(404);
  });

  it('answers an absent or inactive page with 404', async () => {
    const absent = await web.get('/API/sitePages/V1/pages/no-such-page-here.json');
    const inactive = await web.get('/API/sitePages/V1/pages/fixture-hidden.json');

    expect(absent.status).toBe(404);
    expect(problem(absent).status).toBe(404);
    expect(inactive.status).toBe(404);
  });
});

describe('siteReviews', () => {
  let propertyId: number;
  const tag = unique('rv');

  beforeAll(async () => {
    const res = await admin.post('/API/adminProperties/V1/properties.json', {
      type: 'vr',
      propertyName: unique('Review house'),
      propertyDesc: 'Has reviews',
      propertyRate: '100',
    });
    propertyId = res.body.propertyId as number;
    // 51 reviews of one property, one per day, so the limits can be seen at work.
    for (let i = 0; i < 51; i += 17) {
      await Promise.all(
        Array.from({ length: Math.min(17, 51 - i) }, (_, j) => {
          const n = i + j;
          return create('reviews', {
            reviewTitle: `${tag} #${n}`,
            reviewText: 'Nice',
            r1: 5,
            r6: 3,
            propertyId,
            tenantFirstName: 'Tia',
            tenantLastName: 'Tenant',
            dateCreated: `2025-01-${String((n % 28) + 1).padStart(2, '0')}T${String(Math.floor(n / 28)).padStart(2, '0')}:00:00Z`,
          });
        }),
      );
    }
    await create('reviews', {
      reviewTitle: `${tag} hidden`,
      reviewText: 'x',
      propertyId,
      isActive: 0,
      dateCreated: '2026-01-01',
    });
  });

  it('lists a property’s active reviews newest first, 20 by default, with the review fields', async () => {
    const res = await web.get<List>('/API/siteReviews/V1/reviews.json', { query: { propertyId } });

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.items).toHaveLength(20);
    const dates = res.body.items.map((r) => String(r.dateCreated));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body.items.every((r) => r.propertyId === propertyId)).toBe(true);
    expect(res.body.items.some((r) => String(r.reviewTitle).endsWith('hidden'))).toBe(false);
    expect(res.body.items[0]).toMatchObject({
      reviewText: 'Nice',
      r1: 5,
      r6: 3,
      tenantFirstName: 'Tia',
      tenantLastName: 'Tenant',
    });
    expect(Object.keys(res.body.items[0] ?? {})).toEqual(
      expect.arrayContaining(['reviewId', 'reviewTitle', 'reviewText', 'dateCreated', 'propertyId']),
    );
  });

  it('clamps a limit above 50 to 50 and honours a smaller one', async () => {
    const big = await web.get<List>('/API/siteReviews/V1/reviews.json', {
      query: { propertyId, limit: 1000 },
    });
    const small = await web.get<List>('/API/siteReviews/V1/reviews.json', {
      query: { propertyId, limit: 3 },
    });
    const all = await web.get<List>('/API/siteReviews/V1/reviews.json', { query: { limit: 50 } });

    expect(big.status).toBe(200);
    expect(big.body.items).toHaveLength(50);
    expect(small.body.items).toHaveLength(3);
    expect(all.body.items).toHaveLength(50);
  });

  it('shows the fixture review of its property and hides the inactive one', async () => {
    const res = await web.get<List>('/API/siteReviews/V1/reviews.json', { query: { propertyId: 2001 } });

    expect(ids(res.body, 'reviewId')).toEqual([1]);
    expect(res.body.items[0]).toMatchObject({
      r1: 5,
      r2: 4,
      tenantFirstName: 'Rita',
      dateCreated: '2024-03-01T00:00:00.000Z',
    });
  });

  it('answers a non-numeric limit or propertyId with 400', async () => {
    for (const query of [
      { limit: 'ten' },
      { limit: 0 },
      { limit: -1 },
      { propertyId: 'abc' },
      { propertyId: 0 },
    ]) {
      const res = await web.get('/API/siteReviews/V1/reviews.json', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      problem(res);
    }
  });
});

describe('siteSliders and siteNavigation', () => {
  it('lists active sliders by sliderOrder with the slider fields', async () => {
    const tag = unique('sl');
    await create('sliders', { sliderUrl: 'b.jpg', sliderHeader: `${tag} second`, sliderOrder: 502 });
    await create('sliders', {
      sliderUrl: 'a.jpg',
      sliderHeader: `${tag} first`,
      sliderOrder: 501,
      sliderButtonText: 'Go',
    });
    await create('sliders', {
      sliderUrl: 'c.jpg',
      sliderHeader: `${tag} hidden`,
      sliderOrder: 500,
      isActive: 0,
    });

    const res = await web.get<List>('/API/siteSliders/V1/sliders.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.items.filter((s) => String(s.sliderHeader).startsWith(tag));
    expect(mine.map((s) => s.sliderHeader)).toEqual([`${tag} first`, `${tag} second`]);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(
      ['sliderButtonText', 'sliderButtonUrl', 'sliderHeader', 'sliderId', 'sliderText', 'sliderUrl'].sort(),
    );
    expect(ids(res.body, 'sliderId')).toContain(1);
    expect(ids(res.body, 'sliderId')).not.toContain(2);
  });

  it('returns menus with children and links, active only, by their order fields', async () => {
    const tag = unique('mn');
    await create('menus', { menuTitle: `${tag} B`, menuFor: 3, menuOrder: 702 });
    await create('menus', {
      menuTitle: `${tag} A`,
      menuUrl: '/a',
      menuFor: 1,
      menuOrder: 701,
      children: [{ title: 'Child', url: '/a/child' }],
    });
    await create('menus', { menuTitle: `${tag} hidden`, menuOrder: 700, isActive: 0 });
    await create('links', { linkTitle: `${tag} link`, linkUrl: '/l', linkGroup: 'quick' });

    const res = await web.get<{ menus: Item[]; links: Item[] }>('/API/siteNavigation/V1/menus.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.menus.filter((m) => String(m.menuTitle).startsWith(tag));
    expect(mine.map((m) => m.menuTitle)).toEqual([`${tag} A`, `${tag} B`]);
    expect(mine[0]).toMatchObject({
      menuUrl: '/a',
      menuFor: 1,
      children: [{ title: 'Child', url: '/a/child' }],
    });
    expect(mine[1]).toMatchObject({ menuFor: 3, children: [] });
    expect(res.body.menus.find((m) => m.menuId === 1)).toMatchObject({
      children: [{ title: 'Team', url: '/about/team' }],
    });
    expect(res.body.links.find((l) => l.linkTitle === `${tag} link`)).toMatchObject({
      linkUrl: '/l',
      linkGroup: 'quick',
    });
    expect(res.body.links.find((l) => l.linkId === 1)).toMatchObject({ linkTitle: 'Fixture Privacy' });
  });
});

describe('siteFaq', () => {
  it('lists active entries by faqOrder, each field also under its alias', async () => {
    const tag = unique('faq');
    await create('faqs', { faqQuestion: `${tag} second?`, faqAnswer: '<p>2</p>', faqOrder: 902 });
    await create('faqs', { faqName: `${tag} first?`, faqContent: '<p>1</p>', faqOrder: 901 });
    await create('faqs', { faqQuestion: `${tag} hidden?`, faqAnswer: 'x', faqOrder: 900, isActive: 0 });

    const res = await web.get<List>('/API/siteFaq/V1/faqs.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.items.filter((f) => String(f.faqQuestion).startsWith(tag));
    expect(mine.map((f) => f.faqQuestion)).toEqual([`${tag} first?`, `${tag} second?`]);
    expect(mine[0]).toMatchObject({
      faqQuestion: `${tag} first?`,
      faqName: `${tag} first?`,
      faqAnswer: '<p>1</p>',
      faqContent: '<p>1</p>',
    });
    expect(typeof mine[0]?.dateUpdated).toBe('string');
    expect(res.body.items.find((f) => f.faqId === 1)).toMatchObject({
      faqQuestion: 'Fixture: is parking free?',
      faqName: 'Fixture: is parking free?',
      faqAnswer: '<p>Yes.</p>',
    });
  });
});

describe('siteEvents', () => {
  it('lists active events by start date with the list fields; limit default 50, clamped at 100', async () => {
    const tag = unique('ev');
    await create('events', {
      eventTitle: `${tag} late`,
      eventDateStart: '2031-05-02',
      eventContent: '<p>x</p>',
    });
    await create('events', {
      eventTitle: `${tag} early`,
      eventDateStart: '2031-05-01',
      eventDateEnd: '2031-05-04',
    });
    await create('events', { eventTitle: `${tag} hidden`, eventDateStart: '2031-04-01', isActive: 0 });

    const res = await web.get<List>('/API/siteEvents/V1/events.json', { query: { limit: 100 } });
    const clamped = await web.get<List>('/API/siteEvents/V1/events.json', { query: { limit: 5000 } });
    const two = await web.get<List>('/API/siteEvents/V1/events.json', { query: { limit: 2 } });

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.items.filter((e) => String(e.eventTitle).startsWith(tag));
    expect(mine.map((e) => e.eventTitle)).toEqual([`${tag} early`, `${tag} late`]);
    expect(mine[0]).toMatchObject({ eventDateStart: '2031-05-01', eventDateEnd: '2031-05-04' });
    expect(mine[1]).toMatchObject({ eventDateEnd: '2031-05-02' });
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(
      [
        'eventCategory',
        'eventDateEnd',
        'eventDateStart',
        'eventId',
        'eventImage',
        'eventTitle',
        'eventUrl',
      ].sort(),
    );
    const starts = res.body.items.map((e) => String(e.eventDateStart));
    expect(starts).toEqual([...starts].sort());
    expect(ids(res.body, 'eventId')).not.toContain(2);
    expect(clamped.status).toBe(200);
    expect(clamped.body.items.length).toBeLessThanOrEqual(100);
    expect(two.body.items).toHaveLength(2);
  });

  it('returns one active event with eventContent, eventDesc, eventKeywords and adminId', async () => {
    const res = await web.get('/API/siteEvents/V1/events/1.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body).toEqual({
      eventId: 1,
      eventTitle: 'Fixture Summer Fair',
      eventUrl: 'summer-fair',
      eventCategory: 'Fairs',
      eventDateStart: '2030-07-01',
      eventDateEnd: '2030-07-03',
      eventImage: '',
      eventContent: '<p>Fair</p>',
      eventDesc: 'A fair',
      eventKeywords: 'fair',
      adminId: 1,
    });
  });

  it('answers an inactive or missing event with 404 and a bad id or limit with 400', async () => {
    expect((await web.get('/API/siteEvents/V1/events/2.json')).status).toBe(404);
    expect((await web.get('/API/siteEvents/V1/events/999999.json')).status).toBe(404);
    expect((await web.get('/API/siteEvents/V1/events/abc.json')).status).toBe(400);
    expect((await web.get('/API/siteEvents/V1/events/0.json')).status).toBe(400);
    expect((await web.get('/API/siteEvents/V1/events.json', { query: { limit: 'x' } })).status).toBe(400);
  });
});

describe('networkBlog', () => {
  let categoryId: number;
  let longPostId: number;
  const tag = unique('blog');
  const longContent = `<p>${'abcdefghij'.repeat(100)}</p>`;

  beforeAll(async () => {
    categoryId = await create('blogCategories', { categoryName: `${tag} category` });
    await create('blogPosts', {
      postTitle: `${tag} older`,
      postCategory: categoryId,
      dateCreated: '2025-02-01',
      postContent: 'short',
    });
    longPostId = await create('blogPosts', {
      postTitle: `${tag} newer`,
      postCategory: categoryId,
      dateCreated: '2025-02-02',
      postContent: longContent,
      postUrl: 'newer-post',
    });
    await create('blogPosts', {
      postTitle: `${tag} hidden`,
      postCategory: categoryId,
      dateCreated: '2025-02-03',
      isActive: 0,
    });
  });

  it('lists active posts newest first with postContent cut to exactly 300 characters', async () => {
    const res = await web.get<List>('/API/networkBlog/V1/networkBlogPosts.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.items.filter((p) => String(p.postTitle).startsWith(tag));
    expect(mine.map((p) => p.postTitle)).toEqual([`${tag} newer`, `${tag} older`]);
    expect(String(mine[0]?.postContent)).toHaveLength(300);
    expect(mine[0]?.postContent).toBe(longContent.slice(0, 300));
    expect(mine[1]?.postContent).toBe('short');
    expect(mine[0]).toMatchObject({ postId: longPostId, postUrl: 'newer-post', postCategory: categoryId });
    const dates = res.body.items.map((p) => String(p.dateCreated));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(ids(res.body, 'postId')).toContain(1);
    expect(ids(res.body, 'postId')).not.toContain(2);
  });

  it('returns a single post with its full content; 404 for hidden or missing, 400 for a bad id', async () => {
    const res = await web.get(`/API/networkBlog/V1/networkBlogPosts/${longPostId}.json`);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.postContent).toBe(longContent);
    expect(res.body).toMatchObject({ postTitle: `${tag} newer`, dateCreated: '2025-02-02T00:00:00.000Z' });
    expect((await web.get('/API/networkBlog/V1/networkBlogPosts/2.json')).status).toBe(404);
    expect((await web.get('/API/networkBlog/V1/networkBlogPosts/987654.json')).status).toBe(404);
    expect((await web.get('/API/networkBlog/V1/networkBlogPosts/x1.json')).status).toBe(400);
  });

  it('lists the posts of a category, excerpted, newest first; an unknown category is an empty list', async () => {
    const res = await web.get<List>(`/API/networkBlog/V1/networkBlogByCat/${categoryId}.json`);
    const none = await web.get<List>('/API/networkBlog/V1/networkBlogByCat/987654.json');
    const fixture = await web.get<List>('/API/networkBlog/V1/networkBlogByCat/1.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.items.map((p) => p.postTitle)).toEqual([`${tag} newer`, `${tag} older`]);
    expect(String(res.body.items[0]?.postContent)).toHaveLength(300);
    expect(none.body).toEqual({ items: [] });
    expect(ids(fixture.body, 'postId')).toEqual([1]);
    expect((await web.get('/API/networkBlog/V1/networkBlogByCat/abc.json')).status).toBe(400);
  });

  it('lists active categories by name with categoryId, categoryName, isActive', async () => {
    const res = await web.get<List>('/API/networkBlog/V1/networkBlogCategory.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.items.find((c) => c.categoryId === 1)).toEqual({
      categoryId: 1,
      categoryName: 'Fixture News',
      isActive: 1,
    });
    expect(ids(res.body, 'categoryId')).toContain(categoryId);
    expect(ids(res.body, 'categoryId')).not.toContain(2);
    const names = res.body.items.map((c) => String(c.categoryName).toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('siteAttractions', () => {
  let categoryId: number;
  const tag = unique('at');

  beforeAll(async () => {
    categoryId = await create('attractionCategories', { categoryName: `${tag} cat`, categoryDesc: 'Things' });
    await create('attractions', {
      attractionTitle: `${tag} b-museum`,
      categoryId,
      attractionContent: '<p>m</p>',
    });
    await create('attractions', { attractionTitle: `${tag} a-park`, categoryId });
    await create('attractions', { attractionTitle: `${tag} c-hidden`, categoryId, isActive: 0 });
  });

  it('lists active attractions by title with categoryName', async () => {
    const res = await web.get<List>('/API/siteAttractions/V1/attractions.json', { query: { limit: 200 } });

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const mine = res.body.items.filter((a) => String(a.attractionTitle).startsWith(tag));
    expect(mine.map((a) => a.attractionTitle)).toEqual([`${tag} a-park`, `${tag} b-museum`]);
    expect(mine[0]).toMatchObject({ categoryId, categoryName: `${tag} cat` });
    expect(res.body.items.find((a) => a.attractionId === 1)).toMatchObject({
      categoryName: 'Fixture Beaches',
      attractionUrl: 'sunny-beach',
    });
    expect(ids(res.body, 'attractionId')).not.toContain(2);
  });

  it('filters by category, also under the alias categoryId, and clamps the limit', async () => {
    const byCategory = await web.get<List>('/API/siteAttractions/V1/attractions.json', {
      query: { category: categoryId },
    });
    const byAlias = await web.get<List>('/API/siteAttractions/V1/attractions.json', {
      query: { categoryId },
    });
    const clamped = await web.get<List>('/API/siteAttractions/V1/attractions.json', {
      query: { limit: 100000 },
    });
    const one = await web.get<List>('/API/siteAttractions/V1/attractions.json', { query: { limit: 1 } });

    expect(byCategory.body.items.map((a) => a.attractionTitle)).toEqual([`${tag} a-park`, `${tag} b-museum`]);
    expect(byAlias.body).toEqual(byCategory.body);
    expect(clamped.status).toBe(200);
    expect(clamped.body.items.length).toBeLessThanOrEqual(200);
    expect(one.body.items).toHaveLength(1);
    expect(
      (await web.get('/API/siteAttractions/V1/attractions.json', { query: { category: 'beach' } })).status,
    ).toBe(400);
    expect(
      (await web.get('/API/siteAttractions/V1/attractions.json', { query: { limit: 'all' } })).status,
    ).toBe(400);
  });

  it('returns one active attraction; 404 hidden or missing; 400 bad id', async () => {
    const res = await web.get('/API/siteAttractions/V1/attractions/1.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body).toEqual({
      attractionId: 1,
      attractionTitle: 'Fixture Sunny Beach',
      attractionUrl: 'sunny-beach',
      attractionContent: '<p>Sun</p>',
      attractionDesc: 'A beach',
      attractionImage: 'beach.jpg',
      categoryId: 1,
      categoryName: 'Fixture Beaches',
    });
    expect((await web.get('/API/siteAttractions/V1/attractions/2.json')).status).toBe(404);
    expect((await web.get('/API/siteAttractions/V1/attractions/555555.json')).status).toBe(404);
    expect((await web.get('/API/siteAttractions/V1/attractions/-3.json')).status).toBe(400);
  });

  it('lists active attraction categories', async () => {
    const res = await web.get<List>('/API/siteAttractions/V1/categories.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.items.find((c) => c.categoryId === 1)).toEqual({
      categoryId: 1,
      categoryName: 'Fixture Beaches',
      categoryDesc: 'Sand and sea',
      isActive: 1,
    });
    expect(ids(res.body, 'categoryId')).toContain(categoryId);
    expect(ids(res.body, 'categoryId')).not.toContain(2);
  });
});
