/** `export`: the results files, with a SHA256SUMS manifest anyone can check them against. */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportResults } from '../../lib/local/results-export';
import type { Run } from './context';

export async function exportCommand({ values, io }: Run): Promise<void> {
  const written = await writeExport(values.out ?? 'results', values['include-hidden']);
  io.out(`Wrote ${written.map((f) => join(values.out ?? 'results', f.name)).join(', ')}.`);
}

/** The results files and a SHA256SUMS manifest of them (the format `sha256sum -c` checks). */
export async function writeExport(dir: string, includeHidden: boolean): Promise<{ name: string; sha256: string }[]> {
  const results = await exportResults({ includeHidden });
  mkdirSync(dir, { recursive: true });
  const files = {
    'standings.csv': results.csv.standings,
    'services.csv': results.csv.services,
    'grades.csv': results.csv.grades,
    'beacons.csv': results.csv.beacons,
    'results.json': `${JSON.stringify(results.json, null, 2)}\n`,
  };
  const digests = Object.entries(files).map(([name, content]) => {
    writeFileSync(join(dir, name), content);
    return { name, sha256: createHash('sha256').update(content, 'utf8').digest('hex') };
  });
  const manifest = digests.map((f) => `${f.sha256}  ${f.name}\n`).join('');
  writeFileSync(join(dir, 'SHA256SUMS'), manifest);
  return [...digests, { name: 'SHA256SUMS', sha256: createHash('sha256').update(manifest, 'utf8').digest('hex') }];
}
