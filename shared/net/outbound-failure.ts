/**
 * What an outbound request (iCal feed, webhook send) that got no usable answer is called where admins read it
 * (a feed's `lastError`, a delivery attempt's `error`): a kind and fixed words, never the system's message.
 * Node's messages carry our internals (OpenSSL's source paths, resolver and socket details), and anything
 * built from the answer could carry the target's content (a private page reached by a redirect); the words
 * here carry neither. The original error stays as the `cause` for our own logs.
 */

export type OutboundFailure =
  | 'bad_url'
  | 'blocked_address'
  | 'connection_refused'
  | 'dns'
  | 'tls'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

/** The words stored and shown: "<kind>: <what happened>". */
export const FAILURE_WORDS: Record<OutboundFailure, string> = {
  bad_url: 'refused: the URL is not allowed',
  blocked_address: 'refused: the address is not allowed (private or reserved)',
  connection_refused: 'refused: the connection was refused',
  dns: 'DNS failure: the host name does not resolve',
  tls: 'TLS failure: no secure connection (certificate or handshake)',
  timeout: 'timeout: no answer in time',
  too_large: 'too large: the answer is larger than the limit',
  too_many_redirects: 'too many redirects',
  network: 'network failure: the connection could not be made or was lost',
};

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ABORT_ERR']);
/** OpenSSL's certificate verification codes as Node reports them, beside its ERR_TLS_ / ERR_SSL_ codes. */
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|INVALID_CA)/;

/**
 * The kind of a socket-level error of a request. `timedOut`: the request's own deadline passed (an abort
 * then is a timeout whatever error it surfaced as). EPROTO on an http(s) request is OpenSSL refusing the
 * exchange (a plain-http server on an https URL, an unknown protocol version).
 */
export function failureOfError(error: unknown, timedOut: boolean): OutboundFailure {
  if (timedOut) return 'timeout';
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (DNS_CODES.has(code)) return 'dns';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (code === 'EPROTO' || TLS_CODE.test(code)) return 'tls';
  return 'network';
}
