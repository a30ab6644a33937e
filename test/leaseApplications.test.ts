import { describe, expect, it } from 'vitest';
import { adminSession, createLtrProperty, signedInTenant } from './support/builders.js';
import { changesOf } from './support/changes.js';
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

/** A fresh active tenant signed in, so tests never share open applications. */
async function freshTenant() {
  const admin = await adminSession('super');
  const { tenant, client } = await signedInTenant({ tenantFirstName: 'App', tenantLastName: 'Licant' });
  return { tenant: client, tenantId: tenant.tenantId, admin };
}

/** A listed LTR property of the given landlord, created for the test. */
const listedLtr = (admin: Client, landlord: number, extra: Record<string, unknown> = {}) =>
  createLtrProperty({ propertyName: unique('Apply Flat'), landlord, ...extra }, admin);

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

  it('records the application’s change with the tenant’s e-mail and names masked; the event carries them', async () => {
    const { tenant, client } = await signedInTenant({ tenantFirstName: 'Masha', tenantLastName: 'Maskova' });
    const applied = await client.post(APPLY, { propertyId: 11 });
    expect(applied.status, applied.text).toBe(200);
    const id = (applied.body as { applicationId: number }).applicationId;
    const [change] = await changesOf('application', id);
    expect(change?.fields).toEqual(
      expect.arrayContaining(
        ['tenantEmail', 'tenantFirstName', 'tenantLastName'].map((field) => ({
          field,
          old: null,
          new: '***',
        })),
      ),
    );
    const fields = JSON.stringify(change?.fields);
    for (const value of [tenant.tenantEmail, 'Masha', 'Maskova']) expect(fields).not.toContain(value);
    // The application.submitted payload (signed webhooks) is the record itself (docs/webhooks.md).
    expect((change as { data?: Record<string, unknown> }).data).toMatchObject({
      tenantEmail: tenant.tenantEmail,
      tenantFirstName: 'Masha',
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
    // Another landlord's property answers as a missing one does (an empty list), not a 403 that tells it exists.
    const foreign = await landlord.get<Paged>(LIST, { query: { propertyId: othersProperty } });
    const missing = await landlord.get<Paged>(LIST, { query: { propertyId: 999999 } });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.items).toEqual([]);

    expect((await (await signedIn('svcRep')).get(LIST)).status).toBe(200);
    expect((await (await signedIn('housekeeper')).get(LIST)).status).toBe(403);
    expect((await new Client().get(LIST)).status).toBe(401);
    expect((await admin.get(LIST, { query: { propertyId: 'x' } })).status).toBe(400);
  });
});
