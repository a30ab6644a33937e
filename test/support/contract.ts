/**
 * The contract check: every answer an HTTP test receives from a registered operation must have a status the
 * OpenAPI document lists for it, a success body that matches the route's `response` schema, and an error body
 * that is problem+json matching the Problem schema. The Client runs it after each response and fails the
 * test on a mismatch, so the docs cannot drift from the code. CONTRACT_CHECK=off turns it off.
 */
import * as v from 'valibot';
import { ROUTES, WEBHOOK_PAYLOADS } from '../../functions/registry.js';
import { buildOpenApiDocument } from '../../infra/openapi.js';
import { problem } from '../../shared/domain/responses/problem.js';
import { isWebhookEvent } from '../../shared/domain/webhooks/events.js';
import { webhookPayloadSchema } from '../../shared/domain/webhooks/payload-schema.js';
import { PathMatcher } from '../../shared/http/path-matcher.js';
import { allPaths, type HttpMethod, type RouteContract } from '../../shared/http/route.js';

interface Operation {
  route: RouteContract;
  statuses: Set<string>;
}

const operations = new PathMatcher<Operation>();
const doc = buildOpenApiDocument(ROUTES);
for (const route of ROUTES)
  for (const path of allPaths(route)) {
    const op = (doc.paths[path] as Record<string, { responses: Record<string, unknown> }>)[
      route.method.toLowerCase()
    ];
    operations.add(route.method, path, { route, statuses: new Set(Object.keys(op?.responses ?? {})) });
  }

const enabled = process.env.CONTRACT_CHECK !== 'off';

export interface Answer {
  method: string;
  /** The URL path, without the query. */
  path: string;
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}

/** What is wrong with the answer against the documented operation; undefined when it matches (or is no operation). */
export function contractMismatch(answer: Answer): string | undefined {
  if (!enabled) return undefined;
  const match = operations.match(answer.method as HttpMethod, answer.path);
  if (match.kind !== 'found') return undefined;
  const { route, statuses } = match.value;
  const where = `${answer.method} ${answer.path} (${route.id}) answered ${answer.status}`;
  if (!statuses.has(String(answer.status)))
    return `${where}, which the OpenAPI document does not list (it lists ${[...statuses].join(', ')})`;
  if (answer.status >= 400) {
    if (!answer.contentType.startsWith('application/problem+json'))
      return `${where} as ${answer.contentType}, not application/problem+json`;
    return issuesOf(where, problem, answer.body);
  }
  // A binary body (the owner statement PDF) must come as its media type; its bytes are the test's to read.
  if (route.binaryResponse) {
    return answer.contentType.startsWith(route.binaryResponse)
      ? undefined
      : `${where} as ${answer.contentType || '(no Content-Type)'}, not ${route.binaryResponse}`;
  }
  // A body documented with its own media type (the iCal feed's text/calendar) must come as that, its text
  // matching the documented schema.
  const textType = route.textResponse?.split(';')[0];
  if (textType) {
    if (!answer.contentType.startsWith(textType))
      return `${where} as ${answer.contentType || '(no Content-Type)'}, not ${textType}`;
    return route.response ? issuesOf(where, route.response, answer.text) : undefined;
  }
  // Only JSON answers have a documented body (a browser may be answered HTML).
  if (!answer.contentType.startsWith('application/json') || !route.response) return undefined;
  return issuesOf(where, route.response, answer.body);
}

function issuesOf(where: string, schema: v.GenericSchema, body: unknown): string | undefined {
  const result = v.safeParse(schema, body);
  if (result.success) return undefined;
  const issues = result.issues
    .slice(0, 5)
    .map((i) => `${v.getDotPath(i) ?? '(body)'}: ${i.message}`)
    .join('; ');
  return `${where} with a body that does not match its documented schema: ${issues}`;
}

/**
 * What is wrong with a webhook payload against its event type's documented schema (the OpenAPI document's
 * `webhooks`); undefined when it matches. The test webhook receiver checks every payload it is sent.
 */
export function payloadMismatch(body: unknown): string | undefined {
  const type = (body as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !isWebhookEvent(type))
    return `a payload of no documented event type: ${String(type)}`;
  return issuesOf(`a ${type} payload`, webhookPayloadSchema(type, WEBHOOK_PAYLOADS[type]), body);
}
