/**
 * Route-declared rate limits (RouteContract.rateLimits), checked after routing and before the body is parsed
 * or validated, so malformed requests are counted too. Each request is counted atomically in the table
 * (shared/data/rate-limits-repo.ts: one window per subject that starts at its first event, TTL); the request that
 * takes a subject over `limit` and every one after it, until the window ends, is 429 with Retry-After and
 * RateLimit-Limit / -Remaining / -Reset. A limit with a `setting` takes its count from the site settings (the
 * copy of the last few seconds), so an operator changes it without a deploy. A service counts a limit of its
 * own the same way, after its own checks (`countEvent`: the mails to one address).
 */
import * as windows from '../data/rate-limits-repo.js';
import { getRecentSettings } from '../data/settings-repo.js';
import type { LimitSetting, SiteSettings } from '../domain/settings.js';
import { TooManyRequests } from '../errors.js';
import { looseBodyFields } from './request-input.js';
import type { CountedLimits, RateLimit, RouteContract } from './route.js';

/** Longer values are never valid identities (e-mails are at most 254): they are not counted, and validation refuses them. */
const MAX_FIELD_LENGTH = 256;

/** Who sent the request, as far as the pipeline knows before validation. */
export interface Caller {
  ip: string;
  /** The tenant session's tenant, when the route reads one and it is valid. */
  tenantId?: number | undefined;
}

/** A value as a subject: trimmed and lower-cased; undefined when empty or too long to be an identity. */
export function foldedSubject(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const folded = value.trim().toLowerCase();
  return folded === '' || folded.length > MAX_FIELD_LENGTH ? undefined : folded;
}

/**
 * The counted subject: the IP, `<ip>#<field value trimmed and lower-cased>` (the tenant login's historic
 * subject), the folded field value alone (a limit across IPs), the IP when the body has the field
 * (`ipWhenBodyField`), or `tenant:<id>`. Undefined when the request has no usable value of the field, or no
 * tenant session: that request is not counted by this limit, and validation (or the session check) answers it.
 */
export function subjectOf(
  key: RateLimit['key'],
  ip: string,
  body: Readonly<Record<string, unknown>>,
  tenantId?: number,
) {
  if (key === 'ip') return ip;
  if (key === 'tenant') return tenantId === undefined ? undefined : `tenant:${tenantId}`;
  const field = fieldOf(key);
  // Own properties only: a field named like `constructor` must not read the prototype.
  const folded = foldedSubject(Object.hasOwn(body, field) ? body[field] : undefined);
  if (folded === undefined) return undefined;
  if ('ipWhenBodyField' in key) return ip;
  return 'ipAndBodyField' in key ? `${ip}#${folded}` : folded;
}

const fieldOf = (key: Exclude<RateLimit['key'], 'ip' | 'tenant'>): string =>
  'ipAndBodyField' in key ? key.ipAndBodyField : 'bodyField' in key ? key.bodyField : key.ipWhenBodyField;

/** What a refusal needs of a limit: its count (as in force), window and detail. */
type Refusable = Pick<RateLimit, 'limit' | 'windowSeconds' | 'detail'>;

/** The refusal for a window state, or undefined while the subject is within its limit. */
export function refusal(
  limit: Refusable,
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

/** The limit as in force: its setting's value when it names one, else its own count. */
export const inForce = (limit: RateLimit, settings: Pick<SiteSettings, LimitSetting> | undefined) =>
  limit.setting && settings ? { ...limit, limit: settings[limit.setting] } : limit;

const NOTHING_COUNTED: CountedLimits = { forgive: async () => undefined };

/** Counts the request against each limit (in parallel, so every limit sees it) and refuses the first one over. */
export async function countRequest(
  limits: readonly RateLimit[] | undefined,
  caller: Caller,
  body: Readonly<Record<string, unknown>>,
  now: Date,
): Promise<CountedLimits> {
  if (!limits?.length) return NOTHING_COUNTED;
  const [settings, counted] = await Promise.all([
    limits.some((l) => l.setting) ? getRecentSettings(now.getTime()) : undefined,
    Promise.all(
      limits.map(async (limit) => {
        const subject = subjectOf(limit.key, caller.ip, body, caller.tenantId);
        if (subject === undefined) return undefined;
        const state = await windows.hit(limit.scope, subject, limit.windowSeconds, now);
        return { limit, subject, state };
      }),
    ),
  ]);
  for (const c of counted) {
    const refused = c && refusal(inForce(c.limit, settings), c.state, now);
    if (refused) throw refused;
  }
  return {
    forgive: async (scope) => {
      const c = counted.find((x) => x?.limit.scope === scope);
      if (c) await windows.clear(scope, c.subject, c.state.start);
    },
  };
}

/**
 * Counts a request against its route's limits; the body's fields are read (before validation, aliases
 * resolved) and the session's tenant awaited only when a limit keys on them.
 */
export async function countRouteLimits(
  contract: RouteContract,
  rawBody: string,
  caller: { ip: string; tenantOf: () => Promise<number | undefined> },
  now: Date,
): Promise<CountedLimits> {
  const limits = contract.rateLimits;
  if (!limits?.length) return NOTHING_COUNTED;
  const fields = limits.some((l) => typeof l.key === 'object') ? looseBodyFields(rawBody, contract) : {};
  const tenantId = limits.some((l) => l.key === 'tenant') ? await caller.tenantOf() : undefined;
  return countRequest(limits, { ip: caller.ip, tenantId }, fields, now);
}

/** A limit a service counts itself, once its own checks passed (no key: the service names the subject). */
export type EventLimit = Omit<RateLimit, 'key'>;

/** Counts one event of `subject` (folded) against the limit as the settings give it; 429 when over. */
export async function countEvent<S extends LimitSetting>(
  limit: EventLimit & { setting: S },
  subject: string,
  settings: Pick<SiteSettings, S>,
  now: Date,
): Promise<void> {
  const folded = foldedSubject(subject);
  if (folded === undefined) return;
  const state = await windows.hit(limit.scope, folded, limit.windowSeconds, now);
  const refused = refusal({ ...limit, limit: settings[limit.setting] }, state, now);
  if (refused) throw refused;
}
