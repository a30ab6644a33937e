/**
 * The public side of a property's export token (IC3, docs/data-model.md "iCal"): its SHA-256 read and compared
 * in constant time. Kept apart from ical-export-repo.ts (which seals and opens the token) so the public feed's
 * Lambda holds no data-key permission: it never needs the token in clear.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tokenMatches } from '../crypto/token-digest.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';

export const EXPORT_TOKEN_ENTITY = 'icalExportToken';

export interface StoredExportToken {
  tokenHash: string;
  sealed: string;
  rotatedAt: string;
}

export async function readExportToken(propertyId: number): Promise<StoredExportToken | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.icalExportToken(propertyId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    tokenHash: String(Item.tokenHash),
    sealed: String(Item.tokenSealed),
    rotatedAt: String(Item.rotatedAt),
  };
}

/** Whether `presented` is the property's token: SHA-256 digests compared in constant time. */
export async function exportTokenMatches(propertyId: number, presented: string): Promise<boolean> {
  const stored = await readExportToken(propertyId);
  return stored !== undefined && tokenMatches(stored.tokenHash, presented);
}
