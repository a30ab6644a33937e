/** Integer ids from atomic counters (UpdateItem ADD semantics via if_not_exists + :one). */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from './client.js';
import { type IdBlock, idBlock } from './id-blocks.js';
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

const floorOf = (name: CounterName) => COUNTERS[name as keyof typeof COUNTERS] ?? 0;

/** Moves the counter by `count` in one update; the highest id of the ones it reserved. */
export async function reserveIds(name: CounterName, count: number, floor = floorOf(name)): Promise<number> {
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.counter(name),
      UpdateExpression: 'SET #v = if_not_exists(#v, :floor) + :count, entity = :entity',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':floor': floor, ':count': count, ':entity': 'counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
}

export const nextId = (name: CounterName, floor = floorOf(name)): Promise<number> =>
  reserveIds(name, 1, floor);

/**
 * How many ids one counter update reserves for the writers that take an id per charge (the rent run's invoices
 * and journal entries, the payments): at 100, a counter is written once per 100 charges, so its partition
 * takes 0.01 writes per charge. A process that ends leaves the rest of its block unused (a gap).
 */
export const ID_BLOCK_SIZE = 100;

/** The blocks of this process, per table and counter (a test file's table is its own). */
const blocks = new Map<string, IdBlock>();
const blockKey = (name: CounterName) => `${TABLE_NAME}\u0000${name}`;

/**
 * The next id of a counter from this process's block (docs/data-model.md F1): unique like `nextId`, and the
 * two may be mixed on one counter, but ids from blocks have gaps and are not in creation order across
 * processes. For ids taken once per charge of a run; ids a person reads in sequence stay `nextId`.
 */
export function nextBlockId(name: CounterName): Promise<number> {
  const key = blockKey(name);
  let block = blocks.get(key);
  if (!block) {
    block = idBlock((size) => reserveIds(name, size), ID_BLOCK_SIZE);
    blocks.set(key, block);
  }
  return block.next();
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
  // This process's block may hold ids up to the raised value: those are the fixture's now.
  blocks.get(blockKey(name))?.skipThrough(atLeast);
}

/** Maintained totals (`COUNT#…`), read with one GetItem. */
export async function readCount(name: string): Promise<number> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.count(name) }));
  return Number(Item?.value ?? 0);
}
