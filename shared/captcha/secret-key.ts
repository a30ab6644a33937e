/**
 * The third-party CAPTCHA provider's secret key (settings.apiCaptchaSecretKey) is encrypted at rest like the
 * tenant contact fields (shared/crypto/fields.ts: AES-256-GCM under the data key, bound to `settings:site`),
 * sealed where it is written (admin settings, fixture) and opened only where a token is verified
 * (verify.ts). Kept apart from settings-repo so the groups that only read settings need no data key.
 */

import { openFields, sealFields } from '../crypto/fields.js';
import type { SiteSettings } from '../domain/settings.js';

/** The authenticated data's owner: a sealed value copied onto another record does not decrypt. */
const OWNER = 'settings:site';

/** The settings fields stored encrypted. */
export const SEALED_SETTINGS = ['apiCaptchaSecretKey'] as const satisfies readonly (keyof SiteSettings)[];

/** `changes` with each secret field encrypted; an empty value ("not set") stays empty. */
export async function sealSettingsSecrets<T extends Partial<SiteSettings>>(changes: T): Promise<T> {
  const plain = changes.apiCaptchaSecretKey;
  if (!plain) return changes;
  const sealed = await sealFields({ apiCaptchaSecretKey: plain }, OWNER);
  return { ...changes, apiCaptchaSecretKey: sealed.apiCaptchaSecretKey ?? '' };
}

/** The provider secret in plain text, or '' when unset or undecryptable (logged by openFields). */
export async function openCaptchaSecretKey(stored: string): Promise<string> {
  if (!stored) return '';
  const open = await openFields({ apiCaptchaSecretKey: stored }, OWNER);
  return open.apiCaptchaSecretKey ?? '';
}
