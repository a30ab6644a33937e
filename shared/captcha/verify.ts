/**
 * The one CAPTCHA check every public POST uses (contact, subscribe, and later guest booking): the provider is
 * the site's setting apiCaptchaProvider. Throws BadRequest (400) when the CAPTCHA is missing, wrong, expired,
 * reused or rejected; ServiceUnavailable (503) when it cannot be checked (provider down, secret missing).
 */

import { consumeCaptchaToken } from '../data/contact-repo.js';
import type { SiteSettings } from '../domain/settings.js';
import { BadRequest, ServiceUnavailable } from '../errors.js';
import { captchaSecret, checkAnswer, checkTokenShape, tokenHash } from './builtin.js';
import { isCaptchaProvider } from './providers.js';
import { openCaptchaSecretKey } from './secret-key.js';
import { type VerifyOptions, verifyThirdParty } from './third-party.js';

export interface CaptchaInput {
  /** Built-in: the answer to "What is A + B?". */
  captcha?: string | undefined;
  /** Built-in: the signed token from GET /API/publicBooking/V1/captcha.json. */
  captcha_sum?: string | undefined;
  /** Third-party: the token the provider's widget gave the browser. */
  captchaToken?: string | undefined;
}

export type CaptchaSettings = Pick<
  SiteSettings,
  'apiCaptchaProvider' | 'apiCaptchaSecretKey' | 'apiCaptchaSiteKey'
>;

export interface CaptchaDeps extends VerifyOptions {
  consume?: (tokenHash: string, expiresAt: number) => Promise<boolean>;
}

const BUILTIN_MESSAGES = {
  malformed: 'The CAPTCHA token is invalid; fetch a new question',
  expired: 'The CAPTCHA question expired; fetch a new one',
  wrong: 'The CAPTCHA answer is wrong; fetch a new question',
  used: 'The CAPTCHA question was already answered; fetch a new one',
} as const;

function refuse(field: keyof CaptchaInput, key: keyof typeof BUILTIN_MESSAGES): never {
  throw new BadRequest(BUILTIN_MESSAGES[key], [{ field, message: BUILTIN_MESSAGES[key] }]);
}

/**
 * Built-in: any answer uses the token up (a guard item written once), right or wrong, so one question cannot
 * be brute-forced through its few possible sums. The shape and expiry are checked first so a forged token
 * never writes a long-lived guard.
 */
async function verifyBuiltin(input: CaptchaInput, now: Date, deps: CaptchaDeps): Promise<void> {
  const token = input.captcha_sum ?? '';
  if (!token || input.captcha === undefined || input.captcha === '') {
    throw new BadRequest('A CAPTCHA is required: answer the question of /API/publicBooking/V1/captcha.json', [
      { field: token ? 'captcha' : 'captcha_sum', message: 'is required' },
    ]);
  }
  const secret = await captchaSecret();
  const shape = checkTokenShape(token, now);
  if (!shape.ok) refuse('captcha_sum', shape.reason);
  const consume = deps.consume ?? consumeCaptchaToken;
  if (!(await consume(tokenHash(token), shape.expiresAt))) refuse('captcha_sum', 'used');
  const answer = checkAnswer(secret, token, input.captcha, now);
  if (!answer.ok) refuse('captcha', answer.reason);
}

export async function verifyCaptcha(
  settings: CaptchaSettings,
  input: CaptchaInput,
  ip: string,
  now: Date,
  deps: CaptchaDeps = {},
): Promise<void> {
  const provider = settings.apiCaptchaProvider;
  if (!isCaptchaProvider(provider)) {
    throw new ServiceUnavailable(`The site's CAPTCHA provider "${provider}" is not supported`);
  }
  if (provider === 'builtin') return verifyBuiltin(input, now, deps);
  if (!input.captchaToken) {
    throw new BadRequest('A CAPTCHA is required: send the provider widget token as captchaToken', [
      { field: 'captchaToken', message: 'is required' },
    ]);
  }
  // Stored encrypted (secret-key.ts): opened only here, for the one call to the provider.
  const secret = await openCaptchaSecretKey(settings.apiCaptchaSecretKey);
  if (!secret) {
    throw new ServiceUnavailable('The CAPTCHA provider is not configured (apiCaptchaSecretKey is empty)');
  }
  await verifyThirdParty(
    provider,
    {
      secret,
      token: input.captchaToken,
      ip,
      siteKey: settings.apiCaptchaSiteKey,
    },
    deps,
  );
}
