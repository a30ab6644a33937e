/** Remembers that a store has been seeded, so the demo fixture loads only into an empty store. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../../shared/db/client.js';

const KEY = { PK: 'META', SK: 'SEEDED' };

export async function isSeeded(): Promise<boolean> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: KEY }));
  return Item !== undefined;
}

export async function markSeeded(fixture: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...KEY, entity: 'meta', fixture, at: new Date().toISOString() },
    }),
  );
}
