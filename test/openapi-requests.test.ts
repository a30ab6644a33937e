/**
 * The OpenAPI document accepts what the API accepts (test/support/request-contract.ts, Ajv over the document's
 * request schemas): every docs-page example, the same with any integer sent as a digit string where the
 * API takes one (the legacy clients send `landlord: "2"`, `propertyId: "2002"`), and with any body alias in
 * place of its field. Each variant is sent to the document only when the route's own valibot schema accepts it,
 * so the document is held to exactly what the API takes. The HTTP tests check every request they make the same
 * way (the Client), this file the representative set without a runtime.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import { buildOpenApiDocument } from '../infra/openapi.js';
import { demoExamples } from '../infra/openapi-examples.js';
import { applyAliases } from '../shared/http/request-input.js';
import type { RouteContract } from '../shared/http/route.js';
import { requestMismatch } from './support/request-contract.js';

const examples = demoExamples({ now: new Date('2027-03-10T15:00:00Z'), origin: 'http://localhost:3000' });

/** The path with the example's parameters in it, and its query as the docs page sends it (strings). */
function sent(route: RouteContract, body: unknown) {
  const example = examples[route.id] ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => example.params?.[name] ?? '1');
  const query = new URLSearchParams(
    Object.entries(example.query ?? {}).map(([k, value]) => [k, String(value)] as [string, string]),
  );
  return { method: route.method, path, query, body };
}

const apiAccepts = (route: RouteContract, body: unknown) =>
  route.body !== undefined &&
  v.safeParse(route.body, applyAliases({ ...(body as Record<string, unknown>) }, route.aliases?.body))
    .success;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to an integer in the value, e.g. ['lateFee', 'flat']. */
function integerPaths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return Number.isInteger(value) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => integerPaths(item, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => integerPaths(item, [...at, key]));
  return [];
}

function withDigitString(value: Json, path: (string | number)[]): Json {
  if (path.length === 0) return String(value);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    Json
  >;
  copy[head] = withDigitString(copy[head] as Json, rest);
  return copy as Json;
}

const withBodies = ROUTES.filter((r) => r.body && examples[r.id]?.body !== undefined);

describe('the OpenAPI document accepts what the API accepts', () => {
  it('covers every operation that takes a body', () => {
    const without = ROUTES.filter((r) => r.body && !withBodies.includes(r)).map((r) => r.id);
    // The logins' examples are the demo accounts (infra/local/docs.ts); ending a lease takes an optional body
    // and its example sends none.
    expect(without.sort()).toEqual(['adminLeases.end', 'auth.login', 'publicAuth.login']);
  });

  it.each(ROUTES.filter((r) => examples[r.id]).map((r) => [r.id, r] as const))(
    '%s: its example as the docs page sends it',
    (_, route) => {
      expect(requestMismatch(sent(route, examples[route.id]?.body))).toBeUndefined();
    },
  );

  it.each(withBodies.map((r) => [r.id, r] as const))(
    '%s: an integer sent as a digit string, wherever the API takes one',
    (_, route) => {
      const body = examples[route.id]?.body as Json;
      const refused: string[] = [];
      for (const path of integerPaths(body)) {
        const variant = withDigitString(body, path);
        if (!apiAccepts(route, variant)) continue;
        const mismatch = requestMismatch(sent(route, variant));
        if (mismatch) refused.push(`${path.join('.')}: ${mismatch}`);
      }
      expect(refused).toEqual([]);
    },
  );

  it.each(ROUTES.filter((r) => r.aliases?.body && examples[r.id]?.body).map((r) => [r.id, r] as const))(
    '%s: a body alias in place of its field',
    (_, route) => {
      const body = examples[route.id]?.body as Record<string, Json>;
      const refused: string[] = [];
      for (const [alias, field] of Object.entries(route.aliases?.body ?? {})) {
        if (!(field in body)) continue;
        const { [field]: value, ...rest } = body;
        const variant = { ...rest, [alias]: value } as Json;
        if (!apiAccepts(route, variant)) continue;
        const mismatch = requestMismatch(sent(route, variant));
        if (mismatch) refused.push(`${alias}: ${mismatch}`);
      }
      expect(refused).toEqual([]);
    },
  );

  it('documents an integer that may come as digits as either, and refuses what the API refuses', () => {
    const doc = buildOpenApiDocument(ROUTES);
    const create = (doc.paths['/API/adminIcal/V1/feeds.json'] as Record<string, unknown>).post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(create.requestBody.content['application/json'].schema.properties.propertyId).toEqual({
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        { type: 'string', pattern: '^\\d{1,10}$' },
      ],
    });
    const feed = (body: unknown) => ({
      method: 'POST',
      path: '/API/adminIcal/V1/feeds.json',
      query: new URLSearchParams(),
      body,
    });
    const url = 'https://example.com/feed.ics';
    expect(requestMismatch(feed({ propertyId: '2002', url, name: 'Airbnb' }))).toBeUndefined();
    expect(requestMismatch(feed({ propertyId: 2002, url, name: 'Airbnb' }))).toBeUndefined();
    for (const propertyId of ['2002a', 0, 2.5, '', true])
      expect(requestMismatch(feed({ propertyId, url, name: 'Airbnb' })), String(propertyId)).toMatch(
        /propertyId/,
      );
  });
});
