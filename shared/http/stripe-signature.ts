/**
 * The Stripe webhook signature (DESIGN.md "Stripe"; https://docs.stripe.com/webhooks#verify-manually):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…][,v0=…]` with the
 * endpoint's signing secret (`whsec_…`, used as given). Written out here rather than calling the `stripe`
 * SDK: every group's bundle holds the verifier registry, and the scheme is ten lines. The tests sign with
 * the SDK's own `generateTestHeaderString`, so the two cannot drift apart unnoticed.
 *
 * Replays: a captured delivery is refused once its timestamp is more than TOLERANCE_SECONDS from our clock
 * (either way), and within that window the event id is processed once (I7), so a replay changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, BadRequest, ServiceUnavailable } from '../errors.js';
import { secret as readSecret } from '../secrets.js';

/** The verifier's shape (webhook-verifiers.ts WebhookVerifier), restated so this module does not import its registry. */
type Verifier = (
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  now: Date,
) => Promise<void>;

/** 401, as the registry's BadSignature: says which check failed, never what was expected. */
const refused = (detail: string) => new AppError(401, 'Unauthorized', detail);

/** Stripe's own default tolerance (the SDK's DEFAULT_TOLERANCE). */
export const TOLERANCE_SECONDS = 300;

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

/** `t=…,v1=…`: 400 when it is not that shape (no timestamp, or no v1 signature at all). */
export function parseStripeSignature(header: string): ParsedHeader {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const element of header.split(',')) {
    const at = element.indexOf('=');
    if (at <= 0) continue;
    const name = element.slice(0, at).trim();
    const value = element.slice(at + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Other schemes (v0 is Stripe's test scheme) are ignored, as Stripe advises.
    if (name === 'v1' && HEX_SIGNATURE.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new BadRequest('Stripe-Signature must be t=<timestamp>,v1=<64 hex digits>');
  return { timestamp, signatures };
}

/**
 * The `stripe` verifier: 503 without STRIPE_WEBHOOK_SECRET (Stripe retries for days, so nothing is lost once
 * it is set), 400 without a well-formed header, 401 when no v1 signature matches or the timestamp is stale.
 */
export const verifyStripeSignature: Verifier = async (rawBody, headers, now) => {
  const secret = await readSecret('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw new ServiceUnavailable('The Stripe webhook secret is not configured');
  const header = headers['stripe-signature'];
  if (!header) throw refused('The Stripe-Signature header is required');
  const { timestamp, signatures } = parseStripeSignature(header);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  // Every v1 is compared (a rolled secret signs with both for a while), each in constant time.
  if (!signatures.some((given) => given.length === expected.length && timingSafeEqual(expected, given)))
    throw refused('The Stripe-Signature does not match the body');
  // Checked after the signature, so the timestamp is the sender's own and a mismatch says nothing about it.
  const ageSeconds = Math.abs(Math.floor(now.getTime() / 1000) - timestamp);
  if (ageSeconds > TOLERANCE_SECONDS)
    throw refused(`The Stripe-Signature timestamp is outside the ${TOLERANCE_SECONDS} s tolerance`);
};
