/**
 * How every Lambda function is bundled, in esbuild's terms. The stack's
 * NodejsFunction construct and the benchmark's bundle-size and cold-start
 * measurements use the same settings, so the figures describe what deploys.
 */
export const LAMBDA_BUNDLING = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  // CommonJS dependencies inside an ESM bundle may call require().
  banner: {
    js: "import { createRequire as __scoringCreateRequire } from 'node:module'; const require = __scoringCreateRequire(import.meta.url);",
  },
} as const;
