/**
 * The payment script's CSRF token (DESIGN.md "Payment CSRF token"): double submit, HMAC-bound to a cookie.
 * `GET /API/payment-csrf.php` sets a random cookie and answers the token, HMAC-SHA256(CSRF_SECRET, cookie).
 * The payment script sends the token back in `X-CSRF-Token` (or the body field `payment_csrf`); the browser
 * sends the cookie. A forged cross-site request carries the cookie but cannot read the token, and a token
 * cannot be minted for a cookie without the secret, so a planted cookie does not help either.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Forbidden, InternalError } from '../errors.js';
import { secret } from '../secrets.js';

export const CSRF_COOKIE = 'pm_payment_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_BODY_FIELD = 'payment_csrf';
/** Long enough for a checkout, short enough that a leaked pair soon stops working. */
export const CSRF_COOKIE_SECONDS = 2 * 60 * 60;

const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** CSRF_SECRET through shared/secrets.ts: the value locally, Secrets Manager (cached, rotatable) in the cloud. */
async function csrfSecret(): Promise<string> {
  const value = await secret('CSRF_SECRET');
  if (!value) throw new InternalError('CSRF_SECRET is not configured');
  return value;
}

const tokenFor = async (cookieValue: string) =>
  createHmac('sha256', await csrfSecret())
    .update(`payment-csrf:${cookieValue}`)
    .digest('base64url');

/** A new cookie and its token: the handler answers `{payment_csrf: token}` and sets `cookie`. */
export async function issueCsrfToken(): Promise<{ token: string; cookie: string }> {
  const value = randomBytes(32).toString('base64url');
  return {
    token: await tokenFor(value),
    cookie: `${CSRF_COOKIE}=${value}; Max-Age=${CSRF_COOKIE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`,
  };
}

/** 403 unless the submitted token is the one bound to the request's CSRF cookie. */
export async function checkCsrfToken(cookieValue: string | undefined, submitted: unknown): Promise<void> {
  if (!cookieValue || !COOKIE_VALUE.test(cookieValue))
    throw new Forbidden('The payment CSRF cookie is missing: request a token first');
  if (typeof submitted !== 'string' || submitted === '')
    throw new Forbidden(`The payment CSRF token is missing (${CSRF_HEADER} header or ${CSRF_BODY_FIELD})`);
  const expected = Buffer.from(await tokenFor(cookieValue));
  const given = Buffer.from(submitted);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new Forbidden('The payment CSRF token does not match its cookie');
}
