/**
 * Settings use cases: only the given fields are written, so concurrent changes of different fields both hold;
 * the write and its change record (the audit outbox) are one transaction.
 */

import { sealSettingsSecrets } from '../../shared/captcha/secret-key.js';
import { changePart } from '../../shared/data/changes-repo.js';
import * as repo from '../../shared/data/settings-repo.js';
import { commit } from '../../shared/db/transaction.js';
import type { Actor } from '../../shared/domain/change.js';
import { adminSettingsView, checkedUpdate, SECRET_FIELDS } from './rules.js';
import type { SettingsUpdate } from './schemas.js';

export async function getSettings() {
  return adminSettingsView(await repo.getSettings());
}

export async function updateSettings(update: SettingsUpdate, by: Actor, now: Date) {
  const current = await repo.getSettings();
  // The provider secret is stored encrypted (shared/captcha/secret-key.ts), never as the text sent.
  const changes = await sealSettingsSecrets(checkedUpdate(current, update));
  // The change record compares only the fields this request writes: others may change concurrently.
  const before = Object.fromEntries(
    Object.keys(changes).map((field) => [field, current[field as keyof typeof current]]),
  );
  await commit([
    repo.updateSettingsPart(changes),
    changePart(
      {
        recordType: 'settings',
        recordId: repo.SETTINGS_RECORD_ID,
        action: 'updated',
        before,
        after: changes,
        masked: SECRET_FIELDS,
      },
      by,
      now,
    ),
  ]);
  repo.forgetRecentSettings();
  return { success: true, settings: adminSettingsView(await repo.getSettings()) };
}
