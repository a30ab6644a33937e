/**
 * The mailed links as a person opens them: the activation link and the claim link (claim-page.ts). The
 * activation link points at activate.json (unless the site names its own activation page, rules.ts
 * activationPageUrl), the claim link at claimBookings.json; a browser that opens one asks for HTML (`Accept:
 * text/html` ranked above JSON) and gets a small page — what happened, with a link to the site, or a clear error
 * page — while clients asking for JSON keep the route's answer. The routes themselves are unchanged: this wraps
 * the group's handler and renders the JSON answer it gave (success, or the problem) as HTML.
 *
 * A link clicked inside a frame (a mail viewer that shows mails in an iframe) is not run at all: the API's
 * pages may not be framed, so the person would see a broken frame while the one-time token was used up. The
 * frame gets a page that opens the link in a tab of its own instead.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { requireEnv } from '../../shared/config.js';
import { escapeHtml } from '../../shared/domain/messages/layout.js';
import { type SiteSettings, siteNameOf, siteUrlOf } from '../../shared/domain/settings.js';
import { CLAIM_PATH, passwordResetLink } from '../../shared/workflows/tenants/links.js';
import { claimErrorPage, claimSuccessPage } from './claim-page.js';
import { PAGE_CSP, page, pageHeaders, resetLink, type Site, siteLink } from './page-layout.js';
import { ACTIVATE_PATH } from './rules.js';

type Event = APIGatewayProxyEvent;
type Result = APIGatewayProxyResult;
type GroupHandler = ((event: Event, context: Context) => Promise<Result>) & {
  group: string;
  routeIds: string[];
};

/** Fetch destinations that mean "shown inside another page". */
const FRAMED = new Set(['iframe', 'frame', 'embed', 'object']);

type LinkKind = 'activation' | 'claim';

const PATHS: Readonly<Record<LinkKind, string>> = { activation: ACTIVATE_PATH, claim: CLAIM_PATH };

export function withLinkPages(handler: GroupHandler): GroupHandler {
  const wrapped = async (event: Event, context: Context): Promise<Result> => {
    const kind = linkKindOf(event);
    if (!kind) return handler(event, context);
    const headers = lowerCased(event.headers);
    if (!prefersHtml(headers.accept)) return withVary(await handler(event, context));
    if (FRAMED.has(headers['sec-fetch-dest'] ?? '')) return framedNotice(event, kind);
    const result = await handler(event, context);
    return renderAsPage(result, kind);
  };
  return Object.assign(wrapped, { group: handler.group, routeIds: handler.routeIds });
}

function linkKindOf(event: Event): LinkKind | undefined {
  if (event.httpMethod !== 'GET') return undefined;
  return (Object.keys(PATHS) as LinkKind[]).find((kind) => PATHS[kind] === event.path);
}

/**
 * True when the Accept header ranks text/html above JSON (a browser's navigation: `text/html,…,*\/*;q=0.8`).
 * A tie, no header or `*\/*` (curl, fetch) keeps the spec's JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  let any = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (range === 'text/html' || range === 'application/xhtml+xml') html = Math.max(html, q);
    else if (range === 'application/json' || range === 'application/*') json = Math.max(json, q);
    else if (range === '*/*') any = Math.max(any, q);
  }
  // JSON's rank is its own range's when listed, otherwise the wildcard's.
  return html > (json > 0 ? json : any);
}

async function renderAsPage(result: Result, kind: LinkKind): Promise<Result> {
  // Imported when a page is rendered: the repository reads the table's environment at import, and the pages
  // themselves are plain functions with unit tests.
  const { getSettings } = await import('../../shared/data/settings-repo.js');
  const settings = await getSettings().catch(() => undefined);
  const answer = parseJson(result.body);
  const site = siteOf(settings, answer);
  const ok = result.statusCode === 200 && answer?.success === true;
  const body =
    kind === 'claim'
      ? ok
        ? claimSuccessPage(site, answer ?? {})
        : claimErrorPage(site, result.statusCode, personDetail(answer))
      : ok
        ? successPage(site, answer as SuccessAnswer)
        : errorPage(site, result.statusCode, personDetail(answer));
  return withVary({
    ...result,
    headers: { ...result.headers, ...pageHeaders() },
    body,
  });
}

/** The site the page links to, and its reset page for the answer's account (an activation's). */
function siteOf(settings: SiteSettings | undefined, answer: Record<string, unknown> | undefined): Site {
  const siteUrl = settings ? siteUrlOf(settings, requireEnv('PUBLIC_BASE_URL')) : '';
  const user = answer?.user as { tenantEmail?: unknown } | undefined;
  const email = typeof user?.tenantEmail === 'string' ? user.tenantEmail : undefined;
  return {
    name: settings ? siteNameOf(settings) : 'the site',
    url: /^https?:\/\//i.test(siteUrl) ? siteUrl : undefined,
    resetUrl: settings && email ? passwordResetLink(settings, email) : undefined,
  };
}

/**
 * What the page may quote of a problem: the service's own sentence, never a validator's list of fields (a link
 * cut short in a mail client answers `Invalid query: hash: …`, which says nothing to a person).
 */
function personDetail(answer: Record<string, unknown> | undefined): string | undefined {
  if (Array.isArray(answer?.errors)) return INCOMPLETE_LINK;
  return typeof answer?.detail === 'string' ? answer.detail : undefined;
}

export const INCOMPLETE_LINK =
  'This activation link is incomplete: open it again from the e-mail, or copy the whole link into the address bar.';

interface SuccessAnswer {
  user?: { tenantFirstName?: unknown };
  applyToLeaseId?: unknown;
}

/** Said on the page as in the mail: anyone may register any address. */
export const NOT_YOURS_ON_PAGE =
  'If you did not create this account, reset the password now: whoever registered it chose the password and can sign in with it until you do, while only you can read the reset link in your e-mail.';

export function successPage(site: Site, answer: SuccessAnswer): string {
  const first = typeof answer.user?.tenantFirstName === 'string' ? answer.user.tenantFirstName : '';
  const lease =
    typeof answer.applyToLeaseId === 'number'
      ? `<p>You can now finish your application for lease ${answer.applyToLeaseId} on the site.</p>`
      : '';
  return page(
    'Your account is active',
    `<p>${first ? `Welcome, ${escapeHtml(first)}. ` : ''}Your ${escapeHtml(site.name)} account is active and you are signed in.</p>${lease}<p>${escapeHtml(NOT_YOURS_ON_PAGE)}</p>${resetLink(site)}${siteLink(site)}`,
  );
}

export function errorPage(site: Site, status: number, detail: string | undefined): string {
  const reason =
    status === 429
      ? escapeHtml(detail ?? 'Too many activation attempts; try again later.')
      : status >= 500
        ? 'The service could not activate your account just now. Please try the link again in a few minutes.'
        : escapeHtml(detail ?? 'This activation link is invalid, expired or already used');
  const help =
    status >= 500
      ? ''
      : '<p>An activation link works once, for 48 hours. If you have already activated your account, just log in; otherwise register again to receive a new link.</p>';
  return page('This activation link cannot be used', `<p>${reason}</p>${help}${siteLink(site)}`);
}

const FRAMED_TEXT: Readonly<Record<LinkKind, { lead: string; label: string }>> = {
  activation: {
    lead: 'Your account is not activated yet: the activation page cannot be shown inside another page.',
    label: 'Activate my account in a new tab',
  },
  claim: {
    lead: 'Your bookings are not added yet: the page cannot be shown inside another page.',
    label: 'Add them in a new tab',
  },
};

function framedNotice(event: Event, kind: LinkKind): Result {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(event.queryStringParameters ?? {}))
    if (v !== undefined) query.set(k, v);
  const href = `${PATHS[kind]}?${query.toString()}`;
  const text = FRAMED_TEXT[kind];
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // Framing allowed for this notice only: it runs nothing and holds only the link the frame already had.
      'Content-Security-Policy': PAGE_CSP,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept, Sec-Fetch-Dest',
    },
    body: page(
      'Open the link in its own tab',
      `<p>${text.lead}</p><p><a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${text.label}</a></p>`,
    ),
  };
}

/** The answer depends on Accept and Sec-Fetch-Dest too (CORS may already have put Origin there). */
function withVary(result: Result): Result {
  const vary = result.headers?.Vary;
  const value = vary ? `${String(vary)}, Accept, Sec-Fetch-Dest` : 'Accept, Sec-Fetch-Dest';
  return { ...result, headers: { ...result.headers, Vary: value } };
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function lowerCased(headers: Event['headers'] | null | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}
