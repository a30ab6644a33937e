/**
 * A stand-in for Stripe's webhook endpoints API (https://docs.stripe.com/api/webhook_endpoints) that the real
 * Stripe SDK talks to (host, port and protocol pointed here), for the deploy scripts' tests: list (paged by
 * `limit` and `starting_after`), create (`url` and `enabled_events` required; the answer alone carries the
 * `whsec_` signing secret), retrieve, update (`enabled_events`, `disabled`, `url`, `description`, `metadata`),
 * delete. Like Stripe it wants a secret key (`Authorization: Bearer sk_…`, else 401), refuses parameters it
 * does not know (400 `parameter_unknown`) and a missing required one (400 `parameter_missing`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

export interface StripeWebhookEndpointsStandIn {
  readonly url: string;
  /** The endpoints, oldest first (with their secrets, which Stripe keeps and never shows again). */
  readonly endpoints: (Stripe.WebhookEndpoint & { secret: string })[];
  close(): Promise<void>;
}

const CREATE_PARAMS = new Set([
  'url',
  'enabled_events',
  'api_version',
  'connect',
  'description',
  'metadata',
  'expand',
]);
const UPDATE_PARAMS = new Set(['url', 'enabled_events', 'disabled', 'description', 'metadata', 'expand']);

/** Stripe's form encoding: `a[]=x&a[]=y` or `a[0]=x`, `m[k]=v`. */
function parseForm(body: string): Record<string, string | string[] | Record<string, string>> {
  const out: Record<string, string | string[] | Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[]+)\[([^\]]*)\]$/.exec(key);
    if (!match) {
      out[key] = value;
      continue;
    }
    const [, name = '', inner = ''] = match;
    if (inner === '' || /^\d+$/.test(inner)) {
      const list = (out[name] as string[] | undefined) ?? [];
      list.push(value);
      out[name] = list;
    } else {
      const map = (out[name] as Record<string, string> | undefined) ?? {};
      map[inner] = value;
      out[name] = map;
    }
  }
  return out;
}

const error = (res: ServerResponse, status: number, code: string, message: string, param?: string) => {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(7).toString('hex')}`,
  });
  res.end(
    JSON.stringify({ error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } }),
  );
};

const ok = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(7).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
};

type Endpoint = Stripe.WebhookEndpoint & { secret: string };
type Form = ReturnType<typeof parseForm>;

const shown = ({ secret: _, ...endpoint }: Endpoint) => endpoint;

function list(res: ServerResponse, endpoints: readonly Endpoint[], query: URLSearchParams): void {
  const limit = Math.min(Number(query.get('limit') ?? 10), 100);
  const after = query.get('starting_after');
  // Stripe lists newest first.
  const all = [...endpoints].reverse();
  const start = after ? all.findIndex((e) => e.id === after) + 1 : 0;
  ok(res, {
    object: 'list',
    url: '/v1/webhook_endpoints',
    has_more: start + limit < all.length,
    data: all.slice(start, start + limit).map(shown),
  });
}

function create(res: ServerResponse, endpoints: Endpoint[], params: Form, livemode: boolean): void {
  const unknown = Object.keys(params).find((p) => !CREATE_PARAMS.has(p));
  const missing = ['url', 'enabled_events'].find((required) => !params[required]);
  if (unknown) error(res, 400, 'parameter_unknown', `Received unknown parameter: ${unknown}`, unknown);
  else if (missing) error(res, 400, 'parameter_missing', `Missing required param: ${missing}.`, missing);
  else endpoints.push(newEndpoint(params, livemode));
  if (!unknown && !missing) ok(res, endpoints.at(-1));
}

function newEndpoint(params: Form, livemode: boolean): Endpoint {
  return {
    id: `we_${randomBytes(12).toString('hex')}`,
    object: 'webhook_endpoint',
    api_version: typeof params.api_version === 'string' ? params.api_version : null,
    application: null,
    created: Math.floor(Date.now() / 1000),
    description: typeof params.description === 'string' ? params.description : null,
    enabled_events: params.enabled_events as string[],
    livemode,
    metadata: (params.metadata as Record<string, string> | undefined) ?? {},
    status: 'enabled',
    url: String(params.url),
    secret: `whsec_${randomBytes(24).toString('hex')}`,
  };
}

function update(res: ServerResponse, endpoint: Endpoint, params: Form): void {
  const unknown = Object.keys(params).find((p) => !UPDATE_PARAMS.has(p));
  if (unknown) {
    error(res, 400, 'parameter_unknown', `Received unknown parameter: ${unknown}`, unknown);
    return;
  }
  if (params.enabled_events) endpoint.enabled_events = params.enabled_events as string[];
  if (typeof params.url === 'string') endpoint.url = params.url;
  if (typeof params.description === 'string') endpoint.description = params.description;
  if (params.disabled !== undefined) endpoint.status = params.disabled === 'true' ? 'disabled' : 'enabled';
  ok(res, shown(endpoint));
}

/** Retrieve, update or delete one endpoint. */
function one(res: ServerResponse, method: string, endpoints: Endpoint[], id: string, params: Form): void {
  const endpoint = endpoints.find((e) => e.id === id);
  if (!endpoint) error(res, 404, 'resource_missing', `No such webhook endpoint: '${id}'`, 'id');
  else if (method === 'GET') ok(res, shown(endpoint));
  else if (method === 'POST') update(res, endpoint, params);
  else if (method === 'DELETE') {
    endpoints.splice(endpoints.indexOf(endpoint), 1);
    ok(res, { id, object: 'webhook_endpoint', deleted: true });
  } else error(res, 405, 'method_not_allowed', `${method} is not allowed here`);
}

export async function startStripeWebhookEndpointsStandIn(): Promise<StripeWebhookEndpointsStandIn> {
  const endpoints: Endpoint[] = [];

  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const key = /^Bearer ((sk|rk)_(live|test)_\w+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key) return error(res, 401, 'api_key_invalid', 'Invalid API Key provided');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, v1, resource, id] = url.pathname.split('/');
    if (v1 !== 'v1' || resource !== 'webhook_endpoints')
      return error(res, 404, 'resource_missing', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    const params = parseForm(body);
    if (!id && req.method === 'GET') return list(res, endpoints, url.searchParams);
    if (!id && req.method === 'POST') return create(res, endpoints, params, key.includes('_live_'));
    return one(res, req.method ?? '', endpoints, id ?? '', params);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    endpoints,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
