import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings.js';
import { adminSettingsView, checkedUpdate, SECRET_FIELDS } from './rules.js';
import { updateSettingsBody } from './schemas.js';

describe('admin settings view', () => {
  it('replaces every secret by whether it is set', () => {
    const set = adminSettingsView({ ...DEFAULT_SETTINGS, apiCaptchaSecretKey: 's3cret' });
    const unset = adminSettingsView(DEFAULT_SETTINGS);

    for (const field of SECRET_FIELDS) {
      expect(set).not.toHaveProperty(field);
      expect(set[`${field}Set`]).toBe(true);
      expect(unset[`${field}Set`]).toBe(false);
    }
    expect(JSON.stringify(set)).not.toContain('s3cret');
    expect(set.siteName).toBe(DEFAULT_SETTINGS.siteName);
  });
});

describe('settings update rules', () => {
  it('keeps only the given fields', () => {
    const update = v.parse(updateSettingsBody, { siteName: ' New ', apiContactCaptchaEnabled: '1' });
    expect(checkedUpdate(DEFAULT_SETTINGS, update)).toEqual({ siteName: 'New', apiContactCaptchaEnabled: 1 });
  });

  it('refuses an empty update', () => {
    expect(() => checkedUpdate(DEFAULT_SETTINGS, {})).toThrow(/at least one/);
  });

  it('refuses a third-party provider unless a secret is stored or given', () => {
    expect(() => checkedUpdate(DEFAULT_SETTINGS, { apiCaptchaProvider: 'recaptcha_v3' })).toThrow(
      /apiCaptchaSecretKey/,
    );
    expect(
      checkedUpdate(DEFAULT_SETTINGS, { apiCaptchaProvider: 'hcaptcha', apiCaptchaSecretKey: 'k' }),
    ).toMatchObject({
      apiCaptchaProvider: 'hcaptcha',
    });
    const stored = { ...DEFAULT_SETTINGS, apiCaptchaSecretKey: 'k' };
    expect(checkedUpdate(stored, { apiCaptchaProvider: 'recaptcha_v2' })).toEqual({
      apiCaptchaProvider: 'recaptcha_v2',
    });
    expect(() =>
      checkedUpdate({ ...stored, apiCaptchaProvider: 'hcaptcha' }, { apiCaptchaSecretKey: '' }),
    ).toThrow();
  });

  it('whitelists exactly the settings fields', () => {
    expect(Object.keys(updateSettingsBody.entries).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });
});
