/** Direct access to the local table, for tests that must see or plant raw items (encryption, future records). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

export const TABLE = 'rental-pm-local';

export const rawTable = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: inject('dynamodbUrl'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
