/**
 * A client generated from the OpenAPI document compiles and works: openapi-typescript makes the client's types
 * from the current document on every run (into test/openapi-client/generated/, git-ignored, so a route change
 * needs no regeneration step), the typed calls of test/openapi-client/calls.ts are type-checked against them,
 * and openapi-fetch runs those calls against this file's API.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, WEBHOOK_PAYLOADS } from '../functions/registry.js';
import { buildOpenApiDocument } from '../infra/openapi.js';
import { API_URL } from './support/client.js';

const ROOT = join(import.meta.dirname, '..');
const CLIENT = join(import.meta.dirname, 'openapi-client');
const GENERATED = join(CLIENT, 'generated');
// openapi-typescript needs TypeScript 5's compiler API: it lives in its own workspace (tools/openapi-client).
const GENERATOR = join(ROOT, 'tools', 'openapi-client', 'node_modules', '.bin', 'openapi-typescript');
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');

/** Runs a tool; its output is the error when it fails. */
function run(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { stdio: 'pipe', cwd: ROOT });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
  }
}

/** The typed calls, loaded at run time: the project's typecheck leaves them out (they need generated/). */
type Calls = Record<
  'listsTheCatalogAndReadsACaptcha' | 'readsAMissingPropertyAsAProblem',
  (baseUrl: string) => Promise<void>
>;

beforeAll(() => {
  mkdirSync(GENERATED, { recursive: true });
  const document = join(GENERATED, 'openapi.json');
  writeFileSync(
    document,
    JSON.stringify(buildOpenApiDocument(ROUTES, { webhooks: WEBHOOK_PAYLOADS }), null, 2),
  );
  run(GENERATOR, [document, '-o', join(GENERATED, 'api.d.ts')]);
}, 60_000);

describe('the generated client', () => {
  it('is generated from the current document', () => {
    const types = readFileSync(join(GENERATED, 'api.d.ts'), 'utf8');
    for (const route of ROUTES) expect(types, route.id).toContain(`"${route.path}"`);
  });

  it('types the calls: they compile against it', () => {
    run(TSC, ['-p', join(CLIENT, 'tsconfig.json')]);
  }, 60_000);

  const calls = async () => (await import(pathToFileURL(join(CLIENT, 'calls.ts')).href)) as Calls;

  it('lists the VR catalog and reads a CAPTCHA question, typed', async () => {
    await (await calls()).listsTheCatalogAndReadsACaptcha(API_URL);
  });

  it('reads a missing VR property as a typed problem', async () => {
    await (await calls()).readsAMissingPropertyAsAProblem(API_URL);
  });
});
