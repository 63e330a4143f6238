/**
 * Injects (issue #29): organisers write them (a draft), edit them with
 * If-Match, publish and retire them (each change audited); a team reads
 * those it may see and submits for them, each submission a kept version.
 */
import type * as v from 'valibot';
import type { GradeBody } from '#shared/api/schemas/requests/injects';
import { gradeWritten } from '#shared/app/awards';
import { ATTEMPTS, editConditionally } from '#shared/app/conditional-edit';
import type { AuditContext } from '#shared/data/audit';
import { allocateId } from '#shared/data/counters';
import { listInjects, readInject, writeInject } from '#shared/data/injects';
import {
  injectProblems,
  inOrder,
  seenByTeams,
  stateMayFollow,
  teamWindow,
  type Inject,
  type InjectFields,
  type InjectState,
  type Submission,
  type Grade,
  type TeamGrade,
  type TeamInject,
  TeamGradeSchema,
  TeamInjectSchema,
  gradePoints,
  awardedPoints,
  latestPer,
} from '#shared/domain/injects';
import { putGrade, teamGrades } from '#shared/data/grades';
import { keptFilesOf, putSubmission, requestRevision, teamSubmissions, teamSubmissionsPage } from '#shared/data/submissions';
import { listTeamRecords } from '#shared/data/teams';
import { inSchemaOrder } from '#shared/domain/shapes';
import { formatTimestamp } from '#shared/validation';
import { keepFiles } from '#shared/app/files';
import { injectAttachments, MAX_ATTACHMENTS, MAX_BYTES_PER_SUBMISSION, MAX_FILE_BYTES, MAX_TEAM_FILE_BYTES, submissionFiles } from '#shared/domain/files';
import { fileInOrder, type StoredFile } from '#shared/domain/stored-file';
import { conflict, notFound, serviceUnavailable, validationFailed } from '#shared/http/problem';

const superTypeGone = (id: number) => validationFailed([{ path: 'super_type_id', message: `no super type has id ${id}` }]);

function refuseDisagreeing(fields: InjectFields): void {
  const problems = injectProblems(fields);
  if (problems.length > 0) throw validationFailed(problems);
}

/** A new inject, a draft (teams see nothing of it until it is published). `close_at` left out: due_at, no late submission. */
export async function createInject(
  fields: Omit<InjectFields, 'close_at' | 'attachments'> & { close_at?: string },
  audit: AuditContext,
  now = new Date(),
): Promise<Inject> {
  // Attachments come after: their upload forms name the inject.
  const complete: InjectFields = { ...fields, close_at: fields.close_at ?? fields.due_at, attachments: [] };
  refuseDisagreeing(complete);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const inject = inOrder({
      id: await allocateId('inject'),
      ...complete,
      state: 'draft',
      version: 1,
      created_by: audit.actor.name,
      created_at: formatTimestamp(now),
    });
    const written = await writeInject(null, inject, audit);
    if (written === 'written') return inject;
    if (written === 'super-type-gone') throw superTypeGone(fields.super_type_id);
  }
  throw serviceUnavailable('inject_busy', 'Injects kept being added at once; try again.', 1);
}

/** An inject edited (its fields and attachments, its state forward only), with If-Match: 412 when stale; 409 for a state that may not follow. */
export function editInject(
  id: number,
  change: Partial<Omit<InjectFields, 'attachments'>> & { state?: InjectState; attachments?: readonly string[] },
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<Inject> {
  // Attachments named: the organisers' uploads for this inject, as the bucket holds them (read once, whatever the retries).
  let named: StoredFile[] | undefined;
  return editConditionally(
    { kind: 'inject', id, readAt: `/injects/${id}`, busy: 'inject_busy' },
    ifMatch,
    () => readInject(id),
    async (before) => {
      if (change.state !== undefined && !stateMayFollow(before.state, change.state)) {
        throw conflict('inject_state', `Inject ${id} is ${before.state}: it cannot be ${change.state} again (an inject's state only moves forward).`);
      }
      // Its current attachments stay as they are; new uploads are kept (copied) once, whatever the retries.
      if (change.attachments !== undefined) {
        named ??= await keepFiles(injectAttachments(id), change.attachments, {
          earlier: before.attachments,
          limits: { maxBytes: MAX_ATTACHMENTS * MAX_FILE_BYTES },
          field: 'attachments',
        });
      }
      const attachments = named ?? before.attachments;
      const after = inOrder({ ...before, ...change, attachments, version: before.version + 1 });
      refuseDisagreeing(after);
      const written = await writeInject(before, after, audit);
      if (written === 'super-type-gone') throw superTypeGone(after.super_type_id);
      return written === 'written' ? after : undefined;
    },
  );
}

/** The injects a team sees at `now`: published and open, in id order. */
export async function teamInjects(now = Date.now()): Promise<TeamInject[]> {
  return (await listInjects()).filter((inject) => seenByTeams(inject, now)).map(teamView);
}

function teamView(inject: Inject): TeamInject {
  return inSchemaOrder(TeamInjectSchema, inject);
}

/** Tries when two members of a team submit for one inject at once (each retry takes the next version). */
const SUBMIT_ATTEMPTS = 5;

/**
 * A team's submission for an inject: a new version, kept with the others,
 * until close_at (then 409 `inject_closed`, with the time), or until the
 * `until` of a revision an organiser asked of its latest version. An inject
 * the team does not see (a draft, retired, not open yet, unknown) is 404.
 * Files it names must be the team's uploads for the inject, in the bucket
 * (app/files.ts filesToKeep).
 */
export async function submit(
  teamId: number,
  sent: { inject_id: number; text: string; files?: readonly string[] },
  member: string,
  now = new Date(),
): Promise<Submission> {
  const injectId = sent.inject_id;
  const inject = await readInject(injectId);
  let files: StoredFile[] | undefined;
  for (let attempt = 0; attempt < SUBMIT_ATTEMPTS; attempt++) {
    const { latest, window } = await teamMaySend(teamId, injectId, inject, now);
    // Read back from the bucket and kept (copied) once, when the inject is known open to the team.
    files ??= await keepFiles(submissionFiles(teamId, injectId), sent.files ?? [], {
      // What earlier versions keep: read only when this one names files (a text-only answer needs none).
      earlier: sent.files?.length ? await keptFilesOf(teamId, injectId) : [],
      limits: { maxBytes: MAX_BYTES_PER_SUBMISSION, maxTotalBytes: MAX_TEAM_FILE_BYTES },
    });
    const submission: Submission = {
      inject_id: injectId,
      team_id: teamId,
      version: (latest?.version ?? 0) + 1,
      text: sent.text,
      files,
      submitted_at: formatTimestamp(now),
      submitted_by: member,
      late_share: window.late_share,
      revision_request: null,
    };
    // Kept with where each file came from (a later version may name it again); answered as every reader sees it.
    if (await putSubmission(submission)) return { ...submission, files: submission.files.map(fileInOrder) };
  }
  throw serviceUnavailable('inject_busy', 'Submissions for this inject kept arriving at once; send it again.', 1);
}

/**
 * Whether a team may send for an inject now, from its latest version: open
 * (at which late share, until when), else 404 for an inject it does not see
 * and 409 `inject_closed` after it closes. A submission and an upload form
 * both ask it.
 */
export async function teamMaySend(teamId: number, injectId: number, inject: Inject | undefined, now: Date) {
  const notSeen = () => notFound(`No inject ${injectId} is open to teams.`);
  if (!inject) throw notSeen();
  const [latest] = await teamSubmissions(teamId, injectId);
  const window = teamWindow(inject, latest, now.getTime());
  if (window.kind === 'not-seen') throw notSeen();
  if (window.kind === 'closed') throw conflict('inject_closed', `Inject ${injectId} closed at ${window.close_at}: nothing more is taken.`);
  return { latest, window };
}

/**
 * An organiser asks a team to revise its latest version for an inject: the
 * team may send a new version until `until` (by default the inject's close
 * time; it may be later), which keeps the revised version's late share.
 * Audited. 409 `submission_changed` when the version is not the latest, or
 * a revision was asked of it already.
 */
export async function askRevision(
  injectId: number,
  asked: { team_id: number; submission_version: number; comment: string; until?: string },
  audit: AuditContext,
  now = new Date(),
): Promise<Submission> {
  const inject = await readInject(injectId);
  if (!inject) throw notFound(`No inject has id ${injectId}.`);
  const submissions = await teamSubmissions(asked.team_id, injectId);
  const submission = versionOf(submissions, asked, injectId);
  const until = asked.until ?? inject.close_at;
  if (Date.parse(until) <= now.getTime()) {
    throw validationFailed([{ path: 'until', message: `${until} has passed: give the time until which the team may send its revision` }]);
  }
  const request = { comment: asked.comment, until, requested_by: audit.actor.name, requested_at: formatTimestamp(now) };
  const stale = () =>
    conflict(
      'submission_changed',
      `Version ${submission.version} of team ${asked.team_id} is not one a revision can be asked of (its latest is ${submissions[0]!.version}, or a revision was asked already): read the submissions again.`,
    );
  if (submissions[0] !== submission || submission.revision_request) throw stale();
  if ((await requestRevision(submission, request, audit)) === 'stale') throw stale();
  return { ...submission, revision_request: request };
}

/** The version a grade or a revision request names, or 400 naming `submission_version`. */
function versionOf(submissions: Submission[], named: { team_id: number; submission_version: number }, injectId: number): Submission {
  const submission = submissions.find((s) => s.version === named.submission_version);
  if (submission) return submission;
  throw validationFailed([{ path: 'submission_version', message: `team ${named.team_id} has no version ${named.submission_version} for inject ${injectId}` }]);
}

/** Where a page of an inject's submissions resumes: after this team's this version. */
export interface SubmissionsPosition {
  team: number;
  version: number;
}

/** Teams read at once while a page fills: a queue of a few teams' answers among hundreds of teams is a few rounds of reads. */
const TEAMS_AT_ONCE = 8;

/**
 * A page of every team's submissions for an inject, team by team (by id),
 * newest version first, at most `limit` versions (each may be 50 000
 * characters: a page is bounded, whatever the teams sent); or of the
 * grading queue: each team's latest version when no grade is of it (never
 * graded, or sent again since) and no revision is asked of it (that waits
 * for the team). Each team's versions are read by its own key, only as many
 * as the page still needs. `next` is where the next page resumes.
 */
export async function injectSubmissions(
  injectId: number,
  options: { ungraded?: boolean; limit: number; after?: SubmissionsPosition },
): Promise<{ items: Submission[]; next: SubmissionsPosition | undefined }> {
  const after = options.after;
  const teams = (await listTeamRecords({ totals: false }))
    .map((t) => t.team.id)
    .sort((a, b) => a - b)
    .filter((id) => after === undefined || id > after.team || (id === after.team && !options.ungraded));
  const items: Submission[] = [];
  for (let i = 0; i < teams.length; i += TEAMS_AT_ONCE) {
    const wanted = options.limit - items.length;
    const read = await Promise.all(
      teams.slice(i, i + TEAMS_AT_ONCE).map(async (teamId) => {
        const before = after?.team === teamId ? after.version : undefined;
        // One more than the page still needs: whether more follow is then known without another read.
        if (!options.ungraded) return teamSubmissionsPage(teamId, injectId, { limit: wanted + 1, before });
        const [latest] = await teamSubmissionsPage(teamId, injectId, { limit: 1 });
        if (!latest || latest.revision_request) return [];
        const [grade] = await teamGrades(teamId, injectId);
        return grade?.submission_version === latest.version ? [] : [latest];
      }),
    );
    for (const versions of read) {
      for (const submission of versions) {
        if (items.length === options.limit) return { items, next: positionOf(items.at(-1)!) };
        items.push(submission);
      }
    }
    if (items.length === options.limit && i + TEAMS_AT_ONCE < teams.length) return { items, next: positionOf(items.at(-1)!) };
  }
  return { items, next: undefined };
}

const positionOf = (submission: Submission): SubmissionsPosition => ({ team: submission.team_id, version: submission.version });

/** A grade as a grader gives it. */
export type GradeGiven = v.InferOutput<typeof GradeBody>;

/**
 * Grades a team's submission (or regrades it: the next grade, the old one
 * kept). What it is worth on the board is its points less the
 * submission's late share; the grade adds to the team's points what that
 * changes from the grade before it, through the fold. 409 `grade_changed`
 * when the grade replaced is not the latest (another grader's came first);
 * refused once the results are final, unless the organiser overrides it.
 */
export async function gradeSubmission(injectId: number, given: GradeGiven, audit: AuditContext, now = new Date()): Promise<Grade> {
  const inject = await readInject(injectId);
  if (!inject) throw notFound(`No inject has id ${injectId}.`);
  const [submissions, grades] = await Promise.all([teamSubmissions(given.team_id, injectId), teamGrades(given.team_id, injectId)]);
  const submission = versionOf(submissions, given, injectId);
  const [latest] = grades;
  const changed = () =>
    conflict('grade_changed', `Grade ${latest?.n ?? 'none'} is the latest of team ${given.team_id} for inject ${injectId}: read it, then regrade it.`);
  if ((latest?.n ?? null) !== given.replaces) throw changed();
  const scored = gradePoints(inject, given);
  if ('problems' in scored) throw validationFailed(scored.problems);
  const awarded = awardedPoints(scored.points, submission.late_share);
  const grade: Grade = {
    inject_id: injectId,
    team_id: given.team_id,
    n: (latest?.n ?? 0) + 1,
    submission_version: submission.version,
    scores: (given.scores ?? []).map(({ name, points, comment }) => ({ name, points, comment: comment ?? '' })),
    comment: given.comment ?? '',
    points: scored.points,
    late_share: submission.late_share,
    awarded,
    award: awarded - (latest?.awarded ?? 0),
    super_type_id: inject.super_type_id,
    graded_by: audit.actor.name,
    graded_at: formatTimestamp(now),
  };
  return gradeWritten(await putGrade(grade, audit, { overrideFinal: given.override_final === true }), grade, changed);
}

/** Every team's grades of an inject, every regrade kept (an organiser's read: one Query per team). */
export async function injectGrades(injectId: number): Promise<Grade[]> {
  const teams = await listTeamRecords({ totals: false });
  return (await Promise.all(teams.map((t) => teamGrades(t.team.id, injectId)))).flat();
}

/** What a team sees of its grades: the latest of each inject, its scores and comments (not who graded it, nor the fold's bookkeeping). */
export async function teamGradesShown(teamId: number): Promise<TeamGrade[]> {
  return [...latestPer(await teamGrades(teamId), (g) => g.inject_id).values()].map((grade) => inSchemaOrder(TeamGradeSchema, grade));
}
