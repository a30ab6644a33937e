/**
 * The OpenAPI 3.1 document, generated from the route registry: every registered path (aliases included), its
 * parameters, body and responses. Schemas come from the routes' valibot schemas via @valibot/to-json-schema;
 * transformations (string → number) cannot be expressed in JSON Schema and are described by the input side.
 * Sections (tags) come in the order a reader meets the API: the public website first, then the tenant, then
 * the admin. The document passes Redocly's `recommended` and Spectral's `spectral:oas` with nothing ignored
 * (test/openapi-lint.test.ts). The local runtime's document also carries request examples that work on
 * the demo store (`examples`, infra/openapi-examples.ts); the cloud's has none.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { problem } from '../shared/domain/responses/problem.js';
import { takesJsonOnly } from '../shared/http/media-type.js';
import { type AnySchema, allPaths, type RouteContract } from '../shared/http/route.js';
import { aliasesByField, withBodyAliases } from './openapi-aliases.js';
import {
  descriptionOf,
  PAYMENT_CSRF,
  RATE_LIMITS_NOTE,
  SESSION_NOTE,
  STATUS_TEXT,
  TAGS,
} from './openapi-text.js';
import { WEBHOOK_SIGNATURE, WEBHOOKS_TAG, webhooksSection } from './openapi-webhooks.js';

type JsonSchema = Record<string, unknown>;

/** Sign-in examples for the docs page of the local runtime (its demo accounts); never set in the cloud. */
export interface DemoLogins {
  admin?: { adminAPIKey: string; adminAPISecret: string };
  tenant?: { email: string; password: string };
}

/** The values "Send API Request" starts with for one operation (the docs page of the local runtime). */
export interface OperationExample {
  /** Path parameters by name. */
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number>>;
  body?: unknown;
  /** Said in the operation's description: where a value comes from that only another answer carries. */
  note?: string;
}

export interface DocumentOptions {
  serverUrl?: string;
  demoLogins?: DemoLogins;
  /** The outbound events and the record each carries (functions/registry.ts WEBHOOK_PAYLOADS). */
  webhooks?: Readonly<Record<string, AnySchema>>;
  /** By operation id (route id): requests that work against the demo store (infra/openapi-examples.ts). */
  examples?: Readonly<Record<string, OperationExample>>;
}

function schemaOf(schema: AnySchema | undefined): JsonSchema {
  if (!schema) return { type: 'object' };
  const json = toJsonSchema(schema as v.GenericSchema, {
    errorMode: 'ignore',
    typeMode: 'input',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function objectEntries(schema: AnySchema | undefined): [string, AnySchema, boolean][] {
  const entries = (schema as { entries?: Record<string, AnySchema> } | undefined)?.entries ?? {};
  return Object.entries(entries).map(([name, entry]) => {
    const optional = ['optional', 'nullish', 'exact_optional'].includes(
      (entry as { type?: string }).type ?? '',
    );
    return [name, entry, !optional];
  });
}

function parameters(route: RouteContract, path: string, example: OperationExample | undefined) {
  const params: Record<string, unknown>[] = [];
  const pathNames = [...path.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1] ?? '');
  const pathSchemas = new Map(objectEntries(route.params).map(([n, s]) => [n, s]));
  const exampleOf = (value: unknown) => (value === undefined ? {} : { example: value });
  for (const name of pathNames) {
    params.push({
      name,
      in: 'path',
      required: true,
      schema: schemaOf(pathSchemas.get(name)),
      ...exampleOf(example?.params?.[name]),
    });
  }
  const aliasesOf = aliasesByField(route.aliases?.query);
  for (const [name, schema, required] of objectEntries(route.query)) {
    const aliases = aliasesOf.get(name) ?? [];
    // OpenAPI cannot say "this or its alias is required": both are optional then, and the text says so.
    const eitherRequired = required && aliases.length > 0;
    params.push({
      name,
      in: 'query',
      required: required && !eitherRequired,
      schema: schemaOf(schema),
      ...(aliases.length
        ? {
            description: `Alias: ${aliases.join(', ')}${eitherRequired ? ' (one of them is required)' : ''}`,
          }
        : {}),
      ...exampleOf(example?.query?.[name]),
    });
    for (const alias of aliases)
      params.push({
        name: alias,
        in: 'query',
        required: false,
        description: `Alias of ${name}${eitherRequired ? ' (one of them is required)' : ''}; ${name} wins when both are sent`,
        schema: schemaOf(schema),
      });
  }
  return params;
}

/**
 * The success answer (JSON, the text of `textResponse`, or the bytes of `binaryResponse`); a redirect
 * (oauth-start.php) says where, in Location.
 */
function successResponse(route: RouteContract, status: number) {
  const content = route.binaryResponse
    ? { [route.binaryResponse]: { schema: { type: 'string', format: 'binary' } } }
    : { [route.textResponse?.split(';')[0] ?? 'application/json']: { schema: schemaOf(route.response) } };
  if (route.binaryResponse)
    return {
      description: 'Success',
      headers: {
        'Content-Disposition': {
          description: 'inline, with the file name a download gets',
          schema: { type: 'string' },
        },
      },
      content,
    };
  if (status < 300 || status >= 400) return { description: 'Success', content };
  return {
    description: `${STATUS_TEXT[status] ?? 'Redirect'}: go to Location`,
    headers: { Location: { description: 'Where to go', schema: { type: 'string', format: 'uri' } } },
    content,
  };
}

/** The error statuses of an operation with their meaning: the contract's, then those its pipeline adds. */
function documentedErrors(route: RouteContract): Record<number, string> {
  const errors: Record<number, string> = { 400: 'Validation failure', ...(route.errors ?? {}) };
  const add = (status: number, description: string) => {
    errors[status] = errors[status] ?? description;
  };
  if (route.auth.kind === 'admin') {
    add(401, 'No admin session');
    add(403, 'Wrong role');
  }
  if (route.auth.kind === 'tenant') add(401, 'No tenant session');
  if (route.auth.kind === 'webhook') add(401, 'Signature missing or does not match');
  if (route.auth.kind === 'csrf') add(403, 'Missing or mismatched CSRF token');
  if (route.body) add(413, 'Body over 1 MB');
  if (takesJsonOnly(route)) add(415, 'A body that is not application/json (a session-cookie write)');
  if (route.idempotency) {
    add(409, 'The first request with this Idempotency-Key still runs');
    add(422, 'The Idempotency-Key was used with another request');
  }
  add(429, 'Rate limited (25 requests / 5 s per IP)');
  add(500, 'Unexpected failure (quote the requestId)');
  return errors;
}

function responses(route: RouteContract) {
  const problem = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
  const success = route.successStatus ?? 200;
  const out: Record<string, unknown> = { [String(success)]: successResponse(route, success) };
  for (const [status, description] of Object.entries(documentedErrors(route))) {
    out[status] = {
      description: `${STATUS_TEXT[Number(status)] ?? 'Error'}: ${description}`,
      content: problem,
    };
  }
  return out;
}

/** Who may call: public operations declare an empty requirement so clients can tell them from protected ones. */
function security(route: RouteContract): Record<string, string[]>[] {
  switch (route.auth.kind) {
    case 'admin':
      return [{ adminSession: [] }];
    case 'tenant':
      return [{ tenantSession: [] }];
    case 'optionalTenant':
      return [{ tenantSession: [] }, {}];
    case 'csrf':
      return [{ paymentCsrf: [] }];
    default:
      return [];
  }
}

function bodyExample(route: RouteContract, options: DocumentOptions): Record<string, unknown> {
  const demo = options.demoLogins;
  if (route.id === 'auth.login' && demo?.admin) return { example: demo.admin };
  if (route.id === 'publicAuth.login' && demo?.tenant) return { example: demo.tenant };
  const body = options.examples?.[route.id]?.body;
  return body === undefined ? {} : { example: body };
}

/**
 * An alias path (the spec's singular `/property/{id}.json` beside `/properties/{id}.json`) is the same operation
 * under a second path: its summary says so, since a reference's sidebar lists the two by summary alone.
 */
export const ALIAS_MARK = ' (alias: singular path)';

function operation(route: RouteContract, path: string, options: DocumentOptions) {
  const example = options.examples?.[route.id];
  const alias = path !== route.path;
  const op: Record<string, unknown> = {
    operationId: alias ? `${route.id}.alias` : route.id,
    summary: alias ? `${route.summary}${ALIAS_MARK}` : route.summary,
    tags: route.tags ?? [route.group],
    parameters: parameters(route, path, example),
    responses: responses(route),
  };
  const described = alias
    ? `The spec's singular alias of \`${route.method} ${route.path}\`: the same operation. ${descriptionOf(route)}`
    : descriptionOf(route);
  op.description = example?.note ? `${described} Example on the demo data: ${example.note}` : described;
  op.security = security(route);
  if (route.body) {
    op.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: withBodyAliases(schemaOf(route.body), route.aliases?.body),
          ...bodyExample(route, options),
        },
      },
    };
  }
  return op;
}

/** Routes in the order of their first tag's section, registry order within one. */
function inSectionOrder(routes: readonly RouteContract[]): RouteContract[] {
  const rank = new Map(TAGS.map((t, i) => [t.name, i]));
  for (const route of routes)
    for (const tag of route.tags ?? [route.group])
      if (!rank.has(tag))
        throw new Error(`${route.id}: tag "${tag}" is not declared in infra/openapi-text.ts TAGS`);
  const first = (r: RouteContract) => rank.get((r.tags ?? [r.group])[0] ?? '') ?? 0;
  return routes
    .map((r, i) => ({ r, i }))
    .sort((a, b) => first(a.r) - first(b.r) || a.i - b.i)
    .map((x) => x.r);
}

export function buildOpenApiDocument(routes: readonly RouteContract[], options: DocumentOptions = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of inSectionOrder(routes)) {
    for (const path of allPaths(route)) {
      paths[path] ??= {};
      (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route, path, options);
    }
  }
  const used = new Set(routes.flatMap((r) => r.tags ?? [r.group]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rental property management API',
      version: '5.9.3.3',
      description: `The legacy /API/{controller}/V1/{action}.json interface. Errors are RFC 9457 problem+json. ${SESSION_NOTE} ${RATE_LIMITS_NOTE}`,
      contact: { name: 'The API maintainers (this repository)' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // The origin as a variable: one document for every deployment (its default is where it was served).
    servers: [
      {
        url: '{origin}',
        description: options.serverUrl ? 'This server' : 'The local runtime (npm start) by default',
        variables: {
          origin: {
            default: options.serverUrl ?? 'http://localhost:3000',
            description: 'Scheme, host and port of the deployment (the stage URL in the cloud).',
          },
        },
      },
    ],
    tags: [...TAGS.filter((t) => used.has(t.name)), ...(options.webhooks ? [WEBHOOKS_TAG] : [])],
    paths,
    ...(options.webhooks ? { webhooks: webhooksSection(options.webhooks) } : {}),
    components: {
      securitySchemes: {
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'pm_admin_session',
          description: 'Set by POST /API/auth/V1/login.json.',
        },
        tenantSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'pm_tenant_session',
          description: 'Set by POST /API/publicAuth/V1/login.json.',
        },
        ...(routes.some((r) => r.auth.kind === 'csrf') ? { paymentCsrf: PAYMENT_CSRF } : {}),
        ...(options.webhooks ? { webhookSignature: WEBHOOK_SIGNATURE } : {}),
      },
      schemas: {
        Problem: schemaOf(problem),
      },
    },
  };
}
