/**
 * The oracle's second half: what the event's paperwork moves on the board,
 * under the documented rules (docs/scoring.md, docs/operating.md "The red team"), worked out
 * from what the ledgers show the organisers decided, never from what the
 * API says each decision changed. Pure.
 *
 * - An approved finding takes its kind's points (or the organiser's own) off
 *   its team in the findings' super type, unless it is a repeat: at its approval, another
 *   finding of the same team, service and kind, counted, was done within the
 *   repeat window of it. A repeat counts nothing (which one counts follows
 *   the order of approval). Findings move no maximum.
 * - An inject's grade awards its points × the submission's late share (1 by
 *   `due_at`; after it, less the penalty for each hour or part of one, never
 *   below 0), rounded; a regrade replaces it. Every team's maximum in the
 *   inject's super type grows by its points once it is due.
 * - An incident report's grade awards its points (a regrade replaces it) and
 *   adds the settings' most a report may earn to the maximum, once.
 *
 * These repeat the product's rules (functions/shared/domain/findings.ts,
 * injects.ts, incidents.ts) on purpose, written apart from them: an oracle
 * that called the product's own functions would agree with any mistake in
 * them.
 */

export interface Ruling {
  /** When it was made: the order of approval. */
  t: number;
  findingId: number;
  team: number;
  service: number;
  kind: string;
  /** What an approval takes off: the kind's points, or the organiser's own. */
  points: number;
  doneAt: number;
  decision: 'approve' | 'reject' | 'more_evidence';
}

export interface InjectGrade {
  t: number;
  team: number;
  inject: number;
  superType: number;
  points: number;
  lateShare: number;
}

export interface IncidentGrade {
  t: number;
  team: number;
  report: number;
  points: number;
}

export interface AwardRules {
  findingsSuperType: number;
  repeatWindowMs: number;
  incidentsSuperType: number;
  incidentMaxPoints: number;
}

/** A move on one team's figure in one super type, and when it was decided (the drops it explains to spectators). */
export interface Award {
  t: number;
  team: number;
  superType: number;
  points: number;
  max: number;
}

export function lateShare(arrival: number, dueAt: number, penaltyPercentPerHour: number): number {
  if (arrival <= dueAt) return 1;
  const hours = Math.ceil((arrival - dueAt) / 3_600_000);
  return Math.max(0, 1 - (hours * penaltyPercentPerHour) / 100);
}

export function expectedAwards(
  rulings: readonly Ruling[],
  injectGrades: readonly InjectGrade[],
  incidentGrades: readonly IncidentGrade[],
  injects: readonly { superType: number; points: number; dueAt: number }[],
  teams: readonly number[],
  rules: AwardRules,
  /** When the board the awards are held to was read. */
  boardReadAt: number,
): Award[] {
  const awards: Award[] = [];
  // Findings: each finding's deduction now, changed by each ruling in the order they were made.
  const deducted = new Map<number, number>();
  const counted = new Map<number, Ruling>();
  for (const ruling of [...rulings].sort((a, b) => a.t - b.t)) {
    const before = deducted.get(ruling.findingId) ?? 0;
    const approved = ruling.decision === 'approve';
    const repeat =
      approved &&
      [...counted.values()].some(
        (other) =>
          other.findingId !== ruling.findingId &&
          other.team === ruling.team &&
          other.service === ruling.service &&
          other.kind === ruling.kind &&
          Math.abs(other.doneAt - ruling.doneAt) < rules.repeatWindowMs,
      );
    // Counted while its latest ruling is an approval that is no repeat (even of 0 points: it still makes repeats).
    const counts = approved && !repeat;
    counted.delete(ruling.findingId);
    if (counts) counted.set(ruling.findingId, ruling);
    const now = counts ? ruling.points : 0;
    deducted.set(ruling.findingId, now);
    if (now !== before) awards.push({ t: ruling.t, team: ruling.team, superType: rules.findingsSuperType, points: before - now, max: 0 });
  }
  // Inject grades: the latest of each team's answer replaces the one before.
  const graded = new Map<string, number>();
  for (const grade of [...injectGrades].sort((a, b) => a.t - b.t)) {
    const key = `${grade.team}/${grade.inject}`;
    const awarded = Math.round(grade.points * grade.lateShare);
    const before = graded.get(key) ?? 0;
    graded.set(key, awarded);
    if (awarded !== before) awards.push({ t: grade.t, team: grade.team, superType: grade.superType, points: awarded - before, max: 0 });
  }
  // A published inject's points join every team's maximum at its due time.
  for (const inject of injects.filter((i) => i.dueAt <= boardReadAt))
    for (const team of teams) awards.push({ t: inject.dueAt, team, superType: inject.superType, points: 0, max: inject.points });
  // Incident reports: the first grade opens the report's maximum, each regrade replaces the points.
  const reports = new Map<number, number>();
  for (const grade of [...incidentGrades].sort((a, b) => a.t - b.t)) {
    const before = reports.get(grade.report);
    reports.set(grade.report, grade.points);
    awards.push({
      t: grade.t,
      team: grade.team,
      superType: rules.incidentsSuperType,
      points: grade.points - (before ?? 0),
      max: before === undefined ? rules.incidentMaxPoints : 0,
    });
  }
  return awards;
}
