/**
 * The site settings record (docs/data-model.md F4): one item, merged over the defaults so a partial record
 * still reads whole. A change sets only the given fields (one update, no read-merge-put), so two admins
 * changing different settings at the same time both keep their change.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { wallMs } from '../clock.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import { type UpdateSpec, updateParts } from '../db/update-expression.js';
import { todayIn } from '../domain/dates.js';
import { DEFAULT_SETTINGS, type SiteSettings } from '../domain/settings.js';

/** The settings record's id in change records (`settings site`). */
export const SETTINGS_RECORD_ID = 'site';

export async function getSettings(): Promise<SiteSettings> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.settings() }));
  return { ...DEFAULT_SETTINGS, ...(Item ? stripKeys<Partial<SiteSettings>>(Item) : {}) };
}

/** The site's day at `now` (settings `systemTimeZone`): the day every date rule of the site is read on. */
export async function siteToday(now: Date): Promise<string> {
  return todayIn((await getSettings()).systemTimeZone, now);
}

/**
 * How long a Lambda instance answers the public booking reads (availability, calendar, quote, coupon check)
 * from the settings it read last: one GetItem fewer on the hottest public routes, at the price of a settings
 * change reaching them up to this late. Writes (book, and every admin route) read the settings fresh.
 */
export const RECENT_SETTINGS_MAX_AGE_MS = 5_000;

let recent: { readAt: number; settings: Promise<SiteSettings> } | undefined;

/** The settings as read at most RECENT_SETTINGS_MAX_AGE_MS ago by this instance (a failed read is not kept). */
export function getRecentSettings(nowMs = wallMs()): Promise<SiteSettings> {
  if (recent && nowMs - recent.readAt < RECENT_SETTINGS_MAX_AGE_MS) return recent.settings;
  const entry = { readAt: nowMs, settings: getSettings() };
  recent = entry;
  entry.settings.catch(() => {
    if (recent === entry) recent = undefined;
  });
  return entry.settings;
}

/**
 * Drops this instance's recent settings after a write through it. In the cloud the admin write runs in another
 * Lambda, so the age bound is what holds there; on the local runtime, where every group shares one process,
 * a change is seen at once.
 */
export function forgetRecentSettings(): void {
  recent = undefined;
}

/** Fixture loading: the whole record, merged over what is stored. */
export async function putSettings(settings: Partial<SiteSettings>): Promise<void> {
  const current = await getSettings();
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.settings(), entity: 'settings', ...current, ...settings },
    }),
  );
  forgetRecentSettings();
}

/** The given fields set (an undefined one left as it is), with the item's entity. */
const settingsUpdate = (changes: Partial<SiteSettings>): UpdateSpec => ({
  set: { entity: 'settings', ...changes },
});

/** `update:settings`: sets only the given fields. */
export function updateSettingsPart(changes: Partial<SiteSettings>): TxPart {
  return part.update('update:settings', keys.settings(), settingsUpdate(changes));
}

/** Sets only the given fields with one UpdateItem and no change record (tests and tools). */
export async function updateSettings(changes: Partial<SiteSettings>): Promise<void> {
  if (!Object.values(changes).some((value) => value !== undefined)) return;
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.settings(),
      ...updateParts(settingsUpdate(changes)),
    }),
  );
  forgetRecentSettings();
}
