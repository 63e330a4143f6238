/**
 * No hand-written source or test file longer than MAX_LINES: a file a
 * newcomer cannot read whole is split by what it holds (the route table and
 * the schemas by area, the command line by command, a test by what it
 * checks). Generated files say so in their first lines and are not counted.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const MAX_LINES = 600;

/** The roots whose files are counted: everything the project writes by hand, tests and the benchmark included. */
export const COUNTED_ROOTS = ['functions', 'lib', 'bin', 'web', 'bench', 'test'];

/** Whether a file says in its first lines that it is generated (client-types.ts: "Generated from the OpenAPI description"). */
export const isGenerated = (text: string) => /^(?:\/\*.*\*\/\s*)?\/\/ Generated\b/m.test(text.slice(0, 300));

export interface LongFile {
  file: string;
  lines: number;
}

export function longFiles(root: string, files: string[], max = MAX_LINES): LongFile[] {
  const found: LongFile[] = [];
  for (const file of files) {
    const text = readFileSync(resolve(root, file), 'utf8');
    if (isGenerated(text)) continue;
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > max) found.push({ file, lines });
  }
  return found;
}
