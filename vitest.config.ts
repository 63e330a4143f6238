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
    // A worker's test files share its modules: each file imported the AWS SDK, CDK and the handlers afresh, which
    // took 107 s of a clean clone's run (import time 107 s → 29 s, CPU 90 s less). A file starts from a table of
    // its own (useFreshTable, which forgets what the data layer kept of the last one); one that needs modules of
    // its own imports them after vi.resetModules() and restores the suite's environment after it (database-outage).
    isolate: false,
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
