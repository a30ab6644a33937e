/** The site settings record: one item, merged over the defaults so a partial record still reads whole. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.settings(), entity: 'settings', ...current, ...settings },
    }),
  );
}

/**
 * Sets only the given fields (one UpdateItem, no read): two admins changing different settings at the same
 * time both keep their change, which a read-merge-put would not guarantee.
 */
export async function updateSettings(changes: Partial<SiteSettings>): Promise<void> {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (!fields.length) return;
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': 'settings' };
  const sets = ['#entity = :entity'];
  fields.forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  });
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.settings(),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
