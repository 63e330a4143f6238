import type { RunnerTestFile, SerializedConfig } from 'vitest';
import { VitestTestRunner } from 'vitest/runners';
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
export default class ShuffledRunner extends VitestTestRunner {
  private readonly everyFile: boolean;

  constructor(config: SerializedConfig) {
    super(config);
    this.everyFile = config.sequence.shuffle === true;
  }

  override onCollectStart(file: RunnerTestFile): void {
    super.onCollectStart(file);
    const shuffled = this.everyFile || isShuffled(file.filepath);
    this.config.sequence.shuffle = shuffled;
    file.shuffle = shuffled;
  }
}
