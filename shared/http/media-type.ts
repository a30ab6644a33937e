/**
 * Which request bodies a route takes (DESIGN.md "Security rules"): a write that a session cookie authenticates
 * takes only `application/json`. A browser sends a cross-site form (`application/x-www-form-urlencoded`,
 * `multipart/form-data`) or a `text/plain` fetch without asking the server first, with whatever cookies the
 * browser sends to this site; `application/json` from another origin needs a CORS preflight, which only the
 * allowed origins pass. So a cookie write that must be JSON cannot be forged by a page on a sibling
 * subdomain (same-site, so SameSite=Lax lets the cookie through) or by a browser that ignores SameSite.
 */
import { UnsupportedMediaType } from '../errors.js';
import type { RouteContract } from './route.js';

/**
 * The routes whose writes a cookie authenticates: the admin and tenant sessions, and the payment script's
 * CSRF cookie. Public routes carry no authority to forge; a webhook's body is the sender's, signed as sent.
 */
export function takesJsonOnly(contract: Pick<RouteContract, 'method' | 'auth'>): boolean {
  if (contract.method === 'GET') return false;
  const kind = contract.auth.kind;
  return kind === 'admin' || kind === 'tenant' || kind === 'optionalTenant' || kind === 'csrf';
}

/** The media type of a Content-Type header, lower-cased, without its parameters (`charset`). */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

/**
 * 415 unless the request is JSON: a Content-Type other than `application/json` (a form with no fields is a
 * form post too), or a body sent without one. A write with neither body nor Content-Type (a DELETE) passes.
 */
export function checkJsonBody(contentType: string | undefined, rawBody: string): void {
  const type = mediaTypeOf(contentType);
  if (type === 'application/json') return;
  if (type === undefined && rawBody === '') return;
  throw new UnsupportedMediaType(
    type === undefined
      ? 'A request body needs Content-Type: application/json'
      : `This endpoint takes application/json bodies only, not ${type}`,
  );
}
