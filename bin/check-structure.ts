/**
 * `npm run check:structure`: the code's import graph, as TypeScript resolves
 * it (the package's `#shared/*` imports included, and `import type` too, which
 * a bundle's graph drops), held against the layering rules below. No import
 * cycles anywhere, and the core's layers only look down:
 *
 *   handlers (functions/<area>/)  →  app/  →  data/  →  domain/
 *                                       ↘  http/ (problems)
 *
 * domain/ is pure (no I/O, no HTTP), data/ knows no HTTP and no use case.
 * Beside the imports, two checks of shape (bin/structure/): no hand-written
 * file over 600 lines, and no hand-written type that repeats a schema's
 * fields (its type is the schema's, inferred). Prints each violation and
 * exits 1 when there is one.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { COUNTED_ROOTS, longFiles, MAX_LINES } from './structure/file-length';
import { findLookAlikes } from './structure/look-alikes';

/** A layer may not import from these folders (paths relative to the root, prefixes). */
export interface LayerRule {
  layer: string;
  mayNotImport: string[];
  why: string;
}

export const LAYER_RULES: LayerRule[] = [
  {
    layer: 'functions/shared/domain/',
    mayNotImport: ['functions/shared/data/', 'functions/shared/http/', 'functions/shared/app/', 'functions/shared/api/', 'lib/', 'bin/'],
    why: 'the domain is pure: decisions over values, no I/O and no HTTP',
  },
  {
    layer: 'functions/shared/data/',
    mayNotImport: ['functions/shared/http/', 'functions/shared/app/', 'functions/shared/api/', 'lib/', 'bin/'],
    why: 'the data layer reads and writes items; it knows no request and no use case',
  },
  {
    layer: 'functions/shared/app/',
    mayNotImport: ['lib/', 'bin/'],
    why: 'use cases and workflows are called by handlers, the stream consumer and the command line, never the other way',
  },
];

/** The roots whose files are checked (tests and the benchmark may reach anywhere). */
export const CHECKED_ROOTS = ['functions', 'lib', 'bin', 'web'];

export interface Violation {
  kind: 'cycle' | 'layer' | 'length' | 'look-alike';
  files: string[];
  message: string;
}

/** Every file under the given roots whose name matches, relative to `root` (TypeScript by default). */
function sourceFiles(root: string, roots: string[], pattern = /\.tsx?$/): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || name.startsWith('.')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, path));
    }
  };
  for (const dir of roots) {
    try {
      walk(join(root, dir));
    } catch {
      // A root that does not exist checks nothing.
    }
  }
  return out.sort();
}

/** The project's own files each file imports (values and types, static and dynamic), as TypeScript resolves them. */
export function importGraph(root: string, roots: string[] = CHECKED_ROOTS): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowImportingTsExtensions: true,
    resolvePackageJsonImports: true,
  };
  const host: ts.ModuleResolutionHost = {
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    realpath: ts.sys.realpath,
    directoryExists: ts.sys.directoryExists,
    getCurrentDirectory: () => root,
  };
  const files = sourceFiles(root, roots);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const absolute = resolve(root, file);
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(absolute) ?? '', true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, absolute, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = relative(root, resolved.resolvedFileName);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): the import cycles. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, indexOf.get(next)!));
    }
    if (low.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

export function checkStructure(root: string, rules: LayerRule[] = LAYER_RULES, roots: string[] = CHECKED_ROOTS): Violation[] {
  const graph = importGraph(root, roots);
  const violations: Violation[] = cycles(graph).map((files) => ({ kind: 'cycle', files, message: `import cycle: ${files.join(' → ')}` }));
  for (const [file, targets] of graph) {
    for (const rule of rules.filter((r) => file.startsWith(r.layer))) {
      for (const target of targets.filter((t) => rule.mayNotImport.some((prefix) => t.startsWith(prefix)))) {
        violations.push({ kind: 'layer', files: [file, target], message: `${file} imports ${target}: ${rule.why}` });
      }
    }
  }
  for (const { file, lines } of longFiles(root, sourceFiles(root, COUNTED_ROOTS, /\.(?:tsx?|mts|mjs|js|css)$/))) {
    violations.push({ kind: 'length', files: [file], message: `${file} has ${lines} lines: split it by what it holds (at most ${MAX_LINES})` });
  }
  for (const alike of findLookAlikes(root, sourceFiles(root, roots))) {
    violations.push({
      kind: 'look-alike',
      files: [alike.type.split(':')[0]!, alike.schema.split(':')[0]!],
      message: `${alike.type} repeats the fields of ${alike.schema} (${alike.properties.join(', ')}): make it v.InferOutput<typeof …> of the schema, or a Pick or Omit of that`,
    });
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const violations = checkStructure(resolve(import.meta.dirname, '..'));
  for (const v of violations) console.error(v.message);
  if (violations.length > 0) process.exit(1);
  console.log(`structure: no import cycle, every layer looks down, no file over ${MAX_LINES} lines, no look-alike of a schema`);
}
