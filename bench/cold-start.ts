import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { buildEvent } from '../lib/local/events';
import { matchRoute } from '#shared/api/route-matching';
import { fallbackHandler, routes } from '#shared/api/routes';
import { bundleFunctions } from '../lib/bundling';
import { runProcess } from './process';

const ROOT = resolve(import.meta.dirname, '..');

/** The function whose cold start is compared before and after the bundling change: a typical public read. */
const COMPARED_FUNCTION = 'GetScoreboard';

type Run = { ms: number };

export interface ColdStart {
  function: string;
  bytes: number;
  gzipBytes: number;
  /** Wall time from spawning `node` to the process exiting after answering one request (median of runs); null: not timed. */
  coldMs: number | null;
  status: number | null;
}

interface Target {
  name: string;
  entry: string;
  event: unknown;
}

/**
 * Bundles every function as the stack does (ESM, minified, AWS SDK included)
 * and times a fresh Node process that imports the bundle and answers one
 * request against DynamoDB Local — next to an empty Node process.
 */
export async function measureColdStarts(options: {
  endpoint: string;
  table: string;
  adminToken: string;
  runs: number;
  comparisonRuns: number;
  /**
   * How many functions are timed, the largest bundles first (a cold start grows with what it imports, so they are
   * the slowest); every one when undefined. Each bundle's size is given either way.
   */
  timed?: number;
}) {
  const dir = mkdtempSync(join(tmpdir(), 'scoring-bundles-'));
  const targets: Target[] = [
    ...routes.map((route) => {
      const path = route.path.replace('{id}', '1');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
      return { name: route.name, entry: route.handler, event: requestEvent(route.method, path, options.adminToken, body) };
    }),
    { name: 'NotFound', entry: fallbackHandler, event: requestEvent('GET', '/api/v1/nowhere', undefined) },
    {
      name: 'Authorizer',
      entry: 'functions/auth/authorizer.ts',
      event: {
        type: 'REQUEST',
        routeKey: 'GET /api/v1/dns',
        headers: { authorization: `Bearer ${options.adminToken}` },
        requestContext: { requestId: 'bench' },
      },
    },
  ];

  const built = await bundleFunctions(Object.fromEntries(targets.map((t) => [t.name, t.entry])), dir, { metafile: true });

  // What the stack ships beside a route's bundle (the docs page's script), as the stack does.
  for (const file of routes.flatMap((route) => route.files ?? [])) copyFileSync(resolve(ROOT, file), join(dir, basename(file)));

  const runner = join(dir, 'runner.mjs');
  writeFileSync(
    runner,
    `const { handler } = await import(process.argv[2]);
const event = JSON.parse(process.argv[3]);
const result = await handler(event, { awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 });
process.stdout.write(JSON.stringify({ status: result.statusCode ?? (result.isAuthorized ? 200 : 403) }));
process.exit(0);
`,
  );
  // Lambda's "Init Duration": the process starts and imports the handler's module, before any request.
  const initRunner = join(dir, 'init-runner.mjs');
  writeFileSync(initRunner, 'await import(process.argv[2]);\nprocess.exit(0);\n');
  const env = { ...process.env, DYNAMODB_ENDPOINT: options.endpoint, TABLE_NAME: options.table, LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1' };
  const baseline = median(await repeat(options.runs, () => runProcess(process.execPath, ['-e', ''], { env })));

  // Before and after "import only what each function uses" (#13): one function
  // bundled with the SDK's whole default credential chain, as before, and as
  // the stack bundles it now; timed in turns with an empty Node process so
  // that the machine's load weighs on all three alike.
  const compared = targets.find((t) => t.name === COMPARED_FUNCTION)!;
  await bundleFunctions({ [`${compared.name}-before`]: compared.entry }, dir, { alias: {} });
  const turns = { empty: [] as Run[], before: [] as Run[], after: [] as Run[], beforeInit: [] as Run[], afterInit: [] as Run[] };
  for (let i = 0; i < options.comparisonRuns; i++) {
    turns.empty.push(await runProcess(process.execPath, ['-e', ''], { env }));
    for (const variant of ['before', 'after'] as const) {
      const file = join(dir, `${compared.name}${variant === 'before' ? '-before' : ''}.mjs`);
      turns[variant].push(await runProcess(process.execPath, [runner, file, JSON.stringify(compared.event)], { env }));
      turns[`${variant}Init`].push(await runProcess(process.execPath, [initRunner, file], { env }));
    }
  }
  const figuresOf = (file: string, runs: Run[]) => {
    const code = readFileSync(join(dir, file));
    return { bytes: code.length, gzipBytes: gzipSync(code).length, coldMs: median(runs).ms };
  };
  const initMs = (runs: Run[]) => ({ initMs: median(runs).ms });
  const comparison = {
    function: compared.name,
    runs: options.comparisonRuns,
    emptyNodeMs: median(turns.empty).ms,
    before: { what: "the SDK's default credential chain bundled", ...figuresOf(`${compared.name}-before.mjs`, turns.before), ...initMs(turns.beforeInit) },
    after: { what: 'credentials from the environment (lib/bundling.ts alias)', ...figuresOf(`${compared.name}.mjs`, turns.after), ...initMs(turns.afterInit) },
    /** What the compared bundle is made of (esbuild's metafile): minified bytes by package, largest first. */
    composition: composition(built.metafile!, `${compared.name}.mjs`),
  };

  const results: ColdStart[] = [];
  const bundles = new Map(targets.map((target) => [target, readFileSync(join(dir, `${target.name}.mjs`))]));
  const largest = new Set([...targets].sort((a, b) => bundles.get(b)!.length - bundles.get(a)!.length).slice(0, options.timed ?? targets.length));
  for (const target of targets) {
    const file = join(dir, `${target.name}.mjs`);
    const code = bundles.get(target)!;
    if (!largest.has(target)) {
      results.push({ function: target.name, bytes: code.length, gzipBytes: gzipSync(code).length, coldMs: null, status: null });
      continue;
    }
    let status = 0;
    const times = await repeat(options.runs, async () => {
      const run = await runProcess(process.execPath, [runner, file, JSON.stringify(target.event)], { env });
      status = JSON.parse(run.stdout || '{"status":0}').status;
      return run;
    });
    results.push({ function: target.name, bytes: code.length, gzipBytes: gzipSync(code).length, coldMs: median(times).ms, status });
  }
  // The bundles were built for this measurement only.
  rmSync(dir, { recursive: true, force: true });
  return { baselineMs: baseline.ms, functions: results, comparison };
}

export function composition(metafile: Metafile, file: string): { source: string; bytes: number }[] {
  const output = Object.entries(metafile.outputs).find(([path]) => basename(path) === file)?.[1];
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const source =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
      (input.includes('functions/shared/api/') ? 'the route table and its schemas' : 'functions/ (our code)');
    bytes.set(source, (bytes.get(source) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([source, n]) => ({ source, bytes: n })).sort((a, b) => b.bytes - a.bytes);
}

function requestEvent(method: string, path: string, token: string | undefined, body?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers['content-type'] = 'application/json';
  return buildEvent({ method, rawPath: path, headers, body, requestId: 'bench' }, matchRoute(method, path));
}

async function repeat<T>(n: number, run: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await run());
  return out;
}

function median<T extends { ms: number }>(runs: T[]): T {
  return [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
}
