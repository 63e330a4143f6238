import { defineConfig } from 'vitest/config';
// With its extension: Vite's coming native config loader resolves no other.
import { TEST_WORKERS } from './test/support/workers.ts';

// The AWS SDK's Node 20 notice (lib/local/node-20.ts) is not a test's output.
const env = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'silent',
  SCORING_DATABASE_CALL_BUDGET_MS: '30000',
  CDK_DISABLE_VERSION_CHECK: '1',
  CDK_DISABLE_CLI_TELEMETRY: '1',
};

export default defineConfig({
  test: {
    pool: 'forks',
    // Whatever the default (one on a two-core machine): see test/support/workers.ts.
    maxWorkers: TEST_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The shared DynamoDB Local is slow under the concurrency tests: see functions/shared/data/client.ts.
    env,
    projects: [
      {
        // The fast tier (`npm run test:unit`): pure code, no DynamoDB Local, no browser.
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**'],
          // One DynamoDB Local for the run; each test file works in its own table.
          globalSetup: ['test/support/global-setup.ts'],
          // Every API response an HTTP test fetches is checked against the OpenAPI description.
          setupFiles: ['test/support/response-check.setup.ts'],
        },
      },
    ],
  },
});
