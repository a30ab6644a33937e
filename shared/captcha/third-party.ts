/**
 * Server-side verification of a third-party CAPTCHA token (hCaptcha, reCAPTCHA v2/v3): POST
 * `secret`, `response` and `remoteip` form-encoded to the provider's verify URL, with a timeout.
 * - the provider says no (success false, or a v3 score below 0.5): 400, the caller must solve it again;
 * - the provider cannot answer (network error, timeout, non-2xx, not JSON): 503. A provider outage is not
 *   the visitor's fault (so not a 400) and not our crash (so not a 500); the visitor may retry.
 * No I/O besides the injected fetch.
 */
import { BadRequest, ServiceUnavailable } from '../errors.js';
import { log } from '../log.js';
import {
  DEFAULT_VERIFY_TIMEOUT_MS,
  DEFAULT_VERIFY_URLS,
  RECAPTCHA_V3_MIN_SCORE,
  type ThirdPartyProvider,
  VERIFY_URL_ENV,
} from './providers.js';

export interface ThirdPartyRequest {
  secret: string;
  token: string;
  ip: string;
  /** hCaptcha checks that the token was issued for this site key when it is sent. */
  siteKey?: string;
}

export interface VerifyOptions {
  fetch?: typeof fetch;
  env?: NodeJS.ProcessEnv;
}

interface ProviderAnswer {
  success?: unknown;
  score?: unknown;
  'error-codes'?: unknown;
}

export function verifyUrl(provider: ThirdPartyProvider, env: NodeJS.ProcessEnv = process.env): string {
  return env[VERIFY_URL_ENV[provider]] || DEFAULT_VERIFY_URLS[provider];
}

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = Number(env.CAPTCHA_VERIFY_TIMEOUT_MS);
  return Number.isInteger(raw) && raw > 0 ? raw : DEFAULT_VERIFY_TIMEOUT_MS;
}

const unavailable = () =>
  new ServiceUnavailable('The CAPTCHA provider could not be reached; please try again shortly');

async function ask(
  provider: ThirdPartyProvider,
  request: ThirdPartyRequest,
  options: VerifyOptions,
): Promise<ProviderAnswer> {
  const env = options.env ?? process.env;
  const form = new URLSearchParams({ secret: request.secret, response: request.token, remoteip: request.ip });
  if (provider === 'hcaptcha' && request.siteKey) form.set('sitekey', request.siteKey);
  const url = verifyUrl(provider, env);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs(env)),
    });
    if (!response.ok) throw new Error(`verify answered HTTP ${response.status}`);
    const answer = (await response.json()) as unknown;
    if (typeof answer !== 'object' || answer === null) throw new Error('verify answered no JSON object');
    return answer as ProviderAnswer;
  } catch (error) {
    log('warn', 'captcha provider unavailable', { provider, url, error: (error as Error).message });
    throw unavailable();
  }
}

/** Resolves when the provider accepts the token; throws BadRequest (rejected) or ServiceUnavailable (outage). */
export async function verifyThirdParty(
  provider: ThirdPartyProvider,
  request: ThirdPartyRequest,
  options: VerifyOptions = {},
): Promise<void> {
  const answer = await ask(provider, request, options);
  if (answer.success !== true) {
    const codes = Array.isArray(answer['error-codes'])
      ? answer['error-codes'].filter((c) => typeof c === 'string')
      : [];
    throw new BadRequest(`CAPTCHA verification failed${codes.length ? ` (${codes.join(', ')})` : ''}`, [
      { field: 'captchaToken', message: 'was not accepted by the CAPTCHA provider' },
    ]);
  }
  if (provider === 'recaptcha_v3') {
    const score = typeof answer.score === 'number' ? answer.score : -1;
    if (score < RECAPTCHA_V3_MIN_SCORE) {
      throw new BadRequest('CAPTCHA verification failed (score too low)', [
        { field: 'captchaToken', message: `scored below ${RECAPTCHA_V3_MIN_SCORE}` },
      ]);
    }
  }
}
