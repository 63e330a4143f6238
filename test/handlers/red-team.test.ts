/**
 * The red team (issue #47): organisers make red team accounts, which sign in
 * as the blue teams' do, to a session of no team; a member files a finding
 * with evidence against a team's service; organisers review it, and an
 * approval takes the kind's points off the team's Red Team score through the
 * fold, a repeat within the window nothing; the team sees what was approved
 * against it when the settings say; `verify` agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEvidence } from '#shared/app/findings';
import { verifyTotals } from '#shared/app/verify';
import { forgetFreshCopies } from '#shared/data/fresh';
import { startObjectStore, type ObjectStoreLocal } from '../../lib/local/object-store';
import { mintTokens, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke, signedInMember } from '../support/invoke';
import { expectWaitingAsListed } from '../support/waiting';

let admin: Record<string, string>;
let red: Record<string, string>;
let member: Record<string, string>;
let files: ObjectStoreLocal;
let fold: Awaited<ReturnType<typeof startFold>>;
let ssh: { id: number; team: { id: number; number: number } };
let http: { id: number };
const RED_TEAM = 3;
/** A 1×1 PNG: a screenshot, as far as the bucket can tell. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  files = await startObjectStore();
  process.env.FILES_ENDPOINT = files.endpoint;
  process.env.FILES_BUCKET = files.bucket;
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
  const services = (await invoke('GET', '/api/v1/services')).json as { id: number; subtype: string; team: { id: number; number: number } }[];
  ssh = services.find((s) => s.team.number === 13 && s.subtype === 'SSH')!;
  http = services.find((s) => s.team.number === 13 && s.subtype === 'HTTP')!;
  red = await signedInMember(admin, { role: 'red-team', name: 'rita' });
  member = await signedInMember(admin, { team_id: ssh.team.id, name: 'tess' });
  fold = await startFold();
});
afterAll(async () => {
  await fold?.stop();
  await files?.stop();
});

/** Uploads a screenshot through the red team's form, as its page does: the key the finding names. */
async function screenshot(): Promise<string> {
  const form = await invoke('POST', '/api/v1/red-team/uploads', { headers: red, body: { file_name: 'shell as root.png', content_type: 'image/png' } });
  expect(form.status, form.text).toBe(201);
  const body = new FormData();
  for (const [name, value] of Object.entries(form.json.fields as Record<string, string>)) body.set(name, value);
  body.set('file', new Blob([PNG]), 'upload');
  expect((await fetch(form.json.url, { method: 'POST', body })).status).toBe(201);
  return form.json.key as string;
}

const finding = (overrides: Record<string, unknown> = {}) => ({
  team_id: ssh.team.id,
  service_id: ssh.id,
  kind: 'user-access',
  done_at: '2026-11-22T10:00:00Z',
  description: 'Logged in as `blue` with the **default** password.',
  ...overrides,
});
const file = (body: Record<string, unknown>, headers = red) => invoke('POST', '/api/v1/red-team/findings', { headers, body });
const review = (id: number, body: Record<string, unknown>) => invoke('POST', `/api/v1/red-team/findings/${id}/reviews`, { headers: admin, body });
const redTeamScore = async () => {
  await fold.caughtUp();
  const rows = (await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as {
    team: { id: number };
    scores: { super_type_id: number; score: number }[];
  }[];
  return rows.find((r) => r.team.id === ssh.team.id)!.scores.find((s) => s.super_type_id === RED_TEAM)!.score;
};

describe('red team accounts', () => {
  it('sign in as the blue teams’ do, to a session of no team, and reach no team’s routes; names stay unique across teams and roles', async () => {
    const session = await invoke('GET', '/api/v1/team/session', { headers: red });
    expect(session.json).toMatchObject({ account: 'rita', role: 'red-team', team: null });
    expect((await invoke('GET', `/api/v1/team/${ssh.team.id}/services`, { headers: red })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/red-team/findings', { headers: member })).status).toBe(403);
    const taken = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 1, name: 'rita' } });
    expect([taken.status, taken.json.code]).toEqual([409, 'name_taken']);
    // A red team account names no team; a team member's names one.
    expect((await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { role: 'red-team', team_id: 1, name: 'x' } })).json.errors[0].path).toBe(
      'team_id',
    );
    expect((await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { name: 'x' } })).json.errors[0].path).toBe('team_id');
    const listed = (await invoke('GET', '/api/v1/team-accounts', { headers: admin })).json as { name: string; role: string; team_id: number | null }[];
    expect(listed.find((a) => a.name === 'rita')).toMatchObject({ role: 'red-team', team_id: null });
  });
});

describe('findings', () => {
  it('are filed with a screenshot, approved with the kind’s points (the team’s Red Team score drops), a repeat within the window counts nothing, the team sees them, verify agrees', async () => {
    const kinds = (await invoke('GET', '/api/v1/finding-kinds', { headers: red })).json.kinds as { id: string; points: number }[];
    const userAccess = kinds.find((k) => k.id === 'user-access')!.points;
    const before = await redTeamScore();

    const key = await screenshot();
    expect(key).not.toContain('rita');
    const filed = await file(finding({ files: [key] }));
    expect(filed.status, filed.text).toBe(201);
    expect(filed.json).toMatchObject({ state: 'submitted', kind_points: userAccess, filed_by: 'rita', reviews: 0, review: null });
    expect(filed.json.files[0].key).not.toBe(key);
    // Named wrong: 400 naming each field, nothing filed.
    const wrong = await file(finding({ kind: 'telepathy', service_id: 999_999, done_at: '2099-01-01T00:00:00Z' }));
    expect((wrong.json.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['done_at', 'kind', 'service_id']);
    const id = filed.json.id as number;
    const link = await invoke('GET', `/api/v1/red-team/files?key=${encodeURIComponent(filed.json.files[0].key)}`, { headers: red });
    expect(Buffer.from(await (await fetch(link.json.url)).arrayBuffer())).toEqual(PNG);
    expect((await invoke('GET', '/api/v1/red-team/findings?state=submitted', { headers: admin })).json.map((f: { id: number }) => f.id)).toEqual([id]);

    // Other points need a reason; the kind's do not.
    expect((await review(id, { decision: 'approve', points: 10, replaces: null })).json.errors[0].path).toBe('reason');
    const approved = await review(id, { decision: 'approve', replaces: null });
    expect(approved.status, approved.text).toBe(201);
    expect(approved.json).toMatchObject({ n: 1, points: userAccess, counted: true, deducted: userAccess, award: -userAccess, super_type_id: RED_TEAM });
    expect(await redTeamScore()).toBe(before - userAccess);
    expect((await review(id, { decision: 'reject', reason: 'late', replaces: null })).json.code).toBe('finding_changed');

    // The same service and kind half an hour later: approved, kept, and counted once.
    const again = await file(finding({ done_at: '2026-11-22T10:30:00Z', description: 'Again, after they reset it.' }));
    const repeat = await review(again.json.id, { decision: 'approve', replaces: null });
    expect(repeat.json).toMatchObject({ counted: false, repeat_of: id, deducted: 0, award: 0 });
    expect(await redTeamScore()).toBe(before - userAccess);

    // The team sees what was approved against it (the sample shows findings at once, without the description), never who filed it.
    const seen = await invoke('GET', `/api/v1/team/${ssh.team.id}/findings`, { headers: member });
    expect(seen.json.visible).toBe(true);
    // This test's two (the others approve findings against the team too).
    const mine = (seen.json.findings as { id: number }[]).filter((f) => f.id === id || f.id === again.json.id);
    expect(mine).toEqual([
      { id, service_id: ssh.id, kind: 'user-access', kind_name: 'User access', done_at: '2026-11-22T10:00:00Z', points: userAccess, description: null },
      expect.objectContaining({ id: again.json.id, points: 0 }),
    ]);
    expect(seen.text).not.toContain('rita');
    // An incident report may answer a finding the team sees, and no other.
    const report = { observed_at: '2026-11-22T10:05:00Z', hosts: ['ssh.team13'], description: 'Changed every password.' };
    const answered = await invoke('POST', `/api/v1/team/${ssh.team.id}/incidents`, { headers: member, body: { ...report, finding_id: id } });
    expect([answered.status, answered.json.finding_id]).toEqual([201, id]);
    const guessed = await invoke('POST', `/api/v1/team/${ssh.team.id}/incidents`, { headers: member, body: { ...report, finding_id: 999 } });
    expect(guessed.json.errors[0].path).toBe('finding_id');

    // A second look: other points with a reason; the board moves by the difference.
    const lower = await review(id, { decision: 'approve', points: 15, reason: 'Only a user shell.', replaces: 1 });
    expect(lower.json).toMatchObject({ n: 2, deducted: 15, award: userAccess - 15 });
    expect(await redTeamScore()).toBe(before - 15);
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
    const audit = await invoke('GET', `/api/v1/audit?action=finding.&target=red-team/findings/${id}`, { headers: admin });
    expect(audit.json.items.map((e: { action: string }) => e.action)).toEqual(['finding.approve', 'finding.approve']);
  });

  it('go back to the red team for more evidence, and to the queue when it comes; a rejection takes back what an approval took', async () => {
    const before = await redTeamScore();
    const queued = (await expectWaitingAsListed(admin)).findings;
    const filed = await file(finding({ service_id: http.id, kind: 'defaced', done_at: '2026-11-22T11:00:00Z' }));
    const id = filed.json.id as number;
    expect((await expectWaitingAsListed(admin)).findings).toBe(queued + 1);
    expect((await review(id, { decision: 'more_evidence', replaces: null })).json.errors[0].path).toBe('reason');
    expect((await review(id, { decision: 'more_evidence', reason: 'A screenshot of the page, please.', replaces: null })).status).toBe(201);
    const asked = ((await invoke('GET', '/api/v1/red-team/findings?state=more_evidence', { headers: red })).json as { id: number; review: unknown }[])[0]!;
    expect(asked).toMatchObject({ id, review: { decision: 'more_evidence', reason: 'A screenshot of the page, please.' } });
    expect((await expectWaitingAsListed(admin)).findings).toBe(queued);
    const added = await invoke('POST', `/api/v1/red-team/findings/${id}/evidence`, {
      headers: red,
      body: { note: 'The defaced page.', files: [await screenshot()] },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ state: 'submitted', additions: [{ note: 'The defaced page.', added_by: 'rita' }] });
    expect((await expectWaitingAsListed(admin)).findings).toBe(queued + 1);

    expect((await review(id, { decision: 'approve', replaces: 1 })).status).toBe(201);
    expect(await redTeamScore()).toBe(before - 30);
    expect((await review(id, { decision: 'reject', reason: 'The page was the red team’s own test copy.', replaces: 2 })).json).toMatchObject({ award: 30 });
    expect(await redTeamScore()).toBe(before);
    expect((await expectWaitingAsListed(admin)).findings).toBe(queued);
    const decided = await invoke('POST', `/api/v1/red-team/findings/${id}/evidence`, { headers: red, body: { note: 'More.' } });
    expect([decided.status, decided.json.code]).toEqual([409, 'finding_decided']);
  });

  it('take evidence once per request: a retry of one whose first run wrote but never answered finds its addition there', async () => {
    // Against another team, and rejected at the end, so that no other test's team or queue sees it.
    const other = ((await invoke('GET', '/api/v1/services?team=12')).json as { id: number; team: { id: number } }[])[0]!;
    const filed = await file(finding({ team_id: other.team.id, service_id: other.id, done_at: '2026-11-22T11:30:00Z', description: 'Once more.' }));
    expect(filed.status, filed.text).toBe(201);
    const id = filed.json.id as number;
    expect((await review(id, { decision: 'more_evidence', reason: 'Which account?', replaces: null })).status).toBe(201);
    // The same request run twice below the idempotency layer (as after a stalled database or a killed server).
    const first = await addEvidence(id, { note: 'The root account.' }, 'rita', { idempotencyKey: 'evidence-once' });
    const retried = await addEvidence(id, { note: 'The root account.' }, 'rita', { idempotencyKey: 'evidence-once' });
    expect(first.additions).toHaveLength(1);
    expect(retried.additions).toEqual(first.additions);
    // Another request is another addition; the same key from someone else is not this request.
    expect((await addEvidence(id, { note: 'And its key.' }, 'rita', { idempotencyKey: 'evidence-twice' })).additions).toHaveLength(2);
    expect((await addEvidence(id, { note: 'Mine.' }, 'rolf', { idempotencyKey: 'evidence-once' })).additions).toHaveLength(3);
    const stored = ((await invoke('GET', '/api/v1/red-team/findings', { headers: red })).json as { id: number; additions: unknown[] }[]).find(
      (f) => f.id === id,
    )!;
    expect(stored.additions).toHaveLength(3);
    expect((await review(id, { decision: 'reject', reason: 'Not enough.', replaces: 1 })).status).toBe(201);
  });

  it('of one team reviewed at once count once: the repeat rule sees every approval before its own', async () => {
    const ids = [];
    for (const minute of ['20', '21', '22', '23']) {
      ids.push((await file(finding({ kind: 'credentials', done_at: `2026-11-22T12:${minute}:00Z` }))).json.id as number);
    }
    const rulings = await Promise.all(ids.map((id) => review(id, { decision: 'approve', replaces: null })));
    expect(rulings.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(rulings.filter((r) => r.json.counted).length).toBe(1);
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
  });

  it('are hidden from the team when the settings say never, and refused when the settings name no super type', async () => {
    const settings = (body: Record<string, unknown>) => invoke('PATCH', '/api/v1/settings/1', { headers: admin, body });
    expect((await settings({ red_team_findings_shown: 'never' })).status).toBe(200);
    forgetFreshCopies();
    expect((await invoke('GET', `/api/v1/team/${ssh.team.id}/findings`, { headers: member })).json).toEqual({ visible: false, findings: [] });
    expect((await settings({ red_team_findings_super_type_id: 99 })).json.errors[0].path).toBe('red_team_findings_super_type_id');
    expect((await settings({ red_team_findings_super_type_id: null })).status).toBe(200);
    forgetFreshCopies();
    const refused = await file(finding());
    expect([refused.status, refused.json.code]).toEqual([409, 'findings_off']);
    expect((await settings({ red_team_findings_super_type_id: RED_TEAM, red_team_findings_shown: 'at_once' })).status).toBe(200);
    forgetFreshCopies();
  });
});
