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
});
