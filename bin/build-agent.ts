#!/usr/bin/env -S node --import tsx
/**
 * `npm run build:agent [-- --out DIR]`: the installed agent, one file
 * (dist/scoring-agent.mjs) that runs with `node` on a box with no copy of
 * this repository and no node_modules. Every dependency is inside it, bundled
 * by esbuild as the Lambda functions are (lib/bundling.ts), for Node 20.19
 * and later. Prints its size and SHA-256, for the operator who copies it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING } from '../lib/bundling';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'dist') } } });
const outfile = join(resolve(values.out), 'scoring-agent.mjs');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

await build({
  ...LAMBDA_BUNDLING,
  mainFields: [...LAMBDA_BUNDLING.mainFields],
  external: [...LAMBDA_BUNDLING.external],
  // Node 20.19 and later: the engines field's floor (Debian 12's own nodejs is 18: docs/agent.md says where to get 20 or 22).
  target: 'node20.19',
  entryPoints: [join(root, 'bin/agent.ts')],
  outfile,
  define: { SCORING_AGENT_VERSION: JSON.stringify(version) },
  sourcemap: false,
  logLevel: 'warning',
  absWorkingDir: root,
});
// The entry's own first line runs it through tsx, which the box does not have: run by node alone.
const bundled = readFileSync(outfile, 'utf8').replace(/^#!.*\n/, '#!/usr/bin/env node\n');
writeFileSync(outfile, bundled, { mode: 0o755 });
const digest = createHash('sha256').update(bundled).digest('hex');
console.log(`${outfile}: ${(Buffer.byteLength(bundled) / 1024).toFixed(0)} KiB, sha256 ${digest}, version ${version}`);
