/** Part 2's baseline: the smallest useful Lambda on the same stack, bare middy and the DynamoDB DocumentClient. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';

const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = middy<{ id?: string }>().handler(async (event) => {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: { PK: `PROPERTY#${event.id}`, SK: 'PROPERTY' },
    }),
  );
  return { statusCode: 200, body: JSON.stringify(Item ?? null) };
});
