import * as v from 'valibot';
import { pageQuery } from '#shared/api/schemas/requests/common';
import { MAX_ATTACHMENTS, MAX_BYTES_PER_SUBMISSION, MAX_FILES_PER_SUBMISSION } from '#shared/domain/files';
import { BoundedInt, FreeText, MultilineText, PositiveInt, PositiveIntParam, Timestamp } from '#shared/validation';
import { INJECT_STATES } from '#shared/domain/injects';
import { FileKey, evidenceKeys } from '#shared/api/schemas/requests/files';

/**
 * Injects and their answers, grades, announcements, and the teams' incident reports.
 */

const InjectTitle = v.pipe(FreeText(200), v.description('Its title, as teams see it.'));

const InjectText = v.pipe(MultilineText(20_000), v.description('What the team is asked to do, in Markdown (pages render it without raw HTML).'));

const RubricItemBody = v.strictObject({
  name: v.pipe(FreeText(200), v.description('What is looked for.')),
  points: v.pipe(PositiveInt, v.description('What it is worth.')),
});

const injectFields = {
  title: InjectTitle,
  text: InjectText,
  super_type_id: v.pipe(PositiveInt, v.description('The super type its grades count in (a scorecard column, such as Injects).')),
  open_at: v.pipe(Timestamp, v.description('From when teams see it.')),
  due_at: v.pipe(Timestamp, v.description('When it is due: a submission until then earns all of its grade.')),
  close_at: v.pipe(Timestamp, v.description('Until when a late submission is taken (due_at, or left out: none is; after it every submission is refused).')),
  late_penalty_percent_per_hour: v.pipe(
    BoundedInt(0, 100),
    v.description("Of a late submission's grade, the share lost for each hour or part of one after due_at (0: none), never below 0."),
  ),
  points: v.pipe(PositiveInt, v.description('What a full grade earns.')),
  rubric: v.pipe(
    v.array(RubricItemBody),
    v.maxLength(50),
    v.description("What it is graded by: items whose points add up to the inject's (none: graded as a whole)."),
  ),
};

/** An inject an organiser writes: a draft, published with PATCH. */
export const InjectCreateBody = v.strictObject({
  ...injectFields,
  close_at: v.optional(injectFields.close_at),
  late_penalty_percent_per_hour: v.optional(injectFields.late_penalty_percent_per_hour, 0),
  rubric: v.optional(injectFields.rubric, []),
});

/** An inject edited: any of its fields, and its state (forward only: draft, published, retired). */
export const InjectUpdateBody = v.pipe(
  v.strictObject({
    title: v.optional(injectFields.title),
    text: v.optional(injectFields.text),
    super_type_id: v.optional(injectFields.super_type_id),
    open_at: v.optional(injectFields.open_at),
    due_at: v.optional(injectFields.due_at),
    close_at: v.optional(injectFields.close_at),
    late_penalty_percent_per_hour: v.optional(injectFields.late_penalty_percent_per_hour),
    points: v.optional(injectFields.points),
    rubric: v.optional(injectFields.rubric),
    attachments: v.optional(
      v.pipe(
        v.array(FileKey),
        v.maxLength(MAX_ATTACHMENTS, `must name at most ${MAX_ATTACHMENTS} files`),
        v.description(
          'Its attachments, all of them (the list replaces the one before): keys of uploads for this inject (POST /injects/{id}/uploads), each kept as a copy of its own, or the keys of the attachments it has. Teams download them once it is open.',
        ),
      ),
    ),
    state: v.optional(
      v.pipe(v.picklist(INJECT_STATES), v.description('published: teams see it from open_at; retired: nobody but organisers (its grades stay).')),
    ),
  }),
  v.check((b) => Object.keys(b).length > 0, 'send at least one field'),
);

/** A team's submission for an inject: a new version, kept with the others. */
export const SubmissionBody = v.strictObject({
  inject_id: v.pipe(PositiveInt, v.description('The inject it answers (one the team sees, not closed).')),
  text: v.pipe(MultilineText(50_000), v.description('The answer, in Markdown.')),
  files: v.optional(
    v.pipe(
      v.array(FileKey),
      v.maxLength(MAX_FILES_PER_SUBMISSION, `must name at most ${MAX_FILES_PER_SUBMISSION} files`),
      v.description(
        `Files uploaded for it first (at most ${MAX_FILES_PER_SUBMISSION}, ${MAX_BYTES_PER_SUBMISSION} bytes together): their upload forms' keys, or a file an earlier version keeps (its key). Each upload must be in the bucket, within the size and of an allowed type; the version keeps a copy of its own, which a form posted again never reaches.`,
      ),
    ),
    [],
  ),
});

/** A grade of a team's submission for an inject (or a regrade: `replaces` names the grade it follows). */
export const GradeBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description("The team's id.")),
  submission_version: v.pipe(PositiveInt, v.description('The version of its submission graded.')),
  scores: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          name: v.pipe(FreeText(200), v.description('The rubric item.')),
          points: v.pipe(BoundedInt(0), v.description('Its score: at most the points the item is worth.')),
          comment: v.optional(v.pipe(MultilineText(5000), v.description('Why, for the team.'))),
        }),
      ),
      v.maxLength(50),
      v.description('With a rubric: a score for each of its items.'),
    ),
  ),
  points: v.optional(v.pipe(BoundedInt(0), v.description("Without a rubric: the points given, at most the inject's."))),
  comment: v.optional(v.pipe(MultilineText(10_000), v.description('For the team, on the whole.'))),
  replaces: v.pipe(
    v.nullable(PositiveInt),
    v.description("The grade this one follows, as last read (null: the team's first for this inject); another grader's since is 409 `grade_changed`."),
  ),
  override_final: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        'Grade although the results are final (as `load --override-final` replaces them): the audit entry says so. Without it, 409 `competition_final`.',
      ),
    ),
  ),
});

/** An organiser asks a team to revise its latest version. */
export const RevisionRequestBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description("The team's id.")),
  submission_version: v.pipe(PositiveInt, v.description("The version to revise: the team's latest.")),
  comment: v.pipe(MultilineText(10_000), v.description('What to revise, for the team (Markdown).')),
  until: v.optional(
    v.pipe(Timestamp, v.description("Until when the team may send its revision, even past the inject's close time; by default its close time.")),
  ),
});

/** An organiser's announcement, to every team or one. */
export const AnnouncementBody = v.strictObject({
  text: v.pipe(MultilineText(10_000), v.minLength(1, 'must not be empty'), v.description('The message (Markdown).')),
  team_id: v.optional(v.pipe(v.nullable(PositiveInt), v.description('The team it is for; null or left out: every team.'))),
});

export const IncidentReportBody = v.strictObject({
  observed_at: v.pipe(Timestamp, v.description('When the team saw it happen.')),
  hosts: v.pipe(
    v.array(v.pipe(FreeText(255), v.minLength(1, 'must not be empty'))),
    v.minLength(1, 'names at least one host'),
    v.maxLength(50),
    v.description("The team's hosts it touched, as the team names them (a name or an address)."),
  ),
  description: v.pipe(MultilineText(50_000), v.minLength(1, 'must not be empty'), v.description('What was done, and what the team did about it (Markdown).')),
  files: v.optional(evidenceKeys('upload forms "for": "incident"', 'The report'), []),
  finding_id: v.optional(
    v.pipe(PositiveInt, v.description('The red team finding it answers: one approved against the team that it is shown (GET /team/{id}/findings).')),
  ),
});

/** A grade of an incident report (or a regrade: `replaces` names the grade it follows). */
export const IncidentGradeBody = v.strictObject({
  points: v.pipe(BoundedInt(0), v.description("The points given, at most the settings' incident_report_max_points.")),
  comment: v.optional(v.pipe(MultilineText(10_000), v.description('For the team.'))),
  replaces: v.pipe(
    v.nullable(PositiveInt),
    v.description("The grade this one follows, as last read (null: the report's first); another grader's since is 409 `grade_changed`."),
  ),
  override_final: v.optional(
    v.pipe(v.boolean(), v.description('Grade although the results are final: the audit entry says so. Without it, 409 `competition_final`.')),
  ),
});

/** Every team's incident reports, or the grading queue. */
export const IncidentsQuery = v.object({
  state: v.optional(v.pipe(v.picklist(['ungraded'], 'must be ungraded'), v.description('The grading queue: the reports no grade is of yet.'))),
});

export const SUBMISSIONS_MAX_LIMIT = 25;

export const SUBMISSIONS_DEFAULT_LIMIT = 10;

/** Which inject's submissions: all, or the grading queue; a page at a time. */
export const SubmissionsQuery = v.object({
  inject_id: v.pipe(PositiveIntParam, v.description("The inject's id.")),
  state: v.optional(
    v.pipe(
      v.picklist(['ungraded'], 'must be ungraded'),
      v.description("The grading queue: each team's latest version, when no grade is of it (never graded, or sent again since)."),
    ),
  ),
  ...pageQuery('versions a page holds', SUBMISSIONS_MAX_LIMIT, SUBMISSIONS_DEFAULT_LIMIT, ': each may be 50 000 characters'),
});

/** A team's submissions, all or one inject's. */
export const TeamSubmissionsQuery = v.object({
  inject_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this inject's."))),
});
