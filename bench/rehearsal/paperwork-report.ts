import { expectedAwards, lateShare, type Award, type AwardRules, type IncidentGrade, type InjectGrade, type Ruling } from './awards';
import { acknowledgedWrites, ok2xx, type LedgerEntry } from './ledger';
import type { PaperworkRecord } from './paperwork';
import { FINDING_KINDS } from './plan';

/**
 * What the report holds the paperwork to: every answer, report, finding,
 * piece of evidence, ruling, grade and announcement a ledger shows
 * acknowledged is there at the end, once (by its Idempotency-Key), with its
 * files pinned to keys of its own; each team read what was meant for it;
 * and what the decisions move on the board, by the rules (./awards.ts).
 */
export interface CollectedPaperwork {
  findings: { id: number; team_id: number; description: string; files: { key: string }[]; additions: { files?: { key: string }[] }[] }[];
  rulings: Record<string, { n: number }[]>;
  injects: { id: number; super_type_id: number; points: number; state: string; due_at: string }[];
  grades: Record<string, { team_id: number; n: number; late_share: number }[]>;
  submissions: Record<string, { team_id: number; version: number; files: { key: string }[] }[]>;
  incidents: { id: number; team_id: number; description: string; files: { key: string }[] }[];
  incidentGrades: Record<string, { n: number }[]>;
  announcements: { text: string; team_id: number | null }[];
}

type Body = Record<string, unknown>;

export function checkPaperwork(
  ledger: readonly LedgerEntry[],
  collected: CollectedPaperwork,
  record: PaperworkRecord,
  teamNumber: (id: number) => number,
  teams: readonly number[],
  rules: AwardRules,
  /** When the board the awards are held to was read: injects due by then count in the maximum. */
  boardReadAt: number,
): { lost: string[]; problems: string[]; awards: Award[]; acknowledged: Record<string, number> } {
  const lost: string[] = [];
  const problems = [...record.problems];
  const acknowledged = (method: string, path: RegExp) => acknowledgedWrites(ledger, method, path);
  const staged = (files: { key: string }[]) => files.filter((f) => f.key.startsWith('staging/')).length;
  const pinned = (what: string, asked: unknown, kept: { key: string }[]) => {
    const named = Array.isArray(asked) ? asked.length : 0;
    if (kept.length !== named || staged(kept) > 0) lost.push(`${what}: ${named} files named, ${kept.length} kept (${staged(kept)} left in staging)`);
  };

  // Findings, their evidence and rulings.
  const filed = acknowledged('POST', /^\/api\/v1\/red-team\/findings$/);
  const findingById = new Map<number, { team: number; service: number; kind: string; points: number; doneAt: number }>();
  for (const { entry } of filed) {
    const body = entry.body as Body;
    const answer = entry.answer as Body;
    const there = collected.findings.filter((f) => f.description === body.description);
    if (there.length !== 1) lost.push(`finding ${entry.key}: acknowledged, ${there.length} there`);
    else pinned(`finding ${entry.key}`, body.files, there[0]!.files);
    findingById.set(Number(answer.id), {
      team: teamNumber(Number(body.team_id)),
      service: Number(body.service_id),
      kind: String(body.kind),
      points: FINDING_KINDS.find((k) => k.id === body.kind)?.points ?? 0,
      doneAt: Date.parse(String(body.done_at)),
    });
  }
  const evidence = acknowledged('POST', /^\/api\/v1\/red-team\/findings\/\d+\/evidence$/);
  for (const { entry } of evidence) {
    const id = Number(/findings\/(\d+)\//.exec(entry.path)![1]);
    const finding = collected.findings.find((f) => f.id === id);
    const added = finding?.additions ?? [];
    const mine = evidence.filter((e) => e.entry.path === entry.path).length;
    if (added.length !== mine) lost.push(`evidence ${entry.key}: ${mine} additions acknowledged, ${added.length} there`);
    else pinned(`evidence ${entry.key}`, (entry.body as Body).files, added.at(-1)?.files ?? []);
  }
  const reviews = acknowledged('POST', /^\/api\/v1\/red-team\/findings\/\d+\/reviews$/);
  const rulings: Ruling[] = [];
  // Each decision stamped when first sent: it may land then, though acknowledged only on a later sending.
  for (const { entry, sent } of reviews) {
    const id = Number(/findings\/(\d+)\//.exec(entry.path)![1]);
    const count = reviews.filter((r) => r.entry.path === entry.path).length;
    const there = collected.rulings[id]?.length ?? 0;
    const said = lost.some((l) => l.startsWith(`rulings on finding ${id}:`));
    if (there !== count && !said) lost.push(`rulings on finding ${id}: ${count} acknowledged, ${there} there`);
    const finding = findingById.get(id);
    if (!finding) continue;
    const decision = (entry.body as Body).decision as Ruling['decision'];
    const points = (entry.body as Body).points;
    rulings.push({ t: sent, findingId: id, ...finding, points: typeof points === 'number' ? points : finding.points, decision });
  }

  // Injects: answers, grades (with the late share of the version graded).
  const answers = acknowledged('POST', /^\/api\/v1\/team\/\d+\/submissions$/);
  for (const { entry } of answers) {
    const answer = entry.answer as Body;
    const versions = collected.submissions[String((entry.body as Body).inject_id)] ?? [];
    const there = versions.filter((v) => v.team_id === answer.team_id && v.version === answer.version);
    const mine = answers.filter((a) => a.entry.path === entry.path).length;
    const all = versions.filter((v) => v.team_id === answer.team_id).length;
    if (there.length !== 1 || all !== mine)
      lost.push(`answer ${entry.key}: version ${String(answer.version)} there ${there.length} times; ${mine} answers acknowledged, ${all} versions`);
    else pinned(`answer ${entry.key}`, (entry.body as Body).files, there[0]!.files);
  }
  const injects = collected.injects.filter((i) => i.state !== 'draft');
  const injectGrades: InjectGrade[] = [];
  const graded = acknowledged('POST', /^\/api\/v1\/injects\/\d+\/grades$/);
  for (const { entry, sent } of graded) {
    const injectId = Number(/injects\/(\d+)\//.exec(entry.path)![1]);
    const inject = collected.injects.find((i) => i.id === injectId);
    const body = entry.body as Body;
    const answer = entry.answer as Body;
    if (!inject) continue;
    if (!(collected.grades[injectId] ?? []).some((g) => g.team_id === body.team_id && g.n === answer.n))
      lost.push(`grade ${entry.key}: acknowledged, not there`);
    // The version graded arrived somewhere between its first sending and its answer: either late share is right.
    const version = answers.find(
      (a) =>
        (a.entry.body as Body).inject_id === injectId &&
        (a.entry.answer as Body).team_id === body.team_id &&
        (a.entry.answer as Body).version === body.submission_version,
    );
    const due = Date.parse(inject.due_at);
    const shares = version
      ? [lateShare(version.sent, due, latePenalty(ledger, injectId)), lateShare(version.answered, due, latePenalty(ledger, injectId))]
      : [];
    const given = Number(answer.late_share);
    if (!shares.includes(given))
      problems.push(`grade ${entry.key}: late share ${given}, the rules give ${shares.join(' or ') || 'nothing (its version is in no ledger)'}`);
    injectGrades.push({
      t: sent,
      team: teamNumber(Number(body.team_id)),
      inject: injectId,
      superType: inject.super_type_id,
      points: Number(body.points),
      lateShare: shares.includes(given) ? given : (shares[0] ?? 0),
    });
  }

  // Incident reports and their grades.
  const reported = acknowledged('POST', /^\/api\/v1\/team\/\d+\/incidents$/);
  for (const { entry } of reported) {
    const body = entry.body as Body;
    const there = collected.incidents.filter((r) => r.description === body.description);
    if (there.length !== 1) lost.push(`incident report ${entry.key}: acknowledged, ${there.length} there`);
    else pinned(`incident report ${entry.key}`, body.files, there[0]!.files);
  }
  const incidentGrades: IncidentGrade[] = [];
  const reportsGraded = acknowledged('POST', /^\/api\/v1\/incidents\/\d+\/grades$/);
  for (const { entry, sent } of reportsGraded) {
    const id = Number(/incidents\/(\d+)\//.exec(entry.path)![1]);
    const report = collected.incidents.find((r) => r.id === id);
    if (!(collected.incidentGrades[id] ?? []).some((g) => g.n === (entry.answer as Body).n)) lost.push(`incident grade ${entry.key}: acknowledged, not there`);
    if (report) incidentGrades.push({ t: sent, team: teamNumber(report.team_id), report: id, points: Number((entry.body as Body).points) });
  }

  // Announcements: each once, and each team read those meant for it (and not another team's).
  const posted = acknowledged('POST', /^\/api\/v1\/announcements$/).map((a) => a.entry.body as { text: string; team_id?: number });
  for (const a of posted) {
    const there = collected.announcements.filter((x) => x.text === a.text).length;
    if (there !== 1) lost.push(`announcement "${a.text}": acknowledged, ${there} there`);
  }
  for (const seen of record.teams) {
    for (const a of posted) {
      const meant = a.team_id === undefined || teamNumber(a.team_id) === seen.team;
      if (meant !== seen.announcements.includes(a.text)) problems.push(`team ${seen.team} ${meant ? 'did not read' : 'read'} "${a.text}"`);
    }
  }

  const awards = expectedAwards(
    rulings,
    injectGrades,
    incidentGrades,
    injects.map((i) => ({ superType: i.super_type_id, points: i.points, dueAt: Date.parse(i.due_at) })),
    teams,
    rules,
    boardReadAt,
  );
  // Each team's own page shows, for each inject graded, the grade the rules give its latest answer, and nothing else.
  for (const seen of record.teams) {
    const latest = new Map<number, InjectGrade>();
    for (const g of [...injectGrades].sort((a, b) => a.t - b.t)) if (g.team === seen.team) latest.set(g.inject, g);
    const want = [...latest]
      .map(([inject, g]) => ({ inject_id: inject, awarded: Math.round(g.points * g.lateShare) }))
      .sort((a, b) => a.inject_id - b.inject_id);
    const shown = [...seen.grades].sort((a, b) => a.inject_id - b.inject_id);
    if (JSON.stringify(shown) !== JSON.stringify(want))
      problems.push(`team ${seen.team}'s page shows grades ${JSON.stringify(shown)}, the rules give ${JSON.stringify(want)}`);
  }
  // The answers were one on time and one late (else the late rule went untried).
  const shares = new Set(injectGrades.map((g) => g.lateShare));
  if (record.teams.length > 1 && !(shares.has(1) && [...shares].some((share) => share < 1)))
    problems.push(`the answers graded were not one on time and one late (late shares ${[...shares].join(', ') || 'none'})`);
  const acknowledgedCounts = {
    findings: filed.length,
    evidence: evidence.length,
    rulings: reviews.length,
    answers: answers.length,
    grades: graded.length,
    incident_reports: reported.length,
    incident_grades: reportsGraded.length,
    announcements: posted.length,
  };
  return { lost, problems, awards, acknowledged: acknowledgedCounts };
}

/** The inject's late penalty, as the organiser wrote it. */
function latePenalty(ledger: readonly LedgerEntry[], injectId: number): number {
  const created = ledger.find((e) => e.method === 'POST' && e.path === '/api/v1/injects' && ok2xx(e.status) && (e.answer as Body).id === injectId);
  return Number((created?.body as Body | undefined)?.late_penalty_percent_per_hour ?? 0);
}
