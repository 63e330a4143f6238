#!/usr/bin/env -S node --import tsx
/**
 * The suite's static checks: the type check, the linter and the format check.
 *
 * The type check and the linter's type-aware rules need the same two
 * TypeScript programs (tsconfig.json and web/tsconfig.json). Run as `tsc` and
 * `eslint`, each built both for itself: 47 s and 70 s of CPU here. This builds
 * them once, reports their diagnostics as `tsc --noEmit` would, and hands them
 * to ESLint (typescript-eslint's `parserOptions.programs`), while the format
 * check runs beside it in its own process. Each check's output is printed
 * whole when it ends (never interleaved); the run fails if any of them does.
 * `npm run typecheck` and `npm run lint` still run each alone.
 *
 *   npm run static
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const PROJECTS = ['tsconfig.json', 'web/tsconfig.json'];

export interface Result {
  check: string;
  ok: boolean;
  output: string;
  seconds: number;
}

/** A check's line, and its output below it (a passed one's only when `always`). */
const said = ({ check, ok, output, seconds }: Result, always: boolean) =>
  `${ok ? '✓' : '✗'} ${check} (${seconds.toFixed(0)} s)\n${(always || !ok) && output.trim() ? `${output.trimEnd()}\n` : ''}`;

function report(result: Result): void {
  process.stdout.write(said(result, true));
}

/** Prettier in a child process: the one check that needs no program, on the other core. */
function formatCheck(): Promise<Result> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '-s', 'format:check'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => (output += `\n${error.message}`));
    child.once('close', (code) => done({ check: 'format:check', ok: code === 0, output, seconds: (performance.now() - started) / 1000 }));
  });
}

function program(project: string): ts.Program {
  const path = resolve(ROOT, project);
  const config = ts.getParsedCommandLineOfConfigFile(path, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(d) });
  if (!config) throw new Error(`cannot read ${project}`);
  if (config.errors.length > 0) fail(...config.errors);
  return ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
}

function fail(...diagnostics: ts.Diagnostic[]): never {
  throw new Error(ts.formatDiagnostics(diagnostics, formatHost));
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};

async function typesAndLint(say: (result: Result) => Result): Promise<Result[]> {
  let started = performance.now();
  const programs = PROJECTS.map(program);
  const diagnostics = programs.flatMap((p) => ts.getPreEmitDiagnostics(p));
  const typecheck: Result = {
    check: 'typecheck',
    ok: diagnostics.length === 0,
    output: ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost),
    seconds: (performance.now() - started) / 1000,
  };
  say(typecheck);

  started = performance.now();
  // The same programs the type check built: typescript-eslint then ignores `project` in eslint.config.js.
  const eslint = new ESLint({ cwd: ROOT, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parserOptions: { programs } } }] });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const lint: Result = {
    check: 'lint',
    ok: ESLint.getErrorResults(results).length === 0,
    output: await formatter.format(results),
    seconds: (performance.now() - started) / 1000,
  };
  say(lint);
  return [typecheck, lint];
}

/** Every check, the format check beside the other two; each reported as it ends when `print` is set. */
export async function staticChecks(print = true): Promise<Result[]> {
  const say = (result: Result) => (print && report(result), result);
  const format = formatCheck().then(say);
  // A tsconfig that cannot be read, or ESLint's own failure, fails the checks rather than the run.
  const typed = await typesAndLint(say).catch((error: unknown) => [
    say({ check: 'typecheck and lint', ok: false, output: error instanceof Error ? (error.stack ?? error.message) : String(error), seconds: 0 }),
  ]);
  return [...typed, await format];
}

/** What a run of checks says at its end: each one's line and, for a failed one, its output. */
const summary = (results: Result[]): string => results.map((result) => said(result, false)).join('');
const failedChecks = (results: Result[]): string[] => results.filter((result) => !result.ok).map((result) => result.check);

// Run as a script: `npm run static`, or bin/test.ts's child (`--json`: the results on stdout, for it to print after the tests).
if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--json')) {
    const results = await staticChecks(false);
    process.stdout.write(JSON.stringify({ summary: summary(results), failed: failedChecks(results) }));
  } else {
    const failed = failedChecks(await staticChecks());
    if (failed.length > 0) {
      process.stderr.write(`static checks failed: ${failed.join(', ')}\n`);
      process.exit(1);
    }
  }
}
