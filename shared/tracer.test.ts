import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { traced, tracer } from './tracer.js';

describe('tracer', () => {
  it('is off outside Lambda (tests and the local runtime reach no X-Ray daemon): clients are left as they are', () => {
    expect(process.env.AWS_EXECUTION_ENV).toBeUndefined();
    expect(tracer.isTracingEnabled()).toBe(false);
    const client = new DynamoDBClient({ region: 'us-east-1' });
    const before = client.middlewareStack.identify().length;
    expect(traced(client)).toBe(client);
    expect(client.middlewareStack.identify()).toHaveLength(before);
    client.destroy();
  });
});
