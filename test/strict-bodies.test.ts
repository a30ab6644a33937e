/**
 * Request bodies are strict (docs/decisions.md "Bodies"): every write route of the registry answers a
 * JSON `null` body with the 400 of any other body that is not an object, and a body with a field it does not
 * take with a 400 naming that field, while the spec's aliases (resolved before validation) still pass. The one
 * exception is the Stripe webhook, whose event objects Stripe grows without notice.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { StripeStandIn } from '../infra/local/stripe-stand-in.js';
import type { AnySchema, RouteContract } from '../shared/http/route.js';

const CHANNEL_SECRET = 'strict-bodies-channel-secret';
const STRIPE_SECRET = 'whsec_strict_bodies';
process.env.CHANNEL_WEBHOOK_SECRET = CHANNEL_SECRET;
process.env.STRIPE_WEBHOOK_SECRET = STRIPE_SECRET;

const { ROUTES } = await import('../functions/registry.js');
const { signedInTenant } = await import('./support/builders.js');
const { Client, problem, signedIn } = await import('./support/client.js');

/** Stripe documents new fields in its event objects as a backward-compatible change: they must pass. */
const LOOSE_BY_DESIGN = new Set(['payment.webhook']);

const WRITE_ROUTES = ROUTES.filter((r) => r.method !== 'GET');

const UNKNOWN = 'zzNotAField';

/** Path values each route's params accept (validation reads the path before the body). */
const PARAMS: Record<string, string> = { id: '1', propertyId: '1', code: 'STRICT' };
const ROUTE_PARAMS: Record<string, Record<string, string>> = {
  'adminWebhooks.replay': { id: 'msg_0000000000000000000000_1' },
};
/** The routes whose query is required (it is validated before the body too). */
const QUERIES: Record<string, Record<string, string>> = {
  'adminLeases.end': { endDate: '2031-01-31' },
  'adminRates.clear': { dateFrom: '2031-01-01', dateTo: '2031-01-02' },
};

function pathOf(route: RouteContract): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = ROUTE_PARAMS[route.id]?.[name] ?? PARAMS[name];
    if (value === undefined) throw new Error(`${route.id}: no sample value for {${name}}`);
    return value;
  });
}

interface SchemaNode {
  type?: string;
  kind?: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  items?: SchemaNode[];
  options?: SchemaNode[];
  pipe?: SchemaNode[];
}

/** Where a schema holds an object that drops unknown keys (`v.object`, `v.looseObject`). */
function looseObjectsIn(schema: SchemaNode | undefined, at: string, found: string[]): string[] {
  if (!schema) return found;
  if (schema.type === 'object' || schema.type === 'loose_object' || schema.type === 'object_with_rest')
    found.push(`${at || '(body)'} is ${schema.type}`);
  for (const [name, entry] of Object.entries(schema.entries ?? {}))
    looseObjectsIn(entry, at ? `${at}.${name}` : name, found);
  looseObjectsIn(schema.wrapped, at, found);
  looseObjectsIn(schema.item, `${at}[]`, found);
  for (const item of schema.items ?? []) looseObjectsIn(item, `${at}[]`, found);
  for (const option of schema.options ?? []) looseObjectsIn(option, at, found);
  // A pipe's first element is the schema itself (already walked); later schema elements are checked too.
  for (const step of (schema.pipe ?? []).slice(1))
    if (step.kind === 'schema') looseObjectsIn(step, at, found);
  return found;
}

const signChannel = (raw: string) =>
  `sha256=${createHmac('sha256', CHANNEL_SECRET).update(raw).digest('hex')}`;

/** The signed-in clients each kind of route is called with (a fresh IP per request: no limit is reached). */
const sessions = { admin: new Map<string, string>(), tenant: new Map<string, string>(), csrf: '' };

async function send(route: RouteContract, raw: string) {
  const client = new Client();
  const headers: Record<string, string> = {};
  const kind = route.auth.kind;
  const jar = kind === 'admin' ? sessions.admin : kind === 'tenant' ? sessions.tenant : undefined;
  for (const [name, value] of jar ?? []) client.cookies.set(name, value);
  if (kind === 'csrf') {
    const csrf = await client.get<{ payment_csrf: string }>('/API/payment-csrf.php');
    headers['x-csrf-token'] = csrf.body.payment_csrf;
  }
  if (route.id === 'channel.webhook') headers['x-channel-signature'] = signChannel(raw);
  if (route.id === 'payment.webhook')
    headers['stripe-signature'] = StripeStandIn.signature(raw, STRIPE_SECRET);
  return client.request(route.method, pathOf(route), {
    rawBody: raw,
    headers,
    ...(QUERIES[route.id] ? { query: QUERIES[route.id] } : {}),
  });
}

beforeAll(async () => {
  const admin = await signedIn('super');
  for (const [name, value] of admin.cookies) sessions.admin.set(name, value);
  const tenant = (await signedInTenant()).client;
  for (const [name, value] of tenant.cookies) sessions.tenant.set(name, value);
  // The channel webhook is a 404 while the integration is off, before its body is read.
  const on = await admin.put('/API/adminSettings/V1/settings.json', { channelEnabled: 1 });
  expect(on.status).toBe(200);
});

describe('request body schemas', () => {
  it('are strict objects all the way down on every route that takes a body', () => {
    const loose = ROUTES.filter((r) => r.body && !LOOSE_BY_DESIGN.has(r.id)).flatMap((r) =>
      looseObjectsIn(r.body as AnySchema as SchemaNode, '', []).map((where) => `${r.id}: ${where}`),
    );
    expect(loose).toEqual([]);
  });
});

describe('every write route', () => {
  it('answers a JSON null body 400 problem+json, as any body that is not an object', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = [];
    for (const route of WRITE_ROUTES) {
      const res = await send(route, 'null');
      const detail = res.status === 400 ? problem(res).detail : res.text.slice(0, 200);
      if (res.status !== 400 || detail !== 'The request body must be a JSON object')
        wrong.push(`${route.id}: ${res.status} ${detail}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a field it does not take 400 problem+json naming the field', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = [];
    for (const route of WRITE_ROUTES.filter((r) => !LOOSE_BY_DESIGN.has(r.id))) {
      const res = await send(route, JSON.stringify({ [UNKNOWN]: 1 }));
      const errors = res.status === 400 ? (problem(res).errors ?? []) : [];
      if (!errors.some((e) => e.field === UNKNOWN && e.message === 'unknown field'))
        wrong.push(`${route.id}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names an unknown field inside a nested object by its path', async () => {
    const channel = ROUTES.find((r) => r.id === 'channel.webhook');
    if (!channel) throw new Error('channel.webhook is not registered');
    const raw = JSON.stringify({
      event: 'reservation.cancelled',
      reservation: { channel: 'airbnb', channelReservationId: 'X1', [UNKNOWN]: 1 },
    });
    const res = await send(channel, raw);
    expect(res.status).toBe(400);
    expect(problem(res).errors).toContainEqual({ field: `reservation.${UNKNOWN}`, message: 'unknown field' });
  });

  it('still takes every documented body alias in place of its field', { timeout: 60_000 }, async () => {
    const refused: string[] = [];
    for (const route of WRITE_ROUTES)
      for (const alias of Object.keys(route.aliases?.body ?? {})) {
        const res = await send(route, JSON.stringify({ [alias]: 1 }));
        const errors = res.status === 400 ? (problem(res).errors ?? []) : [];
        if (errors.some((e) => e.field === alias))
          refused.push(`${route.id}: ${alias} ${res.text.slice(0, 200)}`);
      }
    expect(refused).toEqual([]);
  });

  it('without a body, or with {}, still reaches the routes that take none', async () => {
    const logout = ROUTES.find((r) => r.id === 'publicAuth.logout');
    if (!logout) throw new Error('publicAuth.logout is not registered');
    expect((await new Client().post(logout.path)).status).toBe(200);
    expect((await new Client().post(logout.path, {})).status).toBe(200);
  });
});
