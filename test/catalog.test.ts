import { describe, expect, it } from 'vitest';
import { Client, problem, signedIn, unique } from './support/client.js';

const VR = '/API/vrProperties/V1';
const LTR = '/API/ltrProperties/V1';

interface Page<T = Record<string, unknown>> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
type Prop = { propertyId: number; propertyName: string } & Record<string, unknown>;

const VR_ONLY = [
  'propertyWeekendRate',
  'propertyBookingFee',
  'housekeepingFee',
  'petFee',
  'damageWaiver',
  'isFeatured',
  'propertyLocation',
  'maxGuests',
];

describe('public VR catalog', () => {
  it('lists only VR properties on the website and not archived, featured first, cacheable', async () => {
    const res = await new Client().get<Page<Prop>>(`${VR}/vrProperties.json`, {
      query: { search: 'Fixture' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.items.map((p) => p.propertyId)).toEqual([2001, 2002]);
    expect(res.body).toMatchObject({ page: 1, limit: 20, total: 2 });
  });

  it('the unfiltered list pages with a total', async () => {
    const first = await new Client().get<Page<Prop>>(`${VR}/vrProperties.json`, { query: { limit: 1 } });
    const second = await new Client().get<Page<Prop>>(`${VR}/vrProperties.json`, {
      query: { limit: 1, page: 2 },
    });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.total).toBeGreaterThanOrEqual(2);
    expect(first.body.items[0]?.propertyId).toBe(2001);
    expect(second.body.items[0]?.propertyId).not.toBe(2001);
  });

  it('filters by beds (alias bedrooms), baths, location, search, type, pets and featured', async () => {
    const ids = async (query: Record<string, string | number>) =>
      (
        await new Client().get<Page<Prop>>(`${VR}/vrProperties.json`, {
          query: { search: 'Fixture', ...query },
        })
      ).body.items.map((p) => p.propertyId);
    expect(await ids({ beds: 2 })).toEqual([2001]);
    expect(await ids({ bedrooms: 1 })).toEqual([2001, 2002]);
    expect(await ids({ baths: 2 })).toEqual([2001]);
    expect(await ids({ location: 'metro' })).toEqual([2002]);
    expect(await ids({ type: 'House' })).toEqual([2001]);
    expect(await ids({ pets: '1' })).toEqual([2001]);
    expect(await ids({ featured: '1' })).toEqual([2001]);
    expect(await ids({ search: 'city flat' })).toEqual([2002]);
  });

  it('refuses bad query values with 400 and clamps the limit', async () => {
    for (const query of [
      { limit: 'x' },
      { page: '0' },
      { beds: 'many' },
      { location: 'l'.repeat(129) },
      { search: 's'.repeat(129) },
      { pets: 'yes' },
    ]) {
      const res = await new Client().get(`${VR}/vrProperties.json`, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      problem(res);
    }
    expect(
      (await new Client().get<Page>(`${VR}/vrProperties.json`, { query: { limit: 1000 } })).body.limit,
    ).toBe(100);
  });

  it('single VR property carries every catalog field', async () => {
    const res = await new Client().get<Prop>(`${VR}/vrProperties/2001.json`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      propertyId: 2001,
      propertyName: 'Fixture Beach House',
      propertyRate: 200,
      propertyWeekendRate: 260,
      propertyDeposit: 400,
      petsAllowed: 'Yes',
      bedrooms: '4',
      bathrooms: '3',
      housekeepingFee: 100,
      propertyBookingFee: 20,
      isFeatured: 1,
    });
    for (const field of [
      'propertyDesc',
      'propertyAddress',
      'propertyLocation',
      'propertyAmenities',
      'petFee',
      'featuredImage',
      'seoTitle',
      'seoDesc',
    ]) {
      expect(res.body).toHaveProperty(field);
    }
    expect(res.body).not.toHaveProperty('landlord');
    expect(res.body).not.toHaveProperty('propertyRateCents');
  });

  it('answers 404 for hidden, archived, LTR and unknown ids, 400 for bad ids', async () => {
    for (const id of [2003, 2004, 11, 999999])
      expect((await new Client().get(`${VR}/vrProperties/${id}.json`)).status).toBe(404);
    expect((await new Client().get(`${VR}/vrProperties/abc.json`)).status).toBe(400);
  });

  it('images: all VR images of visible properties, and per property in order', async () => {
    const all = await new Client().get<Page<{ pictureId: number; propertyId: number }>>(
      `${VR}/vrPropertyImages.json`,
    );
    const ids = all.body.items.map((i) => i.pictureId);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(ids).not.toContain(4); // the hidden cabin's
    expect(ids).not.toContain(5); // an LTR property's

    const one = await new Client().get<Page<Record<string, unknown>>>(`${VR}/vrPropertyImages/2001.json`);
    expect(one.body.items).toEqual([
      {
        pictureId: 1,
        propertyId: 2001,
        pictureName: 'Front',
        pictureUrl: 'beach-1.jpg',
        isFeatured: 1,
        pictureOrder: 1,
        pictureDate: '2026-01-01',
      },
      {
        pictureId: 2,
        propertyId: 2001,
        pictureName: 'Back',
        pictureUrl: 'beach-2.jpg',
        isFeatured: 0,
        pictureOrder: 2,
        pictureDate: '2026-01-02',
      },
    ]);
    expect((await new Client().get<Page>(`${VR}/vrPropertyImages/2003.json`)).body.items).toEqual([]);
  });

  it('a property leaves and rejoins the catalog with its onWebsite flag, and the total follows', async () => {
    const admin = await signedIn('super');
    const created = await admin.post('/API/adminProperties/V1/properties.json', {
      type: 'vr',
      propertyName: unique('Toggle'),
      propertyDesc: 'x',
      propertyRate: 10,
    });
    const id = created.body.propertyId as number;
    const total = async () => (await new Client().get<Page>(`${VR}/vrProperties.json`)).body.total;
    const before = await total();
    await admin.put(`/API/adminProperties/V1/properties/${id}.json`, { onWebsite: 0 });
    expect(await total()).toBe(before - 1);
    expect((await new Client().get(`${VR}/vrProperties/${id}.json`)).status).toBe(404);
    await admin.put(`/API/adminProperties/V1/properties/${id}.json`, { onWebsite: 1 });
    expect(await total()).toBe(before);
    expect((await new Client().get(`${VR}/vrProperties/${id}.json`)).status).toBe(200);
  });
});

describe('public LTR catalog', () => {
  it('lists visible LTR properties without VR-only fields', async () => {
    const res = await new Client().get<Page<Prop>>(`${LTR}/ltrProperties.json`, {
      query: { search: 'Fixture' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body.items).toEqual([
      {
        propertyId: 11,
        propertyName: 'Fixture Elm Apartment',
        propertyRate: 1500,
        propertyDeposit: 1500,
        availOn: '2027-02-01',
        featuredImage: '',
      },
    ]);
  });

  it('filters by beds and search; pages; refuses bad values', async () => {
    const byBeds = await new Client().get<Page<Prop>>(`${LTR}/ltrProperties.json`, {
      query: { search: 'Fixture', beds: 3 },
    });
    expect(byBeds.body.items).toEqual([]);
    expect((await new Client().get(`${LTR}/ltrProperties.json`, { query: { limit: 'x' } })).status).toBe(400);
    expect(
      (await new Client().get<Page>(`${LTR}/ltrProperties.json`, { query: { limit: 101 } })).body.limit,
    ).toBe(100);
  });

  it('single LTR property has no VR-only fields; hidden or VR ids are 404', async () => {
    const res = await new Client().get<Prop>(`${LTR}/ltrProperties/11.json`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ propertyId: 11, propertyRate: 1500, bedrooms: '2' });
    for (const field of VR_ONLY) expect(res.body).not.toHaveProperty(field);
    expect((await new Client().get(`${LTR}/ltrProperties/12.json`)).status).toBe(404);
    expect((await new Client().get(`${LTR}/ltrProperties/2001.json`)).status).toBe(404);
  });

  it('images of one LTR property', async () => {
    const res = await new Client().get<Page<{ pictureId: number }>>(`${LTR}/ltrPropertyImages/11.json`);
    expect(res.body.items.map((i) => i.pictureId)).toEqual([5]);
    expect((await new Client().get<Page>(`${LTR}/ltrPropertyImages/2001.json`)).body.items).toEqual([]);
  });
});

describe('site settings', () => {
  it('returns the public settings with apiPolicy and never a secret or an opt-in field that is off', async () => {
    const res = await new Client().get('/API/siteSettings/V1/settings.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body).toMatchObject({
      siteName: 'Test Rentals',
      systemTimeZone: 'UTC',
      paymentCurrency: 'USD',
    });
    expect(res.body.apiPolicy).toEqual({
      apiBookingGuestEnabled: 1,
      apiBookingRequireLogin: 0,
      apiCaptchaProvider: 'builtin',
      apiCaptchaSiteKey: '',
      apiContactCaptchaEnabled: 0,
      apiSubscribeCaptchaEnabled: 0,
    });
    for (const hidden of [
      'businessTaxId',
      'uploadPath',
      'VruploadPath',
      'avatarFolder',
      'propertyPicsPath',
      'VrpropertyPicsPath',
      'apiCaptchaSecretKey',
    ]) {
      expect(res.body).not.toHaveProperty(hidden);
    }
    expect(res.text).not.toContain('never-show-this-secret');
  });
});
