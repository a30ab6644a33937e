/** Direct access to this test file's own table, for tests that must see or plant raw items (encryption, future records). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localCredentials } from '../../infra/local/local-credentials.js';
import { fileRuntime } from './file-runtime.js';

/** This file's table (a fresh name per test file, seeded with test/fixtures/base.json). */
export const TABLE = fileRuntime.tableName;

export const rawTable = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: fileRuntime.dynamodbUrl,
    region: 'us-east-1',
    credentials: localCredentials(fileRuntime.dynamodbDatabase),
  }),
);
