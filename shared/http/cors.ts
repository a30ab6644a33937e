/**
 * The browser origins allowed to call the API with credentials (DESIGN.md "Security rules"): an explicit list
 * from CORS_ORIGINS, checked when a Lambda starts. Credentials (the session cookies) are always allowed, so
 * `*`, `null` and wildcard patterns are refused outright: reflecting any origin with credentials would let any
 * site act with a signed-in admin's cookie.
 */

/** `https://site.example` or `http://localhost:5173`: scheme, host, optional port, nothing else. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

export function parseCorsOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (origin === '*' || origin.toLowerCase() === 'null' || origin.includes('*')) {
      throw new Error(
        `CORS_ORIGINS may not contain "${origin}": credentials are allowed, so every origin must be listed exactly`,
      );
    }
    if (!ORIGIN.test(origin)) {
      throw new Error(`CORS_ORIGINS entry "${origin}" is not an origin such as https://www.example.com`);
    }
  }
  return origins.map((o) => o.toLowerCase());
}

/** Request headers a browser may send cross-origin, and response headers it may read. */
// X-Api-Key: the website's usage-plan key, when the stage requires one (docs/cloud-stack.md).
export const CORS_ALLOW_HEADERS = 'Content-Type,Idempotency-Key,X-CSRF-Token,X-Api-Key';
export const CORS_EXPOSE_HEADERS =
  'Idempotent-Replayed,Retry-After,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset';
