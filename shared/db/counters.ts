/** Integer ids from atomic counters (UpdateItem ADD semantics via if_not_exists + :one). */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from './client.js';
import { keys } from './keys.js';
import { isConditionFailure } from './transaction.js';

/** Counter names and their floors: the first id handed out is floor + 1 (VR property ids are above 1999). */
export const COUNTERS = {
  property: 1999,
  picture: 0,
  admin: 0,
  tenant: 0,
  reservation: 0,
  lease: 0,
  application: 0,
  message: 0,
  lead: 0,
  subscriber: 0,
} as const satisfies Record<string, number>;

export type CounterName = keyof typeof COUNTERS | (string & {});

export async function nextId(
  name: CounterName,
  floor = COUNTERS[name as keyof typeof COUNTERS] ?? 0,
): Promise<number> {
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.counter(name),
      UpdateExpression: 'SET #v = if_not_exists(#v, :floor) + :one, entity = :entity',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':floor': floor, ':one': 1, ':entity': 'counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
}

/** Seeding keeps fixture ids; the counter is raised past them so new ids never collide. */
export async function raiseCounter(name: CounterName, atLeast: number): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.counter(name),
        UpdateExpression: 'SET #v = :n, entity = :entity',
        ConditionExpression: 'attribute_not_exists(#v) OR #v < :n',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':n': atLeast, ':entity': 'counter' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Maintained totals (`COUNT#…`), read with one GetItem. */
export async function readCount(name: string): Promise<number> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.count(name) }));
  return Number(Item?.value ?? 0);
}
