/**
 * The `channel` webhook verifier (DESIGN.md "Channel webhook"): `X-Channel-Signature: sha256=<hex HMAC-SHA256
 * of the raw body>` with the channel secret (CHANNEL_WEBHOOK_SECRET; in the cloud read from Secrets Manager,
 * shared/secrets.ts). The channel group gives it to createHttpHandler (handler.ts), so only its bundle has it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequest, ServiceUnavailable } from '../../shared/errors.js';
import { BadSignature, type WebhookVerifier } from '../../shared/http/webhook-verifiers.js';
import { secret as readSecret } from '../../shared/secrets.js';

const SHA256_HEADER = /^sha256=([0-9a-f]{64})$/i;

export const verifyChannelSignature: WebhookVerifier = async (rawBody, headers) => {
  const secret = await readSecret('CHANNEL_WEBHOOK_SECRET');
  // Fail closed, and say so: the channel manager retries a 503, so no event is lost once it is configured.
  if (!secret) throw new ServiceUnavailable('The channel webhook secret is not configured');
  const header = headers['x-channel-signature'];
  if (!header) throw new BadSignature('The X-Channel-Signature header is required');
  const match = SHA256_HEADER.exec(header.trim());
  if (!match?.[1]) throw new BadRequest('X-Channel-Signature must be sha256=<64 hex digits>');
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(match[1], 'hex');
  // Timing-safe: the comparison takes as long whichever byte differs.
  if (!(expected.length === given.length && timingSafeEqual(expected, given)))
    throw new BadSignature('The X-Channel-Signature does not match the body');
};
