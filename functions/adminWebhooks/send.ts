/**
 * One signed POST of a webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature` made
 * by the `standardwebhooks` package with the subscription's `whsec_` secret). The target must pass the
 * outbound URL rules (https; http only to loopback when the runtime is local; never a private address), and
 * the address the connection uses is checked again when the name is resolved for it (a name re-pointed at a
 * private address after it was registered is refused: no DNS-rebinding). No redirects are followed: only a
 * 2xx is a success. The answer's first bytes are kept for the log.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { excerpt, isSuccessStatus } from '../../shared/domain/webhooks/delivery.js';
import { ATTEMPT_TIMEOUT_MS } from '../../shared/domain/webhooks/retry.js';
import { addressAllowed } from '../../shared/net/address-policy.js';
import { checkUrlShape } from '../../shared/net/outbound-url.js';

export interface SendResult {
  status: number | null;
  ok: boolean;
  latencyMs: number;
  responseExcerpt: string;
  error?: string;
}

/** Read at most this much of an answer: the log keeps an excerpt, a receiver cannot make the job buffer more. */
const MAX_RESPONSE_BYTES = 16 * 1024;

class BlockedAddress extends Error {
  constructor() {
    super('the target resolves to a private or reserved address');
  }
}

/** dns.lookup that refuses when any address the name resolves to is not allowed. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || !addresses.every((a) => addressAllowed(a.address)))
      return callback(new BlockedAddress() as NodeJS.ErrnoException, '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
};

export function signatureHeaders(secret: string, webhookId: string, body: string, at: Date) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(webhookId, new Date(timestamp * 1000), body),
  };
}

export async function sendWebhook(
  target: string,
  webhookId: string,
  body: string,
  secret: string,
  at: Date,
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const shape = checkUrlShape(target, { requireHttps: true });
  if (!shape.ok) return { status: null, ok: false, latencyMs: 0, responseExcerpt: '', error: shape.reason };
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'rental-pm-webhooks/1',
    ...signatureHeaders(secret, webhookId, body, at),
  };
  try {
    const { status, text } = await post(shape.url, headers, body);
    return { status, ok: isSuccessStatus(status), latencyMs: took(), responseExcerpt: excerpt(text) };
  } catch (error) {
    const message = (error as Error).message || String(error);
    return { status: null, ok: false, latencyMs: took(), responseExcerpt: '', error: message };
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup,
        timeout: ATTEMPT_TIMEOUT_MS,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_RESPONSE_BYTES) return;
          chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
