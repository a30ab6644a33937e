/**
 * One signed POST of a webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature` made
 * by the `standardwebhooks` package with the subscription's `whsec_` secret). The target must pass the
 * outbound URL rules (https; http only to loopback when the runtime is local; never a private address), and
 * the address the connection uses is checked again when the name is resolved for it (a name re-pointed at a
 * private address after it was registered is refused: no DNS-rebinding). No redirects are followed: only a
 * 2xx is a success. The answer's first bytes are kept for the log.
 */
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { excerpt, isSuccessStatus } from '../../shared/domain/webhooks/delivery.js';
import { ATTEMPT_TIMEOUT_MS } from '../../shared/domain/webhooks/retry.js';
import { runtimeIsLocal } from '../../shared/net/address-policy.js';
import { FAILURE_WORDS } from '../../shared/net/outbound-failure.js';
import { checkUrlShape } from '../../shared/net/outbound-url.js';
import { asFetchError, guardedLookup } from '../../shared/net/safe-fetch.js';

export interface SendResult {
  status: number | null;
  ok: boolean;
  latencyMs: number;
  responseExcerpt: string;
  /** Why no answer came, in fixed words (stored and shown). */
  error?: string;
  /** What the system said, for our logs only (never stored). */
  cause?: string;
  /** The answer's Retry-After header, as sent (the schedule honours it on a 429 or 503). */
  retryAfter?: string;
}

/** Read at most this much of an answer: the log keeps an excerpt, a receiver cannot make the job buffer more. */
const MAX_RESPONSE_BYTES = 16 * 1024;

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
  if (!shape.ok) {
    const error = shape.reason.includes('address')
      ? FAILURE_WORDS.blocked_address
      : `refused: ${shape.reason}`;
    return { status: null, ok: false, latencyMs: 0, responseExcerpt: '', error };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'rental-pm-webhooks/1',
    ...signatureHeaders(secret, webhookId, body, at),
  };
  const deadline = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const { status, text, retryAfter } = await post(shape.url, headers, body, deadline);
    return {
      status,
      ok: isSuccessStatus(status),
      latencyMs: took(),
      responseExcerpt: excerpt(text),
      ...(retryAfter ? { retryAfter: retryAfter.slice(0, 100) } : {}),
    };
  } catch (error) {
    return {
      status: null,
      ok: false,
      latencyMs: took(),
      responseExcerpt: '',
      error: asFetchError(error, deadline).message,
      cause: (error as Error).message || String(error),
    };
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  deadline: AbortSignal,
): Promise<{ status: number; text: string; retryAfter: string | undefined }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(runtimeIsLocal()),
        timeout: ATTEMPT_TIMEOUT_MS,
        signal: deadline,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const header = response.headers['retry-after'];
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            retryAfter: Array.isArray(header) ? header[0] : header,
          });
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
    request.on('timeout', () => request.destroy(Object.assign(new Error('idle'), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end(body);
  });
}
