/**
 * The CAPTCHA providers a site can choose in settings.apiCaptchaProvider (spec "Site settings", apiPolicy):
 * the built-in arithmetic challenge, hCaptcha (token based), and Google reCAPTCHA in its two versions.
 * Pure configuration, no I/O: the route schemas and the settings whitelist import it.
 */
export const CAPTCHA_PROVIDERS = ['builtin', 'hcaptcha', 'recaptcha_v2', 'recaptcha_v3'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];
export type ThirdPartyProvider = Exclude<CaptchaProvider, 'builtin'>;

export function isCaptchaProvider(value: string): value is CaptchaProvider {
  return (CAPTCHA_PROVIDERS as readonly string[]).includes(value);
}

/** The providers' documented server-side verify endpoints; both reCAPTCHA versions share one. */
export const DEFAULT_VERIFY_URLS: Readonly<Record<ThirdPartyProvider, string>> = {
  hcaptcha: 'https://hcaptcha.com/siteverify',
  recaptcha_v2: 'https://www.google.com/recaptcha/api/siteverify',
  recaptcha_v3: 'https://www.google.com/recaptcha/api/siteverify',
};

/** Env overrides of the verify URL (tests point them at a local server; a proxy or mirror in production). */
export const VERIFY_URL_ENV: Readonly<Record<ThirdPartyProvider, string>> = {
  hcaptcha: 'CAPTCHA_VERIFY_URL_HCAPTCHA',
  recaptcha_v2: 'CAPTCHA_VERIFY_URL_RECAPTCHA',
  recaptcha_v3: 'CAPTCHA_VERIFY_URL_RECAPTCHA',
};

/** reCAPTCHA v3 answers a score in [0, 1] instead of a challenge; below this the caller is treated as a bot. */
export const RECAPTCHA_V3_MIN_SCORE = 0.5;

/** How long a verify call may take before the provider counts as unavailable (env CAPTCHA_VERIFY_TIMEOUT_MS). */
export const DEFAULT_VERIFY_TIMEOUT_MS = 5000;

/** How long a built-in challenge stays answerable. */
export const BUILTIN_TTL_SECONDS = 600;
