/**
 * The local stand-in for API Gateway: turns an HTTP request into a REST API (v1) proxy event, hands it to the
 * Lambda handler of the route's group, and writes the result back. The group is found with the same
 * registry and path matcher the Lambdas use.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ROUTES } from '../../functions/registry.js';
import { now } from '../../shared/clock.js';
import { BadRequest, NotFound, TooManyRequests } from '../../shared/errors.js';
import { PathMatcher } from '../../shared/http/path-matcher.js';
import { toProblem } from '../../shared/http/problem.js';
import { allPaths, type RouteContract } from '../../shared/http/route.js';
import { checkHost, LOOPBACK } from './host-check.js';
import { FixedWindowLimiter } from './rate-limiter.js';
import { BodyTooLarge, readBody } from './request-body.js';

export type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ServerOptions {
  handlers: Record<string, LambdaHandler>;
  /**
   * The address the server listens on (default the loopback address): which `Host` names it answers to,
   * before anything else runs, its pages, controls and stand-ins included (host-check.ts).
   */
  listenHost?: string;
  ratePer5s: number;
  trustProxy: boolean;
  /**
   * A handler's deadline (middy answers with a timeout before it). API Gateway's is 29 s; the HTTP tests give a
   * slow shared CI machine more, so a load test fails on its assertions, not on the clock.
   */
  requestTimeoutMs?: number;
  /** REQUIRE_HTTPS=1: plain-http requests (by X-Forwarded-Proto) are redirected or refused. */
  requireHttps?: boolean;
  /** The routes to serve (default: the registry); the benchmark adds a route of its own. */
  routes?: readonly RouteContract[];
  /** Other connection timeouts than CONNECTION_TIMEOUTS (the keep-alive test shortens them). */
  timeouts?: Partial<Record<keyof typeof CONNECTION_TIMEOUTS, number>>;
  /** Extra pages of the local runtime (docs); return true when handled. */
  extra?: (req: IncomingMessage, res: ServerResponse, path: string) => boolean | Promise<boolean>;
  /**
   * Stand-ins of other services served on this origin (the accounting provider and API): return true when
   * handled. Before the per-IP limit, which is this API's: the sync's calls to the accounting stand-in are
   * another service's traffic, paced to that service's own limits.
   */
  services?: (req: IncomingMessage, res: ServerResponse, path: string) => boolean | Promise<boolean>;
}

/** REST API integrations time out after 29 seconds. */
const API_GATEWAY_TIMEOUT_MS = 29_000;

/**
 * The connection timeouts (docs/local-runtime.md "Connections"). A keep-alive connection is advertised for
 * 5 s (`Keep-Alive: timeout=5`): clients that honour it (fetch, browsers) stop reusing an idle connection a
 * little before. The server itself closes an idle connection only 60 s later (Node's keepAliveTimeoutBuffer):
 * a client that reuses one late — its event loop held up on a busy machine, or Node's http.Agent, which
 * ignores the hint — would otherwise send its request into a socket the server is closing and get
 * ECONNRESET. Headers must arrive within 60 s and a whole request within 5 minutes (Node's defaults, stated).
 */
export const CONNECTION_TIMEOUTS = {
  keepAliveTimeout: 5_000,
  keepAliveTimeoutBuffer: 60_000,
  headersTimeout: 60_000,
  requestTimeout: 300_000,
} as const;

function groupMatcher(routes: readonly RouteContract[]): PathMatcher<string> {
  const matcher = new PathMatcher<string>();
  for (const route of routes)
    for (const path of allPaths(route)) matcher.add(route.method, path, route.group);
  return matcher;
}

export function createApiServer(options: ServerOptions): Server {
  const matcher = groupMatcher(options.routes ?? ROUTES);
  const limiter = options.ratePer5s > 0 ? new FixedWindowLimiter(options.ratePer5s) : undefined;

  const server = createServer({ ...CONNECTION_TIMEOUTS, ...options.timeouts }, async (req, res) => {
    const requestId = randomUUID();
    let url: URL | undefined;
    try {
      checkHost(req, options.listenHost ?? LOOPBACK);
      url = requestUrl(req);
      if (options.requireHttps && redirectedToHttps(req, res, url)) return;
      if (options.services && (await options.services(req, res, url.pathname))) return;
      const ip = clientIp(req, options.trustProxy);
      if (limiter) applyIpLimit(limiter, ip, res);
      if (options.extra && (await options.extra(req, res, url.pathname))) return;
      writeResult(res, await invokeGroup(req, url, ip, requestId));
    } catch (error) {
      // A body past 10 MB is not read to its end: the connection cannot carry another request.
      if (error instanceof BodyTooLarge && !error.drained) res.setHeader('Connection', 'close');
      writeResult(res, toProblem(error, requestId, url?.pathname));
    }
  });

  /** The route's group handler, given the request as a proxy event. */
  async function invokeGroup(req: IncomingMessage, url: URL, ip: string, requestId: string) {
    const match = matcher.match(req.method ?? 'GET', url.pathname);
    // A known path with another method still goes to its group, whose router answers 405 (or a CORS
    // preflight) exactly as in the cloud; a path no group knows is a 404 here, as at API Gateway.
    if (match.kind === 'notFound') throw new NotFound(`No endpoint ${req.method} ${url.pathname}`);
    const group = match.kind === 'found' ? match.value : (match.others[0] ?? '');
    const handler = options.handlers[group];
    if (!handler) throw new Error(`no handler for group ${group}`);
    const body = await readBody(req);
    const event = toEvent(req, url, body, ip, requestId);
    return handler(
      event,
      lambdaContext(requestId, group, options.requestTimeoutMs ?? API_GATEWAY_TIMEOUT_MS),
    );
  }
  // Requests Node's parser refuses (a malformed request line, headers over its limit) get a problem answer
  // too, and never stop the server.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const title = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    const body = `${JSON.stringify({
      type: `https://httpstatuses.io/${status}`,
      title,
      status,
      detail: status === 431 ? 'The request headers are too large' : 'The request could not be parsed',
      requestId: randomUUID(),
    })}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/** The local stand-in for the per-IP limit (WAF in the cloud): RateLimit headers always, 429 past the limit. */
function applyIpLimit(limiter: FixedWindowLimiter, ip: string, res: ServerResponse): void {
  const rate = limiter.take(ip);
  res.setHeader('RateLimit-Limit', String(rate.limit));
  res.setHeader('RateLimit-Remaining', String(rate.remaining));
  res.setHeader('RateLimit-Reset', String(rate.resetSeconds));
  if (!rate.allowed) {
    throw new TooManyRequests(`More than ${rate.limit} requests in 5 seconds from ${ip}`, rate.resetSeconds);
  }
}

/** The request's URL; a request target that is not a path (`//[x]/`, `http://…`) is a 400, as at API Gateway. */
function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  if (!target.startsWith('/') || target.startsWith('//'))
    throw new BadRequest('The request target must be a path');
  try {
    return new URL(target, 'http://localhost');
  } catch {
    throw new BadRequest('The request target is not a valid URL path');
  }
}

/**
 * DESIGN.md "Security rules": behind a proxy with REQUIRE_HTTPS=1, a request that reached the proxy over plain
 * http is sent to https (GET/HEAD: 308 to the same URL) or refused (other methods: 400), before anything runs.
 */
function redirectedToHttps(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  if (proto !== 'http') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new BadRequest('This API answers HTTPS only: send the request to its https:// address');
  }
  res.statusCode = 308;
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost')
    .split(',')[0]
    ?.trim();
  res.setHeader('Location', `https://${host}${url.pathname}${url.search}`);
  res.setHeader('Cache-Control', 'no-store');
  res.end();
  return true;
}

/**
 * The client IP used for limits and logs: with TRUST_PROXY=1 the first X-Forwarded-For entry, but only when it
 * is an IP address (anything else — a name, 3,000 characters of text — is ignored); else the socket's address.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() ?? '';
    if (first.length <= 45 && isIP(first)) return first;
  }
  return (req.socket.remoteAddress ?? '0.0.0.0').replace(/^::ffff:/, '');
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  body: string | null,
  ip: string,
  requestId: string,
): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    headers[name] = values.join(name === 'cookie' ? '; ' : ', ');
    multiValueHeaders[name] = values;
  }
  // Prototype-free maps: a query name such as `constructor` or `__proto__` is just a name here.
  const query: Record<string, string> = Object.create(null);
  const multiQuery: Record<string, string[]> = Object.create(null);
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    multiQuery[name] = [...(Object.hasOwn(multiQuery, name) ? (multiQuery[name] ?? []) : []), value];
  }
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: '/{proxy+}',
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: { proxy: url.pathname.replace(/^\//, '') },
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      path: url.pathname,
      stage: 'local',
      requestId,
      requestTimeEpoch: now().getTime(),
      resourceId: 'local',
      resourcePath: '/{proxy+}',
      identity: {
        sourceIp: ip,
        userAgent: headers['user-agent'] ?? null,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
    },
  };
}

function lambdaContext(requestId: string, group: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${group}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function writeResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
    res.setHeader(name, values.map(String));
  res.statusCode = result.statusCode;
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}
