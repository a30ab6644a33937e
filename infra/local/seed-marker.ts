/**
 * Remembers that a store has been seeded, so the demo fixture loads only into an empty store; and, for a load
 * into a deployed stage, which kinds of which fixture (by the SHA-256 of its text) are loaded, so a load cut
 * off midway resumes after the last kind it finished.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

const progressKey = (digest: string) => ({ PK: 'META', SK: `SEED#${digest}` });

/** The kinds of the fixture already loaded. */
export async function loadedKinds(digest: string): Promise<Set<string>> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: progressKey(digest) }));
  return new Set((Item?.kinds as string[] | undefined) ?? []);
}

export async function markKindLoaded(digest: string, fixture: string, kind: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: progressKey(digest),
      UpdateExpression:
        'SET entity = :entity, fixture = :fixture, kinds = list_append(if_not_exists(kinds, :none), :kind), #at = :at',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: {
        ':entity': 'meta',
        ':fixture': fixture,
        ':none': [],
        ':kind': [kind],
        ':at': new Date().toISOString(),
      },
    }),
  );
}
