/**
 * For tests that call repositories directly (races that HTTP cannot interleave on purpose): points this worker's
 * AWS SDK at the run's DynamoDB Local. Import the repositories dynamically after calling it.
 */
import { inject } from 'vitest';
import { TABLE } from './table.js';

export function useLocalTable(): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamodbUrl'),
    TABLE_NAME: TABLE,
  });
}
