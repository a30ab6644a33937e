/** Admin writes of website content (beyond the spec): roles, whitelists, slugs, delete modes, the block row. */
import { describe, expect, it } from 'vitest';
import { type AdminName, Client, problem, signedIn, unique } from './support/client.js';

const ADMIN = '/API/adminContent/V1';
type Item = Record<string, unknown>;

const slugOf = (prefix: string) => unique(prefix).replace(/\W+/g, '-').toLowerCase();

/** One valid create body per kind (categories are the fixture's, id 1). */
const bodies: Record<string, () => Item> = {
  pages: () => ({ pageTitle: unique('Page'), pageUrl: slugOf('page') }),
  reviews: () => ({ reviewTitle: unique('Review'), reviewText: 'Fine', propertyId: 2001 }),
  sliders: () => ({ sliderUrl: 'x.jpg' }),
  menus: () => ({ menuTitle: unique('Menu') }),
  links: () => ({ linkTitle: unique('Link'), linkUrl: '/x' }),
  faqs: () => ({ faqQuestion: unique('Q'), faqAnswer: 'A' }),
  events: () => ({ eventTitle: unique('Event'), eventDateStart: '2032-01-01' }),
  blogCategories: () => ({ categoryName: unique('BlogCat') }),
  blogPosts: () => ({ postTitle: unique('Post'), postCategory: 1 }),
  attractionCategories: () => ({ categoryName: unique('AttrCat') }),
  attractions: () => ({ attractionTitle: unique('Attraction'), categoryId: 1 }),
};
const KINDS = Object.keys(bodies);
const ID_FIELD: Record<string, string> = {
  pages: 'pageId',
  reviews: 'reviewId',
  sliders: 'sliderId',
  menus: 'menuId',
  links: 'linkId',
  faqs: 'faqId',
  events: 'eventId',
  blogCategories: 'categoryId',
  blogPosts: 'postId',
  attractionCategories: 'categoryId',
  attractions: 'attractionId',
};
const SOFT = new Set([
  'pages',
  'reviews',
  'events',
  'blogCategories',
  'blogPosts',
  'attractionCategories',
  'attractions',
]);

const clients = new Map<AdminName, Client>();
async function as(who: AdminName): Promise<Client> {
  let client = clients.get(who);
  if (!client) {
    client = await signedIn(who);
    clients.set(who, client);
  }
  return client;
}

async function create(kind: string, body: Item = bodies[kind]?.() ?? {}): Promise<number> {
  const res = await (await as('super')).post(`${ADMIN}/${kind}.json`, body);
  if (res.status !== 201) throw new Error(`create ${kind}: ${res.status} ${res.text}`);
  return res.body[ID_FIELD[kind] ?? ''] as number;
}

describe('admin content: roles', () => {
  it('needs an admin session (401) for every kind’s list and write', async () => {
    const anonymous = new Client();
    for (const kind of KINDS) {
      expect((await anonymous.get(`${ADMIN}/${kind}.json`)).status, kind).toBe(401);
      expect((await anonymous.post(`${ADMIN}/${kind}.json`, bodies[kind]?.())).status, kind).toBe(401);
      expect((await anonymous.put(`${ADMIN}/${kind}/1.json`, {})).status, kind).toBe(401);
      expect((await anonymous.delete(`${ADMIN}/${kind}/1.json`)).status, kind).toBe(401);
    }
    const blocks = await anonymous.put(`${ADMIN}/content.json`, { indexExtra4: 'x' });
    expect(blocks.status).toBe(401);
    expect(problem(blocks).status).toBe(401);
  });

  it('refuses the housekeeper everything (403) and landlord and service rep the writes (403), lets them read', async () => {
    const housekeeper = await as('housekeeper');
    for (const who of ['landlord', 'svcRep'] as const) {
      const reader = await as(who);
      for (const kind of KINDS) {
        expect((await reader.get(`${ADMIN}/${kind}.json`)).status, `${who} ${kind}`).toBe(200);
        expect((await reader.post(`${ADMIN}/${kind}.json`, bodies[kind]?.())).status, `${who} ${kind}`).toBe(
          403,
        );
        expect((await reader.put(`${ADMIN}/${kind}/1.json`, {})).status, `${who} ${kind}`).toBe(403);
        expect((await reader.delete(`${ADMIN}/${kind}/1.json`)).status, `${who} ${kind}`).toBe(403);
      }
      expect((await reader.put(`${ADMIN}/content.json`, { indexExtra4: 'x' })).status).toBe(403);
    }
    for (const kind of KINDS) {
      const res = await housekeeper.get(`${ADMIN}/${kind}.json`);
      expect(res.status, kind).toBe(403);
      expect(problem(res).status).toBe(403);
      expect((await housekeeper.post(`${ADMIN}/${kind}.json`, bodies[kind]?.())).status, kind).toBe(403);
    }
  });
});

describe('admin content: what a landlord lists', () => {
  it('a landlord lists only active records of every kind; svc_rep and super see inactive ones too', async () => {
    const landlord = await as('landlord');
    for (const kind of KINDS) {
      const idField = ID_FIELD[kind] ?? '';
      const inactive = await create(kind, { ...bodies[kind]?.(), isActive: 0 });
      const active = await create(kind, { ...bodies[kind]?.(), isActive: 1 });
      const seen = await landlord.get<{ items: Item[] }>(`${ADMIN}/${kind}.json`);
      expect(seen.status, kind).toBe(200);
      const ids = seen.body.items.map((i) => i[idField]);
      expect(ids, kind).toContain(active);
      expect(ids, kind).not.toContain(inactive);
      expect(
        seen.body.items.every((i) => i.isActive === undefined || i.isActive === 1),
        kind,
      ).toBe(true);
      for (const who of ['svcRep', 'super'] as const) {
        const all = await (await as(who)).get<{ items: Item[] }>(`${ADMIN}/${kind}.json`);
        expect(
          all.body.items.map((i) => i[idField]),
          `${who} ${kind}`,
        ).toEqual(expect.arrayContaining([active, inactive]));
      }
    }
  });
});

describe('admin content: create, update, delete per kind', () => {
  it('creates (201 with the id), lists inactive records too, updates (200) and deletes each kind', async () => {
    const admin = await as('super');
    for (const kind of KINDS) {
      const idField = ID_FIELD[kind] ?? '';
      const created = await admin.post(`${ADMIN}/${kind}.json`, { ...bodies[kind]?.(), isActive: 0 });
      expect(created.status, kind).toBe(201);
      expect(created.body.success).toBe(true);
      const id = created.body[idField] as number;
      expect(id).toBeGreaterThan(0);

      const listed = await admin.get<{ items: Item[] }>(`${ADMIN}/${kind}.json`);
      expect(listed.status).toBe(200);
      expect(
        listed.body.items.find((i) => i[idField] === id),
        kind,
      ).toMatchObject({ isActive: 0 });

      const updated = await admin.put<{ item: Item }>(`${ADMIN}/${kind}/${id}.json`, { isActive: 1 });
      expect(updated.status, kind).toBe(200);
      expect(updated.body.item).toMatchObject({ [idField]: id, isActive: 1 });

      const deleted = await admin.delete(`${ADMIN}/${kind}/${id}.json`);
      expect(deleted.status, kind).toBe(200);
      expect(deleted.body).toEqual({
        success: true,
        [idField]: id,
        deleted: SOFT.has(kind) ? 'soft' : 'hard',
      });
      const after = await admin.get<{ items: Item[] }>(`${ADMIN}/${kind}.json`);
      const row = after.body.items.find((i) => i[idField] === id);
      if (SOFT.has(kind)) expect(row, kind).toMatchObject({ isActive: 0 });
      else expect(row, kind).toBeUndefined();
    }
  });

  it('hides a record from the website once deleted (soft) and shows it again when reactivated', async () => {
    const admin = await as('super');
    const pageUrl = slugOf('soft');
    const pageId = await create('pages', { pageTitle: 'Soft page', pageUrl, pageContent: '<p>x</p>' });
    const web = new Client();
    expect((await web.get(`/API/sitePages/V1/pages/${pageUrl}.json`)).status).toBe(200);

    await admin.delete(`${ADMIN}/pages/${pageId}.json`);
    expect((await web.get(`/API/sitePages/V1/pages/${pageUrl}.json`)).status).toBe(404);
    expect((await admin.delete(`${ADMIN}/pages/${pageId}.json`)).status).toBe(200);

    await admin.put(`${ADMIN}/pages/${pageId}.json`, { isActive: 1 });
    expect((await web.get(`/API/sitePages/V1/pages/${pageUrl}.json`)).status).toBe(200);
  });

  it('answers 404 for a missing record on update and delete, 400 for a bad id', async () => {
    const admin = await as('super');
    expect((await admin.put(`${ADMIN}/faqs/99999999.json`, { faqOrder: 1 })).status).toBe(404);
    expect((await admin.delete(`${ADMIN}/sliders/99999999.json`)).status).toBe(404);
    expect((await admin.delete(`${ADMIN}/pages/99999999.json`)).status).toBe(404);
    expect((await admin.put(`${ADMIN}/faqs/abc.json`, {})).status).toBe(400);
  });

  it('stores HTML as given', async () => {
    const html = '<p onclick="x()">Hi <script>alert(1)</script></p>';
    const postId = await create('blogPosts', { postTitle: unique('Html'), postContent: html });
    const res = await new Client().get(`/API/networkBlog/V1/networkBlogPosts/${postId}.json`);
    expect(res.body.postContent).toBe(html);
  });
});

describe('admin content: validation', () => {
  it('refuses unknown fields on create and update with 400 naming the field', async () => {
    const admin = await as('super');
    const create400 = await admin.post(`${ADMIN}/sliders.json`, { sliderUrl: 'x.jpg', sliderColor: 'red' });
    const sliderId = await create('sliders');
    const update400 = await admin.put(`${ADMIN}/sliders/${sliderId}.json`, { sliderId: 5 });

    expect(create400.status).toBe(400);
    expect(problem(create400).errors).toEqual([{ field: 'sliderColor', message: 'unknown field' }]);
    expect(update400.status).toBe(400);
    expect(problem(update400).errors?.[0]).toEqual({ field: 'sliderId', message: 'unknown field' });
  });

  it('refuses missing required fields, bad values and dangling references with 400', async () => {
    const admin = await as('super');
    const cases: [string, Item, string][] = [
      ['pages', { pageUrl: slugOf('p') }, 'pageTitle'],
      ['pages', { pageTitle: 'x', pageUrl: 'Not A Slug' }, 'pageUrl'],
      ['reviews', { reviewTitle: 'x', reviewText: 'y', r1: 6 }, 'r1'],
      ['reviews', { reviewTitle: 'x', reviewText: 'y', propertyId: 999999 }, 'propertyId'],
      ['menus', { menuTitle: 'x', menuFor: 4 }, 'menuFor'],
      ['menus', { menuTitle: 'x', children: [{ url: '/no-title' }] }, 'children.0.title'],
      ['events', { eventTitle: 'x', eventDateStart: '2032-02-30' }, 'eventDateStart'],
      [
        'events',
        { eventTitle: 'x', eventDateStart: '2032-02-10', eventDateEnd: '2032-02-01' },
        'eventDateEnd',
      ],
      ['blogPosts', { postTitle: 'x', postCategory: 999999 }, 'postCategory'],
      ['blogPosts', { postTitle: 'x', dateCreated: 'yesterday' }, 'dateCreated'],
      ['attractions', { attractionTitle: 'x', categoryId: 999999 }, 'categoryId'],
      ['links', { linkTitle: 'x', linkUrl: '/x', linkGroup: 'header' }, 'linkGroup'],
      ['sliders', { sliderUrl: 'x', isActive: 2 }, 'isActive'],
    ];
    for (const [kind, body, field] of cases) {
      const res = await admin.post(`${ADMIN}/${kind}.json`, body);
      expect(res.status, `${kind} ${field}`).toBe(400);
      expect(
        problem(res).errors?.map((e) => e.field),
        `${kind} ${field}`,
      ).toContain(field);
    }
  });

  it('accepts the FAQ aliases faqName/faqContent on create and update', async () => {
    const admin = await as('super');
    const faqId = await create('faqs', { faqName: 'Alias question?', faqContent: 'Alias answer' });
    const updated = await admin.put<{ item: Item }>(`${ADMIN}/faqs/${faqId}.json`, {
      faqContent: 'New answer',
    });

    expect(updated.status).toBe(200);
    expect(updated.body.item).toMatchObject({
      faqQuestion: 'Alias question?',
      faqName: 'Alias question?',
      faqAnswer: 'New answer',
      faqContent: 'New answer',
    });
  });
});

describe('admin content: page slugs', () => {
  it('answers a duplicate slug with 409 on create and on update, and frees a slug when a page moves', async () => {
    const admin = await as('super');
    const first = slugOf('dup');
    const second = slugOf('dup');
    const a = await create('pages', { pageTitle: 'A', pageUrl: first });
    const b = await create('pages', { pageTitle: 'B', pageUrl: second });

    const dupCreate = await admin.post(`${ADMIN}/pages.json`, { pageTitle: 'C', pageUrl: first });
    const dupUpdate = await admin.put(`${ADMIN}/pages/${b}.json`, { pageUrl: first });
    const fixtureDup = await admin.post(`${ADMIN}/pages.json`, { pageTitle: 'D', pageUrl: 'fixture-about' });

    expect(dupCreate.status).toBe(409);
    expect(problem(dupCreate).status).toBe(409);
    expect(dupUpdate.status).toBe(409);
    expect(fixtureDup.status).toBe(409);

    const moved = slugOf('moved');
    expect((await admin.put(`${ADMIN}/pages/${a}.json`, { pageUrl: moved })).status).toBe(200);
    expect((await admin.put(`${ADMIN}/pages/${b}.json`, { pageUrl: first })).status).toBe(200);
    const web = new Client();
    expect((await web.get(`/API/sitePages/V1/pages/${first}.json`)).body.pageTitle).toBe('B');
    expect((await web.get(`/API/sitePages/V1/pages/${moved}.json`)).body.pageTitle).toBe('A');
    expect((await web.get(`/API/sitePages/V1/pages/${second}.json`)).status).toBe(404);
  });
});

describe('admin content: CMS blocks', () => {
  it('sets known blocks only, keeps the others, and refuses unknown keys with 400', async () => {
    const admin = await as('super');
    const value = unique('<p>extra</p>');
    const res = await admin.put<{ content: Item }>(`${ADMIN}/content.json`, { indexExtra4: value });
    const bad = await admin.put(`${ADMIN}/content.json`, { indexExtra5: 'x' });
    const notString = await admin.put(`${ADMIN}/content.json`, { indexExtra3: 5 });
    const web = await new Client().get('/API/siteContent/V1/content/indexExtra4.json');

    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ indexExtra4: value, indexHeader: '<h1>Fixture welcome</h1>' });
    expect(bad.status).toBe(400);
    expect(problem(bad).errors).toEqual([{ field: 'indexExtra5', message: 'unknown field' }]);
    expect(notString.status).toBe(400);
    expect(web.body).toEqual({ indexExtra4: value });
  });
});
