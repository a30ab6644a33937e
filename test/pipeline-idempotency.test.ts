/**
 * Idempotency-Key over HTTP with test-only routes (DESIGN.md "Idempotency"): replay of the first answer,
 * 422 for another body, 409 while the first call runs, errors not stored, scope per caller, and expiry.
 */

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Client, problem } from './support/client.js';
import { startRouteServer } from './support/route-server.js';

const { bind, defineRoute } = await import('../shared/http/route.js');
const { BadRequest } = await import('../shared/errors.js');
const { idempotentRun } = await import('../shared/http/idempotent-run.js');

const group = 'pipelineIdemTest';
const base = '/API/pipelineIdemTest/V1';
const thingBody = v.strictObject({
  name: v.string(),
  fail: v.optional(v.boolean()),
  hold: v.optional(v.boolean()),
});
const create = defineRoute({
  group,
  summary: 'test only',
  beyondSpec: 'test only',
  id: 'pipelineIdemTest.create',
  method: 'POST',
  path: `${base}/things.json`,
  auth: { kind: 'public' },
  idempotency: true,
  successStatus: 201,
  body: thingBody,
});
const shortLived = defineRoute({
  ...create,
  id: 'pipelineIdemTest.shortLived',
  path: `${base}/shortLived.json`,
  idempotency: { expiresAfterSeconds: 2 },
});

/** How many times the handler really ran, so a replay is seen to create nothing. */
let runs = 0;
/** A call with `hold` waits here until the test lets it finish. */
let started: () => void = () => undefined;
let release: () => void = () => undefined;

async function handle({ body }: { body: v.InferOutput<typeof thingBody> }) {
  runs += 1;
  const n = runs;
  if (body.hold) {
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    started();
    await gate;
  }
  if (body.fail) throw new BadRequest('refused on purpose');
  return { body: { id: n, name: body.name }, headers: { 'X-Thing': String(n) } };
}

const url = await startRouteServer(group, [bind(create, handle), bind(shortLived, handle)], {
  idempotency: idempotentRun,
});
const key = () => `test-${randomUUID()}`;
const post = (client: Client, path: string, payload: unknown, k?: string) =>
  client.post(`${base}/${path}`, payload, k === undefined ? {} : { headers: { 'Idempotency-Key': k } });

describe('Idempotency-Key', () => {
  it('answers the first answer again, status and headers included, and creates nothing', async () => {
    const client = new Client(url);
    const k = key();
    const first = await post(client, 'things.json', { name: 'a' }, k);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const runsAfterFirst = runs;

    const again = await post(client, 'things.json', { name: 'a' }, k);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-thing')).toBe(first.headers.get('x-thing'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(runs).toBe(runsAfterFirst);

    // Without a key, or with another key, the route runs as usual.
    expect((await post(client, 'things.json', { name: 'a' })).body.id).not.toBe(first.body.id);
    expect((await post(client, 'things.json', { name: 'a' }, key())).body.id).not.toBe(first.body.id);
  });

  it('answers 422 for the same key with another body; key order alone is no difference', async () => {
    const client = new Client(url);
    const k = key();
    await post(client, 'things.json', { name: 'a', fail: false }, k);
    const reordered = await client.post(`${base}/things.json`, undefined, {
      rawBody: '{"fail":false,  "name":"a"}',
      headers: { 'Idempotency-Key': k },
    });
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    const other = await post(client, 'things.json', { name: 'b' }, k);
    expect(other.status).toBe(422);
    expect(problem(other).status).toBe(422);
  });

  it('answers 409 while the first call with the key is still running, then replays its answer', async () => {
    const client = new Client(url);
    const k = key();
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = post(client, 'things.json', { name: 'slow', hold: true }, k);
    await running;
    const meanwhile = await post(client, 'things.json', { name: 'slow', hold: true }, k);
    expect(meanwhile.status).toBe(409);
    expect(problem(meanwhile).detail).toMatch(/in progress/);
    release();
    expect((await first).status).toBe(201);
    const after = await post(client, 'things.json', { name: 'slow', hold: true }, k);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.body).toEqual((await first).body);
  });

  it('stores no error: the same request may be retried with the same key', async () => {
    const client = new Client(url);
    const k = key();
    const before = runs;
    expect((await post(client, 'things.json', { name: 'x', fail: true }, k)).status).toBe(400);
    const retried = await post(client, 'things.json', { name: 'x', fail: true }, k);
    expect(retried.status).toBe(400);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(runs).toBe(before + 2);
  });

  it('scopes a key to the caller (here the client IP) and refuses a malformed key with 400', async () => {
    const k = key();
    const mine = await post(new Client(url), 'things.json', { name: 'a' }, k);
    const theirs = await post(new Client(url), 'things.json', { name: 'a' }, k);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    for (const bad of ['k'.repeat(256), 'ünïcode']) {
      const res = await post(new Client(url), 'things.json', { name: 'a' }, bad);
      expect(res.status).toBe(400);
    }
  });

  it('forgets a key when its record expires', async () => {
    const client = new Client(url);
    const k = key();
    const first = await post(client, 'shortLived.json', { name: 'e' }, k);
    expect((await post(client, 'shortLived.json', { name: 'e' }, k)).headers.get('idempotent-replayed')).toBe(
      'true',
    );
    await sleep(3200);
    const later = await post(client, 'shortLived.json', { name: 'e' }, k);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
  });
});
