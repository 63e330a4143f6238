import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One DynamoDB Local for the whole run; each test file works in its own table.
    globalSetup: ['test/support/global-setup.ts'],
    // Every API response an HTTP test fetches is checked against the OpenAPI description.
    setupFiles: ['test/support/response-check.setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The shared DynamoDB Local is slow under the concurrency tests: see functions/shared/data/client.ts.
    env: { LOG_LEVEL: 'silent', SCORING_DATABASE_CALL_BUDGET_MS: '30000', CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' },
  },
});
