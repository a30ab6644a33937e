/**
 * Coupons over HTTP (adminCoupons, beyond the spec): create, list with uses, read in any case, update (never
 * the uses), deactivate; percent above 100 refused; roles and the change items. Bodies take `couponCode` (the
 * public API's name) or its alias `code`; answers carry both.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { changesOf } from './support/changes.js';
import { Client, problem, signedIn, unique } from './support/client.js';
import { rawTable, TABLE } from './support/table.js';

const BASE = '/API/adminCoupons/V1';
const code = () => unique('C').replace(/\W/g, '').slice(0, 20);

interface Coupon {
  couponCode: string;
  code: string;
  type: string;
  value: number;
  isActive: number;
  validFrom: string | null;
  validTo: string | null;
  propertyIds: number[];
  minNights: number | null;
  maxUses: number | null;
  uses: number;
  usesLeft: number | null;
}

describe('admin coupons', () => {
  it('creates (201), reads in any case, lists with uses', async () => {
    const admin = await signedIn('super');
    const c = code();
    const res = await admin.post(`${BASE}/coupons.json`, {
      couponCode: c,
      type: 'percent',
      value: '12.5',
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      propertyIds: [2002, 2001, 2001],
      minNights: 2,
      maxUses: 5,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ success: true, couponCode: c, code: c });
    const one = await admin.get<Coupon>(`${BASE}/coupons/${c.toLowerCase()}.json`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      couponCode: c,
      code: c,
      type: 'percent',
      value: 12.5,
      isActive: 1,
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
      propertyIds: [2001, 2002],
      minNights: 2,
      maxUses: 5,
      uses: 0,
      usesLeft: 5,
    });
    const abs = code();
    await admin.post(`${BASE}/coupons.json`, { code: abs, type: 'abs', value: 25 });
    const list = await admin.get<{ items: Coupon[] }>(`${BASE}/coupons.json`);
    expect(list.body.items.map((i) => i.code)).toEqual(expect.arrayContaining([c, abs]));
    expect(list.body.items.find((i) => i.code === abs)).toMatchObject({
      value: 25,
      maxUses: null,
      usesLeft: null,
    });
    const dup = await admin.post(`${BASE}/coupons.json`, { code: c.toLowerCase(), type: 'abs', value: 1 });
    expect(dup.status).toBe(409);
    expect((await changesOf('coupon', c.toUpperCase())).map((x) => x.action)).toEqual(['created']);
  });

  it('takes `code` as the alias of `couponCode` (the field wins when both are sent); answers name it both ways', async () => {
    const admin = await signedIn('super');
    const old = code();
    const byAlias = await admin.post<{ couponCode: string; code: string; coupon: Coupon }>(
      `${BASE}/coupons.json`,
      { code: old, type: 'abs', value: 5 },
    );
    expect(byAlias.status, byAlias.text).toBe(201);
    expect(byAlias.body).toMatchObject({ couponCode: old, code: old });
    expect(byAlias.body.coupon).toMatchObject({ couponCode: old, code: old, value: 5 });
    const [field, alias] = [code(), code()];
    const both = await admin.post(`${BASE}/coupons.json`, {
      couponCode: field,
      code: alias,
      type: 'abs',
      value: 1,
    });
    expect(both.body).toMatchObject({ couponCode: field });
    expect((await admin.get(`${BASE}/coupons/${alias}.json`)).status).toBe(404);
    const list = await admin.get<{ items: Coupon[] }>(`${BASE}/coupons.json`);
    expect(list.body.items.find((i) => i.couponCode === old)?.code).toBe(old);
    // A bad code is named by the field, whichever name carried it.
    const bad = await admin.post(`${BASE}/coupons.json`, { code: 'has space', type: 'abs', value: 5 });
    expect(problem(bad).errors?.[0]?.field).toBe('couponCode');
    const [change] = await changesOf('coupon', old.toUpperCase());
    expect(change?.action).toBe('created');
    expect(change?.fields).toContainEqual(expect.objectContaining({ field: 'couponCode', new: old }));
  });

  it('updates the terms and never the uses; clears a bound with null; deactivates (DELETE, twice is fine)', async () => {
    const admin = await signedIn('super');
    const c = code();
    await admin.post(`${BASE}/coupons.json`, { code: c, type: 'abs', value: 10, maxUses: 3 });
    // A booking counted 2 uses meanwhile.
    const key = c.toUpperCase();
    await rawTable.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `COUPON#${key}`,
          SK: 'COUPON',
          entity: 'coupon',
          code: c,
          type: 'abs',
          amountCents: 1000,
          percent: 0,
          isActive: 1,
          propertyIds: [],
          maxUses: 3,
          uses: 2,
          version: 1,
          GSI1PK: 'COUPONS',
          GSI1SK: key,
        },
      }),
    );
    const put = await admin.put<{ coupon: Coupon }>(`${BASE}/coupons/${c}.json`, {
      type: 'percent',
      value: 100,
      maxUses: null,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.coupon).toMatchObject({
      type: 'percent',
      value: 100,
      maxUses: null,
      uses: 2,
      usesLeft: null,
    });
    const del = await admin.delete<{ coupon: Coupon }>(`${BASE}/coupons/${c}.json`);
    expect(del.body.coupon).toMatchObject({ isActive: 0, uses: 2 });
    expect((await admin.delete(`${BASE}/coupons/${c}.json`)).status).toBe(200);
    expect((await changesOf('coupon', key)).map((x) => x.action)).toEqual([
      'created',
      'updated',
      'deactivated',
    ]);
    expect((await admin.put(`${BASE}/coupons/${c}.json`, { isActive: 1 })).status).toBe(200);
  });

  it('refuses bad input with a 400 (percent above 100, no code, bad dates), 404 for a missing code', async () => {
    const admin = await signedIn('super');
    const bodies: unknown[] = [
      {},
      { code: code(), type: 'percent', value: 101 },
      { code: code(), type: 'percent', value: '150' },
      { code: code(), type: 'free', value: 1 },
      { code: code(), type: 'abs', value: 0 },
      { code: code(), type: 'abs', value: -5 },
      { code: 'has space', type: 'abs', value: 5 },
      { code: 'x'.repeat(33), type: 'abs', value: 5 },
      { code: code(), type: 'abs', value: 5, validFrom: '2027-05-01', validTo: '2027-04-01' },
      { code: code(), type: 'abs', value: 5, maxUses: -1 },
      { code: code(), type: 'abs', value: 5, propertyIds: ['x'] },
      { code: code(), type: 'abs', value: 5, uses: 3 },
    ];
    for (const body of bodies) {
      const res = await admin.post(`${BASE}/coupons.json`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(problem(res).status).toBe(400);
    }
    const pct = await admin.post(`${BASE}/coupons.json`, { code: code(), type: 'percent', value: 101 });
    expect(problem(pct).errors?.[0]?.field).toBe('value');
    const c = code();
    await admin.post(`${BASE}/coupons.json`, { code: c, type: 'percent', value: 10 });
    expect((await admin.put(`${BASE}/coupons/${c}.json`, { value: 120 })).status).toBe(400);
    expect((await admin.put(`${BASE}/coupons/${c}.json`, {})).status).toBe(400);
    expect((await admin.get(`${BASE}/coupons/NOPE-${c}.json`)).status).toBe(404);
    expect((await admin.put(`${BASE}/coupons/NOPE-${c}.json`, { value: 1 })).status).toBe(404);
    expect((await admin.delete(`${BASE}/coupons/NOPE-${c}.json`)).status).toBe(404);
    expect((await admin.get(`${BASE}/coupons/a%20b.json`)).status).toBe(400);
  });

  it('roles: reads R, writes super_admin', async () => {
    expect((await new Client().get(`${BASE}/coupons.json`)).status).toBe(401);
    expect((await (await signedIn('housekeeper')).get(`${BASE}/coupons.json`)).status).toBe(403);
    for (const who of ['svcRep', 'landlord'] as const) {
      const client = await signedIn(who);
      expect((await client.get(`${BASE}/coupons.json`)).status).toBe(200);
      expect(
        (await client.post(`${BASE}/coupons.json`, { code: code(), type: 'abs', value: 1 })).status,
      ).toBe(403);
    }
  });
});
