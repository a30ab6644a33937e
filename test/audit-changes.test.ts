/**
 * Admin writes of properties, tenants and site settings leave their audit change (DESIGN.md "Audit log") in
 * the same transaction: actor, request id and the changed fields as the API shows them, with encrypted
 * contact fields, the password hash and the CAPTCHA secret masked; a write that fails leaves none.
 */
import { describe, expect, it } from 'vitest';
import { createTenant, createVrProperty, uniqueEmail, vrPropertyBody } from './support/builders.js';
import { type ChangeItem, changesOf } from './support/changes.js';
import { ADMINS, signedIn, unique } from './support/client.js';

const fieldOf = (change: ChangeItem | undefined, field: string) =>
  change?.fields.find((f) => f.field === field);

const SUPER = `admin:${ADMINS.super.adminId}`;

describe('admin property writes: audit changes', () => {
  it('records create, update and archive with actor, request id and the admin object’s fields', async () => {
    const admin = await signedIn('super');
    const name = unique('Audited');
    const id = await createVrProperty({ propertyName: name, propertyRate: '120.00' }, admin);
    const P = `/API/adminProperties/V1/properties/${id}.json`;
    expect((await admin.put(P, { propertyRate: '135.50' })).status).toBe(200);
    expect((await admin.delete(P)).status).toBe(200);
    // Archiving again changes nothing, so it records nothing.
    expect((await admin.delete(P)).status).toBe(200);

    const changes = await changesOf('property', id);
    expect(changes.map((c) => c.action)).toEqual(['created', 'updated', 'archived']);
    for (const change of changes) {
      expect(change.actor).toBe(SUPER);
      expect(change.requestId).toMatch(/\S/);
      expect(change.requestId).not.toBe('unknown');
    }
    const [create, update, archive] = changes;
    expect(fieldOf(create, 'propertyName')).toEqual({ field: 'propertyName', old: null, new: name });
    expect(fieldOf(create, 'propertyRate')).toEqual({ field: 'propertyRate', old: null, new: 120 });
    // The admin object, not the stored item: amounts, no keys or cents.
    expect(create?.fields.map((f) => f.field)).not.toContain('PK');
    expect(create?.fields.map((f) => f.field)).not.toContain('propertyRateCents');
    expect(fieldOf(update, 'propertyRate')).toEqual({ field: 'propertyRate', old: 120, new: 135.5 });
    expect(fieldOf(update, 'propertyName')).toBeUndefined();
    expect(fieldOf(archive, 'isArchived')).toEqual({ field: 'isArchived', old: 0, new: 1 });
  });

  it('leaves no change when the write fails (taken name, 409)', async () => {
    const admin = await signedIn('super');
    const taken = unique('Taken');
    await createVrProperty({ propertyName: taken }, admin);
    const otherId = await createVrProperty({}, admin);
    const created = await admin.post(
      '/API/adminProperties/V1/properties.json',
      vrPropertyBody({ propertyName: taken.toUpperCase() }),
    );
    expect(created.status).toBe(409);
    const renamed = await admin.put(`/API/adminProperties/V1/properties/${otherId}.json`, {
      propertyName: taken,
    });
    expect(renamed.status).toBe(409);
    expect((await changesOf('property', otherId)).map((c) => c.action)).toEqual(['created']);
  });
});

describe('admin tenant writes: audit changes', () => {
  it('records create, update and deactivate; e-mail, names, contact fields and the password hash only as masked', async () => {
    const admin = await signedIn('super');
    const phone = '+1 555 0100 777';
    const tenant = await createTenant(
      { tenantPhone: phone, tenantCity: 'Harbor Town', tenantLastName: 'Privatsson' },
      admin,
    );
    const T = `/API/adminTenants/V1/tenants/${tenant.tenantId}.json`;
    expect((await admin.put(T, { tenantFirstName: 'Renamed', password: 'a-new-password-1' })).status).toBe(
      200,
    );
    expect((await admin.delete(T)).status).toBe(200);

    const changes = await changesOf('tenant', tenant.tenantId);
    expect(changes.map((c) => c.action)).toEqual(['created', 'updated', 'deactivated']);
    expect(changes.every((c) => c.actor === SUPER)).toBe(true);
    const [create, update] = changes;
    // Personal fields as a reservation's guest: the entry says they were set or changed, never to what.
    expect(fieldOf(create, 'tenantEmail')).toEqual({ field: 'tenantEmail', old: null, new: '***' });
    expect(fieldOf(create, 'tenantLastName')).toEqual({ field: 'tenantLastName', old: null, new: '***' });
    expect(fieldOf(create, 'tenantPhone')).toEqual({ field: 'tenantPhone', old: null, new: '***' });
    expect(fieldOf(create, 'tenantCity')).toEqual({ field: 'tenantCity', old: null, new: '***' });
    expect(fieldOf(create, 'passwordHash')).toEqual({ field: 'passwordHash', old: null, new: '***' });
    expect(fieldOf(update, 'tenantFirstName')).toEqual({ field: 'tenantFirstName', old: '***', new: '***' });
    expect(fieldOf(update, 'tenantEmail')).toBeUndefined();
    expect(fieldOf(update, 'passwordHash')).toEqual({ field: 'passwordHash', old: '***', new: '***' });
    expect(fieldOf(update, 'tenantPhone')).toBeUndefined();
    const text = JSON.stringify(changes);
    for (const secret of [
      phone,
      'Harbor Town',
      'scrypt',
      'v1:',
      'a-new-password-1',
      tenant.tenantEmail,
      tenant.tenantFirstName,
      tenant.tenantLastName,
      'Renamed',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('leaves no change for a duplicate e-mail (409)', async () => {
    const admin = await signedIn('super');
    const email = uniqueEmail('audit-dup');
    const first = await createTenant({ tenantEmail: email }, admin);
    const again = await admin.post('/API/adminTenants/V1/tenants.json', {
      tenantEmail: email.toUpperCase(),
      tenantFirstName: 'Dup',
      tenantLastName: 'Licate',
      password: 'duplicate-pass-1',
    });
    expect(again.status).toBe(409);
    expect((await changesOf('tenant', first.tenantId)).map((c) => c.action)).toEqual(['created']);
  });
});

describe('admin settings writes: audit changes', () => {
  it('records the written fields only, the CAPTCHA secret masked', async () => {
    const admin = await signedIn('super');
    const siteName = unique('Audited site');
    const secret = unique('secret-key').replace(' ', '-');
    const res = await admin.put('/API/adminSettings/V1/settings.json', {
      siteName,
      apiCaptchaSecretKey: secret,
    });
    expect(res.status, res.text).toBe(200);

    const change = (await changesOf('settings', 'site')).find(
      (c) => fieldOf(c, 'siteName')?.new === siteName,
    );
    expect(change?.action).toBe('updated');
    expect(change?.actor).toBe(SUPER);
    expect(change?.fields.map((f) => f.field)).toEqual(['apiCaptchaSecretKey', 'siteName']);
    expect(fieldOf(change, 'apiCaptchaSecretKey')?.new).toBe('***');
    expect(JSON.stringify(change)).not.toContain(secret);
  });
});
