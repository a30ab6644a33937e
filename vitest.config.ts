import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'functions/**/*.test.ts', 'shared/**/*.test.ts', 'infra/**/*.test.ts'],
    // One local runtime (DynamoDB Local, local SES, local Cognito) serves every HTTP test file.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only contend with DynamoDB Local for CPU.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
  },
});
