/**
 * The words of the OpenAPI document: its sections in reading order, the security schemes' notes, the status
 * texts, and each operation's description (who may call, what it honours, its limits).
 */
import type { RateLimit, RouteContract } from '../shared/http/route.js';

/** The sections, in the order of the docs page; every tag a route uses must be one of these. */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: 'Catalog', description: 'Public: the properties on the website, VR and LTR, and their images.' },
  { name: 'Public booking', description: 'Public: guest booking and its built-in CAPTCHA.' },
  {
    name: 'Website content',
    description: 'Public: settings, CMS blocks, pages, reviews, navigation, FAQ, events, blog, attractions.',
  },
  { name: 'Contact and leads', description: 'Public: the contact form and the newsletter signup.' },
  {
    name: 'Channel',
    description: 'Integration: the channel manager webhook (signed, idempotent, never overbooks).',
  },
  {
    name: 'Card payments',
    description:
      'The payment script (CSRF token, Stripe PaymentIntent of an invoice) and the Stripe webhook.',
  },
  {
    name: 'Tenant authentication',
    description: 'Tenants register, activate, sign in (the session is a cookie set by login) and read `me`.',
  },
  { name: 'Lease applications', description: 'Tenant: apply for a lease of an LTR property.' },
  {
    name: 'Tenant portal',
    description:
      'Tenant: the own lease, invoices with what is due, the ledger, stays, and autopay through a Stripe SetupIntent.',
  },
  {
    name: 'Admin authentication',
    description: 'Admins sign in with an API key and secret; the session is a cookie set by login.',
  },
  { name: 'Admin properties', description: 'Admin: LTR and VR properties, archived by DELETE.' },
  { name: 'Admin content', description: 'Admin: writes of the website content (beyond the spec).' },
  { name: 'Admin leads', description: 'Admin: contact messages, leads and newsletter subscribers.' },
  { name: 'Admin settings', description: 'Admin: the site settings (secrets only as "is set").' },
  { name: 'Admin tenants', description: 'Admin: tenant accounts, deactivated by DELETE.' },
  {
    name: 'Admin reservations',
    description: 'Admin: VR reservations and blocks (status 4), cancelled by DELETE.',
  },
  {
    name: 'Admin invoices',
    description: 'Admin: invoices with line items, posted to the journal; cancelled (status 5) by DELETE.',
  },
  {
    name: 'Admin expenses',
    description:
      'Admin: expenses with line items and their payee, posted to the journal; cancelled (3) by DELETE.',
  },
  {
    name: 'Admin payments',
    description: 'Admin: payments and refunds recorded by hand on invoices and expenses (beyond the spec).',
  },
  { name: 'Admin rates', description: 'Admin: date prices of VR properties, in ranges (beyond the spec).' },
  {
    name: 'Admin coupons',
    description: 'Admin: coupons with their uses, deactivated by DELETE (beyond the spec).',
  },
  {
    name: 'Admin housekeeping',
    description: 'Admin: cleaning requests, turnovers made from reservations; a housekeeper sees their own.',
  },
  {
    name: 'Admin reports',
    description: 'Admin: income, occupancy and, beyond the spec, the owner statement of a landlord’s month.',
  },
  { name: 'Admin applications', description: 'Admin: lease applications and their decisions.' },
  {
    name: 'Admin leases',
    description:
      'Admin: leases with their terms, the end (move-out) and the lease ledger (beyond the spec; docs/leases.md).',
  },
  { name: 'Admin audit', description: 'Admin: who changed what, by record and by actor.' },
  {
    name: 'Admin messages',
    description: 'Admin: every e-mail the service sent to guests and landlords, failed to send, or skipped.',
  },
  {
    name: 'Accounting',
    description: 'Admin: connect the accounting package (OAuth start and callback) and see the connection.',
  },
  {
    name: 'Admin webhooks',
    description:
      'Admin: outbound webhook subscriptions and their delivery log with replay (beyond the spec).',
  },
  {
    name: 'Admin iCal',
    description:
      'Admin: imported iCal feeds with their health, the export feed URL, conflicts (beyond the spec).',
  },
  {
    name: 'iCal',
    description: 'Public: a VR property’s availability as an iCalendar feed, with its secret token.',
  },
];

export const PAYMENT_CSRF = {
  type: 'apiKey',
  in: 'header',
  name: 'X-CSRF-Token',
  description: 'The payment script’s double-submit token; it must match its cookie.',
};

export const SESSION_NOTE =
  'The session is a cookie set by the login operation: in the docs page, send the login request ("Send API Request") and the browser keeps the cookie for the other calls (a page cannot set a cookie header itself).';

/**
 * The rate limits as they really are (docs/cloud-stack.md "Rate limits"): per client IP for every client; per
 * API key only where a deployment requires keys.
 */
export const RATE_LIMITS_NOTE =
  'Rate limits: 25 requests per 5 seconds per client IP (the spec), for every client. The local runtime counts exactly that; in the cloud WAF counts per IP over its shortest window, 300 requests per 60 seconds (the same average; a burst above 25 within 5 seconds passes while the minute stays under 300), and answers 429 problem+json with Retry-After: 60. Some operations add limits of their own (in their description). Clients send no API key. Only a deployment that requires keys (x-api-key, for keyed integrations) has usage plans: each throttles and sets a quota for its own key, per key rather than per IP, on top of the per-IP limit.';

export const STATUS_TEXT: Record<number, string> = {
  302: 'Found',
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Content too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

/** Who may call, what the route honours and limits: the operation's description. */
function authNote(route: RouteContract): string {
  switch (route.auth.kind) {
    case 'public':
      return 'Public: no session needed.';
    case 'admin':
      return `Admin session; roles: ${route.auth.roles.join(', ')}.`;
    case 'tenant':
      return 'Tenant session required.';
    case 'optionalTenant':
      return 'A tenant session is used when present.';
    case 'webhook':
      return `Webhook: the ${route.auth.verifier} signature over the raw body is checked first.`;
    case 'csrf':
      return 'Payment CSRF token (X-CSRF-Token or payment_csrf) and its cookie.';
  }
}

function limitNote(l: RateLimit): string {
  const per =
    l.key === 'ip'
      ? 'IP'
      : l.key === 'tenant'
        ? 'tenant'
        : 'ipAndBodyField' in l.key
          ? `IP and ${l.key.ipAndBodyField}`
          : 'bodyField' in l.key
            ? `${l.key.bodyField} across IPs`
            : `IP, counting the requests that carry ${l.key.ipWhenBodyField}`;
  const count = l.setting ? `${l.limit} (site setting ${l.setting})` : String(l.limit);
  return `Rate limit: ${count} per ${l.windowSeconds} s per ${per} (429 beyond).`;
}

export function descriptionOf(route: RouteContract): string {
  const notes = [route.description ?? `${route.summary}.`, authNote(route)];
  if (route.id === 'auth.login' || route.id === 'publicAuth.login') notes.push(SESSION_NOTE);
  if (route.cache) notes.push('Cached for 10 minutes (Cache-Control: public, max-age=600).');
  if (route.aliases?.body)
    notes.push(
      `Body aliases: ${Object.entries(route.aliases.body)
        .map(([a, f]) => `${a} → ${f}`)
        .join(', ')}.`,
    );
  notes.push(...(route.rateLimits ?? []).map(limitNote));
  if (route.idempotency) notes.push('Honours Idempotency-Key (a repeat answers the first answer again).');
  return notes.filter(Boolean).join(' ');
}
