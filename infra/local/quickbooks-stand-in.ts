/**
 * The local runtime's stand-in for the QuickBooks Online Accounting API (docs/accounting.md "Locally: the QuickBooks stand-in"), on the
 * runtime's own origin under `/_local/quickbooks` (ACCOUNTING_API_URL points here unless set), so the sync runs
 * end to end on a laptop and in tests. It serves the URI forms the sync uses
 * (https://developer.intuit.com/app/developer/qbo/docs/learn/rest-api-features):
 * - `POST /v3/company/{realmId}/{resource}` create, or a sparse update when the body has `Id` and `sparse`,
 *   `?operation=void|delete`; `GET …/{resource}/{id}` read; `GET …/query?query=<select>`; `GET …/preferences`;
 *   answers `{"<Entity>": {…}, "time"}` and refusals as `{"Fault": {"Error": [...], "type"}}`
 *   (the books and their rules: quickbooks-company.ts);
 * - `requestid` on a write: the same requestid again answers the first answer, whatever the body, and changes
 *   nothing (https://blogs.intuit.com/blog/2015/04/06/15346/);
 * - a Bearer access token the stand-in provider issued for this company (accounting-tokens.ts), else 401
 *   (`message=AuthenticationFailed; errorCode=003200`), as QuickBooks answers an expired or revoked token;
 * - per company at most 10 requests at once and 500 a minute, else 429 with the Fault of 3001
 *   `ThrottleExceeded` (https://blogs.intuit.com/blog/2016/08/08/idg-concurrent-api-use-changes-coming-soon/);
 * - `POST …/batch`: up to 30 `BatchItemRequest`s, each a create, update, delete, void or query answered in
 *   its own `BatchItemResponse` (quickbooks-batch.ts).
 * Control paths for tests and a developer (never in QuickBooks): `GET /_local/quickbooks` (the companies and
 * the refreshes answered), `GET /_local/quickbooks/companies/{realmId}` (its books, by entity),
 * `POST|DELETE /_local/quickbooks/companies/{realmId}/refusals` (`{entity, docNumber, message}`: the company
 * refuses that document with a ValidationFault until the refusals are deleted), and
 * `POST /_local/quickbooks/tokens/expire|revoke` (the access tokens expire now, or with `{afterRequests: n}`
 * after the next n API requests, in the middle of a sync's batch; every token is revoked).
 * With a DATA_DIR the books and tokens are kept across restarts (quickbooks-stand-in-state.ts).
 * Local runtime and tests only: never in the registry, the OpenAPI document or the cloud.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { companyOfAccessToken, expireAccessTokens, refreshCount, revokeTokens } from './accounting-tokens.js';
import { batch } from './quickbooks-batch.js';
import type { QuickBooksCompany } from './quickbooks-company.js';
import { ENTITY_OF_RESOURCE, type QboFault, Refused } from './quickbooks-entities.js';
import { select, unsupported, write } from './quickbooks-operations.js';
import {
  type Answer,
  type CompanyState,
  changed,
  companies,
  companyState,
  REPLAYS_KEPT,
} from './quickbooks-stand-in-state.js';
import { readBody } from './request-body.js';

export const QUICKBOOKS_STAND_IN_PATH = '/_local/quickbooks';

const LIMITS = { concurrent: 10, perMinute: 500 } as const;
/** Set by `tokens/expire {afterRequests}`: API requests left before the access tokens expire. */
let expireAfter: number | undefined;
const WINDOW_MS = 60_000;

export { flushQuickBooksStandIn, keepQuickBooksStandIn } from './quickbooks-stand-in-state.js';

/** A company's books (tests read what the sync made). */
export const booksOf = (realmId: string): QuickBooksCompany => companyState(realmId).books;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): true {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(`${JSON.stringify(body)}\n`);
  return true;
}

const time = () => new Date().toISOString();

const faultBody = (fault: QboFault) => ({
  Fault: {
    Error: [{ Message: fault.message, Detail: fault.detail, code: fault.code, element: '' }],
    type: fault.type,
  },
  time: time(),
});

/** QuickBooks' gateway answers a bad token in its own lower-case shape. */
const gatewayFault = (status: number, type: string, code: string, message: string) => ({
  fault: {
    error: [
      { message: `message=${message}; errorCode=${code.padStart(6, '0')}; statusCode=${status}`, code },
    ],
    type,
  },
  time: time(),
});

/**
 * A throttled request: HTTP 429 with the Fault of error 3001 "ThrottleExceeded", capitalised like every other
 * Fault (https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes : 3001,
 * "message=ThrottleExceeded; errorCode=003001; statusCode=429", "The request limit was reached").
 */
const throttleFault = () => ({
  Fault: {
    Error: [
      {
        Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
        Detail: 'The request limit was reached.',
        code: '3001',
      },
    ],
    type: 'SERVICE',
  },
  time: time(),
});

/** Serves the stand-in's paths; false for anything else. */
export async function serveQuickBooksStandIn(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (path !== QUICKBOOKS_STAND_IN_PATH && !path.startsWith(`${QUICKBOOKS_STAND_IN_PATH}/`)) return false;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const rest = path.slice(QUICKBOOKS_STAND_IN_PATH.length);
  const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(rest);
  if (api) return serveApi(req, res, decodeURIComponent(String(api[1])), String(api[2]), url.searchParams);
  return serveControl(req, res, rest);
}

async function serveControl(req: IncomingMessage, res: ServerResponse, rest: string): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (method === 'GET' && (rest === '' || rest === '/'))
    return send(res, 200, {
      companies: [...companies.values()].map((c) => ({
        realmId: c.books.realmId,
        counts: Object.fromEntries(
          Object.entries(c.books.snapshot().entities).map(([entity, list]) => [entity, list.length]),
        ),
      })),
      refreshes: refreshCount(),
    });
  if (method === 'POST' && rest === '/tokens/expire') {
    const after = Number(
      (JSON.parse((await readBody(req)) || '{}') as { afterRequests?: unknown }).afterRequests,
    );
    if (Number.isInteger(after) && after > 0) {
      expireAfter = after;
      return send(res, 200, { expiresAfterRequests: after });
    }
    expireAccessTokens();
    return send(res, 200, { expired: true });
  }
  if (method === 'POST' && rest === '/tokens/revoke') {
    revokeTokens();
    return send(res, 200, { revoked: true });
  }
  const company = /^\/companies\/([^/]+)(\/refusals)?$/.exec(rest);
  if (company && (await serveCompanyControl(req, res, decodeURIComponent(String(company[1])), !!company[2])))
    return true;
  return send(res, 404, { error: `no QuickBooks stand-in path ${method} ${rest || '/'}` });
}

/** A company's books (GET), and the refusals it makes (POST one, DELETE all). */
async function serveCompanyControl(
  req: IncomingMessage,
  res: ServerResponse,
  realmId: string,
  refusals: boolean,
): Promise<boolean> {
  const state = companyState(realmId);
  if (!refusals) return req.method === 'GET' && send(res, 200, state.books.snapshot());
  if (req.method === 'POST') {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    const refusal = {
      entity: String(body.entity ?? 'Invoice'),
      docNumber: String(body.docNumber ?? ''),
      message: String(body.message ?? 'The company refuses this document'),
    };
    state.books.refuse(refusal);
    changed();
    return send(res, 201, refusal);
  }
  if (req.method !== 'DELETE') return false;
  const ended = state.books.clearRefusals();
  changed();
  return send(res, 200, { ended });
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  realmId: string,
  resource: string,
  query: URLSearchParams,
): Promise<true> {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  if (companyOfAccessToken(token) !== realmId)
    return send(res, 401, gatewayFault(401, 'AUTHENTICATION', '3200', 'AuthenticationFailed'));
  if (expireAfter !== undefined && --expireAfter <= 0) {
    expireAfter = undefined;
    expireAccessTokens();
  }
  const state = companyState(realmId);
  const now = Date.now();
  while (state.starts.length > 0 && (state.starts[0] ?? 0) <= now - WINDOW_MS) state.starts.shift();
  if (state.inFlight >= LIMITS.concurrent || state.starts.length >= LIMITS.perMinute)
    return send(res, 429, throttleFault(), { 'Retry-After': '60' });
  state.inFlight++;
  state.starts.push(now);
  try {
    const answer = await answerOf(req, state, resource, query);
    return send(res, answer.status, answer.body);
  } finally {
    state.inFlight--;
  }
}

async function answerOf(
  req: IncomingMessage,
  state: CompanyState,
  resource: string,
  query: URLSearchParams,
): Promise<Answer> {
  const requestId = query.get('requestid');
  const replay = req.method === 'POST' && requestId ? state.replays.get(requestId) : undefined;
  if (replay) return replay;
  const answer = await perform(req, state.books, resource, query);
  if (req.method === 'POST' && requestId) {
    state.replays.set(requestId, answer);
    if (state.replays.size > REPLAYS_KEPT) state.replays.delete(state.replays.keys().next().value as string);
  }
  if (req.method === 'POST') changed();
  return answer;
}

async function perform(
  req: IncomingMessage,
  books: QuickBooksCompany,
  resource: string,
  query: URLSearchParams,
): Promise<Answer> {
  try {
    if (req.method === 'GET' && resource === 'preferences')
      return ok({
        Preferences: {
          AccountingInfoPrefs: {
            ClassTrackingPerTxn: books.preferences.classTrackingPerTxn,
            ClassTrackingPerTxnLine: books.preferences.classTrackingPerTxnLine,
            TrackDepartments: false,
          },
        },
      });
    if (req.method === 'GET' && resource === 'query') return ok(select(books, query.get('query') ?? ''));
    if (req.method === 'POST' && resource === 'batch') return ok(batch(books, await jsonBody(req)));
    const [name = '', id] = resource.split('/');
    const entity = ENTITY_OF_RESOURCE[name.toLowerCase()];
    if (!entity) return { status: 400, body: faultBody(unsupported(`the resource ${name}`)) };
    if (req.method === 'GET' && id) return ok({ [entity]: books.read(entity, decodeURIComponent(id)) });
    if (req.method !== 'POST' || id) return { status: 405, body: faultBody(unsupported(req.method ?? '')) };
    return ok(write(books, entity, await jsonBody(req), query.get('operation')));
  } catch (error) {
    if (error instanceof Refused) return { status: error.fault.status, body: faultBody(error.fault) };
    throw error;
  }
}

const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { ...body, time: time() } });

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req)) ?? '';
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new Refused({
    status: 400,
    type: 'ValidationFault',
    code: '2010',
    message: 'Request has invalid or unsupported property',
    detail: 'The request body is not a JSON object',
  });
}
