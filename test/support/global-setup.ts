/**
 * Starts one local runtime for the whole run: in memory, on free ports, seeded with test/fixtures/base.json,
 * with the per-IP limit off (the rate-limit test starts its own runtime with it on).
 */
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { type LocalRuntime, startLocalRuntime } from '../../infra/local/runtime.js';

let runtime: LocalRuntime | undefined;

export const BASE_FIXTURE = fileURLToPath(new URL('../fixtures/base.json', import.meta.url));

/** A test runtime: in memory, free ports, base fixture, no per-IP limit, X-Forwarded-For trusted. */
export const TEST_RUNTIME_OPTIONS = {
  port: 0,
  dataDir: 'memory',
  seed: BASE_FIXTURE,
  ratePer5s: 0,
  trustProxy: true,
  mailPort: 0,
  cognitoPort: 0,
  dynamodbPort: 0,
} as const;

export async function setup(project: TestProject): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  runtime = await startLocalRuntime(TEST_RUNTIME_OPTIONS);
  project.provide('apiUrl', runtime.url);
  project.provide('mailUrl', runtime.mailUrl);
  project.provide('dynamodbUrl', runtime.dynamodbUrl);
}

export async function teardown(): Promise<void> {
  await runtime?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mailUrl: string;
    dynamodbUrl: string;
  }
}
