import { describe, expect, it } from 'vitest';
import { ROUTES, WEBHOOK_PAYLOADS } from '../functions/registry.js';
import { allPaths } from '../shared/http/route.js';
import { SPEC_LIMIT, WAF_RATE_LIMIT, WAF_WINDOW_SECONDS } from './cdk/constructs/rate-limit-web-acl.js';
import { ALIAS_MARK, buildOpenApiDocument } from './openapi.js';

type Op = {
  operationId: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: unknown;
  security?: unknown;
  responses: Record<string, unknown>;
};

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument(ROUTES, {
    serverUrl: 'http://localhost:3000',
    webhooks: WEBHOOK_PAYLOADS,
  });
  const op = (path: string, method: string) => (doc.paths[path] as Record<string, Op>)[method] as Op;

  it("says the rate limits as the stack enforces them: the spec's per-IP limit, WAF's rule for it, usage plans per key only where keys are required", () => {
    const text = doc.info.description;
    expect(text).toContain(`${SPEC_LIMIT.requests} requests per ${SPEC_LIMIT.seconds} seconds per client IP`);
    expect(text).toContain(`${WAF_RATE_LIMIT} requests per ${WAF_WINDOW_SECONDS} seconds`);
    expect(text).toContain(`Retry-After: ${WAF_WINDOW_SECONDS}`);
    expect(text).toContain('per key rather than per IP');
  });

  it('is OpenAPI 3.1 with every registered path and alias, each with its method', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of ROUTES)
      for (const path of allPaths(route)) expect(doc.paths[path]).toHaveProperty(route.method.toLowerCase());
  });

  it('marks each alias path as one in its summary (what a sidebar lists) and names the path it stands for', () => {
    const aliased = ROUTES.filter((r) => r.aliasPaths?.length);
    expect(aliased.length).toBeGreaterThan(0);
    for (const route of aliased) {
      const method = route.method.toLowerCase();
      const main = op(route.path, method);
      expect(main.summary, route.id).toBe(route.summary);
      for (const path of route.aliasPaths ?? []) {
        const alias = op(path, method);
        expect(alias.summary, path).toBe(`${route.summary}${ALIAS_MARK}`);
        expect(alias.operationId).toBe(`${route.id}.alias`);
        const canonical = `\`${route.method} ${route.path}\``;
        expect(alias.description.startsWith(`The spec's singular alias of ${canonical}:`), path).toBe(true);
      }
    }
  });

  it('describes path and query parameters, aliases, bodies, auth and error responses', () => {
    const list = op('/API/adminProperties/V1/properties.json', 'get');
    expect(list.parameters.find((p) => p.name === 'beds')).toMatchObject({
      in: 'query',
      required: false,
      description: 'Alias: bedrooms',
    });
    expect(list.security).toEqual([{ adminSession: [] }]);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));

    const single = op('/API/adminProperties/V1/property/{id}.json', 'put');
    expect(single.parameters.find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
    expect(single.requestBody).toMatchObject({ required: true });

    const create = op('/API/adminProperties/V1/properties.json', 'post');
    expect(create.responses).toHaveProperty('201');
    expect(create.responses).toHaveProperty('409');
  });

  it('documents a redirecting operation’s answer as the redirect, with its Location', () => {
    const start = op('/API/accounting/oauth-start.php', 'get');
    expect(start.responses).not.toHaveProperty('200');
    expect(start.responses['302']).toMatchObject({
      description: expect.stringMatching(/^Found/),
      headers: { Location: { schema: { type: 'string', format: 'uri' } } },
    });
  });

  it('documents a text answer under its media type, not as JSON', () => {
    const feed = op('/API/ical/V1/{propertyId}.ics', 'get');
    expect(feed.responses['200']).toEqual({
      description: 'Success',
      content: { 'text/calendar': { schema: expect.objectContaining({ type: 'string' }) } },
    });
  });
});
