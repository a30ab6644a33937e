/**
 * The rules an outbound URL must pass before anything is fetched: a parseable absolute http(s) URL without
 * credentials, whose host (an IP literal, or every address its name resolves to) is reachable under the
 * address policy. Used when an admin registers a URL (iCal feed, webhook target) and again on every fetch
 * and redirect (shared/net/safe-fetch.ts), since a name can be re-pointed after it was registered.
 */
import { lookup } from 'node:dns/promises';
import { addressAllowed, classifyAddress, ipLiteral, runtimeIsLocal } from './address-policy.js';

export interface OutboundUrlRules {
  /** Webhook targets: https only, except http to loopback when the runtime is local (DESIGN.md). */
  requireHttps?: boolean;
  /** Default: the runtime is local. */
  allowLoopback?: boolean;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;

/** The checks that need no network: scheme, shape, IP literals. */
export function checkUrlShape(raw: string, rules: OutboundUrlRules = {}): UrlCheck {
  if (raw.length > MAX_URL_LENGTH)
    return { ok: false, reason: `URL longer than ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'only http and https URLs are allowed' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'credentials in the URL are not allowed' };
  }
  if (url.hostname === '') return { ok: false, reason: 'the URL has no host' };
  const allowLoopback = rules.allowLoopback ?? runtimeIsLocal();
  const literal = ipLiteral(url.hostname);
  if (literal !== undefined && !addressAllowed(literal, allowLoopback)) {
    return { ok: false, reason: 'the URL points at a private or reserved address' };
  }
  if (rules.requireHttps && url.protocol === 'http:') {
    const localHttp =
      allowLoopback &&
      (literal === undefined ? url.hostname === 'localhost' : classifyAddress(literal) === 'loopback');
    if (!localHttp) return { ok: false, reason: 'only https URLs are allowed' };
  }
  return { ok: true, url };
}

/** Every address a host name resolves to (all families), or the literal itself. */
export async function resolveHost(hostname: string): Promise<string[]> {
  const literal = ipLiteral(hostname);
  if (literal !== undefined) return [literal];
  const records = await lookup(hostname, { all: true, verbatim: true });
  return records.map((record) => record.address);
}

/**
 * The full check: shape, then DNS; every resolved address must be allowed (one private address among
 * public ones is refused: the connection could pick it).
 */
export async function checkOutboundUrl(raw: string, rules: OutboundUrlRules = {}): Promise<UrlCheck> {
  const shape = checkUrlShape(raw, rules);
  if (!shape.ok) return shape;
  const allowLoopback = rules.allowLoopback ?? runtimeIsLocal();
  let addresses: string[];
  try {
    addresses = await resolveHost(shape.url.hostname);
  } catch {
    return { ok: false, reason: 'the host name does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'the host name does not resolve' };
  if (!addresses.every((address) => addressAllowed(address, allowLoopback))) {
    return { ok: false, reason: 'the URL points at a private or reserved address' };
  }
  if (rules.requireHttps && shape.url.protocol === 'http:') {
    // http is tolerated only to loopback (checked by shape for literals; names such as localhost here).
    const allLoopback = addresses.every((address) => !addressAllowed(address, false));
    if (!allLoopback) return { ok: false, reason: 'only https URLs are allowed' };
  }
  return shape;
}
