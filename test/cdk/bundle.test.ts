/**
 * Bundles every function for real, then checks what Lambda would get: one
 * ESM file per function that loads, and that works against DynamoDB Local.
 * Prints each bundle's size. The functions are bundled in one esbuild run
 * with the stack's settings (lib/bundling.ts): CDK runs esbuild once per
 * function, which for a hundred functions took this file 90 to 110 s of a
 * 2-core machine. The stack's own bundling (its ApiFunction construct)
 * still runs for one area's functions, the docs routes (one ships a file
 * beside its bundle), to check the asset wiring: what CDK puts in a
 * function's asset.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions } from '../../lib/bundling';
import { ApiFunction } from '../../lib/constructs/api-function';
import { buildEvent } from '../../lib/local/events';
import { areaId } from '../../lib/route-resources';
import { matchRoute } from '#shared/api/route-matching';
import { routes } from '#shared/api/routes';
import { WORKERS } from '#shared/api/workers';
import { mintTokens, useFreshTable } from '../support/database';
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { cdkContext, newApp, resourcesOfType, synthesize, type CfnTemplate, type Synthesized } from './synth';

/** A generous ceiling: a bundle is the handler, middy, valibot and the DynamoDB client. */
const MAX_BUNDLE_BYTES = 1024 * 1024;
/**
 * The scoring agent also carries the clients its checks speak with (ssh2,
 * basic-ftp, mysql2 with iconv-lite's character sets, pg) and the pattern
 * engine: it runs once a minute, so its size costs one cold start a minute at most.
 */
const MAX_AGENT_BUNDLE_BYTES = 2 * 1024 * 1024;
/** The area bundled by the stack's own construct here: GetDocs ships Redoc's script beside its bundle. */
const CDK_BUNDLED_AREA = areaId(routes.find((r) => r.name === 'GetDocs')!.tag);

interface Bundle {
  functionName: string;
  /** Who built it: the stack (CDK's NodejsFunction), or the one esbuild run. */
  by: 'cdk' | 'esbuild';
  dir: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
}

let synthesized: Synthesized;
let functions: ApiFunction[];
const outdir = mkdtempSync(join(tmpdir(), 'scoring-bundles-'));
const bundles = new Map<string, Bundle>();
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

function measured(functionName: string, by: Bundle['by'], dir: string): Bundle {
  const code = readFileSync(join(dir, 'index.mjs'));
  return {
    functionName,
    by,
    dir,
    files: readdirSync(dir).sort(),
    bytes: code.length,
    gzipBytes: gzipSync(code).length,
    mapBytes: statSync(join(dir, 'index.mjs.map')).size,
  };
}

/**
 * The area's functions bundled by the stack's construct, in a stack of their
 * own (bundling is decided per top-level stack, nested ones follow their
 * parent's): each function's asset directory, read from the template.
 */
function bundledByTheStack(area: ApiFunction[]): Bundle[] {
  const app = newApp(cdkContext);
  const stack = new Stack(app, 'BundleCheck');
  for (const f of area)
    new ApiFunction(stack, f.node.id, {
      entry: f.entry,
      functionName: f.functionName,
      description: f.functionName,
      defaults: { memorySize: 256, logRetention: RetentionDays.ONE_DAY, logRemovalPolicy: RemovalPolicy.DESTROY },
      files: f.files,
    });
  const assembly = app.synth();
  const template = assembly.getStackArtifact(stack.artifactId).template as CfnTemplate;
  return resourcesOfType(template, 'AWS::Lambda::Function').map(([, fn]) => {
    const key = fn.Properties!.Code.S3Key as string;
    return measured(fn.Properties!.FunctionName as string, 'cdk', join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`));
  });
}

beforeAll(async () => {
  synthesized = synthesize();
  functions = synthesized.stack.node.findAll().filter((c): c is ApiFunction => c instanceof ApiFunction);
  const area = [...synthesized.stack.routeAreas.get(CDK_BUNDLED_AREA)!.functions.values()];
  let started = performance.now();
  for (const bundle of bundledByTheStack(area)) bundles.set(bundle.functionName, bundle);
  const cdkSeconds = (performance.now() - started) / 1000;
  const byCdk = new Set(area.map((f) => f.functionName));
  started = performance.now();
  const others = functions.filter((f) => !byCdk.has(f.functionName));
  // `<name>/index.mjs` and its map, as in a function's asset; the source map as the stack's (no sources inside).
  // The stack's area is built too, beside, to compare.
  await bundleFunctions(Object.fromEntries(functions.map((f) => [`${byCdk.has(f.functionName) ? 'compared/' : ''}${f.functionName}/index`, f.entry])), outdir, {
    sourcemap: true,
    sourcesContent: false,
  });
  const esbuildSeconds = (performance.now() - started) / 1000;
  for (const f of others) bundles.set(f.functionName, measured(f.functionName, 'esbuild', join(outdir, f.functionName)));

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const rows = [...bundles.values()].map(
    (b) => `  ${b.functionName.padEnd(36)} ${kb(b.bytes).padStart(10)} ${kb(b.gzipBytes).padStart(10)} ${kb(b.mapBytes).padStart(10)}  ${b.by}`,
  );
  console.log(
    [
      `the ${CDK_BUNDLED_AREA} area's ${byCdk.size} functions bundled by the stack's construct: ${cdkSeconds.toFixed(1)} s; the other ${others.length} in one esbuild run: ${esbuildSeconds.toFixed(1)} s`,
      `  ${'function'.padEnd(36)} ${'index.mjs'.padStart(10)} ${'gzipped'.padStart(10)} ${'.map'.padStart(10)}  built by`,
      ...rows,
    ].join('\n'),
  );
}, 180_000);

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
    // Every built route, the authorizer, the $default function, the fold consumer, the score history recorder, the scoring agent,
    // the scoring watch, and the workers the routes start.
    expect(bundles.size).toBe(routes.filter((r) => !r.planned).length + 7 + Object.keys(WORKERS).length);
    expect(bundles.has(`${prefix}-Authorizer`)).toBe(true);
    for (const bundle of bundles.values()) {
      // What the stack copies beside a bundle is in its asset: the one esbuild run leaves that to the stack.
      const shipped = bundle.by === 'cdk' ? functions.find((f) => f.functionName === bundle.functionName)!.files.map((f) => basename(f)) : [];
      expect(bundle.files, bundle.functionName).toEqual(['index.mjs', 'index.mjs.map', ...shipped].sort());
      expect(bundle.bytes, bundle.functionName).toBeLessThan(bundle.functionName === `${prefix}-Agent` ? MAX_AGENT_BUNDLE_BYTES : MAX_BUNDLE_BYTES);
      const code = readFileSync(join(bundle.dir, 'index.mjs'), 'utf8');
      expect(code, bundle.functionName).toMatch(/\bexport\s*\{[^}]*\bhandler\b/);
      expect(code, bundle.functionName).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      // Minified: long lines, not one statement per line.
      expect(code.length / code.split('\n').length, bundle.functionName).toBeGreaterThan(200);
    }
  });

  it("builds in the one esbuild run what the stack's construct builds", () => {
    const compared = [...bundles.values()].filter((b) => b.by === 'cdk');
    expect(compared.length).toBeGreaterThan(0);
    for (const bundle of compared)
      expect(
        readFileSync(join(outdir, 'compared', bundle.functionName, 'index.mjs')).equals(readFileSync(join(bundle.dir, 'index.mjs'))),
        bundle.functionName,
      ).toBe(true);
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
