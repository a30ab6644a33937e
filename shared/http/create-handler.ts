/**
 * Builds one group's Lambda handler from its bound routes. A request's way (DESIGN.md "A request's way"):
 * header and event normalisers → log context → route match → raw body kept → JSON only for cookie writes →
 * route rate limits → webhook signature → JSON body → CSRF token → aliases and valibot → session and roles →
 * Idempotency-Key → handler, with problem+json rendering, CORS and security headers on every response.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ADMIN_COOKIE, parseCookies, TENANT_COOKIE } from '../auth/cookies.js';
import { CSRF_BODY_FIELD, CSRF_COOKIE, CSRF_HEADER, checkCsrfToken } from '../auth/csrf.js';
import { hasRole } from '../auth/roles.js';
import type { AdminSession, TenantSession } from '../auth/session-types.js';
import { loadSession } from '../auth/sessions.js';
import { now as clockNow } from '../clock.js';
import { Forbidden, MethodNotAllowed, NotFound, PayloadTooLarge, Unauthorized } from '../errors.js';
import { logger, requestLogKeys, withRequestLogKeys } from '../log.js';
import { tracer } from '../tracer.js';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, parseCorsOrigins } from './cors.js';
import type { IdempotentRun, IdempotentRunOf } from './idempotency.js';
import { callerOf, idempotencyKeyOf, runsByRoute } from './idempotency.js';
import { checkJsonBody, takesJsonOnly } from './media-type.js';
import { PathMatcher } from './path-matcher.js';
import { toProblem } from './problem.js';
import { countRouteLimits } from './rate-limit.js';
import { bodyObject, rawBodyOf, validatedInput } from './request-input.js';
import { allPaths, type BoundRoute, type CountedLimits, type Reply, type RouteContract } from './route.js';
import { verifiersByRoute, type WebhookVerifier, type WebhookVerifiers } from './webhook-verifiers.js';

type Event = APIGatewayProxyEvent;
type Result = APIGatewayProxyResult;

interface RequestState {
  route: BoundRoute;
  pathParams: Record<string, string>;
  now: Date;
  ip: string;
  rawBody: string;
  rateLimits?: CountedLimits;
  /** The body as sent, parsed (before aliases and validation): what an Idempotency-Key replay must match. */
  sentBody: Record<string, unknown>;
  input: Record<string, unknown>;
  /**
   * The route's session, read while the rate limits are counted (two round trips side by side instead of one
   * after the other); the role and the 401 are decided after validation, as before.
   */
  session: Promise<SessionRead> | undefined;
}

type SessionRead =
  | { ok: true; value: AdminSession | TenantSession | undefined }
  | { ok: false; error: unknown };

export interface HandlerOptions {
  /**
   * What the group brings itself, so no other group's bundle carries it: the verifier of each name its
   * `webhook` routes give (shared/http/webhook-verifiers.ts), and the run of its `idempotency` routes
   * (shared/http/idempotent-run.ts: the answers it keeps are sealed under the data key).
   */
  readonly webhookVerifiers?: WebhookVerifiers;
  readonly idempotency?: IdempotentRunOf;
}

type ApiContext = Context & { api?: RequestState };

const MAX_BODY_BYTES = 256 * 1024;
const CACHE_PUBLIC = 'public, max-age=600';

export function createHttpHandler(
  group: string,
  routes: readonly BoundRoute[],
  options: HandlerOptions = {},
) {
  // Read at cold start: a wrong CORS_ORIGINS fails the Lambda's start, not some browser's request later.
  const origins = parseCorsOrigins(process.env.CORS_ORIGINS);
  const contracts = routes.map((r) => r.contract);
  const verifiers = verifiersByRoute(group, contracts, options.webhookVerifiers ?? {});
  const idempotent = runsByRoute(group, contracts, options.idempotency);
  const matcher = new PathMatcher<BoundRoute>();
  for (const route of routes)
    for (const path of allPaths(route.contract)) matcher.add(route.contract.method, path, route);

  const handler = middy<Event, Result, Error, ApiContext>()
    .use(httpHeaderNormalizer())
    .use(httpEventNormalizer())
    // Lambda context and cold_start on every line; keys appended for a request are dropped after it.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    // A traced subsegment per request (off outside Lambda); answers carry personal data, so none is recorded.
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(httpSecurityHeaders())
    // http-cors answers preflight OPTIONS itself, before the router (so no 405 for them).
    .use(
      httpCors({
        origins,
        credentials: true,
        headers: CORS_ALLOW_HEADERS,
        exposeHeaders: CORS_EXPOSE_HEADERS,
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
    .use({ before: async (request) => routeRequest(request.event, request.context, matcher) })
    .use({ before: async (request) => beforeParsing(request.event, state(request.context), verifiers) })
    .use(jsonBody())
    .use({ before: async (request) => afterParsing(request.event, state(request.context)) })
    .use({ before: async (request) => authorize(state(request.context)) })
    .handler(async (event, context) => {
      const api = state(context);
      const run = idempotent.get(api.route.contract.id);
      const reply = run ? await runIdempotently(run, api, context) : await api.route.handle(api.input);
      return toResult(reply, api.route.contract, event);
    });
  const entry = (event: Event, context: Context) =>
    withRequestLogKeys({ requestId: requestIdOf(event) }, () => handler(event, context));
  // test/registry.test.ts compares these with the registry, so a group that forgets to bind a route fails there.
  return Object.assign(entry, { group, routeIds: routes.map((r) => r.contract.id) });
}

function state(context: ApiContext): RequestState {
  if (!context.api) throw new Error('route state missing: the route middleware did not run');
  return context.api;
}

function routeRequest(event: Event, context: ApiContext, matcher: PathMatcher<BoundRoute>): void {
  const match = matcher.match(event.httpMethod, event.path);
  if (match.kind === 'wrongMethod') throw new MethodNotAllowed(match.allow);
  if (match.kind !== 'found') throw new NotFound(`No endpoint ${event.httpMethod} ${event.path}`);
  const route = match.value;
  const now = clockNow();
  const requestId = requestIdOf(event);
  const keys = requestLogKeys();
  if (keys) keys.route = route.contract.id;
  logger.appendKeys({ requestId, route: route.contract.id });
  context.api = {
    route,
    pathParams: match.params,
    now,
    ip: event.requestContext?.identity?.sourceIp ?? '0.0.0.0',
    rawBody: rawBodyOf(event),
    sentBody: {},
    input: {},
    session: readSession(route.contract.auth, event.headers as Record<string, string | undefined>, now),
  };
}

/** Whether the route takes a tenant session (required or when present). */
const loadsTenant = (auth: BoundRoute['contract']['auth']): boolean =>
  auth.kind === 'tenant' ||
  auth.kind === 'optionalTenant' ||
  (auth.kind === 'csrf' && auth.tenantSession === 'optional');

/** Starts reading the session the route's auth needs (none for public routes); never rejects. */
function readSession(
  auth: BoundRoute['contract']['auth'],
  headers: Record<string, string | undefined>,
  now: Date,
): Promise<SessionRead> | undefined {
  const cookies = parseCookies(headers.cookie);
  const read =
    auth.kind === 'admin'
      ? loadSession(cookies[ADMIN_COOKIE], 'admin', now)
      : loadsTenant(auth)
        ? loadSession(cookies[TENANT_COOKIE], 'tenant', now)
        : undefined;
  return read?.then(
    (value): SessionRead => ({ ok: true, value }),
    (error: unknown): SessionRead => ({ ok: false, error }),
  );
}

/** What runs on the body as received: limits count garbage too, and signatures are over the exact bytes. */
async function beforeParsing(
  event: Event,
  api: RequestState,
  verifiers: ReadonlyMap<string, WebhookVerifier>,
): Promise<void> {
  const { contract } = api.route;
  const headers = event.headers as Record<string, string | undefined>;
  // Before the limits: a forged cross-site form must not use up its victim's limits either.
  if (takesJsonOnly(contract)) checkJsonBody(headers['content-type'], api.rawBody);
  if (Buffer.byteLength(api.rawBody) > MAX_BODY_BYTES)
    throw new PayloadTooLarge(`Request bodies are limited to ${MAX_BODY_BYTES / 1024} KB`);
  // A per-tenant limit counts the session being read (a failed read is answered by authorize).
  const tenantOf = async () => {
    const read = await api.session;
    return read?.ok && read.value?.kind === 'tenant' ? read.value.tenantId : undefined;
  };
  api.rateLimits = await countRouteLimits(contract, api.rawBody, { ip: api.ip, tenantOf }, api.now);
  if (contract.auth.kind === 'webhook') {
    // Every webhook route got its verifier when the handler was made; a missing one refuses, never skips.
    const verify = verifiers.get(contract.id);
    if (!verify) throw new Error(`No webhook verifier for ${contract.id}`);
    await verify(api.rawBody, headers, api.now);
  }
}

/** middy's parser, run only when there is a body: GET, DELETE and empty POSTs have none. */
function jsonBody(): middy.MiddlewareObj<Event, Result, Error, ApiContext> {
  const parser = httpJsonBodyParser({ disableContentTypeCheck: true });
  return {
    before: async (request) => {
      const body = request.event.body;
      if (body === null || body === undefined || body === '') return;
      await parser.before?.(request as never);
    },
  };
}

async function afterParsing(event: Event, api: RequestState): Promise<void> {
  const { contract } = api.route;
  const body = { ...bodyObject(event.body as unknown, api.rawBody) };
  const headers = event.headers as Record<string, string | undefined>;
  if (contract.auth.kind === 'csrf') {
    await checkCsrfToken(
      parseCookies(headers.cookie)[CSRF_COOKIE],
      headers[CSRF_HEADER] ?? body[CSRF_BODY_FIELD],
    );
    // The token is the pipeline's business: the route's schema never sees it.
    delete body[CSRF_BODY_FIELD];
  }
  api.sentBody = body;
  api.input = validatedInput(event, contract, api.pathParams, body, {
    requestId: requestIdOf(event),
    ip: api.ip,
    now: api.now,
    rawBody: api.rawBody,
    rateLimits: api.rateLimits ?? { forgive: async () => undefined },
  });
}

async function authorize(api: RequestState): Promise<void> {
  const { auth } = api.route.contract;
  const input = api.input;
  const read = await api.session;
  if (read && !read.ok) throw read.error;
  const session = read?.value;
  if (auth.kind === 'admin') {
    const admin = session?.kind === 'admin' ? session : undefined;
    if (!admin) throw new Unauthorized('An admin session is required: sign in at /API/auth/V1/login.json');
    if (!hasRole(admin, auth.roles)) throw new Forbidden(`The ${admin.role} role may not use this endpoint`);
    input.admin = admin;
  } else if (loadsTenant(auth)) {
    const tenant = session?.kind === 'tenant' ? session : undefined;
    if (!tenant && auth.kind === 'tenant')
      throw new Unauthorized('A tenant session is required: log in first');
    input.tenant = tenant;
  }
}

/** Without an Idempotency-Key header the route runs as any other. */
function runIdempotently(run: IdempotentRun, api: RequestState, context: Context): Promise<Reply> {
  const { input, route } = api;
  const key = idempotencyKeyOf(input.headers as Record<string, string | undefined>);
  if (key === undefined) return route.handle(input);
  const caller = callerOf({
    admin: input.admin as AdminSession | undefined,
    tenant: input.tenant as TenantSession | undefined,
    ip: api.ip,
  });
  const request = { params: api.pathParams, query: input.query, body: api.sentBody };
  return run({ route: route.contract.id, caller, key, request }, context, () => route.handle(input));
}

function toResult(reply: Reply, contract: RouteContract, event: Event): Result {
  const headers: Record<string, string> = {
    'Content-Type': contract.binaryResponse ?? contract.textResponse ?? 'application/json; charset=utf-8',
    'Cache-Control': contract.cache === true && event.httpMethod === 'GET' ? CACHE_PUBLIC : 'no-store',
    ...(reply.headers ?? {}),
  };
  const statusCode = reply.status ?? contract.successStatus ?? 200;
  // Bytes travel base64-encoded in a proxy result; API Gateway (binaryMediaTypes) and the local runtime decode them.
  const result: Result = reply.bytes
    ? { statusCode, headers, body: Buffer.from(reply.bytes).toString('base64'), isBase64Encoded: true }
    : {
        statusCode,
        headers,
        // A final newline, as text answers have: curl's output then ends on its own line.
        body: reply.text ?? (reply.body === undefined ? '' : `${JSON.stringify(reply.body)}\n`),
      };
  if (reply.cookies?.length) result.multiValueHeaders = { 'Set-Cookie': reply.cookies };
  return result;
}

function requestIdOf(event: Event): string {
  return event.requestContext?.requestId ?? 'unknown';
}
