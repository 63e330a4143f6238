/**
 * The test files whose tests run in a random order within each file
 * (shuffled-runner.ts; the seed printed by vitest.config.ts's sequencer): each
 * of their tests must pass whatever ran before it. Parts of a file's path.
 */
export const SHUFFLED_FILES = ['/test/handlers/'];

export const isShuffled = (path: string) => SHUFFLED_FILES.some((part) => path.includes(part));
