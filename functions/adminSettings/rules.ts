/** Settings rules as plain functions: what an admin may see of the settings and which changes hang together. */
import type { SiteSettings } from '../../shared/domain/settings.js';
import { BadRequest } from '../../shared/errors.js';
import type { SettingsUpdate } from './schemas.js';

/** Settings no response ever carries; the admin view says only whether each is set (`<field>Set`). */
export const SECRET_FIELDS = ['apiCaptchaSecretKey'] as const satisfies readonly (keyof SiteSettings)[];

export function adminSettingsView(settings: SiteSettings): Record<string, unknown> {
  const view: Record<string, unknown> = { ...settings };
  for (const field of SECRET_FIELDS) {
    delete view[field];
    view[`${field}Set`] = settings[field] !== '';
  }
  return view;
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
