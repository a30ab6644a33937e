/**
 * The labelled transaction builder against DynamoDB Local (this file's own table): which part failed and
 * why, the 100-part refusal, conflicts between concurrent transactions, and throttling as a 503.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useLocalTable } from '../../test/support/in-process.js';

useLocalTable();
let tx: typeof import('./transaction.js');
let client: typeof import('./client.js');
let throttling: typeof import('./throttling.js');

beforeAll(async () => {
  tx = await import('./transaction.js');
  client = await import('./client.js');
  throttling = await import('./throttling.js');
});

afterEach(() => {
  vi.restoreAllMocks();
});

let serial = 0;
/** A key no other test uses. */
const freshKey = (kind: string) => ({ PK: `TXTEST#${kind}#${Date.now()}#${++serial}`, SK: 'TXTEST' });

async function read(key: { PK: string; SK: string }) {
  const { Item } = await client.ddb.send(new GetCommand({ TableName: client.TABLE_NAME, Key: key }));
  return Item;
}

async function failureOf(promise: Promise<unknown>): Promise<InstanceType<typeof tx.TransactionFailed>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(tx.TransactionFailed);
  return error as InstanceType<typeof tx.TransactionFailed>;
}

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('a failed part is reported by its label', () => {
  it('a guard that is taken: only the guard is named, and nothing of the transaction is written', async () => {
    const value = `taken-${Date.now()}`;
    await tx.commit([tx.part.guard('guard:thingName', 'thingName', value, 1)]);
    const record = freshKey('record');

    const failed = await failureOf(
      tx.commit([
        tx.part.putIfAbsent('put:thing 2', { ...record, name: value }),
        tx.part.guard('guard:thingName', 'thingName', value, 2),
      ]),
    );

    expect(failed.failures).toEqual([
      { label: 'guard:thingName', reason: 'conditionFailed', code: 'ConditionalCheckFailed' },
    ]);
    expect(failed.conditionFailed('guard:thingName')).toBe(true);
    expect(failed.conditionFailed('put:thing 2')).toBe(false);
    expect(failed.status).toBe(409);
    expect(await read(record)).toBeUndefined();
  });

  it('a ConditionCheck whose condition does not hold', async () => {
    const missing = freshKey('owner');
    const written = freshKey('child');
    const failed = await failureOf(
      tx.commit([
        tx.part.check('check:owner 5', missing, 'attribute_exists(PK)'),
        tx.part.put('put:child 9', { ...written }),
      ]),
    );
    expect(failed.failures.map((f) => f.label)).toEqual(['check:owner 5']);
    expect(failed.conditionFailed('check:owner')).toBe(true);
    expect(await read(written)).toBeUndefined();
  });

  it('an update whose version condition fails; a label prefix finds it too', async () => {
    const key = freshKey('versioned');
    await tx.commit([tx.part.put('put:thing 3', { ...key, version: 2 })]);
    const failed = await failureOf(
      tx.commit([
        tx.part.update('update:thing 3', key, 'SET color = :c', {
          condition: 'version = :v',
          values: { ':c': 'red', ':v': 1 },
        }),
        tx.part.countMove('count:things', `things-${key.PK}`, 1),
      ]),
    );
    expect(failed.failed('update:thing')).toEqual({
      label: 'update:thing 3',
      reason: 'conditionFailed',
      code: 'ConditionalCheckFailed',
    });
    expect(failed.conditionFailed('update:thing 3')).toBe(true);
    expect(failed.conditionFailed('update:thing 30')).toBe(false);
    expect(failed.transient).toBe(false);
    expect((await read(key))?.color).toBeUndefined();
  });
});

describe('size', () => {
  it('refuses 101 parts before sending anything', async () => {
    const send = vi.spyOn(client.ddb, 'send');
    const first = freshKey('many');
    const parts = Array.from({ length: 101 }, (_, i) =>
      tx.part.put(`put:item ${i}`, i === 0 ? { ...first } : { ...freshKey('many') }),
    );

    await expect(tx.commit(parts)).rejects.toBeInstanceOf(tx.TransactionTooLarge);
    await expect(tx.commit(parts)).rejects.toMatchObject({ status: 400, parts: 101 });
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
    expect(await read(first)).toBeUndefined();
  });

  it('commits exactly 100 parts', async () => {
    const keysOf = Array.from({ length: 100 }, () => freshKey('hundred'));
    await tx.commit(keysOf.map((key, i) => tx.part.putIfAbsent(`put:item ${i}`, { ...key })));
    expect(await read(keysOf[99] ?? freshKey('none'))).toBeDefined();
  });

  it('refuses two parts with one label (a failure could not say which)', async () => {
    const part = tx.part.put('put:same', { ...freshKey('same') });
    await expect(tx.commit([part, { ...part, item: { ...part.item } }])).rejects.toThrow(/share the label/);
  });
});

describe('conflicts between concurrent transactions', () => {
  it('transactions racing on one item: each commits or fails as a conflict, and every commit counted', async () => {
    const counter = freshKey('hot');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        tx
          .commit([
            tx.part.update('update:hot', counter, 'ADD n :one', { values: { ':one': 1 } }),
            tx.part.putIfAbsent(`put:entry ${i}`, { ...freshKey('entry') }),
          ])
          .then(
            () => 'committed',
            (error: unknown) => error,
          ),
      ),
    );
    const committed = outcomes.filter((o) => o === 'committed').length;
    for (const outcome of outcomes) {
      if (outcome === 'committed') continue;
      expect(outcome).toBeInstanceOf(tx.TransactionFailed);
      const failed = outcome as InstanceType<typeof tx.TransactionFailed>;
      expect(failed.transient).toBe(true);
      expect(failed.failures.every((f) => f.reason === 'conflict')).toBe(true);
    }
    expect(committed).toBeGreaterThan(0);
    expect(Number((await read(counter))?.n)).toBe(committed);
  });

  it('a conflict is retried, and the retry commits', async () => {
    const key = freshKey('retried');
    const original = client.ddb.send.bind(client.ddb);
    const send = vi
      .spyOn(client.ddb, 'send')
      .mockImplementationOnce(async () => {
        throw cancelled('TransactionConflict', 'None');
      })
      .mockImplementation(original as typeof client.ddb.send);

    await tx.commit([
      tx.part.put('put:retried', { ...key }),
      tx.part.countMove('count:retried', `retried-${key.PK}`, 1),
    ]);

    expect(send).toHaveBeenCalledTimes(2);
    expect(await read(key)).toBeDefined();
  });

  it('conflicts that outlast the attempts are a TransactionFailed with reason conflict (409), never a 500', async () => {
    const send = vi.spyOn(client.ddb, 'send').mockImplementation(async () => {
      throw cancelled('None', 'TransactionConflict');
    });
    const failed = await failureOf(
      tx.commit([tx.part.put('put:a', { ...freshKey('a') }), tx.part.put('put:b', { ...freshKey('b') })], {
        attempts: 3,
      }),
    );
    expect(send).toHaveBeenCalledTimes(3);
    expect(failed.failures).toEqual([{ label: 'put:b', reason: 'conflict', code: 'TransactionConflict' }]);
    expect(failed.status).toBe(409);
  });
});

describe('throttling', () => {
  it('failuresOf names throttled parts; a transaction cancelled only by throttling is a 503 with Retry-After', async () => {
    const parts = [tx.part.put('put:x', { ...freshKey('x') }), tx.part.put('put:y', { ...freshKey('y') })];
    expect(tx.failuresOf(cancelled('ThrottlingError', 'None'), parts)).toEqual([
      { label: 'put:x', reason: 'throttled', code: 'ThrottlingError' },
    ]);
    expect(tx.failuresOf(new Error('not a cancellation'), parts)).toBeUndefined();

    vi.spyOn(client.ddb, 'send').mockImplementation(async () => {
      throw cancelled('ThrottlingError', 'None');
    });
    const error = await tx.commit(parts, { attempts: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(throttling.ServiceBusy);
    expect(error).toMatchObject({ status: 503, headers: { 'Retry-After': expect.any(String) } });
  });

  it('a throttled request (not a cancellation) is a 503 too', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'ProvisionedThroughputExceededException',
    });
    expect(throttling.isThrottling(throttled)).toBe(true);
    expect(throttling.isThrottling(new Error('other'))).toBe(false);
    // DynamoDB's transient server error (DynamoDB Local's lock-wait timeout under contention) is a 503 as well.
    const lockWait = Object.assign(new Error('took too long waiting for a lock'), {
      name: 'InternalServerError',
    });
    expect(throttling.isThrottling(lockWait)).toBe(true);
    vi.spyOn(client.ddb, 'send').mockImplementation(async () => {
      throw throttled;
    });
    await expect(tx.commit([tx.part.put('put:z', { ...freshKey('z') })])).rejects.toBeInstanceOf(
      throttling.ServiceBusy,
    );
  });
});

describe('single writes', () => {
  it('isConditionFailure recognises a failed condition of a single write', async () => {
    const key = freshKey('single');
    await tx.commit([tx.part.put('put:single', { ...key })]);
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const error = await client.ddb
      .send(
        new PutCommand({
          TableName: client.TABLE_NAME,
          Item: key,
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      )
      .catch((e: unknown) => e);
    expect(tx.isConditionFailure(error)).toBe(true);
    expect(tx.isConditionFailure(new Error('x'))).toBe(false);
  });
});
