/**
 * Teams' debriefs (issue #62) over the wire: a story played through the API
 * (checks with reasons, an inject answered and graded, a finding filed with
 * evidence and approved, an incident report graded), folded by the stream
 * consumer; the debrief agrees with the scoreboard and the results export,
 * tells a member nothing of another team nor who filed or graded, is released
 * as the settings say, and is built once per version of the public data.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { randomBytes } from 'node:crypto';
import { commandObservers } from '#shared/data/client';
import { putDebrief, readDebrief } from '#shared/data/debriefs';
import { keys } from '#shared/data/keys';
import { queryPartition } from '#shared/data/operations';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import type { Debrief } from '#shared/domain/debrief';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handler as recordScoreSnapshot } from '../../functions/scheduled/record-score-snapshot';
import { startLambdaTwin, type LambdaTwin } from '../../lib/local/lambda-twin';
import { startObjectStore, type ObjectStoreLocal } from '../../lib/local/object-store';
import { exportResults } from '../../lib/local/results-export';
import { startSession } from '#shared/data/sessions';
import { mintTokens, TEST_AUDIT, useFreshTable } from '../support/database';
import { unfinalise } from '../support/final';
import { startFold } from '../support/fold';
import { bearer, invoke, signedInMember } from '../support/invoke';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const OTHER_TEAMS_REASON = 'team 12 only: banner said OTHER-TEAM-SECRET';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let admin: Record<string, string>;
let service: Record<string, string>;
let member: Record<string, string>;
let otherMember: Record<string, string>;
let red: Record<string, string>;
let files: ObjectStoreLocal;
let lambda: LambdaTwin;
let fold: Awaited<ReturnType<typeof startFold>>;
let teamId: number;
let evidenceKey: string;
let injectId: number;
const services: Record<string, { id: number }> = {};
/** When each scan reported here was checked, by its scan id. */
const checkedAt: Record<string, string> = {};

const signIn = (body: Record<string, unknown>) => signedInMember(admin, body);

async function report(serviceId: number, scanId: string, score: number, minutes: number, error: string | null = null) {
  checkedAt[scanId] = minutesAgo(minutes);
  const body = { scan_id: scanId, score, error, ...(error ? { category: 'content mismatch' } : {}), time: checkedAt[scanId] };
  const answer = await invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers: service, body });
  expect(answer.status, answer.text).toBe(201);
}

const settings = async (patch: Record<string, unknown>) => {
  const answer = await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: patch });
  expect(answer.status, answer.text).toBe(200);
  forgetFreshCopies();
};
const organiserRead = async (id = teamId) => {
  await fold.caughtUp();
  return invoke('GET', `/api/v1/teams/${id}/debrief`, { headers: admin });
};
const memberRead = (headers: Record<string, string> = member, id = teamId) => invoke('GET', `/api/v1/team/${id}/debrief`, { headers });

beforeAll(async () => {
  files = await startObjectStore();
  process.env.FILES_ENDPOINT = files.endpoint;
  process.env.FILES_BUCKET = files.bucket;
  lambda = await startLambdaTwin();
  await useFreshTable();
  const tokens = await mintTokens();
  admin = bearer(tokens.admin);
  service = bearer(tokens.service);
  fold = await startFold();
  const all = (await invoke('GET', '/api/v1/services')).json as { id: number; subtype: string; team: { id: number; number: number } }[];
  for (const s of all.filter((s) => s.team.number === 11)) services[s.subtype] = s;
  teamId = all.find((s) => s.team.number === 11)!.team.id;
  const otherTeam = all.find((s) => s.team.number === 12)!;
  member = await signIn({ team_id: teamId, name: 'tess' });
  otherMember = await signIn({ team_id: otherTeam.team.id, name: 'otto' });
  red = await signIn({ role: 'red-team', name: 'rita' });

  // Team 11's web server: up, down three checks (one reason twice), up again; its SSH always up. Team 12's web down.
  const web = services.HTTP!.id;
  await report(web, 'w1', 10, 50);
  await report(web, 'w2', 0, 40, 'status 500, not 200');
  await report(web, 'w3', 0, 30, 'status 500, not 200');
  await report(web, 'w4', 0, 20, 'body lacks "Welcome"');
  await report(web, 'w5', 10, 10);
  await report(services.SSH!.id, 's1', 10, 45);
  await report(otherTeam.id, 'o1', 0, 40, OTHER_TEAMS_REASON);

  // An inject, answered and graded by an organiser with comments.
  const inject = await invoke('POST', '/api/v1/injects', {
    headers: admin,
    body: { title: 'Firewall memo', text: 'One page.', super_type_id: 2, open_at: minutesAgo(60), due_at: minutesAgo(-60), points: 50, rubric: [] },
  });
  expect(inject.status, inject.text).toBe(201);
  injectId = inject.json.id as number;
  const published = await invoke('PATCH', `/api/v1/injects/${injectId}`, {
    headers: { ...admin, 'if-match': inject.headers.etag! },
    body: { state: 'published' },
  });
  expect(published.status, published.text).toBe(200);
  expect((await invoke('POST', `/api/v1/team/${teamId}/submissions`, { headers: member, body: { inject_id: injectId, text: 'Our memo.' } })).status).toBe(201);
  const graded = await invoke('POST', `/api/v1/injects/${injectId}/grades`, {
    headers: admin,
    body: { team_id: teamId, submission_version: 1, points: 40, comment: 'Clear, but rule 4 is missing.', replaces: null },
  });
  expect(graded.status, graded.text).toBe(201);

  // A finding with evidence, approved; an incident report, graded.
  const form = await invoke('POST', '/api/v1/red-team/uploads', { headers: red, body: { file_name: 'root.png', content_type: 'image/png' } });
  const upload = new FormData();
  for (const [name, value] of Object.entries(form.json.fields as Record<string, string>)) upload.set(name, value);
  upload.set('file', new Blob([PNG]), 'upload');
  expect((await fetch(form.json.url, { method: 'POST', body: upload })).status).toBe(201);
  const finding = await invoke('POST', '/api/v1/red-team/findings', {
    headers: red,
    body: {
      team_id: teamId,
      service_id: web,
      kind: 'admin-access',
      done_at: minutesAgo(35),
      description: 'Root through the admin page.',
      files: [form.json.key],
    },
  });
  expect(finding.status, finding.text).toBe(201);
  evidenceKey = finding.json.files[0].key as string;
  const approved = await invoke('POST', `/api/v1/red-team/findings/${finding.json.id}/reviews`, {
    headers: admin,
    body: { decision: 'approve', replaces: null },
  });
  expect(approved.status, approved.text).toBe(201);
  const incident = await invoke('POST', `/api/v1/team/${teamId}/incidents`, {
    headers: member,
    body: { observed_at: minutesAgo(34), hosts: ['www'], description: 'Someone changed the admin password.' },
  });
  expect(incident.status, incident.text).toBe(201);
  const incidentGrade = await invoke('POST', `/api/v1/incidents/${incident.json.id}/grades`, {
    headers: admin,
    body: { points: 30, comment: 'Well spotted.', replaces: null },
  });
  expect(incidentGrade.status, incidentGrade.text).toBe(201);
  // Two samples of the score history, so that a debrief draws its line.
  await fold.caughtUp();
  await recordScoreSnapshot({ time: minutesAgo(30) });
  await recordScoreSnapshot({ time: minutesAgo(5) });
});
afterAll(async () => {
  await fold?.stop();
  await lambda?.stop();
  await files?.stop();
});

describe('a team’s debrief', () => {
  it('agrees with the scoreboard, the scorecard and the results export, and tells the team’s story', async () => {
    const read = await organiserRead();
    expect(read.status, read.text).toBe(200);
    const debrief = read.json as Debrief;
    const board = (await invoke('GET', '/api/v1/teams/scoreboard', { headers: admin })).json.scoreboard as {
      rank: number;
      team: { id: number };
      total_score: number;
      scores: { super_type_id: number; score: number }[];
    }[];
    const row = board.find((r) => r.team.id === teamId)!;
    const totals = board.map((r) => r.total_score).sort((a, b) => a - b);
    expect(debrief.standing.overall).toEqual({ score: row.total_score, rank: row.rank, median: (totals[1]! + totals[2]!) / 2, best: totals.at(-1) });
    expect(debrief.standing.super_types.map((s) => s.score)).toEqual(row.scores.map((s) => s.score));

    const exported = (await exportResults()).json.services.filter((s) => s.team_id === teamId);
    for (const s of debrief.services) {
      const line = exported.find((e) => e.service_id === s.service_id)!;
      expect([s.checks, s.passed, s.uptime, s.points], `service ${s.service_id}`).toEqual([line.scans, line.scans_passed, line.uptime, line.points_earned]);
    }
    const web = debrief.services.find((s) => s.service_id === services.HTTP!.id)!;
    expect(web).toMatchObject({ checks: 5, passed: 2, failed: 3, uptime: 0.4, failures: [{ category: 'content mismatch', checks: 3 }] });
    expect(web.longest_outage).toEqual({
      checks: 3,
      started_at: checkedAt.w2,
      ended_at: checkedAt.w5,
      seconds: (Date.parse(checkedAt.w5!) - Date.parse(checkedAt.w2!)) / 1000,
    });
    expect(web.reasons.map((r) => [r.reason, r.checks])).toEqual([
      ['status 500, not 200', 2],
      ['body lacks "Welcome"', 1],
    ]);
    expect(debrief.injects.map((i) => [i.inject_id, i.versions, i.grade?.points, i.grade?.comment])).toEqual([
      [injectId, 1, 40, 'Clear, but rule 4 is missing.'],
    ]);
    expect(debrief.incidents.map((i) => [i.hosts, i.grade?.points, i.grade?.comment])).toEqual([[['www'], 30, 'Well spotted.']]);
    expect(debrief.red_team).toMatchObject({ shown: true, findings: [{ kind: 'admin-access', service_id: services.HTTP!.id, points: 50, description: null }] });
  });

  it('is refused to members until released, to the red team and another team’s member always, and to spectators', async () => {
    const refused = await memberRead();
    expect([refused.status, refused.json.code]).toEqual([403, 'debrief_not_released']);
    // An organiser reads it on the team's route too, whenever.
    expect((await memberRead(admin)).status).toBe(200);
    await settings({ debriefs_shown: 'now' });
    onTestFinished(() => settings({ debriefs_shown: 'after_finalise' }));
    expect((await memberRead()).status).toBe(200);
    expect((await memberRead(red)).status).toBe(403);
    expect((await memberRead(otherMember)).status).toBe(403);
    expect((await invoke('GET', `/api/v1/team/${teamId}/debrief`)).status).toBe(401);
    expect((await invoke('GET', `/api/v1/teams/${teamId}/debrief`, { headers: member })).status).toBe(403);
    // A hidden team's debrief is the organisers' alone: a session of its member (sign-in refuses one) finds none.
    const hidden = ((await invoke('GET', '/api/v1/teams', { headers: admin })).json as { id: number; number: number }[]).find((t) => t.number === 99)!;
    const hiddenMember = bearer((await startSession({ name: 'hidden-member', home: hidden.id })).token);
    expect((await memberRead(hiddenMember, hidden.id)).status).toBe(404);
    expect((await invoke('GET', `/api/v1/teams/${hidden.id}/debrief`, { headers: admin })).status).toBe(200);
  });

  it('tells a member nothing of another team, nor who filed or graded what, nor any evidence', async () => {
    await settings({ debriefs_shown: 'now', teams_see_check_details: true });
    onTestFinished(() => settings({ debriefs_shown: 'after_finalise' }));
    await fold.caughtUp();
    const read = await memberRead();
    expect(read.status, read.text).toBe(200);
    for (const never of [OTHER_TEAMS_REASON, 'OTHER-TEAM-SECRET', 'rita', 'test admin', evidenceKey, 'root.png', 'Root through the admin page.']) {
      expect(read.text, never).not.toContain(never);
    }
    expect(read.text).toContain('status 500, not 200');
  });

  it('is released after finalise, held while a freeze stands, and in a practice event shown as of the freeze', async () => {
    const finalised = await invoke('POST', '/api/v1/competition/finalise', { headers: admin, body: { force: true } });
    expect(finalised.status, finalised.text).toBe(200);
    onTestFinished(unfinalise);
    // Finalising started the debriefs' export: its worker builds them, and is let finish here.
    expect(finalised.json.debriefs_export).toEqual(expect.any(Number));
    await lambda.idle();
    expect((await invoke('GET', `/api/v1/debriefs/exports/${finalised.json.debriefs_export}`, { headers: admin })).json.state).toBe('done');
    forgetFreshCopies();
    expect((await memberRead()).status).toBe(200);

    // A freeze standing since 25 minutes ago, written as a load would (the API wants one ahead of now).
    const current = (await getSettings({ consistent: true }))!;
    const { id: _id, ...fields } = current.settings;
    const freeze = minutesAgo(25);
    expect(await saveSettings({ ...fields, scoreboard_freeze_time: freeze }, current, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
    onTestFinished(async () => {
      const now = (await getSettings({ consistent: true }))!;
      const { id: _i, ...unfrozen } = now.settings;
      await saveSettings({ ...unfrozen, scoreboard_freeze_time: null, debriefs_shown: 'after_finalise' }, now, { ...TEST_AUDIT, action: 'settings.update' });
      forgetFreshCopies();
    });
    forgetFreshCopies();
    const held = await memberRead();
    expect([held.status, held.json.code, held.json.detail]).toEqual([403, 'debrief_not_released', expect.stringContaining('freeze')]);

    await settings({ debriefs_shown: 'now' });
    await fold.caughtUp();
    const asOfFreeze = await memberRead();
    expect(asOfFreeze.status, asOfFreeze.text).toBe(200);
    const debrief = asOfFreeze.json as Debrief;
    expect(debrief.as_of).toBe(freeze);
    // Checked 50, 40 and 30 minutes ago: the two after the freeze do not show.
    expect(debrief.services.find((s) => s.service_id === services.HTTP!.id)).toMatchObject({ checks: 3, passed: 1 });
    // The organiser still reads everything so far.
    expect((await organiserRead()).json.services.find((s: { service_id: number }) => s.service_id === services.HTTP!.id)).toMatchObject({ checks: 5 });
  });

  it("gives organisers the table of ranks in JSON and CSV, agreeing with each team's debrief and scorecard", async () => {
    const debrief = (await organiserRead()).json as Debrief;
    const table = await invoke('GET', '/api/v1/debriefs/summary', { headers: admin });
    expect(table.status, table.text).toBe(200);
    const rows = table.json.rows as {
      team: { id: number };
      rank: number;
      total_score: number;
      scores: { score: number; rank: number }[];
      uptime: number;
      inject_points: number;
    }[];
    const row = rows.find((r) => r.team.id === teamId)!;
    expect([row.rank, row.total_score, row.scores.map((s) => [s.score, s.rank])]).toEqual([
      debrief.standing.overall.rank,
      debrief.standing.overall.score,
      debrief.standing.super_types.map((s) => [s.score, s.rank]),
    ]);
    expect(row.inject_points).toBe(debrief.injects.reduce((sum, i) => sum + (i.grade?.awarded ?? 0), 0));
    expect(row.uptime).toBe((await invoke('GET', `/api/v1/teams/${teamId}/scorecard`, { headers: admin })).json.stats.uptime);
    const csv = await invoke('GET', '/api/v1/debriefs/summary.csv', { headers: admin });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(
      'rank,division,team_number,team_name,hidden,total_score,Services score,Services rank,Injects score,Injects rank,Red Team score,Red Team rank,uptime,inject_points',
    );
    expect(lines).toHaveLength(rows.length + 2);
    expect((await invoke('GET', '/api/v1/debriefs/summary', { headers: member })).status).toBe(403);
  });

  it('is built once per version of the public data: concurrent first reads build it once, and a regrade builds it again', async () => {
    await fold.caughtUp();
    // A new version: an adjustment moves it, once folded.
    expect(
      (await invoke('POST', `/api/v1/teams/${teamId}/adjustments`, { headers: admin, body: { super_type_id: 1, points: 3, reason: 'A fix.' } })).status,
    ).toBe(201);
    await fold.caughtUp();
    // A build reads each of the team's services' results once (a Query of its partition's results): count them.
    const histories: string[] = [];
    const observe = ({ command, input }: { command: string; input: unknown }) => {
      if (command === 'QueryCommand' && JSON.stringify(input).includes('SCANID#')) histories.push(command);
    };
    const teamServices = Object.keys(services).length;
    commandObservers.add(observe);
    try {
      const reads = await Promise.all(Array.from({ length: 5 }, () => invoke('GET', `/api/v1/teams/${teamId}/debrief`, { headers: admin })));
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(reads.map((r) => r.text)).size).toBe(1);
      expect(histories).toHaveLength(teamServices);
      // Current: read, not built.
      expect((await invoke('GET', `/api/v1/teams/${teamId}/debrief`, { headers: admin })).status).toBe(200);
      expect(histories).toHaveLength(teamServices);
    } finally {
      commandObservers.delete(observe);
    }
    const regrade = await invoke('POST', `/api/v1/injects/${injectId}/grades`, {
      headers: admin,
      body: { team_id: teamId, submission_version: 1, points: 45, comment: 'Rule 4 found on page two.', replaces: 1 },
    });
    expect(regrade.status, regrade.text).toBe(201);
    onTestFinished(async () => {
      const back = await invoke('POST', `/api/v1/injects/${injectId}/grades`, {
        headers: admin,
        body: { team_id: teamId, submission_version: 1, points: 40, comment: 'Clear, but rule 4 is missing.', replaces: 2 },
      });
      expect(back.status, back.text).toBe(201);
      await fold.caughtUp();
    });
    const after = (await organiserRead()).json as Debrief;
    expect(after.injects[0]!.grade).toMatchObject({ n: 2, points: 45, comment: 'Rule 4 found on page two.' });
  });

  it('are exported all at once by the worker: an HTML file per visible team, with its chart and no script, and the table of ranks; the members then read them built', async () => {
    const asked = await invoke('POST', '/api/v1/debriefs/exports', { headers: admin });
    expect(asked.status, asked.text).toBe(202);
    const visible = ((await invoke('GET', '/api/v1/teams')).json as { id: number; number: number; name: string }[]).sort((a, b) => a.number - b.number);
    expect(asked.json).toMatchObject({ state: 'queued', teams: visible.length, url: null });
    expect(asked.headers.location).toBe(`/api/v1/debriefs/exports/${asked.json.id}`);
    // A job of one kind is no job of the other.
    expect((await invoke('GET', `/api/v1/injects/exports/${asked.json.id}`, { headers: admin })).status).toBe(404);
    await lambda.idle();
    const done = await invoke('GET', asked.headers.location!, { headers: admin });
    expect(done.json).toMatchObject({ state: 'done', error: null, key: expect.stringMatching(/^exports\/debriefs\/.+\.zip$/) });
    const zip = new Uint8Array(await (await fetch(done.json.url)).arrayBuffer());
    expect(zip.length).toBe(done.json.bytes);
    const dir = mkdtempSync(join(tmpdir(), 'debriefs-'));
    try {
      writeFileSync(join(dir, 'debriefs.zip'), zip);
      expect(execFileSync('unzip', ['-tq', 'debriefs.zip'], { cwd: dir }).toString()).toMatch(/No errors detected/);
      execFileSync('unzip', ['-q', 'debriefs.zip'], { cwd: dir });
      const names = readdirSync(join(dir, 'debriefs')).sort();
      expect(names.filter((n) => n.endsWith('.html'))).toHaveLength(visible.length);
      expect(names).toContain('ranks.csv');
      const own = visible.find((t) => t.id === teamId)!;
      const file = names.find((n) => n.startsWith(`team-${own.number}-`))!;
      expect(file).toMatch(/^team-11-[A-Za-z0-9._-]+\.html$/);
      const html = readFileSync(join(dir, 'debriefs', file), 'utf8');
      expect(html).toContain(`Debrief: ${own.name}`);
      expect(html).toContain('Firewall memo');
      expect(html).toMatch(/<style>[\s\S]*@page/);
      expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
      expect(html).not.toMatch(/<script|<link |src=/i);
      for (const never of [OTHER_TEAMS_REASON, 'rita', evidenceKey]) expect(html).not.toContain(never);
      const ranks = readFileSync(join(dir, 'debriefs', 'ranks.csv'), 'utf8').split('\r\n');
      expect(ranks[0]).toMatch(/^rank,division,team_number,team_name,/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Built by the worker and kept: a read now reads no service's history.
    const histories: string[] = [];
    const observe = ({ command, input }: { command: string; input: unknown }) => {
      if (command === 'QueryCommand' && JSON.stringify(input).includes('SCANID#')) histories.push(command);
    };
    commandObservers.add(observe);
    try {
      expect((await invoke('GET', `/api/v1/teams/${visible[1]!.id}/debrief`, { headers: admin })).status).toBe(200);
    } finally {
      commandObservers.delete(observe);
    }
    expect(histories).toEqual([]);
    expect((await invoke('POST', '/api/v1/debriefs/exports', { headers: member })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/debriefs/exports/999', { headers: admin })).status).toBe(404);
  });

  it('keeps a debrief too large for one item in parts, reads it back whole, and lets only a newer version replace it', async () => {
    const base = (await organiserRead()).json as Debrief;
    // Incompressible comments (random text), 100 000 characters each: about 600 KB gzipped, past an item's 400 KB.
    const noise = () => randomBytes(75_000).toString('base64');
    const big: Debrief = {
      ...base,
      injects: Array.from({ length: 8 }, (_, i) => ({ ...base.injects[0]!, inject_id: 1000 + i, grade: { ...base.injects[0]!.grade!, comment: noise() } })),
    };
    const team = 999_999;
    const stored = (version: number, debrief: Debrief) => ({ version, built_at: '2026-11-22T10:00:00Z', debrief });
    // Two builds of one version at once (the export worker and a reader): one is kept, whole.
    const twin: Debrief = { ...big, as_of: '2026-11-22T10:00:01Z' };
    expect((await Promise.all([putDebrief(team, 'live', stored(10, big)), putDebrief(team, 'live', stored(10, twin))])).sort()).toEqual([false, true]);
    expect([big, twin]).toContainEqual((await readDebrief(team, 'live'))?.debrief);
    const items = await queryPartition(keys.debriefPartition(team), { consistent: true });
    const head = items.find((item) => item.sk === 'live')!;
    const parts = items.filter((item) => String(item.sk).startsWith(`live#${String(head.build)}#`));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(items).toHaveLength(1 + 2 * parts.length);
    expect(head).toMatchObject({ version: 10, parts: parts.length });
    // The losing build's parts expire; the kept one's do not.
    expect(parts.every((part) => part.ttl === undefined)).toBe(true);
    expect(items.filter((item) => item.sk !== 'live' && !parts.includes(item)).every((part) => typeof part.ttl === 'number')).toBe(true);
    // An older build is refused; a newer one replaces it, and the parts it no longer names expire.
    expect(await putDebrief(team, 'live', stored(9, base))).toBe(false);
    expect((await readDebrief(team, 'live'))?.version).toBe(10);
    expect(await putDebrief(team, 'live', stored(11, base))).toBe(true);
    expect(await readDebrief(team, 'live')).toMatchObject({ version: 11, debrief: base });
    const after = await queryPartition(keys.debriefPartition(team), { consistent: true });
    expect(after.filter((item) => item.sk !== 'live').every((part) => typeof part.ttl === 'number')).toBe(true);
  });
});
