/**
 * The OpenAPI 3.1 document, generated from the route registry: every registered path (aliases included), its
 * parameters, body and responses. Schemas come from the routes' valibot schemas via @valibot/to-json-schema;
 * transformations (string → number) cannot be expressed in JSON Schema and are described by the input side.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { type AnySchema, allPaths, type RouteContract } from '../shared/http/route.js';

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};

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

function parameters(route: RouteContract, path: string) {
  const params: Record<string, unknown>[] = [];
  const pathNames = [...path.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]);
  const pathSchemas = new Map(objectEntries(route.params).map(([n, s]) => [n, s]));
  for (const name of pathNames) {
    params.push({ name, in: 'path', required: true, schema: schemaOf(pathSchemas.get(name ?? '')) });
  }
  const aliasOf = Object.fromEntries(
    Object.entries(route.aliases?.query ?? {}).map(([alias, field]) => [field, alias]),
  );
  for (const [name, schema, required] of objectEntries(route.query)) {
    const alias = aliasOf[name];
    params.push({
      name,
      in: 'query',
      required,
      schema: schemaOf(schema),
      ...(alias ? { description: `Alias: ${alias}` } : {}),
    });
  }
  return params;
}

function responses(route: RouteContract) {
  const problem = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
  const out: Record<string, unknown> = {
    [String(route.successStatus ?? 200)]: {
      description: 'Success',
      content: { 'application/json': { schema: schemaOf(route.response) } },
    },
  };
  const errors: Record<number, string> = { 400: 'Validation failure', ...(route.errors ?? {}) };
  if (route.auth.kind === 'admin')
    Object.assign(errors, { 401: errors[401] ?? 'No admin session', 403: errors[403] ?? 'Wrong role' });
  if (route.auth.kind === 'tenant') errors[401] = errors[401] ?? 'No tenant session';
  errors[429] = errors[429] ?? 'Rate limited (25 requests / 5 s per IP)';
  for (const [status, description] of Object.entries(errors)) {
    out[status] = {
      description: `${STATUS_TEXT[Number(status)] ?? 'Error'}: ${description}`,
      content: problem,
    };
  }
  return out;
}

function operation(route: RouteContract, path: string) {
  const op: Record<string, unknown> = {
    operationId: path === route.path ? route.id : `${route.id}.alias`,
    summary: route.summary,
    tags: route.tags ?? [route.group],
    parameters: parameters(route, path),
    responses: responses(route),
  };
  const notes = [route.description];
  if (route.auth.kind === 'admin') notes.push(`Admin session; roles: ${route.auth.roles.join(', ')}.`);
  if (route.auth.kind === 'tenant') notes.push('Tenant session required.');
  if (route.cache) notes.push('Cached for 10 minutes (Cache-Control: public, max-age=600).');
  if (route.aliases?.body)
    notes.push(
      `Body aliases: ${Object.entries(route.aliases.body)
        .map(([a, f]) => `${a} → ${f}`)
        .join(', ')}.`,
    );
  if (route.auth.kind === 'webhook')
    notes.push(`Webhook: the ${route.auth.verifier} signature over the raw body is checked first.`);
  if (route.auth.kind === 'csrf')
    notes.push('Payment CSRF token (X-CSRF-Token or payment_csrf) and its cookie.');
  for (const l of route.rateLimits ?? [])
    notes.push(
      `Rate limit: ${l.limit} per ${l.windowSeconds} s per ${l.key === 'ip' ? 'IP' : `IP and ${l.key.ipAndBodyField}`} (429 beyond).`,
    );
  if (route.idempotency) notes.push('Honours Idempotency-Key (a repeat answers the first answer again).');
  op.description = notes.filter(Boolean).join(' ');
  if (route.auth.kind === 'admin') op.security = [{ adminSession: [] }];
  if (route.auth.kind === 'tenant' || route.auth.kind === 'optionalTenant')
    op.security = [{ tenantSession: [] }];
  if (route.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } };
  }
  return op;
}

export function buildOpenApiDocument(routes: readonly RouteContract[], serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    for (const path of allPaths(route)) {
      paths[path] ??= {};
      (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route, path);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rental property management API',
      version: '5.9.3.3',
      description:
        'The legacy /API/{controller}/V1/{action}.json interface. Errors are RFC 9457 problem+json.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: {
        adminSession: { type: 'apiKey', in: 'cookie', name: 'pm_admin_session' },
        tenantSession: { type: 'apiKey', in: 'cookie', name: 'pm_tenant_session' },
      },
      schemas: {
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            instance: { type: 'string' },
            requestId: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: { field: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
          required: ['type', 'title', 'status', 'detail'],
        },
      },
    },
  };
}
