import * as v from 'valibot';
import { StoredFileSchema } from '#shared/domain/files';
import { INJECT_STATES } from '#shared/domain/injects';
import { EXPORT_STATES } from '#shared/domain/exports';
import { Id, Count, named } from '#shared/domain/shapes';

export { StoredFileSchema };

/**
 * Answers about injects, files, answers, grades, announcements and incident reports.
 */

const RubricItemSchema = v.strictObject({ name: v.string(), points: Id });

const teamInjectFields = {
  id: Id,
  title: v.string(),
  text: v.pipe(v.string(), v.description('Markdown.')),
  open_at: v.string(),
  due_at: v.string(),
  close_at: v.pipe(v.string(), v.description('Until when a late submission is taken (due_at: none is).')),
  late_penalty_percent_per_hour: v.pipe(Count, v.description("Of a late submission's grade, the share lost for each hour or part of one after due_at.")),
  points: Id,
  rubric: v.array(RubricItemSchema),
  attachments: v.pipe(v.array(StoredFileSchema), v.description('Files that come with it: download each with GET /team/{id}/files?key=…')),
};

export const InjectSchema = named(
  'Inject',
  'An inject as organisers write it: its text, times, points and rubric, its state, and the version every edit moves.',
  v.strictObject({
    ...teamInjectFields,
    super_type_id: Id,
    state: v.picklist(INJECT_STATES),
    version: Id,
    created_by: v.string(),
    created_at: v.string(),
  }),
);

export const TeamInjectSchema = named('TeamInject', 'An inject as a team sees it once it is open.', v.strictObject(teamInjectFields));

export const UploadFormSchema = named(
  'UploadForm',
  "A presigned POST: send `fields`, then the file as the last field, `file`, as multipart/form-data to `url`, before `expires_at`. The bucket takes only the declared type, 1 to `max_bytes` bytes, at `key`; then name `key` in the submission's `files`.",
  v.strictObject({
    key: v.string(),
    url: v.string(),
    fields: v.record(v.string(), v.string()),
    max_bytes: Count,
    expires_at: v.string(),
  }),
);

export const FileLinkSchema = named(
  'FileLink',
  'A short-lived link to a file: it downloads as an attachment (its Content-Disposition), until `expires_at`.',
  v.strictObject({ url: v.string(), name: v.string(), expires_at: v.string() }),
);

export const ExportJobSchema = named(
  'ExportJob',
  "An export of an inject's submissions as one ZIP in the bucket: every team's every version (`answer.md`, its files under `files/`) and an index (`submissions.csv`), written by a worker. Poll it (its `Location`) until `state` is `done` (then `url` downloads it until `expires_at`) or `failed` (`error` says why).",
  v.strictObject({
    id: Id,
    inject_id: Id,
    state: v.picklist(EXPORT_STATES),
    requested_by: v.string(),
    requested_at: v.string(),
    started_at: v.nullable(v.string()),
    finished_at: v.nullable(v.string()),
    submissions: v.pipe(Count, v.description('Versions in it.')),
    files: v.pipe(Count, v.description('Files in it, besides the answers (a file several versions name, once).')),
    key: v.nullable(v.string()),
    bytes: v.nullable(v.pipe(Count, v.description("The ZIP's size, once written."))),
    url: v.nullable(v.pipe(v.string(), v.description('Done: a link that downloads the ZIP, good for an hour from this answer.'))),
    expires_at: v.nullable(v.string()),
    error: v.nullable(v.string()),
  }),
);

export const SubmissionSchema = named(
  'Submission',
  "One version of a team's submission for an inject, kept whole.",
  v.strictObject({
    inject_id: Id,
    team_id: Id,
    version: v.pipe(Id, v.description('1 for the first, one more for each after it.')),
    text: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('The files sent with it.')),
    submitted_at: v.string(),
    submitted_by: v.pipe(v.string(), v.description('The member whose session sent it.')),
    late_share: v.pipe(v.number(), v.description('What its grade will be worth: 1 until due_at, less after it (the late rule).')),
    revision_request: v.pipe(
      v.nullable(
        named(
          'RevisionRequest',
          "An organiser's request that the team revise this version: the team may send its revision until `until`, whatever the inject's close time, and it keeps this version's late share.",
          v.strictObject({ comment: v.string(), until: v.string(), requested_by: v.string(), requested_at: v.string() }),
        ),
      ),
      v.description('null: none asked.'),
    ),
  }),
);

const gradeShownFields = {
  inject_id: Id,
  n: v.pipe(Id, v.description('1 for the first grade, one more for each regrade (the old ones kept).')),
  submission_version: Id,
  scores: v.array(v.strictObject({ name: v.string(), points: Count, comment: v.string() })),
  comment: v.string(),
  points: v.pipe(Count, v.description('What the grader gave, before the late rule.')),
  late_share: v.number(),
  awarded: v.pipe(Count, v.description('What it is worth on the board: points × late_share, rounded.')),
  graded_at: v.string(),
};

export const SubmissionsPageSchema = named(
  'SubmissionsPage',
  "A page of an inject's submissions, team by team (by id), newest version first.",
  v.strictObject({
    items: v.array(SubmissionSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

export const GradeSchema = named(
  'Grade',
  "A grade of a team's submission, kept whole (a regrade is the next, the old one stays), with what it changed on the board.",
  v.strictObject({
    ...gradeShownFields,
    team_id: Id,
    award: v.pipe(v.number(), v.description("What it added to the team's points: awarded less the previous grade's.")),
    super_type_id: Id,
    graded_by: v.string(),
  }),
);

export const TeamGradeSchema = named('TeamGrade', "A team's latest grade of an inject, with the grader's comments.", v.strictObject(gradeShownFields));

export const AnnouncementSchema = named(
  'Announcement',
  "An organiser's message to every team or to one.",
  v.strictObject({
    id: Id,
    text: v.pipe(v.string(), v.description('Markdown.')),
    team_id: v.pipe(v.nullable(Id), v.description('The team it is for; null: every team.')),
    posted_by: v.string(),
    posted_at: v.string(),
  }),
);

const incidentGradeShownFields = {
  n: v.pipe(Id, v.description('1 for the first grade, one more for each regrade (the old ones kept).')),
  points: Count,
  comment: v.string(),
  graded_at: v.string(),
};

export const IncidentReportSchema = named(
  'IncidentReport',
  "A team's report of what the red team did, kept whole, with its latest grade.",
  v.strictObject({
    id: Id,
    team_id: Id,
    observed_at: v.string(),
    hosts: v.array(v.string()),
    description: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('Its evidence.')),
    submitted_by: v.pipe(v.string(), v.description('The member whose session filed it.')),
    submitted_at: v.string(),
    finding_id: v.pipe(v.nullable(Id), v.description('The red team finding it answers, one the team was shown (null: none named).')),
    grade: v.pipe(
      v.nullable(named('IncidentGradeShown', "An incident report's latest grade, with the grader's comment.", v.strictObject(incidentGradeShownFields))),
      v.description('null: not graded yet.'),
    ),
  }),
);

export const IncidentGradeSchema = named(
  'IncidentGrade',
  'A grade of an incident report, kept whole (a regrade is the next, the old one stays), with what it changed on the board.',
  v.strictObject({
    incident_id: Id,
    team_id: Id,
    ...incidentGradeShownFields,
    award: v.pipe(v.number(), v.description("What it added to the team's points: its points less the previous grade's.")),
    max_award: v.pipe(
      Count,
      v.description("What it added to its super type's maximum: incident_report_max_points at a report's first grade (what it could earn), 0 at a regrade."),
    ),
    super_type_id: v.pipe(Id, v.description('Where its points go: the super type the settings named at its first grade.')),
    graded_by: v.string(),
  }),
);
