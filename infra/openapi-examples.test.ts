/**
 * The docs page's request examples (infra/openapi-examples.ts): one for every operation that takes
 * parameters or a body, each accepted by the operation's own schemas as the page sends it (path and query
 * values as strings). test/docs-examples.test.ts sends them to a fresh `npm start`.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import type { AnySchema, RouteContract } from '../shared/http/route.js';
import { demoLogins } from './local/docs.js';
import { buildOpenApiDocument } from './openapi.js';
import { demoExamples, EXAMPLE_NOTES } from './openapi-examples.js';

const examples = demoExamples({ now: new Date('2027-03-10T15:00:00Z'), origin: 'http://localhost:3000' });
const logins = demoLogins();
const LOGINS: Record<string, unknown> = { 'auth.login': logins.admin, 'publicAuth.login': logins.tenant };

const takesInput = (r: RouteContract) => Boolean(r.params || r.query || r.body);

function problems(schema: AnySchema | undefined, value: unknown): string[] {
  if (!schema) return value === undefined ? [] : ['an example for an input the operation does not take'];
  const result = v.safeParse(schema, value ?? {});
  return result.success ? [] : result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
}

const asStrings = (values: Readonly<Record<string, string | number>> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, value]) => [k, String(value)]));

describe('the docs page examples', () => {
  it('cover every operation with parameters or a body (the logins from the demo fixture)', () => {
    expect(logins.admin).toBeDefined();
    expect(logins.tenant).toBeDefined();
    const missing = ROUTES.filter(takesInput)
      .filter((r) => !examples[r.id] && !LOGINS[r.id])
      .map((r) => r.id);
    expect(missing).toEqual([]);
  });

  it('name only registered operations', () => {
    const ids = new Set(ROUTES.map((r) => r.id));
    expect([...Object.keys(examples), ...Object.keys(EXAMPLE_NOTES)].filter((id) => !ids.has(id))).toEqual(
      [],
    );
  });

  it.each(ROUTES.filter((r) => examples[r.id]).map((r) => [r.id, r] as const))(
    '%s: its example passes the operation’s schemas',
    (_, route) => {
      const example = examples[route.id] ?? {};
      expect({
        params: problems(route.params, example.params),
        query: problems(route.query, route.query || example.query ? asStrings(example.query) : undefined),
        body: route.body ? problems(route.body, example.body) : problems(undefined, example.body),
      }).toEqual({ params: [], query: [], body: [] });
    },
  );

  it('are in the local document: parameters, bodies and notes', () => {
    const doc = buildOpenApiDocument(ROUTES, { demoLogins: logins, examples });
    type Op = {
      description: string;
      parameters: { name: string; required: boolean; example?: unknown }[];
      requestBody?: { content: Record<string, { example?: unknown }> };
    };
    const op = (path: string, method: string) => (doc.paths[path] as Record<string, Op>)[method] as Op;
    const quote = op('/API/publicBooking/V1/quote.json', 'post');
    expect(quote.requestBody?.content['application/json']?.example).toMatchObject({
      propertyId: 2001,
      dateFrom: '2027-04-09',
      dateTo: '2027-04-12',
      couponCode: 'WELCOME10',
    });
    const register = op('/API/publicAuth/V1/register.json', 'post');
    expect(register.requestBody?.content['application/json']?.example).toMatchObject({ isEmpty: '' });
    const single = op('/API/adminProperties/V1/property/{id}.json', 'get');
    expect(single.parameters.find((p) => p.name === 'id')?.example).toBe('2001');
    const book = op('/API/publicBooking/V1/book.json', 'post');
    expect(book.description).toContain('Example on the demo data: As the demo tenant');
    // Every required parameter of every operation has a value to send.
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods as Record<string, Op>))
        for (const p of operation.parameters)
          if (p.required) expect(p.example, `${method} ${path} ${p.name}`).toBeDefined();
  });

  it('stay out of the cloud document', () => {
    expect(JSON.stringify(buildOpenApiDocument(ROUTES))).not.toContain('"example"');
  });
});
