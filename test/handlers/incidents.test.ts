/**
 * Incident reports and announcements (issue #29): a team's member files
 * what the red team did; organisers grade it into the super type the
 * settings name (the sample's Red Team), through the fold, as an inject's
 * grade; the team reads its reports with their latest grades. Organisers
 * post announcements to every team or one; a team reads its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyTotals } from '#shared/app/verify';
import { forgetFreshCopies } from '#shared/data/fresh';
import { mintTokens, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';
import { expectWaitingAsListed } from '../support/waiting';

let admin: Record<string, string>;
let member: Record<string, string>;
let fold: Awaited<ReturnType<typeof startFold>>;
const RED_TEAM = 3;

beforeAll(async () => {
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
  const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 1, name: 'bob' } });
  const session = await invoke('POST', '/api/v1/team/sessions', { body: { name: 'bob', password: account.json.password } });
  member = bearer(session.json.token);
  fold = await startFold();
  return () => fold.stop();
});

const report = {
  observed_at: '2026-11-22T10:15:00Z',
  hosts: ['www.team11.ccdc.example', '10.0.11.5'],
  description: 'A web shell in `/var/www/uploads`.\n\nRemoved; the upload form now refuses PHP.',
};
const file = (body: unknown) => invoke('POST', '/api/v1/team/1/incidents', { headers: member, body });
const redTeamCell = async (teamId: number) => {
  await fold.caughtUp();
  const rows = (await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as {
    team: { id: number };
    scores: { super_type_id: number; score: number; max_score: number }[];
  }[];
  return rows.find((r) => r.team.id === teamId)!.scores.find((s) => s.super_type_id === RED_TEAM)!;
};
const redTeamOf = async (teamId: number) => (await redTeamCell(teamId)).score;

describe('incident reports', () => {
  it("are filed by a team's member and graded into the settings' super type through the fold; a regrade moves the board by the difference; verify agrees", async () => {
    const before = await redTeamOf(1);
    const maxBefore = (await redTeamCell(1)).max_score;
    const queue = async () => ((await invoke('GET', '/api/v1/incidents?state=ungraded', { headers: admin })).json as { id: number }[]).map((r) => r.id);
    // The reports the other tests filed, and left ungraded.
    const waiting = await queue();
    const filed = await file(report);
    expect(filed.status, filed.text).toBe(201);
    expect(filed.json).toMatchObject({ team_id: 1, hosts: report.hosts, submitted_by: 'bob', grade: null });
    const id = filed.json.id as number;
    // Not yet happened, no host, an empty description: 400 naming the field; nothing is filed.
    expect((await file({ ...report, observed_at: '2099-01-01T00:00:00Z' })).json.errors[0].path).toBe('observed_at');
    expect((await file({ ...report, hosts: [] })).json.errors[0].path).toBe('hosts');
    expect((await file({ ...report, description: '' })).json.errors[0].path).toBe('description');
    expect(new Set(await queue())).toEqual(new Set([...waiting, id]));
    expect((await expectWaitingAsListed(admin)).incident_reports).toBe(waiting.length + 1);

    const grade = (body: Record<string, unknown>) => invoke('POST', `/api/v1/incidents/${id}/grades`, { headers: admin, body });
    expect((await grade({ points: 51, replaces: null })).json.errors[0].path).toBe('points');
    const first = await grade({ points: 30, comment: 'Found and fixed.', replaces: null });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      incident_id: id,
      team_id: 1,
      n: 1,
      points: 30,
      award: 30,
      max_award: 50,
      super_type_id: RED_TEAM,
      graded_by: 'test admin',
    });
    // The Red Team maximum grows by what the report could earn (the sample's 50), once: "30 of 50", not "30 of 0".
    expect(await redTeamCell(1)).toMatchObject({ score: before + 30, max_score: maxBefore + 50 });
    expect(new Set(await queue())).toEqual(new Set(waiting));
    expect((await grade({ points: 40, replaces: null })).json.code).toBe('grade_changed');
    const regrade = await grade({ points: 20, comment: 'The upload form still takes .phtml.', replaces: 1 });
    expect(regrade.json).toMatchObject({ n: 2, award: -10, max_award: 0 });
    expect((await expectWaitingAsListed(admin)).incident_reports).toBe(waiting.length);
    expect(await redTeamCell(1)).toMatchObject({ score: before + 20, max_score: maxBefore + 50 });

    // The team reads its report with the latest grade and comment (not who graded it); organisers, every grade.
    const mine = (await invoke('GET', '/api/v1/team/1/incidents', { headers: member })).json as { id: number; grade: Record<string, unknown> }[];
    expect(mine.find((r) => r.id === id)!.grade).toEqual({
      n: 2,
      points: 20,
      comment: 'The upload form still takes .phtml.',
      graded_at: regrade.json.graded_at,
    });
    expect(((await invoke('GET', `/api/v1/incidents/${id}/grades`, { headers: admin })).json as { n: number }[]).map((g) => g.n)).toEqual([2, 1]);
    const audit = await invoke('GET', `/api/v1/audit?action=incident.&target=incidents/${id}`, { headers: admin });
    expect(audit.json.items.map((e: { action: string }) => e.action)).toEqual(['incident.regrade', 'incident.grade']);
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
  });

  it("are read by their team's own key: another team's never reach it, one stored without the key shows once `upgrade` gives it; 20 an hour, then 429", async () => {
    const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 2, name: 'carla' } });
    const other = bearer((await invoke('POST', '/api/v1/team/sessions', { body: { name: 'carla', password: account.json.password } })).json.token);
    const fileAs = (headers: Record<string, string>, team: number) =>
      invoke('POST', `/api/v1/team/${team}/incidents`, { headers, body: { ...report, description: `Report of team ${team}.` } });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await fileAs(other, 2));
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(201));
    expect([answers[20]!.status, answers[20]!.json.code]).toEqual([429, 'incidents_limited']);
    expect(Number(answers[20]!.headers['retry-after'])).toBeGreaterThan(0);
    // Team 1's own limit is its own: it still files.
    expect((await fileAs(member, 1)).status).toBe(201);
    const teamOf = async (headers: Record<string, string>, team: number) =>
      ((await invoke('GET', `/api/v1/team/${team}/incidents`, { headers })).json as { team_id: number }[]).map((r) => r.team_id);
    expect(new Set(await teamOf(member, 1))).toEqual(new Set([1]));
    expect(await teamOf(other, 2)).toEqual(Array(20).fill(2));
    // A report as an older version stored it (no index key): not in its team's list until the upgrade gives it the key.
    const { db, tableName } = await import('#shared/data/client');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#shared/data/keys');
    const { backfillIncidentIndex } = await import('#shared/data/incidents');
    const old = { id: 9_000, team_id: 1, ...report, files: [], submitted_by: 'bob', submitted_at: '2026-11-22T10:20:00Z' };
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.incident(old.id), ...old } }));
    const ids = async () => ((await invoke('GET', '/api/v1/team/1/incidents', { headers: member })).json as { id: number }[]).map((r) => r.id);
    expect(await ids()).not.toContain(9_000);
    expect(await backfillIncidentIndex()).toBe(1);
    expect(await backfillIncidentIndex()).toBe(0);
    expect(await ids()).toContain(9_000);
    // `upgrade`'s other step: the overview counts it as waiting, as the queue lists it (the other tests compare the two).
    const { backfillWaiting } = await import('#shared/app/waiting');
    await backfillWaiting();
    await expectWaitingAsListed(admin);
  });

  it('keep their super type from being retired, must name one that exists, and are refused (409) when the settings name none', async () => {
    const settings = (body: Record<string, unknown>) => invoke('PATCH', '/api/v1/settings/1', { headers: admin, body });
    const spare = await invoke('POST', '/api/v1/super-types', { headers: admin, body: { name: 'Spare' } });
    expect((await settings({ incident_reports_super_type_id: spare.json.id })).status).toBe(200);
    // Named by the settings: its retire is refused (a condition of the retire's own transaction on the settings item).
    const retired = await invoke('DELETE', `/api/v1/super-types/${spare.json.id}`, { headers: admin });
    expect([retired.status, retired.json.code]).toEqual([409, 'super_type_in_use']);
    expect(retired.json.detail).toContain('incident_reports_super_type_id');
    expect((await settings({ incident_reports_super_type_id: 99 })).json.errors[0].path).toBe('incident_reports_super_type_id');

    // None named: reports are refused, and a super type nothing uses retires (the condition holds for null).
    expect((await settings({ incident_reports_super_type_id: null })).status).toBe(200);
    forgetFreshCopies();
    const refused = await file(report);
    expect([refused.status, refused.json.code]).toEqual([409, 'incident_reports_off']);
    expect((await invoke('DELETE', `/api/v1/super-types/${spare.json.id}`, { headers: admin })).status).toBe(204);
    // Naming it now: it is gone (the settings' write requires it to exist).
    expect((await settings({ incident_reports_super_type_id: spare.json.id })).json.errors[0].path).toBe('incident_reports_super_type_id');
    expect((await settings({ incident_reports_super_type_id: RED_TEAM })).status).toBe(200);
    forgetFreshCopies();
    expect((await file(report)).status).toBe(201);
  });
});

describe('announcements', () => {
  it('are posted to every team or one, audited; a team reads those for every team and its own, newest first, and a poll with its ETag costs a 304', async () => {
    const post = (body: unknown) => invoke('POST', '/api/v1/announcements', { headers: admin, body });
    const all = await post({ text: 'Lunch at noon.\nThe red team breaks too.' });
    expect(all.status, all.text).toBe(201);
    expect(all.json).toMatchObject({ team_id: null, posted_by: 'test admin' });
    expect((await post({ text: 'Team 2: your DNS is down.', team_id: 2 })).status).toBe(201);
    const mine = await post({ text: 'Team 1: inject 3 is due in 10 minutes.', team_id: 1 });
    expect((await post({ text: 'Nobody', team_id: 999 })).json.errors[0].path).toBe('team_id');
    expect((await post({ text: '' })).json.errors[0].path).toBe('text');

    const read = await invoke('GET', '/api/v1/team/1/announcements', { headers: member });
    expect((read.json as { id: number }[]).map((a) => a.id)).toEqual([mine.json.id, all.json.id]);
    expect((await invoke('GET', '/api/v1/team/1/announcements', { headers: { ...member, 'if-none-match': read.headers.etag! } })).status).toBe(304);
    expect(((await invoke('GET', '/api/v1/announcements', { headers: admin })).json as unknown[]).length).toBe(3);
    expect((await invoke('GET', '/api/v1/team/2/announcements', { headers: member })).status).toBe(403);
    const audit = await invoke('GET', '/api/v1/audit?action=announcement.create', { headers: admin });
    expect(audit.json.items.length).toBe(3);
  });
});
