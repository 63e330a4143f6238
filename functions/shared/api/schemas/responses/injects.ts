import * as v from 'valibot';
import { AnnouncementSchema } from '#shared/domain/announcements';
import { StoredFileSchema } from '#shared/domain/stored-file';
import { IncidentGradeSchema, IncidentGradeShownSchema } from '#shared/domain/incidents';
import { GradeSchema, InjectSchema, SubmissionSchema, TeamGradeSchema, TeamInjectSchema } from '#shared/domain/injects';
import { exportJobProgress, exportJobResult } from '#shared/api/schemas/export-job-fields';
import { Id, Count, named } from '#shared/domain/shapes';

export { AnnouncementSchema, GradeSchema, IncidentGradeSchema, InjectSchema, StoredFileSchema, SubmissionSchema, TeamGradeSchema, TeamInjectSchema };

/**
 * Answers about injects, files, answers, grades, announcements and incident
 * reports: an inject, a submission, a grade, an announcement and an incident
 * report's grade are answered as they are kept (their schemas are the
 * domain's).
 */

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
    ...exportJobProgress,
    submissions: v.pipe(Count, v.description('Versions in it.')),
    files: v.pipe(Count, v.description('Files in it, besides the answers (a file several versions name, once).')),
    ...exportJobResult,
  }),
);

export const SubmissionsPageSchema = named(
  'SubmissionsPage',
  "A page of an inject's submissions, team by team (by id), newest version first.",
  v.strictObject({
    items: v.array(SubmissionSchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);

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
    grade: v.pipe(v.nullable(IncidentGradeShownSchema), v.description('null: not graded yet.')),
  }),
);
