/**
 * Injects (issue #29), the first step: organisers write a draft, edit it
 * with If-Match, publish and retire it; a team reads those published and
 * open, never a draft, a retired one or one not open yet; every change is in
 * the audit trail, and a super type an inject is in is never retired.
 */
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { verifyTotals } from '#shared/app/verify';
import { forgetFreshCopies } from '#shared/data/fresh';
import { mintTokens, useFreshTable } from '../support/database';
import { unfinalise } from '../support/final';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';
import { expectWaitingAsListed } from '../support/waiting';

let admin: Record<string, string>;
let member: Record<string, string>;
let fold: Awaited<ReturnType<typeof startFold>>;
const hour = 3_600_000;
const at = (offset: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + offset).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
  const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 1, name: 'alice' } });
  const session = await invoke('POST', '/api/v1/team/sessions', { body: { name: 'alice', password: account.json.password } });
  member = bearer(session.json.token);
  fold = await startFold();
  return () => fold.stop();
});

const memo = (fields: Record<string, unknown> = {}) => ({
  title: 'Firewall policy memo',
  text: '# The memo\r\n\nWrite **one page** for the CEO.',
  super_type_id: 2,
  open_at: at(-hour),
  due_at: at(hour),
  points: 50,
  rubric: [
    { name: 'Covers every rule', points: 30 },
    { name: 'Readable by the CEO', points: 20 },
  ],
  ...fields,
});
const create = (body: unknown) => invoke('POST', '/api/v1/injects', { headers: admin, body });
const edit = (id: number, body: unknown, etag?: string) =>
  invoke('PATCH', `/api/v1/injects/${id}`, { headers: { ...admin, ...(etag ? { 'if-match': etag } : {}) }, body });
const seenByTeam = async () => ((await invoke('GET', '/api/v1/team/1/injects', { headers: member })).json as { id: number }[]).map((i) => i.id);

describe('injects', () => {
  it('are written as drafts, edited with If-Match, published (teams see them once open) and retired (teams no longer do); audited', async () => {
    const created = await create(memo());
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ state: 'draft', version: 1, close_at: created.json.due_at, late_penalty_percent_per_hour: 0 });
    expect(created.json.text).toBe('# The memo\n\nWrite **one page** for the CEO.');
    const { id } = created.json as { id: number };
    const read = await invoke('GET', `/api/v1/injects/${id}`, { headers: admin });
    expect([read.json, read.headers.etag]).toEqual([created.json, created.headers.etag]);
    expect(await seenByTeam()).not.toContain(id);

    const published = await edit(id, { state: 'published', close_at: at(3 * hour), late_penalty_percent_per_hour: 10 }, created.headers.etag);
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({ state: 'published', version: 2 });
    expect((await edit(id, { title: 'Lost update' }, created.headers.etag)).status).toBe(412);
    const seen = (await invoke('GET', '/api/v1/team/1/injects', { headers: member })).json as Record<string, unknown>[];
    // What a team sees: the task, its times, points, rubric, late rule and attachments; not its state, version or author.
    expect(seen.find((i) => i.id === id)).toEqual({
      id,
      title: 'Firewall policy memo',
      text: '# The memo\n\nWrite **one page** for the CEO.',
      open_at: published.json.open_at,
      due_at: published.json.due_at,
      close_at: published.json.close_at,
      late_penalty_percent_per_hour: 10,
      points: 50,
      rubric: published.json.rubric,
      attachments: [],
    });
    // Another team's member reaches only their own team's route.
    expect((await invoke('GET', '/api/v1/team/2/injects', { headers: member })).status).toBe(403);

    expect((await edit(id, { state: 'draft' })).json.code).toBe('inject_state');
    expect((await edit(id, { state: 'retired' }, published.headers.etag)).json.state).toBe('retired');
    expect(await seenByTeam()).not.toContain(id);
    expect((await invoke('GET', '/api/v1/injects', { headers: admin })).json.map((i: { id: number }) => i.id)).toContain(id);

    const audit = (await invoke('GET', `/api/v1/audit?limit=10&target=injects/${id}`, { headers: admin })).json.items as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(['inject.update', 'inject.update', 'inject.create']);
  });

  it('are seen by teams only from their open time', async () => {
    const later = await create(memo({ title: 'Opens tomorrow', open_at: at(24 * hour), due_at: at(26 * hour) }));
    expect((await edit(later.json.id, { state: 'published' })).status).toBe(200);
    expect(await seenByTeam()).not.toContain(later.json.id);
  });

  it('refuse fields that disagree, hostile text and an unknown super type, naming the field; nothing is written', async () => {
    const before = (await invoke('GET', '/api/v1/injects', { headers: admin })).json.length;
    const refused = async (body: unknown) => {
      const answer = await create(body);
      expect(answer.status, answer.text).toBe(400);
      return (answer.json.errors as { path: string }[]).map((e) => e.path);
    };
    expect(await refused(memo({ due_at: at(-2 * hour) }))).toEqual(['due_at']);
    expect(await refused(memo({ close_at: at(0) }))).toEqual(['close_at']);
    expect(await refused(memo({ late_penalty_percent_per_hour: 5 }))).toEqual(['late_penalty_percent_per_hour']);
    expect(await refused(memo({ points: 60 }))).toEqual(['rubric']);
    expect(await refused(memo({ title: 'line\nbreak' }))).toEqual(['title']);
    expect(await refused(memo({ text: 'bell \u0007' }))).toEqual(['text']);
    expect(await refused(memo({ super_type_id: 99 }))).toEqual(['super_type_id']);
    expect(await refused(memo({ state: 'published' }))).toEqual(['state']);
    expect((await invoke('GET', '/api/v1/injects', { headers: admin })).json).toHaveLength(before);
    expect((await edit(9999, { title: 'Nobody' })).status).toBe(404);
  });

  it('take submissions from a team while open, each a kept version; a late one is worth less, a closed one is refused with its time', async () => {
    const open = await create(memo({ title: 'Open memo' }));
    expect((await edit(open.json.id, { state: 'published' })).status).toBe(200);
    const send = (injectId: number, text: string, headers = member) =>
      invoke('POST', '/api/v1/team/1/submissions', { headers, body: { inject_id: injectId, text } });
    const first = await send(open.json.id, 'Our memo.\n\nFirst draft.');
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ inject_id: open.json.id, team_id: 1, version: 1, submitted_by: 'alice', late_share: 1 });
    // Members sending at once: each gets its own version, none lost.
    const together = await Promise.all([1, 2, 3, 4].map((n) => send(open.json.id, `Version from member ${n}`)));
    expect(together.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(together.map((a) => a.json.version as number).sort()).toEqual([2, 3, 4, 5]);
    const mine = (await invoke('GET', `/api/v1/team/1/submissions?inject_id=${open.json.id}`, { headers: member })).json as { version: number }[];
    expect(mine.map((s) => s.version)).toEqual([5, 4, 3, 2, 1]);
    const graded = (await invoke('GET', `/api/v1/submissions?inject_id=${open.json.id}`, { headers: admin })).json as { items: { team_id: number }[] };
    expect(graded.items).toHaveLength(5);
    // A page at a time, the cursor where the last stopped; a cursor is good for its own list only.
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const answer = await invoke('GET', `/api/v1/submissions?inject_id=${open.json.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: admin,
      });
      pages.push((answer.json.items as { version: number }[]).map((s) => s.version));
      if (answer.json.cursor) expect(answer.headers.link).toContain('rel="next"');
      cursor = answer.json.cursor as string | null;
      if (cursor && pages.length === 1) {
        const elsewhere = await invoke('GET', `/api/v1/submissions?inject_id=${open.json.id}&state=ungraded&cursor=${encodeURIComponent(cursor)}`, {
          headers: admin,
        });
        expect([elsewhere.status, elsewhere.json.code]).toEqual([400, 'invalid_cursor']);
      }
    } while (cursor);
    expect(pages).toEqual([[5, 4], [3, 2], [1]]);
    expect((await invoke('GET', `/api/v1/submissions?inject_id=${open.json.id}`, { headers: member })).status).toBe(403);

    const late = await create(
      memo({ title: 'Late memo', open_at: at(-3 * hour), due_at: at(-90 * 60_000), close_at: at(hour), late_penalty_percent_per_hour: 25 }),
    );
    expect((await edit(late.json.id, { state: 'published' })).status).toBe(200);
    // 90 minutes late: two hours begun, half of its grade.
    expect((await send(late.json.id, 'Sorry, late.')).json.late_share).toBe(0.5);

    const closed = await create(memo({ title: 'Closed memo', open_at: at(-3 * hour), due_at: at(-2 * hour) }));
    expect((await edit(closed.json.id, { state: 'published' })).status).toBe(200);
    const refused = await send(closed.json.id, 'Too late.');
    expect([refused.status, refused.json.code]).toEqual([409, 'inject_closed']);
    expect(refused.json.detail).toContain(closed.json.close_at);

    const draft = await create(memo({ title: 'Still a draft' }));
    expect((await send(draft.json.id, 'Peeking.')).status).toBe(404);
    expect((await send(open.json.id, 'bell \u0007')).status).toBe(400);
  });

  it("are graded through the fold: a grade's points (less the late rule) reach the board, a regrade keeps the old and moves the board by the difference; verify agrees", async () => {
    const inject = await create(memo({ title: 'Graded memo' }));
    expect((await edit(inject.json.id, { state: 'published' })).status).toBe(200);
    const injectId = inject.json.id as number;
    expect((await invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: injectId, text: 'Our memo.' } })).status).toBe(201);
    const injectsOf = async () => {
      await fold.caughtUp();
      const rows = (await invoke('GET', '/api/v1/teams/scoreboard')).json.scoreboard as {
        team: { id: number };
        scores: { super_type_id: number; score: number }[];
        adjustments_total?: number;
      }[];
      return rows.find((r) => r.team.id === 1)!.scores.find((s) => s.super_type_id === 2)!.score;
    };
    const before = await injectsOf();
    const grade = (body: Record<string, unknown>) =>
      invoke('POST', `/api/v1/injects/${injectId}/grades`, { headers: admin, body: { team_id: 1, submission_version: 1, ...body } });
    const scores = (rules: number, readable: number) => [
      { name: 'Covers every rule', points: rules, comment: 'Rule 4 is missing.' },
      { name: 'Readable by the CEO', points: readable },
    ];

    const queue = async () =>
      (
        (await invoke('GET', `/api/v1/submissions?inject_id=${injectId}&state=ungraded`, { headers: admin })).json.items as {
          team_id: number;
          version: number;
        }[]
      ).map((s) => [s.team_id, s.version]);
    expect(await queue()).toEqual([[1, 1]]);
    const first = await grade({ scores: scores(20, 20), comment: 'Good.', replaces: null });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({ n: 1, points: 40, late_share: 1, awarded: 40, award: 40, graded_by: 'test admin' });
    expect(await injectsOf()).toBe(before + 40);
    expect(await queue()).toEqual([]);
    // Another grader who read no grade yet: 409, nothing changes.
    expect((await grade({ scores: scores(30, 20), replaces: null })).json.code).toBe('grade_changed');
    const regrade = await grade({ scores: scores(10, 20), comment: 'On second reading.', replaces: 1 });
    expect(regrade.json).toMatchObject({ n: 2, awarded: 30, award: -10 });
    expect(await injectsOf()).toBe(before + 30);

    // The team sees its latest grade and the comments, not who graded it; organisers see every grade.
    const seen = (await invoke('GET', '/api/v1/team/1/grades', { headers: member })).json as Record<string, unknown>[];
    expect(seen.find((g) => g.inject_id === injectId)).toMatchObject({ n: 2, awarded: 30, comment: 'On second reading.' });
    expect(seen.find((g) => g.inject_id === injectId)).not.toHaveProperty('graded_by');
    expect(((await invoke('GET', `/api/v1/injects/${injectId}/grades`, { headers: admin })).json as { n: number }[]).map((g) => g.n)).toEqual([2, 1]);

    // Scores that do not fit the rubric, or a version never submitted: 400 naming the field.
    expect((await grade({ scores: scores(31, 20), replaces: 2 })).json.errors[0].path).toBe('scores');
    expect((await grade({ scores: [{ name: 'Covers every rule', points: 5 }], replaces: 2 })).json.errors[0].path).toBe('scores');
    expect((await grade({ points: 40, replaces: 2 })).json.errors[0].path).toBe('points');
    expect((await grade({ submission_version: 9, scores: scores(1, 1), replaces: 2 })).json.errors[0].path).toBe('submission_version');
    expect(await injectsOf()).toBe(before + 30);
    // Sent again after its grade: back in the queue, as its new version.
    expect((await invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: injectId, text: 'Our memo, fixed.' } })).status).toBe(201);
    expect(await queue()).toEqual([[1, 2]]);
    // A regrade of the old version leaves the new one waiting, in the queue and in the overview's count.
    expect((await grade({ scores: scores(15, 20), replaces: 2 })).status).toBe(201);
    expect(await queue()).toEqual([[1, 2]]);
    await expectWaitingAsListed(admin);
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
  });

  it("count in their super type's maximum once published and due, on the board and the scorecard; a public copy is fresh until the next due time, and its ETag moves as it passes", async () => {
    const board = async (headers: Record<string, string> = {}) => {
      forgetFreshCopies();
      const answer = await invoke('GET', '/api/v1/teams/scoreboard', { headers });
      const rows = answer.status === 200 ? (answer.json.scoreboard as { team: { id: number }; scores: { super_type_id: number; max_score: number }[] }[]) : [];
      const maxAge = Number(/max-age=(\d+)/.exec(answer.headers['cache-control'] ?? '')?.[1]);
      return {
        status: answer.status,
        etag: answer.headers.etag!,
        maxAge,
        max: rows.find((r) => r.team.id === 1)?.scores.find((x) => x.super_type_id === 2)?.max_score,
      };
    };
    const scorecardMax = async () =>
      ((await invoke('GET', '/api/v1/teams/1/scorecard')).json.scores as { super_type_id: number; max_score: number }[]).find((x) => x.super_type_id === 2)!
        .max_score;
    const before = (await board()).max!;

    const pastDue = await create(memo({ title: 'Past due', open_at: at(-2 * hour), due_at: at(-hour), close_at: at(hour), points: 25, rubric: [] }));
    expect((await board()).max, 'a draft').toBe(before);
    expect((await edit(pastDue.json.id, { state: 'published' })).status).toBe(200);
    expect((await board()).max).toBe(before + 25);
    expect(await scorecardMax()).toBe(before + 25);

    // Due in a moment (3 to 4 s: a loaded run's create, publish and read fit well within): not yet missed; a public copy is fresh until then at most.
    const soon = await create(memo({ title: 'Due in a moment', due_at: at(4_000), points: 30, rubric: [] }));
    expect((await edit(soon.json.id, { state: 'published' })).status).toBe(200);
    const asked = Date.now();
    const early = await board();
    expect(Date.now(), 'read before the due time').toBeLessThan(Date.parse(soon.json.due_at));
    expect(early.max).toBe(before + 25);
    expect(early.maxAge).toBeLessThanOrEqual(Math.ceil((Date.parse(soon.json.due_at) - asked) / 1000));
    expect(early.maxAge).toBeLessThan(5);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon.json.due_at) - Date.now() + 100));
    const late = await board({ 'if-none-match': early.etag });
    expect(late.status, 'the copy of before the due time is not current').toBe(200);
    expect(late.max).toBe(before + 55);
    // Retired, an inject still counts: teams were given it.
    expect((await edit(soon.json.id, { state: 'retired' })).status).toBe(200);
    expect((await board()).max).toBe(before + 55);
  });

  it('grade a late submission at its late share', async () => {
    const late = await create(
      memo({ title: 'Late graded memo', open_at: at(-3 * hour), due_at: at(-30 * 60_000), close_at: at(hour), late_penalty_percent_per_hour: 20, rubric: [] }),
    );
    expect((await edit(late.json.id, { state: 'published' })).status).toBe(200);
    const sent = await invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: late.json.id, text: 'Late.' } });
    expect(sent.json.late_share).toBe(0.8);
    const graded = await invoke('POST', `/api/v1/injects/${late.json.id}/grades`, {
      headers: admin,
      body: { team_id: 1, submission_version: 1, points: 45, replaces: null },
    });
    expect(graded.json).toMatchObject({ points: 45, late_share: 0.8, awarded: 36, award: 36 });
  });

  it('keep their super type: one an inject was ever put in is not retired (409)', async () => {
    const column = await invoke('POST', '/api/v1/super-types', { headers: admin, body: { name: 'Business tasks' } });
    const inject = await create(memo({ super_type_id: column.json.id }));
    expect(inject.status, inject.text).toBe(201);
    const retired = await invoke('DELETE', `/api/v1/super-types/${column.json.id}`, { headers: admin });
    expect([retired.status, retired.json.code]).toEqual([409, 'super_type_in_use']);
  });

  it("are sent again when an organiser asks for a revision: until its time, past the close, at the revised version's late share; the queue waits for it; audited", async () => {
    const inject = await create(
      memo({
        title: 'Revised memo',
        open_at: at(-3 * hour),
        due_at: at(-hour),
        close_at: at(-hour + 60_000 * 30),
        late_penalty_percent_per_hour: 10,
        rubric: [],
      }),
    );
    expect((await edit(inject.json.id, { state: 'published' })).status).toBe(200);
    const injectId = inject.json.id as number;
    // Closed already: nothing more is taken.
    const send = (text: string) => invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: injectId, text } });
    expect((await send('Too late.')).json.code).toBe('inject_closed');
    // An earlier version, written as if sent in time (late, by 20 min: 90 %).
    const { putSubmission } = await import('#shared/data/submissions');
    await putSubmission({
      inject_id: injectId,
      team_id: 1,
      version: 1,
      text: 'First.',
      files: [],
      submitted_at: at(-hour + 20 * 60_000),
      submitted_by: 'alice',
      late_share: 0.9,
      revision_request: null,
    });
    const queue = async () =>
      ((await invoke('GET', `/api/v1/submissions?inject_id=${injectId}&state=ungraded`, { headers: admin })).json.items as { version: number }[]).map(
        (s) => s.version,
      );
    expect(await queue()).toEqual([1]);

    const ask = (body: Record<string, unknown>) =>
      invoke('POST', `/api/v1/injects/${injectId}/revision-requests`, {
        headers: admin,
        body: { team_id: 1, submission_version: 1, comment: 'Cite the rules.', ...body },
      });
    // By default until the close time, which has passed: the organiser must say until when.
    expect((await ask({})).json.errors[0].path).toBe('until');
    // One time, computed once: two calls a second apart would name two times.
    const until = at(hour);
    const asked = await ask({ until });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json.revision_request).toMatchObject({ comment: 'Cite the rules.', until, requested_by: 'test admin' });
    expect((await ask({ until: at(hour) })).json.code).toBe('submission_changed');
    expect(await queue(), 'waiting for the team').toEqual([]);
    await expectWaitingAsListed(admin);
    // The team sees the request, and sends its revision past the close, at the revised version's share.
    const mine = (await invoke('GET', `/api/v1/team/1/submissions?inject_id=${injectId}`, { headers: member })).json as { revision_request: unknown }[];
    expect(mine[0]!.revision_request).toMatchObject({ comment: 'Cite the rules.' });
    const revised = await send('Second, with the rules cited.');
    expect(revised.status, revised.text).toBe(201);
    expect(revised.json).toMatchObject({ version: 2, late_share: 0.9, revision_request: null });
    expect(await queue()).toEqual([2]);
    await expectWaitingAsListed(admin);
    // The request is answered: nothing more past the close, and a revision of the old version is not asked.
    expect((await send('Third.')).json.code).toBe('inject_closed');
    expect((await ask({ until: at(hour) })).json.code).toBe('submission_changed');
    const audit = await invoke('GET', `/api/v1/audit?action=inject.revision-request`, { headers: admin });
    expect(audit.json.items.map((e: { target: string }) => e.target)).toContain(`injects/${injectId}/submissions/1/1`);
    // A revision asked, then the inject retired: it takes nothing more, and gives no upload form.
    expect((await ask({ submission_version: 2, until: at(hour) })).status).toBe(201);
    const current = await invoke('GET', `/api/v1/injects/${injectId}`, { headers: admin });
    const retired = await invoke('PATCH', `/api/v1/injects/${injectId}`, {
      headers: { ...admin, 'if-match': current.headers.etag! },
      body: { state: 'retired' },
    });
    expect(retired.status, retired.text).toBe(200);
    expect((await send('After the retirement.')).status).toBe(404);
    const form = await invoke('POST', '/api/v1/team/1/uploads', {
      headers: member,
      body: { for: 'inject', inject_id: injectId, file_name: 'late.txt', content_type: 'text/plain' },
    });
    expect(form.status).toBe(404);
  });

  it('are not graded once the results are final, unless the organiser overrides it (audited as such); verify agrees', async () => {
    // The other tests grade: the mark comes off again once this one ends.
    onTestFinished(unfinalise);
    const inject = await create(memo({ title: 'Graded after the end', rubric: [], points: 40 }));
    expect((await edit(inject.json.id, { state: 'published' })).status).toBe(200);
    expect((await invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: inject.json.id, text: 'Ours.' } })).status).toBe(201);
    expect((await invoke('POST', '/api/v1/competition/finalise', { headers: admin, body: { force: true } })).status).toBe(200);
    forgetFreshCopies();
    const grade = (body: Record<string, unknown>) =>
      invoke('POST', `/api/v1/injects/${inject.json.id}/grades`, {
        headers: admin,
        body: { team_id: 1, submission_version: 1, points: 30, replaces: null, ...body },
      });
    const refused = await grade({});
    expect([refused.status, refused.json.code]).toEqual([409, 'competition_final']);
    expect(refused.json.detail).toContain('override_final');
    const overridden = await grade({ override_final: true });
    expect(overridden.status, overridden.text).toBe(201);
    const audit = await invoke('GET', `/api/v1/audit?action=grade.create&target=injects/${inject.json.id}`, { headers: admin });
    expect(audit.json.items[0].after).toMatchObject({ awarded: 30, override_final: true });
    expect((await verifyTotals({ repair: false, pauseMs: 100 })).filter((t) => t.differences.length > 0)).toEqual([]);
  });
});
