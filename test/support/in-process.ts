/**
 * For tests that call repositories directly (races that HTTP cannot interleave on purpose): points this worker's
 * AWS SDK at this file's table. The file's runtime has already set this environment when it started; calling
 * this says so where it matters and restores it if a test changed it. Import the repositories dynamically after.
 */
import { localCredentials } from '../../infra/local/local-credentials.js';
import { fileRuntime } from './file-runtime.js';

export function useLocalTable(): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: localCredentials(fileRuntime.dynamodbDatabase).accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials(fileRuntime.dynamodbDatabase).secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: fileRuntime.dynamodbUrl,
    TABLE_NAME: fileRuntime.tableName,
  });
}
