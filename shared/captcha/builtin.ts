/**
 * The built-in CAPTCHA (DESIGN.md "Built-in CAPTCHA"): "What is A + B?" with the answer carried by the
 * client in `captcha_sum`, a server-signed, expiring token. The legacy md5 of the answer proved nothing (any
 * client can hash 2 to 40), so the token is an HMAC-SHA256 over the answer, an expiry and a random nonce,
 * under a server secret; the answer itself is not in the token. Single use is enforced by the caller
 * (verify.ts) with a guard item keyed by the token's hash. Pure functions: no I/O.
 *
 * Token format: `v1.<expiresAt epoch seconds>.<nonce base64url>.<mac base64url>`,
 * mac = HMAC-SHA256(secret, `v1.<expiresAt>.<nonce>.<answer>`).
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ServiceUnavailable } from '../errors.js';
import { secret } from '../secrets.js';
import { BUILTIN_TTL_SECONDS } from './providers.js';

const VERSION = 'v1';
const TOKEN_PATTERN = /^v1\.(\d{10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** Operands are 1–20, so a guess is right 1 time in 39 at best; a token is used up by any answer, right or wrong. */
const MAX_OPERAND = 20;

export interface Challenge {
  question: string;
  captcha_sum: string;
  /** Seconds the token stays valid. */
  expiresIn: number;
}

export type TokenCheck =
  | { ok: true; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'expired' | 'wrong' };

const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

function mac(secret: Buffer, expiresAt: number, nonce: string, answer: number): string {
  return createHmac('sha256', secret)
    .update(`${VERSION}.${expiresAt}.${nonce}.${answer}`)
    .digest('base64url');
}

/** A new challenge; `pick` is injectable so tests can fix the operands. */
export function newChallenge(
  secret: Buffer,
  now: Date,
  pick: () => number = () => randomInt(1, MAX_OPERAND + 1),
): Challenge {
  const a = pick();
  const b = pick();
  const expiresAt = epochSeconds(now) + BUILTIN_TTL_SECONDS;
  const nonce = randomBytes(16).toString('base64url');
  return {
    question: `What is ${a} + ${b}?`,
    captcha_sum: `${VERSION}.${expiresAt}.${nonce}.${mac(secret, expiresAt, nonce, a + b)}`,
    expiresIn: BUILTIN_TTL_SECONDS,
  };
}

/**
 * Shape and expiry only (no answer needed): decides whether the token may be used up at all. A token claiming
 * to live longer than a challenge ever does is forged; refusing it keeps guard items' TTLs bounded.
 */
export function checkTokenShape(token: string, now: Date): TokenCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const expiresAt = Number(match[1]);
  const nowSeconds = epochSeconds(now);
  if (expiresAt > nowSeconds + BUILTIN_TTL_SECONDS) return { ok: false, reason: 'malformed' };
  if (expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt };
}

/** Parses the posted answer: an integer, surrounding spaces allowed ("7", " 7 ", 7). */
export function parseAnswer(answer: string | undefined): number | undefined {
  const trimmed = answer?.trim() ?? '';
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Full check of token and answer (shape, expiry, signature over the answer), in constant time. */
export function checkAnswer(
  secret: Buffer,
  token: string,
  answer: string | undefined,
  now: Date,
): TokenCheck {
  const shape = checkTokenShape(token, now);
  if (!shape.ok) return shape;
  const value = parseAnswer(answer);
  if (value === undefined) return { ok: false, reason: 'wrong' };
  const [, expires = '', nonce = '', given = ''] = token.split('.');
  const expected = Buffer.from(mac(secret, Number(expires), nonce, value));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? shape
    : { ok: false, reason: 'wrong' };
}

/** The guard item's key: the token's hash, so the table never holds a usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The signing secret: CAPTCHA_SECRET (shared/secrets.ts: the value locally, Secrets Manager through
 * CAPTCHA_SECRET_SECRET_ARN in the cloud, cached with a TTL so a rotation needs no redeploy), else one derived
 * (HKDF) from the store's data key DATA_ENCRYPTION_KEY, which the local runtime keeps per store. Neither set
 * is a deployment mistake the operator must see: 503, not a silent weak default.
 */
export async function captchaSecret(env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const explicit = await secret('CAPTCHA_SECRET', env);
  if (explicit) {
    if (explicit.length < 32) throw new ServiceUnavailable('CAPTCHA_SECRET must be at least 32 characters');
    return Buffer.from(explicit, 'utf8');
  }
  const dataKey = env.DATA_ENCRYPTION_KEY;
  if (dataKey)
    return Buffer.from(hkdfSync('sha256', Buffer.from(dataKey, 'utf8'), '', 'captcha-token-v1', 32));
  throw new ServiceUnavailable('The built-in CAPTCHA is not configured (set CAPTCHA_SECRET)');
}
