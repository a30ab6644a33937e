/** The KMS-wrapped data key of field encryption: one item, written once (put-if-absent), read at cold start. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.js';
import type { WrappedKeyStore } from '../crypto/key-source.js';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { isConditionFailure } from '../db/transaction.js';

export function wrappedKeyStore(name = 'fields'): WrappedKeyStore {
  const Key = keys.dataKey(name);
  return {
    async load() {
      // Strongly consistent: a cold start right after another one created the key must see it.
      const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key, ConsistentRead: true }));
      return typeof Item?.ciphertext === 'string' ? Buffer.from(Item.ciphertext, 'base64') : undefined;
    },
    async saveIfAbsent(blob) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: TABLE_NAME,
            Item: {
              ...Key,
              entity: 'dataKey',
              ciphertext: Buffer.from(blob).toString('base64'),
              createdAt: now().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
