import { expectedAwards, lateShare, type Award, type AwardRules, type IncidentGrade, type InjectGrade, type Ruling } from './awards';
import type { LedgerEntry } from './ledger';
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

const ok2xx = (status: number) => status >= 200 && status < 300;
type Body = Record<string, unknown>;

export function checkPaperwork(
  ledger: readonly LedgerEntry[],
  collected: CollectedPaperwork,
  record: PaperworkRecord,
  teamNumber: (id: number) => number,
  teams: readonly number[],
  rules: AwardRules,
): { lost: string[]; problems: string[]; awards: Award[]; acknowledged: Record<string, number> } {
  const lost: string[] = [];
  const problems = [...record.problems];
  /** The writes of one route a ledger shows acknowledged, one per key (a resent write under its key is one write). */
  const acknowledged = (method: string, path: RegExp) => {
    const firstSent = new Map<string, number>();
    const byKey = new Map<string, { entry: LedgerEntry; sent: number; answered: number }>();
    for (const e of ledger) {
      if (e.method !== method || !path.test(e.path.split('?')[0]!) || !e.key) continue;
      firstSent.set(e.key, Math.min(firstSent.get(e.key) ?? Infinity, e.sent));
      if (ok2xx(e.status)) byKey.set(e.key, { entry: e, sent: firstSent.get(e.key)!, answered: e.answered });
    }
    return [...byKey.values()];
  };
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
  for (const { entry, answered } of reviews) {
    const id = Number(/findings\/(\d+)\//.exec(entry.path)![1]);
    const count = reviews.filter((r) => r.entry.path === entry.path).length;
    const there = collected.rulings[id]?.length ?? 0;
    if (there !== count) lost.push(`rulings on finding ${id}: ${count} acknowledged, ${there} there`);
    const finding = findingById.get(id);
    if (!finding) continue;
    const decision = (entry.body as Body).decision as Ruling['decision'];
    rulings.push({ t: answered, findingId: id, ...finding, kindPoints: finding.points, decision });
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
  for (const { entry, answered } of graded) {
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
      t: answered,
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
  for (const { entry, answered } of reportsGraded) {
    const id = Number(/incidents\/(\d+)\//.exec(entry.path)![1]);
    const report = collected.incidents.find((r) => r.id === id);
    if (!(collected.incidentGrades[id] ?? []).some((g) => g.n === (entry.answer as Body).n)) lost.push(`incident grade ${entry.key}: acknowledged, not there`);
    if (report) incidentGrades.push({ t: answered, team: teamNumber(report.team_id), report: id, points: Number((entry.body as Body).points) });
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
    injects.map((i) => ({ superType: i.super_type_id, points: i.points })),
    teams,
    rules,
  );
  // Each team's own page shows the grade the rules give its answer.
  for (const seen of record.teams) {
    for (const grade of seen.grades) {
      const latest = injectGrades.filter((g) => g.team === seen.team && g.inject === grade.inject_id).sort((a, b) => b.t - a.t)[0];
      const want = latest ? Math.round(latest.points * latest.lateShare) : 'no grade';
      if (grade.awarded !== want) problems.push(`team ${seen.team}'s page shows ${grade.awarded} for inject ${grade.inject_id}, the rules give ${want}`);
    }
  }
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
