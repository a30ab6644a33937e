/** Settings use cases: only the given fields are written, so concurrent changes of different fields both hold. */
import * as repo from '../../shared/data/settings-repo.js';
import { adminSettingsView, checkedUpdate } from './rules.js';
import type { SettingsUpdate } from './schemas.js';

export async function getSettings() {
  return adminSettingsView(await repo.getSettings());
}

export async function updateSettings(update: SettingsUpdate) {
  const changes = checkedUpdate(await repo.getSettings(), update);
  await repo.updateSettings(changes);
  return { success: true, settings: adminSettingsView(await repo.getSettings()) };
}
