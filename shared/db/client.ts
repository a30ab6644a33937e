import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../config.js';
import { traced } from '../tracer.js';

/** Created once per Lambda instance; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set. */
export const ddb = DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), {
  marshallOptions: { removeUndefinedValues: true },
});

export const TABLE_NAME = requireEnv('TABLE_NAME');
