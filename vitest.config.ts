import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testTiers } from './test/tiers.js';

// Each test file's tier from what it imports (test/tiers.ts; docs/testing.md "Tiers"): `npm run test:unit`,
// `test:http` and `test:slow` run one; `npm test` runs all three in one run.
const tiers = testTiers(fileURLToPath(new URL('.', import.meta.url)));
// Starts DynamoDB Local and cognito-local once for both tiers that need them; each HTTP test file then runs
// its own table, SES and API server over them (test/support/file-runtime.ts, docs/testing.md).
const standIns = ['test/support/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only contend with DynamoDB Local for CPU.
    maxWorkers: 2,
    // Quiet runs: errors only in the logs, and no EMF metric lines (shared/metrics.ts).
    env: { LOG_LEVEL: 'silent', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: tiers.unit } },
      { extends: true, test: { name: 'http', include: tiers.http, globalSetup: standIns } },
      { extends: true, test: { name: 'slow', include: tiers.slow, globalSetup: standIns } },
    ],
  },
});
