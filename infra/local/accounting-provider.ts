/**
 * The local runtime's stand-in accounting provider (DESIGN.md "Accounting authorization start": "locally,
 * the runtime's stand-in provider"), so the whole OAuth flow runs on a laptop and in tests:
 * - `GET /_local/accounting/authorize` — the consent page (client_id and response_type=code checked) with an
 *   "Allow" button;
 * - `GET /_local/accounting/allow` — mints a single-use code (5 minutes) and redirects back to redirect_uri
 *   with code, state and a realmId, as QuickBooks does;
 * - `POST /_local/accounting/token` — the code exchange: HTTP basic client auth, the code once, the same
 *   redirect_uri; answers QuickBooks-shaped tokens. A wrong code is `400 invalid_grant`. The same path takes
 *   `grant_type=refresh_token` (accounting-tokens.ts: the refresh token rotates; a spent, revoked or expired
 *   one is `400 invalid_grant`).
 * The QuickBooks Accounting API itself is quickbooks-stand-in.ts, under `/_local/quickbooks`.
 * Not in the registry, the OpenAPI document or the cloud. Each ACCOUNTING_* variable points here unless set.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { issueTokens, refreshWith } from './accounting-tokens.js';
import { QUICKBOOKS_STAND_IN_PATH } from './quickbooks-stand-in.js';

export const LOCAL_ACCOUNTING = {
  clientId: 'local-accounting-client',
  clientSecret: 'local-accounting-secret',
  realmId: 'local-realm-1',
  scope: 'com.intuit.quickbooks.accounting',
  authorizePath: '/_local/accounting/authorize',
  allowPath: '/_local/accounting/allow',
  tokenPath: '/_local/accounting/token',
} as const;

/** The variables an earlier runtime of this process set (comma-separated): those are ours to replace. */
const OURS = 'ACCOUNTING_LOCAL_STAND_IN';

/**
 * The ACCOUNTING_* variables for a runtime at `baseUrl`: the stand-in's for each one the developer did not
 * set (one set by an earlier runtime of this process is ours), and none at all when the developer configured
 * a provider (ACCOUNTING_AUTHORIZE_URL): its API is then QuickBooks' own unless ACCOUNTING_API_URL says
 * otherwise. So a set ACCOUNTING_API_URL (a sandbox company, a test's own server) is always the one called.
 */
export function localAccountingEnv(
  baseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const ours = new Set((env[OURS] ?? '').split(','));
  const setByDeveloper = (name: string) => Boolean(env[name]) && !ours.has(name);
  if (setByDeveloper('ACCOUNTING_AUTHORIZE_URL')) return {};
  const standIn: Record<string, string> = {
    ACCOUNTING_AUTHORIZE_URL: new URL(LOCAL_ACCOUNTING.authorizePath, baseUrl).href,
    ACCOUNTING_TOKEN_URL: new URL(LOCAL_ACCOUNTING.tokenPath, baseUrl).href,
    ACCOUNTING_CLIENT_ID: LOCAL_ACCOUNTING.clientId,
    ACCOUNTING_CLIENT_SECRET: LOCAL_ACCOUNTING.clientSecret,
    ACCOUNTING_SCOPE: LOCAL_ACCOUNTING.scope,
    ACCOUNTING_API_URL: new URL(QUICKBOOKS_STAND_IN_PATH, baseUrl).href,
  };
  const values = Object.fromEntries(Object.entries(standIn).filter(([name]) => !setByDeveloper(name)));
  return { ...values, [OURS]: Object.keys(values).join(',') };
}

interface IssuedCode {
  redirectUri: string;
  expires: number;
}

const CODE_LIFETIME_MS = 5 * 60_000;
const codes = new Map<string, IssuedCode>();

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function html(res: ServerResponse, status: number, title: string, body: string): true {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto"><h1>${escapeHtml(title)}</h1>${body}</body></html>\n`,
  );
  return true;
}

function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify(body)}\n`);
  return true;
}

function consentPage(res: ServerResponse, query: URLSearchParams): true {
  const redirectUri = query.get('redirect_uri') ?? '';
  if (query.get('client_id') !== LOCAL_ACCOUNTING.clientId || query.get('response_type') !== 'code')
    return html(
      res,
      400,
      'Unknown application',
      '<p>client_id or response_type is not what this provider knows.</p>',
    );
  if (!/^https?:\/\//.test(redirectUri))
    return html(res, 400, 'Bad redirect_uri', '<p>redirect_uri is missing.</p>');
  const hidden = (name: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`;
  return html(
    res,
    200,
    'Connect your accounting (local stand-in)',
    `<p>The rental management app asks to read and write your books (scope ${escapeHtml(query.get('scope') ?? '')}).</p>` +
      `<form method="get" action="${LOCAL_ACCOUNTING.allowPath}">${hidden('redirect_uri')}${hidden('state')}` +
      '<button type="submit">Allow</button></form>',
  );
}

function allow(res: ServerResponse, query: URLSearchParams): true {
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirectUri))
    return html(res, 400, 'Bad redirect_uri', '<p>redirect_uri is missing.</p>');
  const code = randomBytes(16).toString('hex');
  codes.set(code, { redirectUri, expires: Date.now() + CODE_LIFETIME_MS });
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  back.searchParams.set('state', query.get('state') ?? '');
  back.searchParams.set('realmId', LOCAL_ACCOUNTING.realmId);
  res.writeHead(302, { Location: back.href, 'Cache-Control': 'no-store' });
  res.end();
  return true;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function token(req: IncomingMessage, res: ServerResponse): Promise<true> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const expected = `Basic ${Buffer.from(`${LOCAL_ACCOUNTING.clientId}:${LOCAL_ACCOUNTING.clientSecret}`).toString('base64')}`;
  if (!sameText(req.headers.authorization ?? '', expected))
    return json(res, 401, { error: 'invalid_client' });
  if (form.get('grant_type') === 'refresh_token') {
    const answer = refreshWith(form.get('refresh_token') ?? '');
    return answer ? json(res, 200, answer) : json(res, 400, { error: 'invalid_grant' });
  }
  if (form.get('grant_type') !== 'authorization_code')
    return json(res, 400, { error: 'unsupported_grant_type' });
  const code = form.get('code') ?? '';
  const issued = codes.get(code);
  codes.delete(code);
  if (!issued || issued.expires < Date.now() || issued.redirectUri !== form.get('redirect_uri'))
    return json(res, 400, { error: 'invalid_grant' });
  return json(res, 200, issueTokens(LOCAL_ACCOUNTING.realmId));
}

/** Serves the stand-in's three paths; false for anything else. */
export async function serveAccountingProvider(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (!path.startsWith('/_local/accounting/')) return false;
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
  if (req.method === 'GET' && path === LOCAL_ACCOUNTING.authorizePath) return consentPage(res, query);
  if (req.method === 'GET' && path === LOCAL_ACCOUNTING.allowPath) return allow(res, query);
  if (req.method === 'POST' && path === LOCAL_ACCOUNTING.tokenPath) return token(req, res);
  return false;
}
