/**
 * The pieces of a request the pipeline reads before and during validation: the raw body as received, the
 * body's fields for rate-limit subjects (before validation), aliases, and the validated handler input.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { parseCookies } from '../auth/cookies.js';
import { BadRequest } from '../errors.js';
import type { CountedLimits, RequestMeta, RouteContract } from './route.js';
import { parseOrThrow } from './validate.js';

/** The body exactly as the client sent it ('' when none); API Gateway base64-encodes binary media types. */
export function rawBodyOf(event: APIGatewayProxyEvent): string {
  const body = event.body;
  if (typeof body !== 'string') return '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

/** The body's fields before validation (aliases resolved), for rate-limit subjects; {} when not a JSON object. */
export function looseBodyFields(rawBody: string, contract: RouteContract): Record<string, unknown> {
  if (rawBody === '') return {};
  try {
    const parsed = JSON.parse(rawBody) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return applyAliases({ ...(parsed as Record<string, unknown>) }, contract.aliases?.body);
  } catch {
    return {};
  }
}

/** Spec convention 4: an alias is accepted in place of its field; the field itself wins when both are sent. */
export function applyAliases(
  input: Record<string, unknown>,
  aliases: Readonly<Record<string, string>> | undefined,
) {
  if (!aliases) return input;
  for (const [alias, field] of Object.entries(aliases)) {
    // Own properties only: `constructor` or `toString` is "in" every plain object.
    if (!Object.hasOwn(input, alias)) continue;
    if (!Object.hasOwn(input, field)) input[field] = input[alias];
    delete input[alias];
  }
  return input;
}

/**
 * The parsed body as an object ({} when none was sent); 400 for JSON that is not an object. Whether a body was
 * sent is read from the raw bytes, not the parsed value: a JSON `null` is a body, refused as any other scalar
 * (docs/decisions.md "Bodies").
 */
export function bodyObject(parsed: unknown, rawBody: string): Record<string, unknown> {
  if (rawBody === '') return {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BadRequest('The request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** A route without a body schema takes no fields: each one sent is named, as a strict schema names it. */
function noFields(body: Record<string, unknown>): Record<string, never> {
  const sent = Object.keys(body);
  if (sent.length === 0) return {};
  throw new BadRequest(
    `Invalid body: this endpoint takes no body fields (${sent.join(', ')})`,
    sent.map((field) => ({ field, message: 'unknown field' })),
  );
}

export interface RequestFacts {
  requestId: string;
  ip: string;
  now: Date;
  rawBody: string;
  rateLimits: CountedLimits;
}

/** Validates path, query and body against the contract; the result is the handler's input (sessions added later). */
export function validatedInput(
  event: APIGatewayProxyEvent,
  contract: RouteContract,
  pathParams: Record<string, string>,
  body: Record<string, unknown>,
  facts: RequestFacts,
): Record<string, unknown> {
  const query = applyAliases(
    { ...(event.queryStringParameters ?? {}) } as Record<string, unknown>,
    contract.aliases?.query,
  );
  const aliased = applyAliases({ ...body }, contract.aliases?.body);
  const headers = event.headers as Record<string, string | undefined>;
  const meta: RequestMeta = { ...facts, headers, cookies: parseCookies(headers.cookie) };
  return {
    ...meta,
    params: contract.params ? parseOrThrow(contract.params, pathParams, 'path') : {},
    query: contract.query ? parseOrThrow(contract.query, query, 'query') : {},
    body: contract.body ? parseOrThrow(contract.body, aliased, 'body') : noFields(aliased),
  };
}
