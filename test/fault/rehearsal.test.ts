/**
 * The rehearsal (npm run rehearse), at the suite's size: every actor and
 * every fault kind, one at a time, in about 90 s, and what it proves: nothing
 * acknowledged was lost, every score is what the hosts' logs give under the
 * rules, no spectator saw a score go back unexplained, every fault happened.
 *
 * Then against a deployed stage (`--api URL --table NAME`), proved against
 * the local twin treated as one: a server started apart with an empty table,
 * as a new stage has, reached only through its address, its table only
 * through `scoring load` and `verify`. The server-side faults are not played
 * there; the rest are, and the report holds as it does at home. A stage that
 * holds a competition is refused. One file, so that the two rehearsals never
 * run at once (each wants the machine to itself).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const dir = mkdtempSync(join(tmpdir(), 'rehearsal-stage-'));
const adminToken = `ccdc_stage_${randomBytes(24).toString('hex')}`;
const children: ChildProcess[] = [];
let stage: { url: string; originUrl: string; endpoint: string; table: string };

const gone = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
};

const startStage = async () => {
  // The stage: a server of its own, its table empty.
  const server = spawn(process.execPath, ['--import', 'tsx', 'bin/local-server.ts', '--empty', '--no-live', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', SCORING_ADMIN_TOKEN: adminToken, SCORING_STATE_FILE: join(dir, 'server.json'), TABLE_NAME: 'stage' },
    // An IPC channel: the server ends when this process does, however it ends.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(server);
  await new Promise<void>((resolve, reject) => {
    let said = '';
    server.stderr!.on('data', (d: Buffer) => {
      said += d.toString();
      if (/Ctrl-C stops/.test(said)) resolve();
    });
    server.once('exit', () => reject(new Error(`the stage's server ended: ${said}`)));
  });
  stage = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as typeof stage;
};

const stopStage = async () => {
  // A rehearsal still running (the test gave up on it) first: its processes go with it. Then the stage, which stops
  // its DynamoDB Local on SIGTERM.
  const [server, ...rehearsals] = children;
  for (const child of rehearsals) await gone(child, 'SIGKILL');
  if (server) await gone(server, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};

/** A rehearsal of the stage: its exit code and what it said. */
async function rehearse(out: string): Promise<{ code: number | null; said: string }> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'bench/rehearsal/run.ts', '--teams', '4', '--services', '5', '--rounds', '5', '--viewers', '2', '--out', out],
      ...['--api', stage.originUrl, '--cdn', stage.url, '--table', stage.table, '--endpoint', stage.endpoint],
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', SCORING_ADMIN_TOKEN: adminToken }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let said = '';
  child.stdout!.on('data', (d: Buffer) => (said += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (said += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, said };
}

describe('the rehearsal against a deployed stage', () => {
  beforeAll(startStage, 60_000);
  afterAll(stopStage);

  it('loads its own competition, plays what it can from outside, says what it could not, and proves the rest', async () => {
    const out = join(dir, 'first');
    const { code, said } = await rehearse(out);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      ok: boolean;
      lost: string[];
      mismatches: unknown[];
      backwards: string[];
      faults: { kind: string; happened?: boolean; notPlayed?: string }[];
      acknowledged: { results: number };
      figures: { capacity: unknown };
    };
    expect({ lost: report.lost, mismatches: report.mismatches, backwards: report.backwards }, said).toEqual({ lost: [], mismatches: [], backwards: [] });
    const serverSide = ['gateway-503', 'gateway-429', 'database-stalled', 'server-killed', 'stream-consumer-killed'];
    expect(report.faults.map((f) => [f.kind, f.notPlayed ? 'not played' : f.happened]).sort()).toEqual(
      FAULT_KINDS.map((k) => [k, serverSide.includes(k) ? 'not played' : true]).sort(),
    );
    expect(report.acknowledged.results).toBeGreaterThan(20);
    // Nothing meters a deployed stage's database.
    expect(report.figures.capacity).toBeNull();
    // The report's own words when it fails: the run's directory is gone once the test ends.
    expect([code, report.ok], `${said}\n${readFileSync(join(out, 'report.md'), 'utf8')}`).toEqual([0, true]);
  }, 240_000);

  it('refuses a stage that holds a competition (the one it loaded), before it starts anything', async () => {
    const { code, said } = await rehearse(join(dir, 'second'));
    expect(code).toBe(1);
    expect(said).toMatch(/holds a competition \("Rehearsal 4 × 5", 4 teams\): a rehearsal plays only on a stage of its own/);
  }, 120_000);
});
