/**
 * Route-declared rate limits (RouteContract.rateLimits), checked after routing and before the body is parsed
 * or validated, so malformed requests are counted too. Each request is counted atomically in the table
 * (shared/data/rate-limits-repo.ts: one window per subject that starts at its first event, TTL); the request that
 * takes a subject over `limit` and every one after it, until the window ends, is 429 with Retry-After and
 * RateLimit-Limit / -Remaining / -Reset.
 */
import * as windows from '../data/rate-limits-repo.js';
import { TooManyRequests } from '../errors.js';
import type { CountedLimits, RateLimit } from './route.js';

/** Longer values are never valid identities (e-mails are at most 254): they are not counted, and validation refuses them. */
const MAX_FIELD_LENGTH = 256;

/**
 * The counted subject: the IP, `<ip>#<field value trimmed and lower-cased>` (the tenant login's historic
 * subject), the folded field value alone (a limit across IPs), or the IP when the body has the field
 * (`ipWhenBodyField`). Undefined when the body has no usable value of the field: that request is not counted
 * by this limit, and validation answers it.
 */
export function subjectOf(key: RateLimit['key'], ip: string, body: Readonly<Record<string, unknown>>) {
  if (key === 'ip') return ip;
  const field = fieldOf(key);
  // Own properties only: a field named like `constructor` must not read the prototype.
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  if (typeof value !== 'string') return undefined;
  const folded = value.trim().toLowerCase();
  if (folded === '' || folded.length > MAX_FIELD_LENGTH) return undefined;
  if ('ipWhenBodyField' in key) return ip;
  return 'ipAndBodyField' in key ? `${ip}#${folded}` : folded;
}

const fieldOf = (key: Exclude<RateLimit['key'], 'ip'>): string =>
  'ipAndBodyField' in key ? key.ipAndBodyField : 'bodyField' in key ? key.bodyField : key.ipWhenBodyField;

/** The refusal for a window state, or undefined while the subject is within its limit. */
export function refusal(
  limit: RateLimit,
  state: windows.WindowState,
  now: Date,
): TooManyRequests | undefined {
  if (state.count <= limit.limit) return undefined;
  const resetSeconds = Math.max(1, Math.ceil(state.resetAt - now.getTime() / 1000));
  return new TooManyRequests(
    limit.detail ?? `More than ${limit.limit} requests in ${limit.windowSeconds} seconds; try again later`,
    resetSeconds,
    {
      'RateLimit-Limit': String(limit.limit),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(resetSeconds),
    },
  );
}

const NOTHING_COUNTED: CountedLimits = { forgive: async () => undefined };

/** Counts the request against each limit (in parallel, so every limit sees it) and refuses the first one over. */
export async function countRequest(
  limits: readonly RateLimit[] | undefined,
  ip: string,
  body: Readonly<Record<string, unknown>>,
  now: Date,
): Promise<CountedLimits> {
  if (!limits?.length) return NOTHING_COUNTED;
  const counted = await Promise.all(
    limits.map(async (limit) => {
      const subject = subjectOf(limit.key, ip, body);
      if (subject === undefined) return undefined;
      const state = await windows.hit(limit.scope, subject, limit.windowSeconds, now);
      return { limit, subject, state };
    }),
  );
  for (const c of counted) {
    const refused = c && refusal(c.limit, c.state, now);
    if (refused) throw refused;
  }
  return {
    forgive: async (scope) => {
      const c = counted.find((x) => x?.limit.scope === scope);
      if (c) await windows.clear(scope, c.subject, c.state.start);
    },
  };
}
