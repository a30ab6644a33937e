/**
 * Seeds a test file's table by copying the run's base table (test/fixtures/base.json, loaded once by
 * test/support/global-setup.ts through the fixture loaders): the same items, without loading the fixture
 * through the services and Cognito again for every file (about 4 s each).
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { localCredentials } from '../../infra/local/local-credentials.js';
import { ensureTable } from '../../infra/local/table.js';
import { jitteredBackoff } from '../../shared/backoff.js';
import { pausedForRetry, type RetryPolicy } from '../../shared/retry-policy.js';

type Item = Record<string, unknown>;

/** Ten writes of what DynamoDB Local left unprocessed, the first included (the fixture loader's policy). */
const UNPROCESSED_RETRY: RetryPolicy = { maxTries: 10, backoff: jitteredBackoff(25) };

/** A table in one of DynamoDB Local's databases (infra/local/local-credentials.ts). */
export interface TableAt {
  database: string;
  table: string;
}

export async function copyTable(dynamodbUrl: string, from: TableAt, to: TableAt): Promise<number> {
  const clientOf = (database: string) =>
    new DynamoDBClient({
      endpoint: dynamodbUrl,
      region: 'us-east-1',
      credentials: localCredentials(database),
    });
  const source = clientOf(from.database);
  const target = clientOf(to.database);
  const read = DynamoDBDocumentClient.from(source);
  const doc = DynamoDBDocumentClient.from(target);
  try {
    await ensureTable(target, to.table);
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await read.send(new ScanCommand({ TableName: from.table, ExclusiveStartKey: start }));
      items.push(...((page.Items ?? []) as Item[]));
      start = page.LastEvaluatedKey as Item | undefined;
    } while (start);
    for (let i = 0; i < items.length; i += 25) {
      let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      for (let tries = 1; requests.length > 0; tries++) {
        const result = await doc.send(new BatchWriteCommand({ RequestItems: { [to.table]: requests } }));
        requests = (result.UnprocessedItems?.[to.table] ?? []) as typeof requests;
        if (requests.length && !(await pausedForRetry(UNPROCESSED_RETRY, tries)))
          throw new Error('DynamoDB Local kept items unprocessed');
      }
    }
    return items.length;
  } finally {
    source.destroy();
    target.destroy();
  }
}
