/** Settings rules as plain functions: what an admin may see of the settings and which changes hang together. */
import type { SiteSettings } from '../../shared/domain/settings.js';
import { BadRequest } from '../../shared/errors.js';
import type { SettingsUpdate } from './schemas.js';

/** Settings no response ever carries; the admin view says only whether each is set (`<field>Set`). */
export const SECRET_FIELDS = ['apiCaptchaSecretKey'] as const satisfies readonly (keyof SiteSettings)[];

type SecretField = (typeof SECRET_FIELDS)[number];

/** Every setting but the secrets; of each secret only whether one is stored. */
export type AdminSettingsView = Omit<SiteSettings, SecretField> & {
  [F in SecretField as `${F}Set`]: boolean;
};

export function adminSettingsView(settings: SiteSettings): AdminSettingsView {
  const { apiCaptchaSecretKey, ...shown } = settings;
  return { ...shown, apiCaptchaSecretKeySet: apiCaptchaSecretKey !== '' };
}

/**
 * The update as it will be stored, checked against the current settings: a third-party CAPTCHA provider
 * cannot verify anything without its secret key, so choosing one without a key (given now or stored) is a 400.
 */
export function checkedUpdate(current: SiteSettings, update: SettingsUpdate): Partial<SiteSettings> {
  const changes = Object.fromEntries(
    Object.entries(update).filter(([, value]) => value !== undefined),
  ) as Partial<SiteSettings>;
  if (Object.keys(changes).length === 0) {
    throw new BadRequest('Send at least one settings field to change');
  }
  const next = { ...current, ...changes };
  if (next.apiCaptchaProvider !== 'builtin' && next.apiCaptchaSecretKey === '') {
    throw new BadRequest(`The ${next.apiCaptchaProvider} provider needs apiCaptchaSecretKey`, [
      { field: 'apiCaptchaSecretKey', message: 'is required for a third-party CAPTCHA provider' },
    ]);
  }
  return changes;
}
