import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStructure, importGraph } from '../../bin/check-structure';

/** A small tree with the package's `#shared/*` imports, written into a temporary directory. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'structure-'));
  made.push(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module', imports: { '#shared/*': './functions/shared/*.ts' } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

const ROOT = resolve(import.meta.dirname, '../..');

describe('the structure check', () => {
  it('passes on the project: no import cycle, every layer of the core looks down', () => {
    expect(checkStructure(ROOT).map((v) => v.message)).toEqual([]);
  });

  it('resolves #shared/* and type-only imports', () => {
    const root = tree({
      'functions/shared/domain/a.ts': "import type { B } from '#shared/domain/b';\nexport type A = B;\n",
      'functions/shared/domain/b.ts': 'export type B = number;\n',
    });
    expect(importGraph(root).get('functions/shared/domain/a.ts')).toEqual(['functions/shared/domain/b.ts']);
  });

  it('fails on a planted cycle and on a domain module that imports HTTP', () => {
    const root = tree({
      'functions/shared/data/one.ts': "import { two } from '#shared/data/two';\nexport const one = () => two();\n",
      'functions/shared/data/two.ts': "import { one } from './one';\nexport const two = (): number => one();\n",
      'functions/shared/domain/rules.ts': "import type { Problem } from '#shared/http/problem';\nexport type Rule = Problem;\n",
      'functions/shared/http/problem.ts': 'export type Problem = string;\n',
    });
    const violations = checkStructure(root);
    expect(violations.map((v) => v.kind).sort()).toEqual(['cycle', 'layer']);
    expect(violations.find((v) => v.kind === 'cycle')!.files).toEqual(['functions/shared/data/one.ts', 'functions/shared/data/two.ts']);
    expect(violations.find((v) => v.kind === 'layer')!.files).toEqual(['functions/shared/domain/rules.ts', 'functions/shared/http/problem.ts']);
  });

  it('fails on a file over 600 lines, but not on a generated one', () => {
    const long = Array.from({ length: 601 }, (_, i) => `export const n${i} = ${i};`).join('\n') + '\n';
    const root = tree({
      'test/long.test.ts': long,
      'functions/shared/api/client-types.ts': `/* eslint-disable */\n// Generated from the OpenAPI description; do not edit.\n${long}`,
      'web/src/just-so.css': `${'a{}\n'.repeat(600)}`,
    });
    expect(checkStructure(root).map((v) => v.message)).toEqual(['test/long.test.ts has 601 lines: split it by what it holds (at most 600)']);
  });

  it("fails on a hand-written type with a schema's fields, spreads and inheritance followed, and not on a derived one or a small one", () => {
    const root = tree({
      'functions/shared/domain/thing.ts': [
        "import * as v from 'valibot';",
        'const base = { id: v.number(), name: v.string() };',
        "export const ThingSchema = named('Thing', 'A thing.', v.strictObject({ ...base, size: v.number() }));",
        'export const OtherSchema = v.pipe(v.object({ ...ThingSchema.entries, colour: v.string() }), v.description("x"));',
        'interface Named { id: number; name: string }',
        'export interface Thing extends Named { size: number }',
        'export type Other = { colour: string; size: number; name: string; id: number };',
        'export type Small = { id: number; name: string };',
        'export type Derived = v.InferOutput<typeof ThingSchema>;',
      ].join('\n'),
    });
    expect(checkStructure(root).map((v) => v.message)).toEqual([
      'functions/shared/domain/thing.ts:6 Thing repeats the fields of functions/shared/domain/thing.ts:3 ThingSchema (id, name, size): make it v.InferOutput<typeof …> of the schema, or a Pick or Omit of that',
      'functions/shared/domain/thing.ts:7 Other repeats the fields of functions/shared/domain/thing.ts:4 OtherSchema (colour, id, name, size): make it v.InferOutput<typeof …> of the schema, or a Pick or Omit of that',
    ]);
  });
});
