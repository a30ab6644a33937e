/**
 * The gateway's own answers (no Lambda ran) in the Lambdas' error format (RFC 9457, shared/http/problem.ts),
 * each with CORS headers so a browser on an allowed origin sees the real status (429, 5xx, 403) instead of an
 * opaque CORS failure. With one allowed origin that origin is named; with several, a gateway response cannot
 * choose among them, so it echoes the caller's Origin: these bodies are constant (nothing of the caller's or
 * anyone's data), so naming the caller's origin there reveals nothing a cross-site page could misuse.
 */
import * as apigw from 'aws-cdk-lib/aws-apigateway';

const PROBLEM_JSON = "'application/problem+json'";

/** The CORS headers of a gateway response (mapping values: quoted literals or a request header). */
export function corsResponseHeaders(origins: readonly string[]): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origins.length === 1 ? `'${origins[0]}'` : 'method.request.header.Origin',
    'Access-Control-Allow-Credentials': "'true'",
    'Access-Control-Expose-Headers': "'Retry-After,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset'",
    Vary: "'Origin'",
  };
}

const problem = (status: number, title: string, detail: string) =>
  JSON.stringify({ type: `https://httpstatuses.io/${status}`, title, status, detail });

export function addGatewayResponses(api: apigw.RestApi, corsOrigins: readonly string[]): void {
  const headers = { 'Content-Type': PROBLEM_JSON, ...corsResponseHeaders(corsOrigins) };
  api.addGatewayResponse('UnknownPath', {
    // A path under no resource: API Gateway says 403 "Missing Authentication Token"; the spec says 404.
    type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
    statusCode: '404',
    responseHeaders: headers,
    templates: { 'application/json': problem(404, 'Not Found', 'No such endpoint') },
  });
  api.addGatewayResponse('Throttled', {
    type: apigw.ResponseType.THROTTLED,
    statusCode: '429',
    responseHeaders: { ...headers, 'Retry-After': "'1'" },
    templates: {
      'application/json': problem(429, 'Too Many Requests', 'Request rate limit exceeded; retry later'),
    },
  });
  api.addGatewayResponse('WafFiltered', {
    type: apigw.ResponseType.WAF_FILTERED,
    statusCode: '403',
    responseHeaders: headers,
    templates: { 'application/json': problem(403, 'Forbidden', 'The request was refused by the firewall') },
  });
  // Every other 4xx and 5xx of the gateway (bad API key, body too large, integration failures and
  // timeouts): the status varies and no template variable carries it, so the body leaves `status` out
  // (RFC 9457 makes it advisory) and names the request for support.
  const generic = (title: string, detail: string) =>
    `{"type":"about:blank","title":"${title}","detail":"${detail}","requestId":"$context.requestId"}`;
  api.addGatewayResponse('ClientError', {
    type: apigw.ResponseType.DEFAULT_4XX,
    responseHeaders: headers,
    templates: { 'application/json': generic('Request Refused', 'The API gateway refused the request') },
  });
  api.addGatewayResponse('ServerError', {
    type: apigw.ResponseType.DEFAULT_5XX,
    responseHeaders: headers,
    templates: { 'application/json': generic('Service Error', 'The service could not complete the request') },
  });
}
