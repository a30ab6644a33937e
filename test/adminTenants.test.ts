import { describe, expect, it } from 'vitest';
import { createTenant, uniqueEmail } from './support/builders.js';
import { Client, problem, signedIn, unique } from './support/client.js';

const BASE = '/API/adminTenants/V1';
const newEmail = uniqueEmail;

interface TenantRow {
  tenantId: number;
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  isActive: number;
}
interface Paged {
  items: TenantRow[];
  page: number;
  limit: number;
  total: number;
}

describe('admin tenants', () => {
  it('creates an inactive tenant (201), reads it back with decrypted contact fields and never a password', async () => {
    const admin = await signedIn('super');
    const created = await createTenant({ tenantPhone: '+1 555 0111 2222' }, admin);
    expect(created.tenantId).toBeGreaterThan(0);

    for (const path of [
      `${BASE}/tenants/${created.tenantId}.json`,
      `${BASE}/tenant/${created.tenantId}.json`,
    ]) {
      const res = await admin.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tenantId: created.tenantId,
        tenantEmail: created.tenantEmail,
        tenantFirstName: created.tenantFirstName,
        tenantLastName: 'Made',
        isActive: 0,
        tenantPhone: '+1 555 0111 2222',
        leases: [],
      });
      expect(res.text.toLowerCase()).not.toContain('password');
      expect(res.text).not.toContain('scrypt');
    }
    // Inactive by default: the password is right but the account may not sign in yet.
    const login = await new Client().post('/API/publicAuth/V1/login.json', {
      email: created.tenantEmail,
      password: 'admin-set-password',
    });
    expect(login.status).toBe(403);
  });

  it('answers 409 for a duplicate e-mail (any case) and 400 for invalid bodies', async () => {
    const admin = await signedIn('super');
    const created = await createTenant({}, admin);
    const duplicate = await admin.post(`${BASE}/tenants.json`, {
      tenantEmail: created.tenantEmail.toUpperCase(),
      tenantFirstName: 'Dup',
      tenantLastName: 'Licate',
      password: 'admin-set-password',
    });
    expect(duplicate.status).toBe(409);
    expect(problem(duplicate).status).toBe(409);

    const good = {
      tenantEmail: newEmail('v'),
      tenantFirstName: 'Val',
      tenantLastName: 'Id',
      password: 'long-enough-1',
    };
    const cases: [string, unknown][] = [
      ['missing password', { ...good, password: undefined }],
      ['missing last name', { ...good, tenantLastName: undefined }],
      ['short password', { ...good, password: 'short' }],
      ['bad e-mail', { ...good, tenantEmail: 'nope' }],
      ['isActive 2', { ...good, isActive: 2 }],
      ['unknown field', { ...good, role: 'admin' }],
      ['wrong type', { ...good, tenantFirstName: { a: 1 } }],
      ['oversize phone', { ...good, tenantPhone: '9'.repeat(41) }],
    ];
    for (const [name, body] of cases) {
      const res = await admin.post(`${BASE}/tenants.json`, body);
      expect(res.status, name).toBe(400);
      expect(problem(res).status, name).toBe(400);
    }
    const malformed = await admin.request('POST', `${BASE}/tenants.json`, { rawBody: '{"tenantEmail"' });
    expect(malformed.status).toBe(400);
  });

  it('enforces the roles: writes by super admins only, reads by R, 401 without a session', async () => {
    const body = {
      tenantEmail: newEmail('roles'),
      tenantFirstName: 'Ro',
      tenantLastName: 'Le',
      password: 'long-enough-1',
    };
    expect((await (await signedIn('svcRep')).post(`${BASE}/tenants.json`, body)).status).toBe(403);
    expect((await (await signedIn('landlord')).post(`${BASE}/tenants.json`, body)).status).toBe(403);
    expect((await (await signedIn('housekeeper')).get(`${BASE}/tenants.json`)).status).toBe(403);
    expect((await (await signedIn('svcRep')).get(`${BASE}/tenants.json`)).status).toBe(200);
    expect((await (await signedIn('svcRep')).put(`${BASE}/tenants/1.json`, { isActive: 1 })).status).toBe(
      403,
    );
    expect((await (await signedIn('svcRep')).delete(`${BASE}/tenants/1.json`)).status).toBe(403);
    const anonymous = await new Client().get(`${BASE}/tenants.json`);
    expect(anonymous.status).toBe(401);
    expect(problem(anonymous).status).toBe(401);
  });

  it('lists with search (e-mail or name), the isActive filter and the paging envelope', async () => {
    const admin = await signedIn('super');
    const surname = unique('Searchable').replace(' ', '');
    const active = await createTenant({ tenantLastName: surname, isActive: 1 }, admin);
    const inactive = await createTenant({ tenantLastName: surname }, admin);

    const byName = await admin.get<Paged>(`${BASE}/tenants.json`, {
      query: { search: surname.toLowerCase() },
    });
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((t) => t.tenantId)).toEqual([active.tenantId, inactive.tenantId]);
    expect(byName.body).toMatchObject({ page: 1, limit: 20, total: 2 });
    expect(byName.text.toLowerCase()).not.toContain('password');

    const byEmail = await admin.get<Paged>(`${BASE}/tenants.json`, {
      query: { search: active.tenantEmail.toUpperCase() },
    });
    expect(byEmail.body.items.map((t) => t.tenantId)).toEqual([active.tenantId]);

    const onlyActive = await admin.get<Paged>(`${BASE}/tenants.json`, {
      query: { search: surname, isActive: '1' },
    });
    expect(onlyActive.body.items.map((t) => t.tenantId)).toEqual([active.tenantId]);
    const onlyInactive = await admin.get<Paged>(`${BASE}/tenants.json`, {
      query: { search: surname, isActive: '0' },
    });
    expect(onlyInactive.body.items.map((t) => t.tenantId)).toEqual([inactive.tenantId]);

    const paged = await admin.get<Paged>(`${BASE}/tenants.json`, {
      query: { search: surname, page: 2, limit: 1 },
    });
    expect(paged.body).toMatchObject({ page: 2, limit: 1, total: 2 });
    expect(paged.body.items.map((t) => t.tenantId)).toEqual([inactive.tenantId]);

    const unfiltered = await admin.get<Paged>(`${BASE}/tenants.json`, { query: { limit: 500 } });
    expect(unfiltered.body.limit).toBe(100);
    expect(unfiltered.body.total).toBeGreaterThanOrEqual(4);
    const ids = unfiltered.body.items.map((t) => t.tenantId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    for (const query of [{ isActive: '2' }, { page: 'abc' }, { limit: '-1' }, { search: 'x'.repeat(129) }]) {
      const res = await admin.get(`${BASE}/tenants.json`, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('answers 400 for a non-numeric id and 404 for an unknown tenant on every single-record method', async () => {
    const admin = await signedIn('super');
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await admin.get(`${BASE}/tenants/${id}.json`)).status, id).toBe(400);
    }
    const missing = 99_999_999;
    expect((await admin.get(`${BASE}/tenants/${missing}.json`)).status).toBe(404);
    expect((await admin.put(`${BASE}/tenant/${missing}.json`, { isActive: 1 })).status).toBe(404);
    expect((await admin.delete(`${BASE}/tenant/${missing}.json`)).status).toBe(404);
  });

  it('updates tenantFirstName, isActive and the password, and refuses any other field', async () => {
    const admin = await signedIn('super');
    const created = await createTenant({}, admin);

    const res = await admin.put(`${BASE}/tenants/${created.tenantId}.json`, {
      tenantFirstName: 'Renamed',
      isActive: 1,
      password: 'brand-new-password',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      tenant: { tenantId: created.tenantId, tenantFirstName: 'Renamed', isActive: 1 },
    });
    expect(res.text.toLowerCase()).not.toContain('password');

    const oldPassword = await new Client().post('/API/publicAuth/V1/login.json', {
      email: created.tenantEmail,
      password: 'admin-set-password',
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await new Client().post('/API/publicAuth/V1/login.json', {
      email: created.tenantEmail,
      password: 'brand-new-password',
    });
    expect(newPassword.status).toBe(200);
    expect(newPassword.body).toMatchObject({ user: { tenantFirstName: 'Renamed' } });

    for (const body of [
      { tenantLastName: 'Nope' },
      { tenantEmail: 'x@example.test' },
      {},
      { isActive: 'yes' },
      { password: 'short' },
    ]) {
      const bad = await admin.put(`${BASE}/tenant/${created.tenantId}.json`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('DELETE deactivates (row kept): the tenant can no longer log in and an open session stops working', async () => {
    const admin = await signedIn('super');
    const created = await createTenant({ isActive: 1 }, admin);
    const tenant = new Client();
    expect(
      (
        await tenant.post('/API/publicAuth/V1/login.json', {
          email: created.tenantEmail,
          password: 'admin-set-password',
        })
      ).status,
    ).toBe(200);
    expect((await tenant.get('/API/publicAuth/V1/me.json')).status).toBe(200);

    const res = await admin.delete(`${BASE}/tenant/${created.tenantId}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, tenantId: created.tenantId, isActive: 0 });

    const kept = await admin.get(`${BASE}/tenants/${created.tenantId}.json`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ isActive: 0, tenantEmail: created.tenantEmail });
    expect((await tenant.get('/API/publicAuth/V1/me.json')).status).toBe(401);
    const login = await new Client().post('/API/publicAuth/V1/login.json', {
      email: created.tenantEmail,
      password: 'admin-set-password',
    });
    expect(login.status).toBe(403);
  });

  it('shows landlords only the tenants with a lease on their properties', async () => {
    const landlord = await signedIn('landlord');
    const other = await signedIn('otherLandlord');

    const mine = await landlord.get<Paged>(`${BASE}/tenants.json`);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((t) => t.tenantId)).toEqual([1]);
    expect(mine.body.total).toBe(1);
    const theirs = await other.get<Paged>(`${BASE}/tenants.json`);
    expect(theirs.body.items.map((t) => t.tenantId)).toEqual([2]);

    const own = await landlord.get(`${BASE}/tenants/1.json`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      tenantId: 1,
      tenantPhone: '+1 555 0100',
      tenantAddress: '1 Elm St',
      leases: [{ leaseId: 1, propertyId: 11, status: 'active' }],
    });
    // Another landlord's tenant answers exactly as a missing id does: nothing says the tenant exists.
    const missing = problem(await landlord.get(`${BASE}/tenant/999999.json`));
    const foreign = await landlord.get(`${BASE}/tenant/2.json`);
    expect(foreign.status).toBe(404);
    expect(problem(foreign).title).toBe(missing.title);
    expect(problem(foreign).detail).toBe(missing.detail.replace('999999', '2'));
    const filtered = await landlord.get<Paged>(`${BASE}/tenants.json`, { query: { search: 'birch' } });
    expect(filtered.body.items).toEqual([]);
  });
});
