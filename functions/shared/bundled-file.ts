/**
 * A repository file a function reads at run time (a route's or a worker's
 * `files`): next to its bundle in Lambda, where the stack copies it, and at
 * its place in the repository when the code runs from there (the local
 * server, tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `repoPath` relative to the repository's root; `moduleUrl` the reading module's `import.meta.url`. */
export function readBundledFile(repoPath: string, moduleUrl: string): string {
  const here = dirname(fileURLToPath(moduleUrl));
  const candidates = [resolve(here, basename(repoPath))];
  // From the repository: the first folder up from the module that holds the file at its path.
  for (let folder = here; ; folder = dirname(folder)) {
    candidates.push(resolve(folder, repoPath));
    if (dirname(folder) === folder) break;
  }
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`${repoPath} is missing (looked next to the bundle and up from ${here})`);
  return readFileSync(found, 'utf8');
}
