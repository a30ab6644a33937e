/**
 * Inbound webhook verifiers, by name: a route with `auth: {kind: 'webhook', verifier}` runs its verifier on
 * the raw body before the body is parsed or validated. A verifier answers 401 when the signature header is
 * missing (no credentials) or does not match, 400 when it is malformed, and returns when it matches.
 * The Stripe verifier is in stripe-signature.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, BadRequest, ServiceUnavailable } from '../errors.js';
import { secret as readSecret } from '../secrets.js';
import { verifyStripeSignature } from './stripe-signature.js';

export type Headers = Readonly<Record<string, string | undefined>>;
export type WebhookVerifier = (rawBody: string, headers: Headers, now: Date) => Promise<void>;

/** 401 with a detail that says which check failed, never what was expected. */
export class BadSignature extends AppError {
  constructor(detail: string) {
    super(401, 'Unauthorized', detail);
  }
}

const SHA256_HEADER = /^sha256=([0-9a-f]{64})$/i;

/**
 * DESIGN.md "Channel webhook": `X-Channel-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the
 * channel secret (CHANNEL_WEBHOOK_SECRET; in the cloud read from Secrets Manager, shared/secrets.ts).
 */
export const verifyChannelSignature: WebhookVerifier = async (rawBody, headers) => {
  const secret = await readSecret('CHANNEL_WEBHOOK_SECRET');
  // Fail closed, and say so: the channel manager retries a 503, so no event is lost once it is configured.
  if (!secret) throw new ServiceUnavailable('The channel webhook secret is not configured');
  const header = headers['x-channel-signature'];
  if (!header) throw new BadSignature('The X-Channel-Signature header is required');
  const match = SHA256_HEADER.exec(header.trim());
  if (!match?.[1]) throw new BadRequest('X-Channel-Signature must be sha256=<64 hex digits>');
  if (!sameHmac(hmacSha256(secret, rawBody), Buffer.from(match[1], 'hex')))
    throw new BadSignature('The X-Channel-Signature does not match the body');
};

export const hmacSha256 = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data, 'utf8').digest();

/** Timing-safe: the comparison takes as long whichever byte differs. */
export function sameHmac(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const WEBHOOK_VERIFIERS = {
  channel: verifyChannelSignature,
  stripe: verifyStripeSignature,
} satisfies Record<string, WebhookVerifier>;

export type WebhookVerifierName = keyof typeof WEBHOOK_VERIFIERS;
