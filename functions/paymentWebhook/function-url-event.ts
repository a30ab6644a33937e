/**
 * A Lambda Function URL calls the function with an HTTP API payload 2.0 event; the group's pipeline (the same
 * one API Gateway REST feeds) reads the REST (1.0) shape. The Function URL serves this webhook only, so any
 * path on it is the webhook's path. The body stays exactly as received (base64 flag included): the Stripe
 * signature is over those bytes.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

export const isFunctionUrlEvent = (event: unknown): event is APIGatewayProxyEventV2 =>
  typeof event === 'object' && event !== null && (event as { version?: unknown }).version === '2.0';

export function restEventOf(event: APIGatewayProxyEventV2, path: string): APIGatewayProxyEvent {
  const headers: Record<string, string> = { ...(event.headers as Record<string, string>) };
  if (event.cookies?.length) headers.cookie = event.cookies.join('; ');
  return {
    resource: path,
    path,
    httpMethod: event.requestContext.http.method,
    headers,
    multiValueHeaders: {},
    queryStringParameters: (event.queryStringParameters as Record<string, string> | undefined) ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: event.body ?? null,
    isBase64Encoded: event.isBase64Encoded,
    requestContext: {
      requestId: event.requestContext.requestId,
      identity: { sourceIp: event.requestContext.http.sourceIp },
    } as APIGatewayProxyEvent['requestContext'],
  };
}
