/** Creates the single table in DynamoDB Local from the same definition the CDK stack uses. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type StreamSpecification,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { GLOBAL_INDEXES, KEY } from '../../shared/db/table-definition.js';

/** The stream the background jobs read (docs/jobs.md), as the CDK stack's table has it. */
const STREAM: StreamSpecification = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' };

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A store made before the jobs existed has no stream yet.
    if (!Table?.StreamSpecification?.StreamEnabled)
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const attributes = [KEY.pk, KEY.sk, ...GLOBAL_INDEXES.flatMap((g) => [g.pk, g.sk])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: STREAM,
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: KEY.pk, KeyType: 'HASH' },
        { AttributeName: KEY.sk, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map((g) => ({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.pk, KeyType: 'HASH' },
          { AttributeName: g.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: KEY.ttl, Enabled: true },
    }),
  );
}
