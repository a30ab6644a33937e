/** The site settings record: one item, merged over the defaults so a partial record still reads whole. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { DEFAULT_SETTINGS, type SiteSettings } from '../domain/settings.js';

export async function getSettings(): Promise<SiteSettings> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.settings() }));
  return { ...DEFAULT_SETTINGS, ...(Item ? stripKeys<Partial<SiteSettings>>(Item) : {}) };
}

export async function putSettings(settings: Partial<SiteSettings>): Promise<void> {
  const current = await getSettings();
  await ddb.send(
    new PutCommand({ TableName: TABLE_NAME, Item: { ...keys.settings(), entity: 'settings', ...current, ...settings } }),
  );
}
