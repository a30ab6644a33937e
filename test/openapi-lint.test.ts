/**
 * The OpenAPI document passes two outside linters with their recommended rules and nothing ignored:
 * Redocly's `recommended` and Spectral's `spectral:oas` (errors, warnings, infos and hints all count). One
 * Redocly rule that cannot see a redirect answer is replaced by its 2XX-or-3XX form.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { ROUTES, WEBHOOK_PAYLOADS } from '../functions/registry.js';
import { buildOpenApiDocument } from '../infra/openapi.js';
import { demoExamples } from '../infra/openapi-examples.js';

const local = buildOpenApiDocument(ROUTES, {
  webhooks: WEBHOOK_PAYLOADS,
  serverUrl: 'http://localhost:3000',
  demoLogins: {
    admin: { adminAPIKey: 'demo-admin', adminAPISecret: 'demo-admin-secret-1' },
    tenant: { email: 'demo-tenant@example.com', password: 'demo-tenant-pass-1' },
  },
  // The docs page's examples: Spectral checks each against its schema (oas3-valid-media-example).
  examples: demoExamples({ now: new Date(), origin: 'http://localhost:3000' }),
});
const cloud = buildOpenApiDocument(ROUTES, { webhooks: WEBHOOK_PAYLOADS });

describe.each([
  ['the local runtime', local],
  ['the cloud', cloud],
])('the OpenAPI document of %s', (_, doc) => {
  const source = JSON.stringify(doc, null, 2);

  it('has no Redocly `recommended` problem', async () => {
    // One rule is replaced, not ignored: Redocly's operation-2xx-response knows no operation whose answer is
    // a redirect (oauth-start.php's 302), so the test below asks what Spectral's operation-success-response
    // asks, a 2XX or 3XX answer.
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'operation-2xx-response': 'off' },
    });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    ).toEqual([]);
  }, 30_000);

  it('gives every operation a success or redirect answer', () => {
    const without = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { responses?: Record<string, unknown> }>)
        .filter(([, op]) => !Object.keys(op.responses ?? {}).some((code) => /^[23]\d\d$/.test(code)))
        .map(([method]) => `${method} ${path}`),
    );
    expect(without).toEqual([]);
  });

  it('has no Spectral `spectral:oas` problem', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(source);
    expect(results.map((r) => `${r.severity} ${r.code}: ${r.message} at ${r.path.join('.')}`)).toEqual([]);
  }, 30_000);
});
