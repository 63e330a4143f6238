import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playedLine } from '../../lib/local/demo/played';
import { meets, parseExpectation, tourSteps } from '../support/tour';

/** The README tour's harness (test/support/tour.ts), on its own: what it cuts, wraps and checks. */
const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'tour-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the tour harness', () => {
  it('cuts a section into steps after each checked command, wrapping that command (continuation lines too) and nothing else', () => {
    const file = join(dir, 'doc.md');
    writeFileSync(
      file,
      [
        '## Before',
        '```sh',
        'echo not in the section',
        '```',
        '## Tour',
        'Prose.',
        '```sh',
        'A=1',
        'curl -X POST \\',
        '     -d x $URL   # a comment at the end',
        '# → {"ok": true}',
        '# → "ok"',
        'B=2',
        '```',
        '```sh',
        'echo tail',
        '```',
        '## After',
      ].join('\n'),
    );
    const steps = tourSteps(file, '## Tour', '## After');
    expect(steps.map((s) => [s.where, s.command, s.expectations.map((e) => e.text)])).toEqual([
      ['doc.md:9', 'curl -X POST \\\n     -d x $URL   # a comment at the end', ['{"ok": true}', '"ok"']],
      ['doc.md:13', undefined, []],
      ['doc.md:16', undefined, []],
    ]);
    expect(steps[0]!.source).toBe('A=1\n{\ncurl -X POST \\\n     -d x $URL   # a comment at the end\n} > "$TOUR_OUTPUT" 2>&1');
    writeFileSync(file, '## Tour\n```sh\n# just a comment\n# → 1 item\n```\n## After\n');
    expect(() => tourSteps(file, '## Tour', '## After')).toThrow(/a check with no command above it/);
  });

  it("says in the demo's start line what plays each subtype, and what nothing plays with why", () => {
    expect(
      playedLine([
        { subtype: 'HTTP', kind: 'http', by: 'Node' },
        { subtype: 'HTTP', kind: 'http', by: 'nothing' },
        { subtype: 'DNS', kind: 'dns', by: 'Node' },
        { subtype: 'File Share', kind: 'smb', by: 'Samba' },
        { subtype: 'File Share', kind: 'smb', by: 'nothing', unplayed: { why: 'cannot listen on 127.0.14.45:4445 (EADDRINUSE)' } },
        { subtype: 'Desktop', kind: 'rdp', by: 'nothing', unplayed: { why: 'never played' } },
      ]),
    ).toBe('Live: HTTP and DNS played by Node, File Share by Samba; not played: Desktop (rdp: never played).');
    expect(playedLine([{ subtype: 'File Share', kind: 'smb', by: 'nothing', unplayed: { why: 'smbd runs as root only' } }])).toBe(
      'Live: nothing played; not played: File Share (smb: smbd runs as root only).',
    );
  });

  it('checks fields at any depth, an array length, a text; and says why one fails', () => {
    const answer = JSON.stringify({ services: [{ subtype: 'FTP', last_scan_reason: 'login as files refused', team: { number: 13, name: 'x' } }] });
    expect(meets(answer, parseExpectation('{"subtype": "FTP", "last_scan_reason": "login as files refused"}'))).toBeUndefined();
    expect(meets(answer, parseExpectation('{"team": {"number": 13}}'))).toBeUndefined();
    expect(meets(answer, parseExpectation('{"subtype": "FTP", "last_scan_reason": null}'))).toMatch(/has no object with/);
    expect(meets(answer, parseExpectation('{"subtype": "SSH"}'))).toMatch(/has no object with/);
    expect(meets(answer, parseExpectation('{"missing": null}'))).toMatch(/has no object with/);
    expect(meets('[1, 2, 3]', parseExpectation('3 items'))).toBeUndefined();
    expect(meets('[1, 2]', parseExpectation('3 items'))).toMatch(/not an array of 3/);
    expect(meets('www\tIN\tA\t127.0.12.10\n', parseExpectation('"www\\tIN\\tA\\t127.0.12.10"'))).toBeUndefined();
    expect(meets('www IN A 127.0.12.10\n', parseExpectation('"www\\tIN\\tA"'))).toMatch(/does not hold/);
    expect(meets('<html>', parseExpectation('{"a": 1}'))).toBe('is not JSON');
    expect(() => parseExpectation('something else')).toThrow(/says none of/);
  });

  it("reads the README's tour and the installed agent's first try: every check says one of the three", () => {
    const steps = [
      ...tourSteps(join(ROOT, 'README.md'), '## A short tour with curl', '## How a request flows'),
      ...tourSteps(join(ROOT, 'docs/agent.md'), 'Try it here first', '**Which resolver.**'),
    ];
    expect(steps.filter((s) => s.command).length).toBeGreaterThan(15);
    // What the tour promises a newcomer's machine: no port written out, no GNU-only flag, no tool outside the prerequisites.
    const all = steps.map((s) => s.source).join('\n');
    expect(all).not.toMatch(/:300[01]\b/);
    expect(all).not.toMatch(/date -d|named-checkzone|\bjq\b/);
    for (const line of all.split('\n').filter((l) => /^\s*(\S+=\$\()?curl /.test(l) && !l.includes('curl()'))) expect(line).not.toMatch(/curl -s\b/);
    // Pasted into zsh, whose interactive shell reads no comment at a line's end: comments stand on lines of their own.
    expect(all.split('\n').filter((l) => /\S\s+#\s/.test(l.replace(/'[^']*'|"[^"]*"/g, '')))).toEqual([]);
    // grep -q leaves the pipe early: under pipefail, curl's SIGPIPE would fail a loop that found what it waited for.
    expect(all).not.toMatch(/\| grep -q/);
  });
});
