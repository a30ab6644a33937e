/**
 * Idempotency-Key records (docs/data-model.md F11) in the single table, kept by Powertools' DynamoDB
 * persistence layer: `PK=IDEMPOTENCY#<routeId>`, `SK=<routeId>#<hash of route, caller and key>`, the status,
 * the hash of the request, the stored answer, and the TTL `expiresAt` (the table's TTL attribute, so DynamoDB
 * deletes expired records; Powertools also checks expiry on read, as TTL deletion is lazy).
 *
 * One layer per route: Powertools configures a layer once (its key prefix and expiry), and a partition per
 * route keeps one route's traffic from sharing a partition with another's.
 */

import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { KEY } from '../db/table-definition.js';

let client: DynamoDBClient | undefined;

export function idempotencyStore(routeId: string): DynamoDBPersistenceLayer {
  // Powertools sends low-level commands with marshalled items, so it needs the plain client, not the shared
  // DocumentClient; one per Lambda instance, made on first use.
  client ??= new DynamoDBClient({});
  return new DynamoDBPersistenceLayer({
    tableName: TABLE_NAME,
    awsSdkV3Client: client,
    keyAttr: KEY.pk,
    sortKeyAttr: KEY.sk,
    staticPkValue: keys.idempotencyPartition(routeId),
    expiryAttr: KEY.ttl,
  });
}
