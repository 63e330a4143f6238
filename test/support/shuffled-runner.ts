import type { RunnerTestFile, SerializedConfig } from 'vitest';
import { VitestTestRunner } from 'vitest/runners';
import { getCurrentSuite } from 'vitest/suite';
import { isShuffled } from './shuffled-files.ts';

/**
 * Vitest's runner, shuffling the tests (and describe blocks) of the files
 * shuffled-files.ts names, each file on its own: vitest 4.1 reads
 * `sequence.shuffle` from the root config only, for every project and file,
 * so a project's own value is ignored. The order of the files stays the
 * sequencer's (vitest.config.ts). The runner decides per file as vitest
 * collects it: the file's own flag, and the config's, which the describe
 * blocks collected from the file inherit. `--sequence.shuffle` on the command
 * line still shuffles every file.
 */
/** Where a worker keeps whether `--sequence.shuffle` asked for every file to be shuffled. */
const ASKED = Symbol.for('ccdc.shuffled-runner.asked');

export default class ShuffledRunner extends VitestTestRunner {
  private readonly everyFile: boolean;

  constructor(config: SerializedConfig) {
    super(config);
    // What the command line asked for, read once per worker: a worker may make a runner again for its next files,
    // after an earlier one has set the shared config's flag for a file of its own.
    this.everyFile = (globalThis as { [ASKED]?: boolean })[ASKED] ??= config.sequence.shuffle === true;
  }

  override onCollectStart(file: RunnerTestFile): void {
    super.onCollectStart(file);
    const shuffled = this.everyFile || isShuffled(file.filepath);
    this.config.sequence.shuffle = shuffled;
    file.shuffle = shuffled;
    // The worker's top-level suite is made once, for its first file, with that file's flag, and every later file's
    // describe blocks inherit from it before the config (isolate: false keeps it): it takes each file's flag too.
    // Seen: after a handler file, the CLI's and an agent's order-bound tests ran shuffled on a clean clone.
    const top = getCurrentSuite();
    if (top?.options) top.options.shuffle = shuffled;
  }
}
