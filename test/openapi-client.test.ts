/**
 * A client generated from the OpenAPI document compiles and works: test/generated/api.d.ts is what
 * openapi-typescript makes of the document (checked here, so it cannot drift; the project's typecheck
 * compiles it and the calls below), and openapi-fetch calls the catalog and booking operations with it.
 * After a route change: UPDATE_GENERATED=1 npx vitest run test/openapi-client.test.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { ROUTES, WEBHOOK_PAYLOADS } from '../functions/registry.js';
import { buildOpenApiDocument } from '../infra/openapi.js';
import type { paths } from './generated/api.js';
import { API_URL } from './support/client.js';

const COMMITTED = join(import.meta.dirname, 'generated', 'api.d.ts');
// openapi-typescript needs TypeScript 5's compiler API: it lives in its own workspace (tools/openapi-client).
const GENERATOR = join(
  import.meta.dirname,
  '..',
  'tools',
  'openapi-client',
  'node_modules',
  '.bin',
  'openapi-typescript',
);

describe('the generated client', () => {
  it('is what openapi-typescript makes of the current document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    writeFileSync(
      join(dir, 'openapi.json'),
      JSON.stringify(buildOpenApiDocument(ROUTES, { webhooks: WEBHOOK_PAYLOADS }), null, 2),
    );
    execFileSync(GENERATOR, [join(dir, 'openapi.json'), '-o', join(dir, 'api.d.ts')], { stdio: 'pipe' });
    const fresh = readFileSync(join(dir, 'api.d.ts'), 'utf8');
    if (process.env.UPDATE_GENERATED === '1') writeFileSync(COMMITTED, fresh);
    expect(
      fresh === readFileSync(COMMITTED, 'utf8'),
      'test/generated/api.d.ts is stale (see this file’s header)',
    ).toBe(true);
  }, 60_000);

  const api = createClient<paths>({ baseUrl: API_URL });

  it('lists the VR catalog and reads a CAPTCHA question, typed', async () => {
    const list = await api.GET('/API/vrProperties/V1/vrProperties.json', {
      params: { query: { limit: '5' } },
    });
    expect(list.response.status).toBe(200);
    const page: { items: { propertyId: number; propertyName: string }[]; total: number } | undefined =
      list.data;
    expect(page?.items.length).toBeLessThanOrEqual(5);
    expect(typeof page?.total).toBe('number');

    const captcha = await api.GET('/API/publicBooking/V1/captcha.json');
    expect(captcha.response.status).toBe(200);
    const question: string | undefined = captcha.data?.question;
    expect(question).toEqual(expect.any(String));
    expect(captcha.data?.captcha_sum).toEqual(expect.any(String));
  });

  it('reads a missing VR property as a typed problem', async () => {
    const one = await api.GET('/API/vrProperties/V1/vrProperties/{id}.json', {
      params: { path: { id: '999999' } },
    });
    expect(one.response.status).toBe(404);
    expect(one.error?.status).toBe(404);
  });
});
