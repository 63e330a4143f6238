/**
 * The rehearsal (npm run rehearse), at the suite's size: every actor and
 * every fault kind, one at a time, in about 90 s, and what it proves: nothing
 * acknowledged was lost, every score is what the hosts' logs give under the
 * rules, no spectator saw a score go back unexplained, every fault happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '../../bench/rehearsal/plan';
import { ROOT } from '../support/processes';

const out = mkdtempSync(join(tmpdir(), 'rehearsal-'));
let child: ChildProcess | undefined;
afterAll(async () => {
  // A rehearsal still running (the test gave up on it) ends first: its processes go with it (their IPC channels close).
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
  rmSync(out, { recursive: true, force: true });
});

describe('the rehearsal', () => {
  it('plays a short event with every fault kind and proves nothing was lost, every score right, no score gone back', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'bench/rehearsal/run.ts', '--size', 'short', '--out', out], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdout!.on('data', (d: Buffer) => (said += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (said += d.toString()));
    const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      ok: boolean;
      lost: string[];
      mismatches: unknown[];
      backwards: string[];
      unexplained_gaps: unknown[];
      unexplained_timeouts: unknown[];
      unexpected_exits: unknown[];
      blue_teams: { problems: string[] };
      faults: { kind: string; happened?: boolean; proof?: string }[];
      acknowledged: { results: number; adjustments: number; services_added: number };
      paperwork: { problems: string[] };
      live_edits: { problems: string[] };
    };
    const { lost, mismatches, backwards, unexplained_gaps, unexplained_timeouts, unexpected_exits } = report;
    expect({ lost, mismatches, backwards, unexplained_gaps, unexplained_timeouts, unexpected_exits }, said).toEqual({
      lost: [],
      mismatches: [],
      backwards: [],
      unexplained_gaps: [],
      unexplained_timeouts: [],
      unexpected_exits: [],
    });
    expect(report.faults.map((f) => [f.kind, f.happened]).sort()).toEqual(FAULT_KINDS.map((k) => [k, true]).sort());
    expect(report.blue_teams.problems).toEqual([]);
    expect(report.acknowledged.results).toBeGreaterThan(50);
    // The paperwork, every piece acknowledged (once, whatever the faults did to it) and every team reading its own.
    expect(report.acknowledged).toMatchObject({
      adjustments: 2,
      services_added: 1,
      findings: 3,
      evidence: 1,
      rulings: 4,
      answers: 2,
      grades: 3,
      incident_reports: 2,
      incident_grades: 2,
      announcements: 2,
    });
    expect(report.paperwork.problems).toEqual([]);
    expect(report.live_edits.problems).toEqual([]);
    // The database's units were counted in every round played, and the page was written with its charts.
    const capacity = (report as unknown as { figures: { capacity: { per_round: { round: number | string; write: number }[] } } }).figures.capacity;
    expect(capacity.per_round.filter((r) => typeof r.round === 'number' && r.write > 0).length).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'report.html'), 'utf8').match(/<svg /g)).toHaveLength(3);
    expect([code, report.ok]).toEqual([0, true]);
  }, 240_000);
});
