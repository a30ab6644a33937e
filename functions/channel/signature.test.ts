import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/errors.js';
import { verifyChannelSignature } from './signature.js';

const SECRET = 'channel-secret-for-tests';
const body = '{"event":"reservation.created","reservation":{"channelReservationId":"A1"}}';
const sign = (raw: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const now = new Date();

async function statusOf(headers: Record<string, string | undefined>, raw = body) {
  try {
    await verifyChannelSignature(raw, headers, now);
    return 200;
  } catch (error) {
    return (error as AppError).status;
  }
}

describe('channel webhook signature', () => {
  afterEach(() => {
    delete process.env.CHANNEL_WEBHOOK_SECRET;
  });

  it('accepts the HMAC of the raw body, hex in either case', async () => {
    process.env.CHANNEL_WEBHOOK_SECRET = SECRET;
    expect(await statusOf({ 'x-channel-signature': sign(body) })).toBe(200);
    expect(
      await statusOf({ 'x-channel-signature': sign(body).toUpperCase().replace('SHA256', 'sha256') }),
    ).toBe(200);
  });

  it('answers 401 without a header or with a wrong signature, 400 for a malformed header', async () => {
    process.env.CHANNEL_WEBHOOK_SECRET = SECRET;
    expect(await statusOf({})).toBe(401);
    expect(await statusOf({ 'x-channel-signature': 'md5=abc' })).toBe(400);
    expect(await statusOf({ 'x-channel-signature': 'sha256=abc' })).toBe(400);
    expect(await statusOf({ 'x-channel-signature': sign(body, 'another-secret') })).toBe(401);
    // The same JSON with other whitespace is another body: the signature is over the bytes sent.
    expect(await statusOf({ 'x-channel-signature': sign(body) }, body.replace(':', ': '))).toBe(401);
  });

  it('fails closed with 503 while no secret is configured', async () => {
    expect(await statusOf({ 'x-channel-signature': sign(body) })).toBe(503);
  });
});
