/**
 * Bundles every function for real, once (local esbuild, no Docker), then
 * checks what Lambda would get: one ESM file per function that loads, and
 * that works against DynamoDB Local. Prints each bundle's size.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../lib/local/events';
import { matchRoute } from '#shared/api/route-matching';
import { routes } from '#shared/api/routes';
import { mintTokens, useFreshTable } from '../support/database';
import { resourcesOfType, synthesize, type Synthesized } from './synth';

/** A generous ceiling: a bundle is the handler, middy, valibot and the DynamoDB client. */
const MAX_BUNDLE_BYTES = 1024 * 1024;
/**
 * The scoring agent also carries the clients its checks speak with (ssh2,
 * basic-ftp, mysql2 with iconv-lite's character sets, pg) and the pattern
 * engine: it runs once a minute, so its size costs one cold start a minute at most.
 */
const MAX_AGENT_BUNDLE_BYTES = 2 * 1024 * 1024;

interface Bundle {
  functionName: string;
  dir: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
}

let synthesized: Synthesized;
let synthSeconds = 0;
const bundles = new Map<string, Bundle>();

beforeAll(() => {
  const started = performance.now();
  synthesized = synthesize({ bundle: true });
  synthSeconds = (performance.now() - started) / 1000;
  // Every function of the parent and its nested stacks.
  // CDK's own handler that copies the web page into its bucket is not ours to bundle.
  for (const [, fn] of resourcesOfType(synthesized.deployed, 'AWS::Lambda::Function').filter(
    ([id]) => !id.startsWith('CustomCDKBucketDeployment') && !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
  )) {
    const functionName = fn.Properties!.FunctionName as string;
    const key = fn.Properties!.Code.S3Key as string;
    const dir = join(synthesized.assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
    const code = readFileSync(join(dir, 'index.mjs'));
    bundles.set(functionName, {
      functionName,
      dir,
      files: readdirSync(dir).sort(),
      bytes: code.length,
      gzipBytes: gzipSync(code).length,
      mapBytes: statSync(join(dir, 'index.mjs.map')).size,
    });
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const rows = [...bundles.values()].map(
    (b) => `  ${b.functionName.padEnd(36)} ${kb(b.bytes).padStart(10)} ${kb(b.gzipBytes).padStart(10)} ${kb(b.mapBytes).padStart(10)}`,
  );
  console.log(
    [
      `synth with bundling: ${synthSeconds.toFixed(1)} s for ${bundles.size} functions`,
      `  ${'function'.padEnd(36)} ${'index.mjs'.padStart(10)} ${'gzipped'.padStart(10)} ${'.map'.padStart(10)}`,
      ...rows,
    ].join('\n'),
  );
  // esbuild bundles every function (two dozen) here: on a shared 2-core machine that can exceed the suite's default hook timeout.
}, 360_000);

interface RunResult {
  file: string;
  handlerType: string;
  returned?: any;
  error?: string;
}

/** Loads bundles (and calls their handler with an event) in a plain Node process, as Lambda would. */
function run(calls: { functionName: string; event?: unknown }[]): RunResult[] {
  const input = calls.map((c) => ({ file: join(bundles.get(c.functionName)!.dir, 'index.mjs'), event: c.event }));
  const stdout = execFileSync(process.execPath, [join(import.meta.dirname, 'bundle-runner.mjs'), JSON.stringify(input)], {
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_OPTIONS: '--enable-source-maps' },
    encoding: 'utf8',
    timeout: 60_000,
    // The reference page's HTML (Redoc inlined) is over a megabyte.
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as RunResult[];
}

describe('the real bundles', () => {
  it('gives every function one minified ESM file and its source map, within the size budget', () => {
    const prefix = synthesized.stack.config.prefix;
    // CDK's own functions (the bucket deployment, the custom resources' provider) are not ours.
    // Every built route, the authorizer, the $default function, the fold consumer, the score history recorder, the scoring agent and the scoring watch.
    expect(bundles.size).toBe(routes.filter((r) => !r.planned).length + 7);
    expect(bundles.has(`${prefix}-Authorizer`)).toBe(true);
    for (const bundle of bundles.values()) {
      const shipped = routes.find((r) => bundle.functionName === `${prefix}-${r.name}`)?.files?.map((f) => basename(f)) ?? [];
      expect(bundle.files, bundle.functionName).toEqual(['index.mjs', 'index.mjs.map', ...shipped].sort());
      expect(bundle.bytes, bundle.functionName).toBeLessThan(bundle.functionName === `${prefix}-Agent` ? MAX_AGENT_BUNDLE_BYTES : MAX_BUNDLE_BYTES);
      const code = readFileSync(join(bundle.dir, 'index.mjs'), 'utf8');
      expect(code, bundle.functionName).toMatch(/\bexport\s*\{[^}]*\bhandler\b/);
      expect(code, bundle.functionName).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      // Minified: long lines, not one statement per line.
      expect(code.length / code.split('\n').length, bundle.functionName).toBeGreaterThan(200);
    }
  });

  it('loads every bundle in Node and finds its handler', () => {
    const results = run([...bundles.keys()].map((functionName) => ({ functionName })));
    expect(results.map((r) => r.handlerType)).toEqual([...bundles.keys()].map(() => 'function'));
  });

  it('answers for real against DynamoDB Local: a public read, the authorizer, and $default', async () => {
    const prefix = synthesized.stack.config.prefix;
    await useFreshTable('sample');
    const tokens = await mintTokens();

    const event = (method: string, path: string) => buildEvent({ method, rawPath: path, requestId: 'bundle-test' }, matchRoute(method, path));
    const authorizerEvent = (authorization: string) => ({
      type: 'REQUEST',
      routeKey: 'GET /api/v1/dns',
      headers: { authorization },
      requestContext: { requestId: 'bundle-test' },
    });
    const [teams, admin, stranger, missing, docs, description] = run([
      { functionName: `${prefix}-ListTeams`, event: event('GET', '/api/v1/teams') },
      { functionName: `${prefix}-Authorizer`, event: authorizerEvent(`Bearer ${tokens.admin}`) },
      { functionName: `${prefix}-Authorizer`, event: authorizerEvent('Bearer not-a-token') },
      { functionName: `${prefix}-NotFound`, event: event('GET', '/api/v1/nope') },
      { functionName: `${prefix}-GetDocs`, event: event('GET', '/api/v1/docs') },
      { functionName: `${prefix}-GetOpenApi`, event: event('GET', '/api/v1/openapi.json') },
    ]);
    expect(teams!.error).toBeUndefined();
    expect(teams!.returned.statusCode).toBe(200);
    expect(JSON.parse(teams!.returned.body).length).toBeGreaterThan(0);
    expect(admin!.returned).toMatchObject({ isAuthorized: true, context: { role: 'admin' } });
    expect(stranger!.returned.context.rejected).toBeTruthy();
    expect(missing!.returned.statusCode).toBe(404);
    expect(missing!.returned.headers['content-type']).toMatch(/problem\+json/);
    // The reference page reads Redoc's script shipped next to its bundle.
    expect(docs!.returned.statusCode).toBe(200);
    expect(docs!.returned.body).toContain('Redoc.init(');
    expect(JSON.parse(description!.returned.body).openapi).toBe('3.1.0');
  });
});
