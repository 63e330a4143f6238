import { readUntilAnswered, signIn, writeUntilAnswered, type ActorContext } from './actors';
import { FINDING_KINDS } from './plan';
import { backoff, partWay, sleep, until } from './pace';

/**
 * The event's paperwork, played while the board runs and the faults fall:
 * an organiser writes and publishes an inject; two blue teams' members
 * answer it with a file (one after it is due) and file incident reports;
 * the red team files findings (one a repeat within the window) with
 * evidence, and adds evidence when asked; organisers rule on the findings,
 * grade answers and reports (and regrade one), and post announcements.
 *
 * Every write goes under an Idempotency-Key and is sent again while its
 * outcome is unknown, so the report can hold each to "acknowledged once".
 * What the actors saw (the announcements and grades each team read back)
 * is the record; the report works the scores out from the ledger.
 */
export interface PaperworkRecord {
  /** Per team number: the announcements it read at the end, and its grades as its own page shows them. */
  teams: { team: number; announcements: string[]; grades: { inject_id: number; awarded: number }[] }[];
  problems: string[];
}

const INJECT = { points: 20, latePercentPerHour: 50 };

export async function playPaperwork(ctx: ActorContext): Promise<PaperworkRecord> {
  const { origin, adminToken, ledger, plan, deadline, say } = ctx;
  const record: PaperworkRecord = { teams: [], problems: [] };
  const at = (fraction: number) => until(partWay(plan, fraction));
  const write = async (actor: string, token: string, path: string, body: unknown, key: string, headers: Record<string, string> = {}) => {
    const answer = await writeUntilAnswered(ledger, actor, `${origin}/api/v1${path}`, body, { token, key, deadline, headers });
    if (answer.status < 200 || answer.status >= 300) record.problems.push(`${actor}: ${path} answered ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json as Record<string, unknown>;
  };
  const read = (actor: string, token: string, path: string) => readUntilAnswered(ledger, actor, `${origin}/api/v1${path}`, token, deadline);
  /** A file through an upload form: the form asked for, the file posted to the bucket as a browser would; a new form if that fails. */
  const upload = async (actor: string, token: string, formPath: string, form: Record<string, unknown>, text: string) => {
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      const answer = await ledger.fetch(actor, `${origin}/api/v1${formPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      if (answer.status === 201) {
        const { url, fields, key } = answer.json as { url: string; fields: Record<string, string>; key: string };
        const data = new FormData();
        for (const [name, value] of Object.entries(fields)) data.set(name, value);
        data.set('file', new Blob([text]), 'upload');
        // The bucket's own address: a form made before a server restart names the port of the bucket that went with it.
        if ((await ledger.fetch(actor, url, { method: 'POST', body: data })).status === 201) return key;
      }
      await sleep(backoff(attempt));
    }
    throw new Error(`${actor}: no upload landed through ${formPath}`);
  };
  // As the first round begins: the inject, written and published (its If-Match makes a resent publish a 412, not a second edit).
  const organiser = 'organiser (paperwork)';
  const dueAt = Math.round(partWay(plan, 0.4));
  const iso = (t: number) => new Date(t).toISOString();
  const created = await write(
    organiser,
    adminToken,
    '/injects',
    {
      title: 'Firewall policy memo',
      text: 'One page for the CEO: every rule your firewall has, and why.',
      super_type_id: 2,
      open_at: iso(Date.now() - 60_000),
      due_at: iso(dueAt),
      close_at: iso(plan.endsAt + 3_600_000),
      late_penalty_percent_per_hour: INJECT.latePercentPerHour,
      points: INJECT.points,
    },
    'inject-memo',
  );
  const injectId = Number(created.id);
  const current = await read(organiser, adminToken, `/injects/${injectId}`);
  const etag = (current.headers?.get('etag') ?? '').replace(/^W\//, '');
  const published = await writeUntilAnswered(
    ledger,
    organiser,
    `${origin}/api/v1/injects/${injectId}`,
    { state: 'published' },
    {
      method: 'PATCH',
      token: adminToken,
      key: 'inject-publish',
      deadline,
      headers: { 'if-match': etag },
    },
  );
  // A publish resent after it landed finds the ETag moved (412): the inject itself says whether it is out.
  if (published.status !== 200) {
    const state = ((await read(organiser, adminToken, `/injects/${injectId}`)).json as { state?: string }).state;
    if (state !== 'published') record.problems.push(`the inject was not published: ${published.status} ${JSON.stringify(published.json)}`);
  }

  const blueTeams = [1, Math.min(2, plan.size.teams)].filter((t, i, all) => all.indexOf(t) === i);
  const members = new Map<number, string>();
  for (const team of blueTeams) members.set(team, await signIn(ctx, `paper-${team}`, { team_id: ctx.teamId.get(team)! }));
  const redTeam = await signIn(ctx, 'red-1', { role: 'red-team' });
  const teamPath = (team: number) => `/team/${ctx.teamId.get(team)}`;
  const firstService = (team: number) => ctx.serviceIds.get(plan.hosts.find((h) => h.team === team)!.url)!;

  // Answers: the first team's on time, the second's after the inject is due (its late share: half, under 50 % an hour).
  const answer = async (team: number) => {
    const actor = `blue team ${team} (paperwork)`;
    const token = members.get(team)!;
    const file = await upload(
      actor,
      token,
      `${teamPath(team)}/uploads`,
      { for: 'inject', inject_id: injectId, file_name: 'memo.txt', content_type: 'text/plain' },
      `Team ${team}'s firewall memo.`,
    );
    await write(actor, token, `${teamPath(team)}/submissions`, { inject_id: injectId, text: `Our memo, team ${team}.`, files: [file] }, `answer-${team}`);
  };
  const reports = async () => {
    for (const team of blueTeams) {
      const actor = `blue team ${team} (paperwork)`;
      const token = members.get(team)!;
      const files =
        team === 1
          ? [await upload(actor, token, `${teamPath(team)}/uploads`, { for: 'incident', file_name: 'shell.txt', content_type: 'text/plain' }, 'ps aux')]
          : [];
      await write(
        actor,
        token,
        `${teamPath(team)}/incidents`,
        { observed_at: iso(Date.now() - 30_000), hosts: [`host1.team${team}.rehearsal.example`], description: `A web shell, team ${team}.`, files },
        `incident-${team}`,
      );
    }
  };

  await at(0.15);
  await answer(blueTeams[0]!);
  await at(0.2);
  await reports();

  // The red team: a finding, the same again within the window (a repeat), one on the second team with evidence.
  await at(0.25);
  const red = 'red team';
  const finding = (team: number, kind: string, doneAgo: number, key: string, files: string[] = []) =>
    write(
      red,
      redTeam,
      '/red-team/findings',
      { team_id: ctx.teamId.get(team), service_id: firstService(team), kind, done_at: iso(Date.now() - doneAgo), description: `Rehearsal ${key}.`, files },
      key,
    );
  const evidence = await upload(red, redTeam, '/red-team/uploads', { file_name: 'proof.txt', content_type: 'text/plain' }, 'uid=0(root)');
  const first = await finding(blueTeams[0]!, FINDING_KINDS[0]!.id, 60_000, 'finding-1');
  const repeat = await finding(blueTeams[0]!, FINDING_KINDS[0]!.id, 30_000, 'finding-2');
  const third = await finding(blueTeams.at(-1)!, FINDING_KINDS[1]!.id, 45_000, 'finding-3', [evidence]);

  await at(0.3);
  await write(organiser, adminToken, '/announcements', { text: 'Inject 1 is due soon.' }, 'announce-all');
  await write(
    organiser,
    adminToken,
    '/announcements',
    { text: `Team ${blueTeams.at(-1)}: see your findings.`, team_id: ctx.teamId.get(blueTeams.at(-1)!) },
    'announce-one',
  );

  await at(0.35);
  const review = (id: unknown, body: Record<string, unknown>, key: string) =>
    write(organiser, adminToken, `/red-team/findings/${Number(id)}/reviews`, body, key);
  await review(first.id, { decision: 'approve', replaces: null }, 'review-1');
  await review(repeat.id, { decision: 'approve', replaces: null }, 'review-2');
  await review(third.id, { decision: 'more_evidence', reason: 'A screenshot, please.', replaces: null }, 'review-3');

  await at(0.45);
  const more = await upload(red, redTeam, '/red-team/uploads', { file_name: 'screen.txt', content_type: 'text/plain' }, 'a screenshot');
  await write(red, redTeam, `/red-team/findings/${Number(third.id)}/evidence`, { note: 'The screenshot.', files: [more] }, 'evidence-3');
  if (blueTeams.length > 1) await answer(blueTeams[1]!);

  await at(0.5);
  await review(third.id, { decision: 'approve', replaces: 1 }, 'review-3b');

  // Grades: each answer's latest version, each report; then a regrade down.
  await at(0.6);
  const submissions = (await read(organiser, adminToken, `/submissions?inject_id=${injectId}`)).json as { items: { team_id: number; version: number }[] };
  const gradeOf = new Map<number, number>([
    [blueTeams[0]!, 18],
    [blueTeams.at(-1)!, 16],
  ]);
  for (const team of blueTeams) {
    const latest = submissions.items.filter((s) => s.team_id === ctx.teamId.get(team)).sort((a, b) => b.version - a.version)[0];
    if (!latest) {
      record.problems.push(`team ${team}'s answer is not in the grading queue`);
      continue;
    }
    await write(
      organiser,
      adminToken,
      `/injects/${injectId}/grades`,
      { team_id: ctx.teamId.get(team), submission_version: latest.version, points: gradeOf.get(team), replaces: null },
      `grade-${team}`,
    );
  }
  const incidents = (await read(organiser, adminToken, '/incidents')).json as { id: number; team_id: number }[];
  for (const report of incidents) {
    const team = [...ctx.teamId].find(([, id]) => id === report.team_id)![0];
    await write(
      organiser,
      adminToken,
      `/incidents/${report.id}/grades`,
      { points: team === blueTeams[0] ? 30 : 10, replaces: null },
      `incident-grade-${report.id}`,
    );
  }
  await at(0.7);
  const latestFirst = submissions.items.filter((s) => s.team_id === ctx.teamId.get(blueTeams[0]!)).sort((a, b) => b.version - a.version)[0];
  if (latestFirst) {
    await write(
      organiser,
      adminToken,
      `/injects/${injectId}/grades`,
      { team_id: ctx.teamId.get(blueTeams[0]!), submission_version: latestFirst.version, points: 15, replaces: 1 },
      `regrade-${blueTeams[0]}`,
    );
  }
  say(
    `paperwork: an inject answered by ${blueTeams.length} teams and graded, ${incidents.length} incident reports graded, 3 findings ruled on, 2 announcements`,
  );

  // What each team's members read back: the announcements meant for them, their grades.
  await at(0.8);
  for (const team of blueTeams) {
    const actor = `blue team ${team} (paperwork)`;
    const token = members.get(team)!;
    const announcements = (await read(actor, token, `${teamPath(team)}/announcements`)).json as { text: string }[];
    const grades = (await read(actor, token, `${teamPath(team)}/grades`)).json as { inject_id: number; awarded: number }[];
    record.teams.push({ team, announcements: announcements.map((a) => a.text), grades: grades.map((g) => ({ inject_id: g.inject_id, awarded: g.awarded })) });
  }
  return record;
}
