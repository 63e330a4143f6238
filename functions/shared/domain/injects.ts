/**
 * Injects (issue #29): business tasks organisers release during the event,
 * each with its times, its points and the rubric it is graded by. What an
 * inject is and the rules on it, pure: which fields agree with each other,
 * which state may follow which, what a team sees, and what a late
 * submission is worth.
 */
import * as v from 'valibot';
import { StoredFileSchema } from '#shared/domain/stored-file';
import { Count, Id, inSchemaOrder, named } from '#shared/domain/shapes';

/** Draft (only organisers see it), published (teams see it from `open_at`), retired (nobody but organisers; its grades stay). */
export const INJECT_STATES = ['draft', 'published', 'retired'] as const;
export type InjectState = (typeof INJECT_STATES)[number];

/** One line of the rubric an inject is graded by: what is looked for, and what it is worth. */
const RubricItemSchema = v.strictObject({ name: v.string(), points: Id });
export type RubricItem = v.InferOutput<typeof RubricItemSchema>;

const InjectObject = v.strictObject({
  id: Id,
  title: v.string(),
  // Markdown: the pages render it with raw HTML left out.
  text: v.pipe(v.string(), v.description('Markdown.')),
  // The super type its grades count in (the sample's Injects).
  super_type_id: Id,
  open_at: v.string(),
  due_at: v.string(),
  close_at: v.pipe(v.string(), v.description('Until when a late submission is taken (due_at: none is).')),
  late_penalty_percent_per_hour: v.pipe(Count, v.description("Of a late submission's grade, the share lost for each hour or part of one after due_at.")),
  points: Id,
  // Empty, or items whose points add up to the inject's.
  rubric: v.array(RubricItemSchema),
  // Organisers upload them after writing it; an edit names them.
  attachments: v.pipe(v.array(StoredFileSchema), v.description('Files that come with it: download each with GET /team/{id}/files?key=…')),
  state: v.picklist(INJECT_STATES),
  // Moves with every edit (1 as created).
  version: Id,
  created_by: v.string(),
  created_at: v.string(),
});

/** An inject as stored, and as organisers read it. */
export const InjectSchema = named(
  'Inject',
  'An inject as organisers write it: its text, times, points and rubric, its state, and the version every edit moves.',
  InjectObject,
);
export type Inject = v.InferOutput<typeof InjectSchema>;

/** An inject as organisers write it. */
export type InjectFields = Omit<Inject, 'id' | 'state' | 'version' | 'created_by' | 'created_at'>;

/** An inject as a team sees it: what it asks, its times, points, rubric and late rule; never its state or who wrote it. */
export const TeamInjectSchema = named(
  'TeamInject',
  'An inject as a team sees it once it is open.',
  v.omit(InjectObject, ['super_type_id', 'state', 'version', 'created_by', 'created_at']),
);
export type TeamInject = v.InferOutput<typeof TeamInjectSchema>;

/**
 * An inject with its schema's fields in its order, whatever order they came
 * in (a stored item's come back in any, and an ETag is of the text);
 * injects written before attachments were taken have none.
 */
export const inOrder = (inject: Inject): Inject => inSchemaOrder(InjectSchema, { ...inject, attachments: inject.attachments ?? [] });

/** What is wrong between an inject's fields (each with the field it is said of); none: they agree. */
export function injectProblems(fields: InjectFields): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (fields.due_at <= fields.open_at) problems.push({ path: 'due_at', message: 'must be after open_at' });
  if (fields.close_at < fields.due_at) problems.push({ path: 'close_at', message: 'must be due_at or later' });
  if (fields.close_at === fields.due_at && fields.late_penalty_percent_per_hour !== 0) {
    problems.push({ path: 'late_penalty_percent_per_hour', message: 'must be 0 when nothing late is taken (close_at is due_at)' });
  }
  const rubricTotal = fields.rubric.reduce((sum, item) => sum + item.points, 0);
  if (fields.rubric.length > 0 && rubricTotal !== fields.points) {
    problems.push({ path: 'rubric', message: `its points add up to ${rubricTotal}, not the inject's ${fields.points}` });
  }
  const names = fields.rubric.map((item) => item.name.toLowerCase());
  if (new Set(names).size !== names.length) problems.push({ path: 'rubric', message: 'names an item twice' });
  return problems;
}

/** Whether an inject may go from one state to another: forward only (a published inject is never a draft again; a retired one stays retired). */
export function stateMayFollow(from: InjectState, to: InjectState): boolean {
  return from === to || INJECT_STATES.indexOf(to) > INJECT_STATES.indexOf(from);
}

/** Whether a team sees an inject at `now` (epoch ms): published, and open. */
export function seenByTeams(inject: Pick<Inject, 'state' | 'open_at'>, now: number): boolean {
  return inject.state === 'published' && Date.parse(inject.open_at) <= now;
}

/**
 * What a grade of a submission made at `submittedAt` is worth: all of it
 * until due_at, then less by `late_penalty_percent_per_hour` for each hour
 * or part of one after it, never below 0 (the documented late rule; a
 * submission after close_at is never taken).
 */
export function lateShare(inject: Pick<Inject, 'due_at' | 'late_penalty_percent_per_hour'>, submittedAt: string): number {
  const late = Date.parse(submittedAt) - Date.parse(inject.due_at);
  if (late <= 0) return 1;
  const hours = Math.ceil(late / 3_600_000);
  return Math.max(0, 1 - (hours * inject.late_penalty_percent_per_hour) / 100);
}

/** An organiser's request that a team revise a version: why, and until when the team may send the revision. */
export const RevisionRequestSchema = named(
  'RevisionRequest',
  "An organiser's request that the team revise this version: the team may send its revision until `until`, whatever the inject's close time, and it keeps this version's late share.",
  v.strictObject({ comment: v.string(), until: v.string(), requested_by: v.string(), requested_at: v.string() }),
);
export type RevisionRequest = v.InferOutput<typeof RevisionRequestSchema>;

/**
 * One version of a team's submission for an inject: kept whole, never
 * changed but for an organiser's revision request on it; a new version is a
 * new submission.
 */
export const SubmissionSchema = named(
  'Submission',
  "One version of a team's submission for an inject, kept whole.",
  v.strictObject({
    inject_id: Id,
    team_id: Id,
    version: v.pipe(Id, v.description('1 for the first, one more for each after it.')),
    text: v.pipe(v.string(), v.description('Markdown.')),
    // Uploaded to the bucket first, as the bucket held them when it was sent.
    files: v.pipe(v.array(StoredFileSchema), v.description('The files sent with it.')),
    submitted_at: v.string(),
    submitted_by: v.pipe(v.string(), v.description('The member whose session sent it.')),
    // As lateShare makes it.
    late_share: v.pipe(v.number(), v.description('What its grade will be worth: 1 until due_at, less after it (the late rule).')),
    revision_request: v.pipe(v.nullable(RevisionRequestSchema), v.description('null: none asked.')),
  }),
);
export type Submission = v.InferOutput<typeof SubmissionSchema>;

/**
 * Whether a team may send a new version at `now` (epoch ms), given its
 * latest: as the inject's window says, or, while a revision an organiser
 * asked of that latest version is due (until its `until`, whatever the
 * inject's close time), with that version's late share: a revision asked
 * for costs the team nothing more.
 */
export function teamWindow(
  inject: Pick<Inject, 'state' | 'open_at' | 'due_at' | 'close_at' | 'late_penalty_percent_per_hour'>,
  latest: Pick<Submission, 'late_share' | 'revision_request'> | undefined,
  now: number,
): ReturnType<typeof submissionWindow> {
  const asked = latest?.revision_request;
  // Only a published inject: a revision asked before it was retired opens nothing.
  if (asked && inject.state === 'published' && now <= Date.parse(asked.until)) {
    return { kind: 'open', late_share: latest.late_share, until: Date.parse(asked.until) >= Date.parse(inject.close_at) ? asked.until : inject.close_at };
  }
  return submissionWindow(inject, now);
}

/** Whether a team may submit for an inject at `now` (epoch ms): not one it does not see, nor after close_at; open, until when. */
export function submissionWindow(
  inject: Pick<Inject, 'state' | 'open_at' | 'due_at' | 'close_at' | 'late_penalty_percent_per_hour'>,
  now: number,
): { kind: 'not-seen' } | { kind: 'closed'; close_at: string } | { kind: 'open'; late_share: number; until: string } {
  if (!seenByTeams(inject, now)) return { kind: 'not-seen' };
  if (now > Date.parse(inject.close_at)) return { kind: 'closed', close_at: inject.close_at };
  return { kind: 'open', late_share: lateShare(inject, new Date(now).toISOString()), until: inject.close_at };
}

/** One rubric item's score in a grade, with the grader's comment on it. */
const RubricScoreSchema = v.strictObject({ name: v.string(), points: Count, comment: v.string() });
export type RubricScore = v.InferOutput<typeof RubricScoreSchema>;

const GradeObject = v.strictObject({
  inject_id: Id,
  team_id: Id,
  n: v.pipe(Id, v.description('1 for the first grade, one more for each regrade (the old ones kept).')),
  // The version of the team's submission graded.
  submission_version: Id,
  scores: v.array(RubricScoreSchema),
  comment: v.string(),
  points: v.pipe(Count, v.description('What the grader gave, before the late rule.')),
  late_share: v.number(),
  awarded: v.pipe(Count, v.description('What it is worth on the board: points × late_share, rounded.')),
  award: v.pipe(v.number(), v.description("What it added to the team's points: awarded less the previous grade's.")),
  super_type_id: Id,
  graded_by: v.string(),
  graded_at: v.string(),
});

/**
 * A grade of a team's submission: kept whole, never changed; a regrade is
 * the next one (`n`), and the old stays. `award` is what it adds to the
 * team's points (its `awarded` less the previous grade's): the fold reads it
 * as it reads an adjustment, so the freeze, `verify` and the history follow.
 */
export const GradeSchema = named(
  'Grade',
  "A grade of a team's submission, kept whole (a regrade is the next, the old one stays), with what it changed on the board.",
  GradeObject,
);
export type Grade = v.InferOutput<typeof GradeSchema>;

/** What a team sees of its latest grade of an inject: its points and comments, never what it moved on the board nor who gave it. */
export const TeamGradeSchema = named(
  'TeamGrade',
  "A team's latest grade of an inject, with the grader's comments.",
  v.omit(GradeObject, ['team_id', 'award', 'super_type_id', 'graded_by']),
);
export type TeamGrade = v.InferOutput<typeof TeamGradeSchema>;

/**
 * What a grader's scores of an inject come to: with a rubric, a score for
 * each item (none unnamed, none twice, each at most the item's points);
 * without, the points given (at most the inject's). Problems name the field.
 */
export function gradePoints(
  inject: Pick<Inject, 'points' | 'rubric'>,
  given: { scores?: { name: string; points: number }[]; points?: number },
): { points: number } | { problems: { path: string; message: string }[] } {
  if (inject.rubric.length === 0) {
    if (given.scores !== undefined) return { problems: [{ path: 'scores', message: 'this inject has no rubric: give points' }] };
    if (given.points === undefined) return { problems: [{ path: 'points', message: 'is required (this inject has no rubric)' }] };
    if (given.points > inject.points) return { problems: [{ path: 'points', message: `must be at most the inject's ${inject.points}` }] };
    return { points: given.points };
  }
  if (given.points !== undefined) return { problems: [{ path: 'points', message: 'this inject has a rubric: give scores' }] };
  const scores = given.scores ?? [];
  const problems: { path: string; message: string }[] = [];
  for (const item of inject.rubric) {
    const found = scores.filter((s) => s.name.toLowerCase() === item.name.toLowerCase());
    if (found.length !== 1) problems.push({ path: 'scores', message: `must score "${item.name}" once` });
    else if (found[0]!.points > item.points) problems.push({ path: 'scores', message: `"${item.name}" is worth at most ${item.points}` });
  }
  const unknown = scores.filter((s) => !inject.rubric.some((item) => item.name.toLowerCase() === s.name.toLowerCase()));
  for (const s of unknown) problems.push({ path: 'scores', message: `"${s.name}" is not an item of the rubric` });
  if (problems.length > 0) return { problems };
  return { points: scores.reduce((sum, s) => sum + s.points, 0) };
}

/**
 * The grade that counts of each inject or report: the latest, the first met
 * per key in grades read newest first within each key (teamGrades,
 * teamIncidentGrades).
 */
export function latestPer<G>(newestFirst: readonly G[], key: (grade: G) => number): Map<number, G> {
  const latest = new Map<number, G>();
  for (const grade of newestFirst) if (!latest.has(key(grade))) latest.set(key(grade), grade);
  return latest;
}

/** What a grade is worth on the board: the points given, less the late rule's share, rounded to a whole point. */
export const awardedPoints = (points: number, lateShare: number) => Math.round(points * lateShare);

/** What the board needs of an inject teams were given: when it was due, what it was worth, and where. */
export interface ScheduledInject {
  due_at: string;
  points: number;
  super_type_id: number;
}

/** An inject's place in its super type's maximum: from its publication on (a retired one keeps it); a draft has none. */
export function scheduled(inject: Pick<Inject, 'state' | 'due_at' | 'points' | 'super_type_id'> | null): ScheduledInject | undefined {
  if (!inject || inject.state === 'draft') return undefined;
  return { due_at: inject.due_at, points: inject.points, super_type_id: inject.super_type_id };
}

/**
 * What each super type's injects could have earned by `cutoff`: the points
 * of those due at or before it (an inject not yet due is not yet missed,
 * as a service not yet checked is not). Keys are super type ids as strings,
 * as in a team's totals.
 */
export function injectMaxima(schedule: readonly ScheduledInject[], cutoff: string): Record<string, number> {
  const maxima: Record<string, number> = {};
  for (const inject of schedule)
    if (Date.parse(inject.due_at) <= Date.parse(cutoff)) maxima[String(inject.super_type_id)] = (maxima[String(inject.super_type_id)] ?? 0) + inject.points;
  return maxima;
}

/** Teams' totals with the injects' maxima added to what their checks could have earned. */
export function withInjectMaxima<T extends { totals: { max_points: Record<string, number> } }>(teams: T[], maxima: Record<string, number>): T[] {
  if (Object.keys(maxima).length === 0) return teams;
  return teams.map((team) => {
    const max_points = { ...team.totals.max_points };
    for (const [superType, points] of Object.entries(maxima)) max_points[superType] = (max_points[superType] ?? 0) + points;
    return { ...team, totals: { ...team.totals, max_points } };
  });
}
