/**
 * The audit log over HTTP (adminAudit group; DESIGN.md "Audit log"): an admin write leaves an entry, readable
 * by super_admin and svc_rep by record, by actor and by time, newest first; other roles and anonymous callers
 * are refused; bad filters are 400s.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesOf } from './support/changes.js';
import { ADMINS, Client, problem, signedIn, unique } from './support/client.js';
import { useLocalTable } from './support/in-process.js';
import { jobsCaughtUp } from './support/jobs.js';
import { rawTable, TABLE } from './support/table.js';

const ENTRIES = '/API/adminAudit/V1/entries.json';

interface Entry {
  entryId: string;
  at: string;
  actor: string;
  recordType: string;
  recordId: string;
  action: string;
  fields: { field: string; old: unknown; new: unknown }[];
  requestId: string;
}
interface EntryPage {
  items: Entry[];
  page: number;
  limit: number;
  total: number;
}

useLocalTable();
const { changePart } = await import('../shared/data/changes-repo.js');

/** Plants a change item as a service would (its own transaction, here alone) at a given time. */
async function plantChange(recordType: string, recordId: string, actor: `admin:${number}`, at: string) {
  const built = changePart(
    { recordType, recordId, action: 'updated', before: { name: 'a' }, after: { name: 'b' } },
    { actor, requestId: `req-${at}` },
    new Date(at),
  );
  const item = (built.item as { Put: { Item: Record<string, unknown> } }).Put.Item;
  await rawTable.send(new PutCommand({ TableName: TABLE, Item: item }));
  return String(item.changeId);
}

describe('audit log', () => {
  let superAdmin: Client;
  let rep: Client;
  let propertyId: number;

  beforeAll(async () => {
    [superAdmin, rep] = await Promise.all([signedIn('super'), signedIn('svcRep')]);
    const created = await superAdmin.post<{ propertyId: number }>('/API/adminProperties/V1/properties.json', {
      type: 'vr',
      propertyName: unique('Audit Cove'),
      propertyDesc: 'Audited',
      propertyRate: '120.00',
    });
    expect(created.status, created.text).toBe(201);
    propertyId = created.body.propertyId;
    const updated = await superAdmin.put(`/API/adminProperties/V1/property/${propertyId}.json`, {
      propertyRate: '135.50',
    });
    expect(updated.status, updated.text).toBe(200);
    await jobsCaughtUp();
  });

  it("records an admin's property writes: the record's history, newest first, with the changed fields", async () => {
    const res = await superAdmin.get<EntryPage>(ENTRIES, {
      query: { recordType: 'property', recordId: propertyId },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { items, total } = res.body;
    expect(total).toBe(items.length);
    expect(items.length).toBeGreaterThanOrEqual(1);
    const [newest] = items;
    expect(newest).toMatchObject({
      recordType: 'property',
      recordId: String(propertyId),
      actor: `admin:${ADMINS.super.adminId}`,
      action: 'updated',
      requestId: expect.any(String),
    });
    expect(newest?.fields).toContainEqual(expect.objectContaining({ field: 'propertyRate' }));
    const times = items.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is readable by a service rep, by actor, newest first', async () => {
    const res = await rep.get<EntryPage>(ENTRIES, { query: { actor: `admin:${ADMINS.super.adminId}` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.some((e) => e.recordId === String(propertyId))).toBe(true);
    expect(res.body.items.every((e) => e.actor === `admin:${ADMINS.super.adminId}`)).toBe(true);
    const times = res.body.items.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('pages by record, by actor and by time within a date range, across months, newest first', async () => {
    const type = `auditTest${Date.now()}`;
    const ids = [
      await plantChange(type, '7', 'admin:3', '2001-01-31T23:00:00.000Z'),
      await plantChange(type, '7', 'admin:1', '2001-02-01T08:00:00.000Z'),
      await plantChange(type, '8', 'admin:3', '2001-02-15T08:00:00.000Z'),
      await plantChange(type, '7', 'admin:3', '2001-03-01T08:00:00.000Z'),
    ];
    await jobsCaughtUp();

    const byRecord = await rep.get<EntryPage>(ENTRIES, { query: { recordType: type, recordId: '7' } });
    expect(byRecord.body.items.map((e) => e.entryId)).toEqual([ids[3], ids[1], ids[0]]);

    const byRecordAndActor = await rep.get<EntryPage>(ENTRIES, {
      query: { recordType: type, recordId: '7', actor: 'admin:3' },
    });
    expect(byRecordAndActor.body.items.map((e) => e.entryId)).toEqual([ids[3], ids[0]]);

    const byTime = await rep.get<EntryPage>(ENTRIES, {
      query: { dateFrom: '2001-01-31', dateTo: '2001-02-28', limit: 2 },
    });
    expect(byTime.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(byTime.body.items.map((e) => e.entryId)).toEqual([ids[2], ids[1]]);
    const second = await rep.get<EntryPage>(ENTRIES, {
      query: { dateFrom: '2001-01-31', dateTo: '2001-02-28', limit: 2, page: 2 },
    });
    expect(second.body.items.map((e) => e.entryId)).toEqual([ids[0]]);

    const byTypeInRange = await rep.get<EntryPage>(ENTRIES, {
      query: { recordType: type, dateFrom: '2001-02-01', dateTo: '2001-12-31' },
    });
    expect(byTypeInRange.body.items.map((e) => e.entryId)).toEqual([ids[3], ids[2], ids[1]]);

    const byActorInRange = await rep.get<EntryPage>(ENTRIES, {
      query: { actor: 'admin:3', recordType: type, dateTo: '2001-02-28' },
    });
    expect(byActorInRange.body.items.map((e) => e.entryId)).toEqual([ids[2], ids[0]]);
  });

  it('writes one entry per change, however often the change is delivered', async () => {
    const type = `auditTwice${Date.now()}`;
    await plantChange(type, '1', 'admin:1', '2002-05-05T05:05:05.000Z');
    await jobsCaughtUp();
    const res = await rep.get<EntryPage>(ENTRIES, { query: { recordType: type, recordId: '1' } });
    expect(res.body.total).toBe(1);
  });

  it('keeps no personal values: a registration says the e-mail and names were set, never to what', async () => {
    const visitor = new Client();
    const email = `audit-${Date.now().toString(36)}@example.test`;
    const registered = await visitor.post('/API/publicAuth/V1/register.json', {
      tenantFirstName: 'Privata',
      tenantLastName: 'Auditee',
      tenantEmail: email,
      tenantPhone: '+1 555 0199 123',
      password: 'a-good-password',
      password2: 'a-good-password',
    });
    expect(registered.status, registered.text).toBe(200);
    // The change announces tenant.registered with the record (the signed webhook's payload, by design) …
    const changes = await changesOf('tenant');
    const change = changes.find(
      (c) => (c as { data?: { tenantEmail?: string } }).data?.tenantEmail === email,
    );
    expect(change).toBeDefined();
    await jobsCaughtUp();
    // … but the audit entry holds no value of it: the fields masked, no payload.
    const res = await rep.get<EntryPage>(ENTRIES, {
      query: { recordType: 'tenant', recordId: change?.recordId ?? '' },
    });
    expect(res.status, res.text).toBe(200);
    const [entry] = res.body.items;
    expect(entry).toMatchObject({
      action: 'registered',
      actor: `guest:${visitor.ip}`,
      event: 'tenant.registered',
    });
    const masked = (field: string) => entry?.fields.find((f) => f.field === field);
    for (const field of ['tenantEmail', 'tenantFirstName', 'tenantLastName', 'tenantPhone'])
      expect(masked(field), field).toEqual({ field, old: null, new: '***' });
    const text = JSON.stringify(res.body);
    for (const value of [email, 'Privata', 'Auditee', '0199']) expect(text, value).not.toContain(value);
    expect(Object.keys(entry ?? {})).not.toContain('data');
  });

  it('refuses landlords and housekeepers (403) and callers without a session (401)', async () => {
    for (const who of ['landlord', 'housekeeper'] as const) {
      const res = await (await signedIn(who)).get(ENTRIES);
      expect(res.status, who).toBe(403);
      problem(res);
    }
    const anonymous = await new Client().get(ENTRIES);
    expect(anonymous.status).toBe(401);
  });

  it('answers 400 for a record id without its type, a bad date, a backwards range or a bad actor', async () => {
    const cases = [
      [{ recordId: '1' }, 'recordId'],
      [{ dateFrom: '2026-13-01' }, 'dateFrom'],
      [{ dateFrom: '2026-02-01', dateTo: '2026-01-01' }, 'dateTo'],
      [{ actor: 'nobody' }, 'actor'],
      [{ limit: '0' }, 'limit'],
    ] as const;
    for (const [query, field] of cases) {
      const res = await rep.get(ENTRIES, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(problem(res).errors?.map((e) => e.field)).toContain(field);
    }
  });
});
