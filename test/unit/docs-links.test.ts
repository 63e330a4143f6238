/**
 * The documentation holds together: every relative link in README.md and
 * docs/ names a file that exists (and, with `#anchor`, a heading of it, by
 * GitHub's slugs), every `npm run <script>` it names is a script of
 * package.json, and the README stays a newcomer's first hour (12 KB at most).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const path = join(dir, name);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) out.push(path);
    }
  };
  walk('docs');
  return out;
}

/** The text outside fenced code blocks (a `#` comment in a shell example is no heading). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower-case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading!
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every inline link target `[text](target)` outside code. */
function links(text: string): string[] {
  return [
    ...prose(text)
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
  ].map((m) => m[1]!);
}

/** Problems with one file's links: relative ones only (http(s) and mailto are not checked). */
export function brokenLinks(file: string, read: (path: string) => string | undefined): string[] {
  const text = read(file)!;
  const problems: string[] = [];
  for (const target of links(text)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), path));
    const linked = read(resolved);
    if (linked === undefined) {
      problems.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md') && !headingAnchors(linked).has(anchor)) problems.push(`${file}: ${target} (no such heading)`);
  }
  return problems;
}

const readRepo = (path: string) => {
  try {
    const full = join(ROOT, path);
    return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
  } catch {
    return undefined;
  }
};

describe('the documentation', () => {
  const files = markdownFiles();

  it('links only to files and headings that exist', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((file) => brokenLinks(file, readRepo))).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const scripts = new Set(Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts));
    const named = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bnpm run(?: -s)? ([a-z][\w:-]*)/g)].map((m) => ({ file, script: m[1]! })),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter(({ script }) => !scripts.has(script))).toEqual([]);
  });

  it("keeps the README to a newcomer's first hour", () => {
    expect(Buffer.byteLength(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toBeLessThanOrEqual(12 * 1024);
  });

  it('catches a broken link and a missing heading', () => {
    const fake: Record<string, string> = {
      'docs/a.md': '# Top\n\n## A heading\n\nSee [b](b.md), [c](c.md), [here](#a-heading), [gone](#nowhere).\n',
      'docs/b.md': '# B\n',
    };
    expect(brokenLinks('docs/a.md', (path) => fake[path])).toEqual(['docs/a.md: c.md (no such file)', 'docs/a.md: #nowhere (no such heading)']);
    expect([...headingAnchors('# The `API` — v1\n## Reporting scans — `POST /x` (admin)\n## Same\n## Same\n')]).toEqual([
      'the-api--v1',
      'reporting-scans--post-x-admin',
      'same',
      'same-1',
    ]);
  });
});
