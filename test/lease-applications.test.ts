import { describe, expect, it } from 'vitest';
import { Client, problem, signedIn, unique } from './support/client.js';

const APPLY = '/API/leaseApplications/V1/apply.json';
const LIST = '/API/adminApplications/V1/applications.json';

interface Application {
  applicationId: number;
  tenantId: number;
  propertyId: number;
  status: string;
  dateCreated: string;
}
interface Paged {
  items: Application[];
  page: number;
  limit: number;
  total: number;
}

/** A fresh active tenant (admin-created) signed in, so tests never share open applications. */
async function freshTenant() {
  const admin = await signedIn('super');
  const email = `applicant-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;
  const created = await admin.post('/API/adminTenants/V1/tenants.json', {
    tenantEmail: email,
    tenantFirstName: 'App',
    tenantLastName: 'Licant',
    password: 'applicant-password',
    isActive: 1,
  });
  expect(created.status).toBe(201);
  const tenant = new Client();
  const login = await tenant.post('/API/publicAuth/V1/login.json', { email, password: 'applicant-password' });
  expect(login.status).toBe(200);
  return { tenant, tenantId: (created.body as { tenantId: number }).tenantId, admin };
}

/** A listed LTR property of the given landlord, created for the test. */
async function listedLtr(admin: Client, landlord: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/API/adminProperties/V1/properties.json', {
    type: 'ltr',
    propertyName: unique('Apply Flat'),
    propertyDesc: 'For applications',
    propertyRate: '1000.00',
    propertyDeposit: '1000.00',
    latePenalty: '50.00',
    landlord,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return (res.body as { propertyId: number }).propertyId;
}

describe('lease applications', () => {
  it('lets a logged-in tenant apply for a listed LTR property; applying again returns the open application', async () => {
    const { tenant, tenantId } = await freshTenant();
    const first = await tenant.post(APPLY, { propertyId: 11 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, applicationId: expect.any(Number) });

    const again = await tenant.post(APPLY, { propertyId: '11' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      applicationId: (first.body as { applicationId: number }).applicationId,
      alreadyApplied: true,
    });

    const admin = await signedIn('super');
    const listed = await admin.get<Paged>(LIST, { query: { propertyId: 11 } });
    const mine = listed.body.items.filter((a) => a.tenantId === tenantId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      propertyId: 11,
      status: 'open',
      tenantFirstName: 'App',
      propertyName: 'Fixture Elm Apartment',
    });
  });

  it('requires a tenant session (401) and a propertyId (400)', async () => {
    const anonymous = await new Client().post(APPLY, { propertyId: 11 });
    expect(anonymous.status).toBe(401);
    expect(problem(anonymous).status).toBe(401);

    const { tenant } = await freshTenant();
    for (const body of [
      {},
      { propertyId: 'abc' },
      { propertyId: 0 },
      { propertyId: 1.5 },
      { propertyId: 11, note: 'hi' },
    ]) {
      const res = await tenant.post(APPLY, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(problem(res).status).toBe(400);
    }
    const malformed = await tenant.request('POST', APPLY, { rawBody: '{"propertyId":' });
    expect(malformed.status).toBe(400);
    const noBody = await tenant.post(APPLY);
    expect(noBody.status).toBe(400);
  });

  it('answers 404 unless the property is an LTR property on the website', async () => {
    const { tenant, admin } = await freshTenant();
    const archived = await listedLtr(admin, 2);
    expect((await admin.delete(`/API/adminProperties/V1/properties/${archived}.json`)).status).toBe(200);
    // 12: LTR hidden from the website; 2001: a VR property; 2004: archived VR; 99999999: none.
    for (const propertyId of [12, 2001, 2004, archived, 99_999_999]) {
      const res = await tenant.post(APPLY, { propertyId });
      expect(res.status, String(propertyId)).toBe(404);
      expect(problem(res).status).toBe(404);
    }
  });

  it('lists applications newest first; landlords see only their own properties', async () => {
    const { tenant, admin } = await freshTenant();
    const landlordsProperty = await listedLtr(admin, 2);
    const othersProperty = await listedLtr(admin, 5);
    const a = (await tenant.post(APPLY, { propertyId: landlordsProperty })).body as { applicationId: number };
    const b = (await tenant.post(APPLY, { propertyId: othersProperty })).body as { applicationId: number };

    const all = await admin.get<Paged>(LIST, { query: { limit: 100 } });
    expect(all.status).toBe(200);
    const ids = all.body.items.map((x) => x.applicationId);
    expect(ids.indexOf(b.applicationId)).toBeLessThan(ids.indexOf(a.applicationId));
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const dates = all.body.items.map((x) => x.dateCreated);
    expect(dates).toEqual([...dates].sort().reverse());

    const landlord = await signedIn('landlord');
    const own = await landlord.get<Paged>(LIST, { query: { limit: 100 } });
    expect(own.status).toBe(200);
    const ownIds = own.body.items.map((x) => x.applicationId);
    expect(ownIds).toContain(a.applicationId);
    expect(ownIds).not.toContain(b.applicationId);
    expect((await landlord.get(LIST, { query: { propertyId: othersProperty } })).status).toBe(403);

    expect((await (await signedIn('svcRep')).get(LIST)).status).toBe(200);
    expect((await (await signedIn('housekeeper')).get(LIST)).status).toBe(403);
    expect((await new Client().get(LIST)).status).toBe(401);
    expect((await admin.get(LIST, { query: { propertyId: 'x' } })).status).toBe(400);
  });
});
