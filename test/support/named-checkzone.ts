import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * BIND's own zone checker, run on zone files the service renders. The tests
 * that use it fail (never skip) when it is missing: the zone's validity is
 * something the API promises.
 */
const INSTALL_HINT = 'named-checkzone / named-compilezone are not installed: install the Debian package bind9-utils (apt-get install -y bind9-utils).';

export interface CheckResult {
  ok: boolean;
  /** What the tool printed, for assertion messages. */
  output: string;
}

/** `named-checkzone <origin> <file>` with its default (strictest shipped) checks. */
export function namedCheckzone(origin: string, zone: string): CheckResult {
  return withZoneFile(zone, (file) => run('named-checkzone', [origin, file]));
}

/** One resource record as BIND read it: absolute owner with final dot, type, presentation rdata. */
export interface ParsedRecord {
  owner: string;
  type: string;
  rdata: string;
}

/**
 * The zone as BIND parses it (`named-compilezone -o -`, one record per line,
 * absolute names). Throws with BIND's messages when the zone does not load.
 */
export function compiledRecords(origin: string, zone: string): ParsedRecord[] {
  const result = withZoneFile(zone, (file) => run('named-compilezone', ['-q', '-o', '-', origin, file]));
  if (!result.ok) throw new Error(`named-compilezone rejected the zone:\n${result.output}\n--- zone ---\n${zone}`);
  return result.output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^(\S+)\s+\d+\s+IN\s+(\S+)\s+(.*)$/.exec(line);
      if (!match) throw new Error(`Unexpected named-compilezone line: ${line}`);
      return { owner: match[1]!, type: match[2]!, rdata: match[3]!.trim() };
    });
}

/** A TXT rdata of one quoted character-string as BIND prints it, decoded (`\"`, `\\`, `\DDD`). */
export function decodeCharacterString(rdata: string): string {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(rdata);
  if (!match) throw new Error(`Not one quoted character-string: ${rdata}`);
  return match[1]!.replace(/\\(\d{3}|.)/g, (_, escaped: string) => (/^\d{3}$/.test(escaped) ? String.fromCharCode(Number(escaped)) : escaped));
}

function run(command: string, args: string[]): CheckResult {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(INSTALL_HINT);
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function withZoneFile<T>(zone: string, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'zone-'));
  try {
    const file = join(dir, 'zone.db');
    writeFileSync(file, zone);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
