/**
 * Fetching a URL an admin gave us (iCal feed, webhook target) without letting it reach our own network:
 * http(s) only; every address is checked when the socket connects (the lookup hook below), so a name that
 * resolves to a public address at registration and to 169.254.169.254 later is still refused (no DNS-rebinding
 * window between a check and the connection); redirects are followed by hand (at most 3), each target checked
 * again; a total deadline and a response size cap; conditional GET (If-None-Match / If-Modified-Since).
 * A failure is a SafeFetchError of one kind with fixed words (shared/net/outbound-failure.ts), never the system's
 * message nor anything the target answered.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressAllowed, runtimeIsLocal } from './address-policy.js';
import { FAILURE_WORDS, failureOfError, type OutboundFailure } from './outbound-failure.js';
import { checkUrlShape, type OutboundUrlRules } from './outbound-url.js';

export { checkOutboundUrl, checkUrlShape, type OutboundUrlRules, type UrlCheck } from './outbound-url.js';

export type SafeFetchFailure = OutboundFailure;

/**
 * `message` is the failure's fixed words (shared/net/outbound-failure.ts), safe to store and show; what the
 * system said is only in `cause`, for our logs.
 */
export class SafeFetchError extends Error {
  constructor(
    readonly failure: SafeFetchFailure,
    options: { cause?: unknown; reason?: string } = {},
  ) {
    super(
      options.reason ? `refused: ${options.reason}` : FAILURE_WORDS[failure],
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions extends OutboundUrlRules {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | undefined;
  /** The whole exchange, redirects included. Default 10 s. */
  timeoutMs?: number;
  /** Bytes of response body; more fails with 'too_large'. Default 5 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Conditional GET: validators of the copy we already have. */
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export interface SafeFetchResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  /** 304: the copy we have is current. */
  notModified: boolean;
  etag: string | undefined;
  lastModified: string | undefined;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A DNS lookup that fails the connection unless every resolved address is allowed (Node skips the lookup for an
 * IP literal: those are checked by checkUrlShape before connecting).
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const list = addresses ?? [];
      const refused =
        list.length === 0 || !list.every((entry) => addressAllowed(entry.address, allowLoopback));
      if (refused) {
        const blocked = new SafeFetchError('blocked_address');
        return callback(blocked as NodeJS.ErrnoException, '', 4);
      }
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url = rawUrl;
  let method = options.method ?? 'GET';
  let body = options.body;
  for (let hop = 0; ; hop += 1) {
    const response = await requestOnce(url, { ...options, method, body }, deadline);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || location === undefined) return response;
    if (hop >= maxRedirects) {
      throw new SafeFetchError('too_many_redirects');
    }
    url = redirectTarget(location, url);
    // 303 (and, as browsers do, 301/302 after a POST) turns into a GET without a body.
    if (
      response.status === 303 ||
      (method === 'POST' && response.status !== 307 && response.status !== 308)
    ) {
      method = 'GET';
      body = undefined;
    }
  }
}

function redirectTarget(location: string, from: string): string {
  try {
    return new URL(location, from).toString();
  } catch {
    throw new SafeFetchError('bad_url', { reason: 'the redirect does not name a valid URL' });
  }
}

function requestOnce(
  rawUrl: string,
  options: SafeFetchOptions & { method: 'GET' | 'POST' },
  deadline: AbortSignal,
): Promise<SafeFetchResponse> {
  const shape = checkUrlShape(rawUrl, options);
  if (!shape.ok) {
    const blocked = shape.reason.includes('address');
    const error = blocked
      ? new SafeFetchError('blocked_address')
      : new SafeFetchError('bad_url', { reason: shape.reason });
    return Promise.reject(error);
  }
  const url = shape.url;
  const allowLoopback = options.allowLoopback ?? runtimeIsLocal();
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const headers: Record<string, string> = { 'user-agent': 'rental-pm-api', ...options.headers };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    if (deadline.aborted) return reject(new SafeFetchError('timeout'));
    const request = transport.request(url, {
      method: options.method,
      headers,
      lookup: guardedLookup(allowLoopback),
      signal: deadline,
      // No connection reuse: each request goes through the guarded lookup.
      agent: false,
    });
    request.on('error', (error) => reject(asFetchError(error, deadline)));
    request.on('response', (response) => {
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        return reject(new SafeFetchError('too_large'));
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) {
          response.destroy();
          request.destroy();
          reject(new SafeFetchError('too_large'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => reject(asFetchError(error, deadline)));
      response.on('end', () => {
        const flat = flattenHeaders(response.headers);
        const status = response.statusCode ?? 0;
        resolve({
          status,
          headers: flat,
          body: Buffer.concat(chunks),
          url: url.toString(),
          notModified: status === 304,
          etag: flat.etag,
          lastModified: flat['last-modified'],
        });
      });
    });
    request.end(options.body);
  });
}

/** Any error of a request as its SafeFetchError (the lookup's refusal may come wrapped as a cause). */
export function asFetchError(error: unknown, deadline: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const cause = error as { cause?: unknown };
  if (cause.cause instanceof SafeFetchError) return cause.cause;
  return new SafeFetchError(failureOfError(error, deadline.aborted), { cause: error });
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
