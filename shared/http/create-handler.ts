/**
 * Builds one group's Lambda handler from its bound routes. The middleware order is the one in style.md:
 * header normaliser → event normaliser → route match → JSON body → aliases → valibot → session/roles →
 * handler, with problem+json rendering, CORS and security headers on every response, errors included.
 */
import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ADMIN_COOKIE, parseCookies, TENANT_COOKIE } from '../auth/cookies.js';
import { hasRole } from '../auth/roles.js';
import { loadSession } from '../auth/sessions.js';
import {
  BadRequest,
  Forbidden,
  MethodNotAllowed,
  NotFound,
  PayloadTooLarge,
  Unauthorized,
} from '../errors.js';
import { PathMatcher } from './path-matcher.js';
import { toProblem } from './problem.js';
import { allPaths, type BoundRoute, type Reply, type RequestMeta } from './route.js';
import { parseOrThrow } from './validate.js';

type Event = APIGatewayProxyEvent;
type Result = APIGatewayProxyResult;

interface RequestState {
  route: BoundRoute;
  pathParams: Record<string, string>;
  input: Record<string, unknown>;
}

type ApiContext = Context & { api?: RequestState };

const MAX_BODY_BYTES = 256 * 1024;
const CACHE_PUBLIC = 'public, max-age=600';

export function createHttpHandler(group: string, routes: readonly BoundRoute[]) {
  const matcher = new PathMatcher<BoundRoute>();
  for (const route of routes) {
    for (const path of allPaths(route.contract)) matcher.add(route.contract.method, path, route);
  }

  const handler = middy<Event, Result, Error, ApiContext>()
    .use(httpHeaderNormalizer())
    .use(httpEventNormalizer())
    .use(httpSecurityHeaders())
    // http-cors answers preflight OPTIONS itself, before the router (so no 405 for them).
    .use(
      httpCors({
        origins: corsOrigins(),
        credentials: true,
        headers: 'Content-Type',
        methods: 'GET,POST,PUT,DELETE,OPTIONS',
        maxAge: 600,
        disableBeforePreflightResponse: false,
      }),
    )
    .use({
      onError: async (request) => {
        request.response = toProblem(request.error, requestIdOf(request.event), request.event.path);
      },
    })
    .use({
      before: async (request) => {
        const { event } = request;
        const match = matcher.match(event.httpMethod, event.path);
        if (match.kind === 'found') {
          request.context.api = { route: match.value, pathParams: match.params, input: {} };
          return undefined;
        }
        if (match.kind === 'wrongMethod') throw new MethodNotAllowed(match.allow);
        throw new NotFound(`No endpoint ${event.httpMethod} ${event.path}`);
      },
    })
    .use(jsonBody())
    .use({ before: async (request) => validateInput(request.event, state(request.context)) })
    .use({ before: async (request) => authorize(request.event, state(request.context)) })
    .handler(async (event, context) => {
      const { route, input } = state(context);
      const reply = await route.handle(input);
      return toResult(reply, route.contract.successStatus ?? 200, route.contract.cache === true, event);
    });
  // test/registry.test.ts compares these with the registry, so a group that forgets to bind a route fails there.
  return Object.assign(handler, { group, routeIds: routes.map((r) => r.contract.id) });
}

function state(context: ApiContext): RequestState {
  if (!context.api) throw new Error('route state missing: the route middleware did not run');
  return context.api;
}

/** middy's parser, run only when there is a body: GET, DELETE and empty POSTs have none. */
function jsonBody(): middy.MiddlewareObj<Event, Result, Error, ApiContext> {
  const parser = httpJsonBodyParser({ disableContentTypeCheck: true });
  return {
    before: async (request) => {
      const body = request.event.body;
      if (body === null || body === undefined || body === '') return;
      if (Buffer.byteLength(body) > MAX_BODY_BYTES)
        throw new PayloadTooLarge(`Request bodies are limited to ${MAX_BODY_BYTES / 1024} KB`);
      await parser.before?.(request as never);
    },
  };
}

async function validateInput(event: Event, api: RequestState): Promise<void> {
  const { contract } = api.route;
  const query = applyAliases(
    { ...(event.queryStringParameters ?? {}) } as Record<string, unknown>,
    contract.aliases?.query,
  );
  const rawBody = event.body as unknown;
  if (
    rawBody !== null &&
    rawBody !== undefined &&
    rawBody !== '' &&
    (typeof rawBody !== 'object' || Array.isArray(rawBody))
  ) {
    throw new BadRequest('The request body must be a JSON object');
  }
  const body = applyAliases(
    { ...((rawBody as Record<string, unknown> | null) ?? {}) },
    contract.aliases?.body,
  );
  const headers = event.headers as Record<string, string | undefined>;
  const meta: RequestMeta = {
    requestId: requestIdOf(event),
    ip: event.requestContext?.identity?.sourceIp ?? '0.0.0.0',
    headers,
    cookies: parseCookies(headers.cookie),
    now: new Date(),
  };
  api.input = {
    ...meta,
    params: contract.params ? parseOrThrow(contract.params, api.pathParams, 'path') : {},
    query: contract.query ? parseOrThrow(contract.query, query, 'query') : {},
    body: contract.body ? parseOrThrow(contract.body, body, 'body') : body,
  };
}

/** Spec convention 4: an alias is accepted in place of its field; the field itself wins when both are sent. */
function applyAliases(input: Record<string, unknown>, aliases: Readonly<Record<string, string>> | undefined) {
  if (!aliases) return input;
  for (const [alias, field] of Object.entries(aliases)) {
    if (!(alias in input)) continue;
    if (!(field in input)) input[field] = input[alias];
    delete input[alias];
  }
  return input;
}

async function authorize(_event: Event, api: RequestState): Promise<void> {
  const { auth } = api.route.contract;
  const input = api.input;
  const cookies = input.cookies as Record<string, string>;
  const now = input.now as Date;
  if (auth.kind === 'admin') {
    const admin = await loadSession(cookies[ADMIN_COOKIE], 'admin', now);
    if (!admin) throw new Unauthorized('An admin session is required: sign in at /API/auth/V1/login.json');
    if (!hasRole(admin, auth.roles)) throw new Forbidden(`The ${admin.role} role may not use this endpoint`);
    input.admin = admin;
  } else if (auth.kind === 'tenant' || auth.kind === 'optionalTenant') {
    const tenant = await loadSession(cookies[TENANT_COOKIE], 'tenant', now);
    if (!tenant && auth.kind === 'tenant')
      throw new Unauthorized('A tenant session is required: log in first');
    input.tenant = tenant;
  }
}

function toResult(reply: Reply, defaultStatus: number, cacheable: boolean, event: Event): Result {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': cacheable && event.httpMethod === 'GET' ? CACHE_PUBLIC : 'no-store',
    ...(reply.headers ?? {}),
  };
  const result: Result = {
    statusCode: reply.status ?? defaultStatus,
    headers,
    body: reply.body === undefined ? '' : JSON.stringify(reply.body),
  };
  if (reply.cookies?.length) result.multiValueHeaders = { 'Set-Cookie': reply.cookies };
  return result;
}

function requestIdOf(event: Event): string {
  return event.requestContext?.requestId ?? 'unknown';
}

function corsOrigins(): string[] {
  return (process.env.CORS_ORIGINS ?? '*')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}
