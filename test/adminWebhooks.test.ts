/**
 * adminWebhooks over HTTP: subscriptions (create with its secret shown once, list and single without it,
 * update, re-enable, delete), the URL rules, validation, the delivery log's filters and replay's refusals,
 * roles (reads super_admin and svc_rep, writes super_admin; the full matrix is in authz-matrix.test.ts).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesOf } from './support/changes.js';
import { type Client, problem, signedIn } from './support/client.js';
import { rawTable, TABLE } from './support/table.js';
import { Receiver } from './webhook-receiver.js';

const BASE = '/API/adminWebhooks/V1';
let superAdmin: Client;
let svcRep: Client;
let landlord: Client;
let receiver: Receiver;

beforeAll(async () => {
  [superAdmin, svcRep, landlord] = await Promise.all([
    signedIn('super'),
    signedIn('svcRep'),
    signedIn('landlord'),
  ]);
  receiver = await Receiver.start();
});
afterAll(() => receiver.stop());

const create = (body: unknown, by = superAdmin) => by.post(`${BASE}/subscriptions.json`, body);

describe('subscriptions', () => {
  let id: number;
  let secret: string;

  it('creates: 201 with the id and a whsec_ secret, stored sealed, never shown again', async () => {
    const res = await create({ url: receiver.url, events: ['reservation.created', 'invoice.created'] });
    expect(res.status).toBe(201);
    const body = res.body as {
      subscriptionId: number;
      secret: string;
      subscription: Record<string, unknown>;
    };
    id = body.subscriptionId;
    secret = body.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(body.subscription).toMatchObject({
      subscriptionId: id,
      url: receiver.url,
      active: 1,
      secretSet: true,
    });
    expect(body.subscription.events).toEqual(['invoice.created', 'reservation.created']);

    const single = await svcRep.get(`${BASE}/subscriptions/${id}.json`);
    expect(single.status).toBe(200);
    expect(single.text).not.toContain(secret.slice(6, 20));
    expect(single.body).toMatchObject({ secretSet: true, failingSince: null, disabledAt: null });
    const list = await svcRep.get(`${BASE}/subscriptions.json`);
    expect((list.body.items as { subscriptionId: number }[]).map((s) => s.subscriptionId)).toContain(id);
    expect(list.text).not.toContain(secret.slice(6, 20));

    // Never in plain text in the table; the audit change masks nothing it does not hold.
    const { Items = [] } = await rawTable.send(new ScanCommand({ TableName: TABLE }));
    expect(JSON.stringify(Items)).not.toContain(secret.slice(6));
    const [change] = await changesOf('webhookSubscription', id);
    expect(change?.action).toBe('created');
  });

  it('refuses private, non-https and malformed URLs with a 400 on url', async () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:10.0.0.1]/x',
      'ftp://example.com/x',
      'http://example.com/hook',
      'not a url',
      'https://user:pw@example.com/x',
    ]) {
      const res = await create({ url, events: ['invoice.created'] });
      expect(res.status, url).toBe(400);
      expect(problem(res).errors?.[0]?.field, url).toBe('url');
    }
    const update = await superAdmin.put(`${BASE}/subscriptions/${id}.json`, { url: 'https://172.16.0.1/x' });
    expect(update.status).toBe(400);
  });

  it('refuses bad bodies: unknown event, no events, unknown field, empty update', async () => {
    for (const body of [
      { url: receiver.url, events: ['reservation.exploded'] },
      { url: receiver.url, events: [] },
      { url: receiver.url },
      { url: receiver.url, events: ['invoice.paid'], secret: 'mine' },
      [],
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await superAdmin.put(`${BASE}/subscriptions/${id}.json`, {})).status).toBe(400);
    expect((await superAdmin.put(`${BASE}/subscriptions/${id}.json`, { active: 7 })).status).toBe(400);
    expect((await superAdmin.get(`${BASE}/subscriptions/abc.json`)).status).toBe(400);
    expect((await superAdmin.get(`${BASE}/subscriptions/0.json`)).status).toBe(400);
  });

  it('updates url, events and active; 404 for an unknown id', async () => {
    const res = await superAdmin.put(`${BASE}/subscriptions/${id}.json`, {
      events: ['tenant.registered', 'application.submitted'],
      active: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({
      events: ['application.submitted', 'tenant.registered'],
      active: 0,
    });
    const back = await superAdmin.put(`${BASE}/subscriptions/${id}.json`, {
      active: '1',
      url: `${receiver.url}?v=2`,
    });
    expect(back.body.subscription).toMatchObject({ active: 1, url: `${receiver.url}?v=2` });
    expect((await superAdmin.put(`${BASE}/subscriptions/99999.json`, { active: 1 })).status).toBe(404);
    expect((await superAdmin.get(`${BASE}/subscriptions/99999.json`)).status).toBe(404);
    const changes = await changesOf('webhookSubscription', id);
    expect(changes.map((c) => c.action)).toEqual(['created', 'updated', 'updated']);
  });

  it('roles: svc_rep reads but cannot write, a landlord neither', async () => {
    expect((await create({ url: receiver.url, events: ['invoice.paid'] }, svcRep)).status).toBe(403);
    expect((await svcRep.put(`${BASE}/subscriptions/${id}.json`, { active: 0 })).status).toBe(403);
    expect((await svcRep.delete(`${BASE}/subscriptions/${id}.json`)).status).toBe(403);
    expect((await landlord.get(`${BASE}/subscriptions.json`)).status).toBe(403);
    expect((await landlord.get(`${BASE}/deliveries.json`)).status).toBe(403);
    expect((await svcRep.get(`${BASE}/deliveries.json`)).status).toBe(200);
  });

  it('deletes: gone from the list and single (404), a second delete 404', async () => {
    const extra = await create({ url: receiver.url, events: ['invoice.paid'] });
    const extraId = (extra.body as { subscriptionId: number }).subscriptionId;
    const res = await superAdmin.delete(`${BASE}/subscriptions/${extraId}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, subscriptionId: extraId });
    expect((await superAdmin.get(`${BASE}/subscriptions/${extraId}.json`)).status).toBe(404);
    expect((await superAdmin.delete(`${BASE}/subscriptions/${extraId}.json`)).status).toBe(404);
    const list = await superAdmin.get(`${BASE}/subscriptions.json`);
    expect((list.body.items as { subscriptionId: number }[]).map((s) => s.subscriptionId)).not.toContain(
      extraId,
    );
  });
});

describe('delivery log and replay refusals', () => {
  it('lists with paging; refuses a bad status, subscriptionId or limit', async () => {
    const res = await superAdmin.get(`${BASE}/deliveries.json`, { query: { status: 'failed', limit: 500 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 100 });
    expect((await superAdmin.get(`${BASE}/deliveries.json`, { query: { status: 'lost' } })).status).toBe(400);
    expect((await superAdmin.get(`${BASE}/deliveries.json`, { query: { subscriptionId: 'x' } })).status).toBe(
      400,
    );
    expect((await superAdmin.get(`${BASE}/deliveries.json`, { query: { limit: 0 } })).status).toBe(400);
    const none = await superAdmin.get(`${BASE}/deliveries.json`, { query: { subscriptionId: 424242 } });
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('replay: 404 for an unknown delivery, 400 for a malformed id, 403 for svc_rep', async () => {
    const missing = await superAdmin.post(`${BASE}/deliveries/msg_0000000000000000000000_1/replay.json`);
    expect(missing.status).toBe(404);
    expect((await superAdmin.post(`${BASE}/deliveries/12/replay.json`)).status).toBe(400);
    expect((await svcRep.post(`${BASE}/deliveries/msg_0000000000000000000000_1/replay.json`)).status).toBe(
      403,
    );
  });
});
