/**
 * Seeds a test file's table by copying the run's base table (test/fixtures/base.json, loaded once by
 * test/support/global-setup.ts through the fixture loaders): the same items, without loading the fixture
 * through the services and Cognito again for every file (about 4 s each).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../infra/local/table.js';

type Item = Record<string, unknown>;

export async function copyTable(dynamodbUrl: string, from: string, to: string): Promise<number> {
  const client = new DynamoDBClient({
    endpoint: dynamodbUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const doc = DynamoDBDocumentClient.from(client);
  try {
    await ensureTable(client, to);
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: from, ExclusiveStartKey: start }));
      items.push(...((page.Items ?? []) as Item[]));
      start = page.LastEvaluatedKey as Item | undefined;
    } while (start);
    for (let i = 0; i < items.length; i += 25) {
      let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        const result = await doc.send(new BatchWriteCommand({ RequestItems: { [to]: requests } }));
        requests = (result.UnprocessedItems?.[to] ?? []) as typeof requests;
        if (requests.length && attempt > 8) throw new Error('DynamoDB Local kept items unprocessed');
        if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
    return items.length;
  } finally {
    client.destroy();
  }
}
