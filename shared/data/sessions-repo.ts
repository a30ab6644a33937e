/**
 * Session items (docs/data-model.md F5): `SESSION#<sha-256 of the token>` with the session's fields and a TTL
 * `expiresAt`. Only the hash is stored (shared/auth/sessions.ts makes and hashes the token).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';

export async function putSession(tokenHash: string, fields: Readonly<Record<string, unknown>>) {
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.session(tokenHash), entity: 'session', ...fields },
    }),
  );
}

/** The stored fields of a session, or undefined (expiry is the caller's to check: TTL deletion is lazy). */
export async function getSession(tokenHash: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.session(tokenHash) }));
  if (!Item) return undefined;
  const { PK: _pk, SK: _sk, entity: _entity, ...fields } = Item;
  return fields;
}

export async function deleteSession(tokenHash: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.session(tokenHash) }));
}
