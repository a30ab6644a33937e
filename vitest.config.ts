import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'functions/**/*.test.ts', 'shared/**/*.test.ts', 'infra/**/*.test.ts'],
    // Starts DynamoDB Local and cognito-local once; each HTTP test file then runs its own table, SES and
    // API server over them (test/support/file-runtime.ts, docs/testing.md).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only contend with DynamoDB Local for CPU.
    maxWorkers: 2,
    // Quiet runs: errors only in the logs, and no EMF metric lines (shared/metrics.ts).
    env: { LOG_LEVEL: 'silent', POWERTOOLS_METRICS_DISABLED: 'true' },
  },
});
