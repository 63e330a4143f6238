import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
// With its extension: Vite's coming native config loader resolves no other.
import { TEST_WORKERS } from './test/support/workers.ts';
import { isShuffled, SHUFFLED_FILES } from './test/support/shuffled-files.ts';

// The AWS SDK's Node 20 notice (lib/local/node-20.ts) is not a test's output.
const env = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'silent',
  SCORING_DATABASE_CALL_BUDGET_MS: '30000',
  CDK_DISABLE_VERSION_CHECK: '1',
  CDK_DISABLE_CLI_TELEMETRY: '1',
};

/**
 * The slowest files early, in each project: on a clean clone vitest has no
 * timings and starts the largest files first, which left the rehearsal (three
 * minutes, mostly waiting on its rounds) to start mid-run and end nearly last.
 * It starts third, once the typecheck, lint and format checks that run beside
 * the first files (bin/test.ts) have given the CPU back: its faults' timing
 * wants the machine as quiet as it can be.
 *
 * It prints the seed of the shuffle of each file's tests too (test/support/shuffled-runner.ts): vitest prints one
 * only when its own `sequence.shuffle` is on, and sorting is the one step of a run a config sees, once.
 */
const SLOWEST = [
  'test/http/readme-tour.test.ts',
  'test/agent/agent.test.ts',
  'test/fault/rehearsal.test.ts',
  'test/browser/public-pages.test.ts',
  'test/browser/console.test.ts',
  'test/browser/team-work.test.ts',
  'test/browser/debrief.test.ts',
];
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((path) => file.moduleId.endsWith(path));
      return at === -1 ? SLOWEST.length : at;
    };
    // Projects keep their order; within one, the slowest first, then the base order (cached timings, else size).
    const sorted = await super.sort(files);
    const { seed } = this.ctx.config.sequence;
    if (files.some((file) => isShuffled(file.moduleId))) {
      const where = SHUFFLED_FILES.join(', ');
      this.ctx.logger.log(`      The tests of each file in ${where} run shuffled, seed ${seed}: --sequence.seed=${seed} runs them in this order again.`);
    }
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const key = (file: TestSpecification, order: number) => [projects.indexOf(file.project.name), rank(file), order];
    return sorted
      .map((file, order) => ({ file, key: key(file, order) }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // The tests of test/support/shuffled-files.ts's files run in a random order within each file (shuffled-runner.ts),
    // from this seed unless `--sequence.seed=N` gives one; the sequencer prints it.
    sequence: { sequencer: SlowestFirst, seed: Date.now() },
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
          // A handler test passes whatever ran before it in its file: those files' tests run shuffled.
          runner: 'test/support/shuffled-runner.ts',
        },
      },
    ],
  },
});
