import { AttachmentUploadBody, FileQuery } from '#shared/api/schemas/requests/files';
import { GradeBody, InjectCreateBody, InjectUpdateBody, RevisionRequestBody, SubmissionsQuery } from '#shared/api/schemas/requests/injects';
import {
  ExportJobSchema,
  FileLinkSchema,
  GradeSchema,
  InjectSchema,
  SubmissionSchema,
  SubmissionsPageSchema,
  UploadFormSchema,
} from '#shared/api/schemas/responses/injects';
import { route, json, list, page, FINAL } from '#shared/api/route';

/** Injects: the business tasks organisers release during the event, written, published and retired here. */
export const injectsRoutes = {
  ListInjects: route('ListInjects', 'GET', '/injects', 'injects/list-injects', 'admin', 'read', {
    summary: 'List injects, drafts and retired ones included',
    responses: { 200: list('Every inject, by id.', InjectSchema) },
  }),
  CreateInject: route('CreateInject', 'POST', '/injects', 'injects/create-inject', 'admin', 'read-write', {
    summary: 'Write an inject: a draft, which teams see once it is published and open',
    body: InjectCreateBody,
    idempotent: true,
    responses: { 201: { ...json('The inject, a draft, and its ETag.', InjectSchema), etag: true } },
    problems: { 503: ['inject_busy'] },
  }),
  GetInject: route('GetInject', 'GET', '/injects/{id}', 'injects/get-inject', 'admin', 'read', {
    summary: 'One inject, with the ETag an edit names',
    responses: { 200: json('The inject and its version.', InjectSchema) },
  }),
  UpdateInject: route('UpdateInject', 'PATCH', '/injects/{id}', 'injects/update-inject', 'admin', 'read-write', {
    summary: 'Edit an inject, publish it (teams see it from open_at) or retire it',
    body: InjectUpdateBody,
    bucket: { read: ['staging/injects/'], write: ['injects/'] },
    ifMatch: true,
    responses: { 200: { ...json('The inject as it now is, and its new ETag.', InjectSchema), etag: true } },
    problems: { 409: ['inject_state', 'file_changed'], 413: ['files_too_large'], 503: ['inject_busy'] },
  }),
  CreateInjectUpload: route('CreateInjectUpload', 'POST', '/injects/{id}/uploads', 'injects/create-inject-upload', 'admin', 'read', {
    summary: "An upload form for one of an inject's attachments: the browser posts the file straight to the bucket, then an edit of the inject names its key",
    body: AttachmentUploadBody,
    bucket: { write: ['staging/injects/'] },
    responses: { 201: json('The form, good for 10 minutes.', UploadFormSchema) },
  }),
  GetInjectFile: route('GetInjectFile', 'GET', '/injects/{id}/files', 'injects/get-inject-file', 'admin', 'read', {
    summary: "A download link to one of an inject's attachments, in any state (teams download them through their own route once the inject is open)",
    query: FileQuery,
    bucket: { read: ['staging/injects/', 'injects/'] },
    responses: { 200: json('A link, good for 5 minutes, that downloads the file as an attachment.', FileLinkSchema) },
  }),
  GradeSubmission: route('GradeSubmission', 'POST', '/injects/{id}/grades', 'injects/grade-submission', 'admin', 'read-write', {
    summary: "Grade a team's submission (or regrade it: the next grade, the old one kept): its points, less the late rule, reach the board through the fold",
    body: GradeBody,
    idempotent: true,
    responses: { 201: json('The grade as kept, and what it changed on the board.', GradeSchema) },
    problems: { 409: [FINAL, 'grade_changed'] },
  }),
  RequestRevision: route('RequestRevision', 'POST', '/injects/{id}/revision-requests', 'injects/request-revision', 'admin', 'read-write', {
    summary: "Ask a team to revise its latest submission: it may send a new version until `until`, keeping that version's late share",
    body: RevisionRequestBody,
    idempotent: true,
    responses: { 201: json('The version, with the request on it.', SubmissionSchema) },
    problems: { 409: ['submission_changed'] },
  }),
  ListInjectGrades: route('ListInjectGrades', 'GET', '/injects/{id}/grades', 'injects/list-inject-grades', 'admin', 'read', {
    summary: "Every team's grades of an inject, every regrade kept",
    responses: { 200: list('Team by team, newest first.', GradeSchema) },
  }),
  ExportSubmissions: route('ExportSubmissions', 'POST', '/injects/{id}/exports', 'injects/export-submissions', 'admin', 'read-write', {
    summary: "Export every team's submissions for an inject, every version with its files, as one ZIP in the bucket: a job, written by a worker",
    invokes: 'ExportWorker',
    responses: { 202: json('The job, queued; poll its Location until it is done (with a link) or failed.', ExportJobSchema) },
    problems: { 413: ['export_too_large'] },
  }),
  GetExport: route('GetExport', 'GET', '/injects/exports/{id}', 'injects/get-export', 'admin', 'read', {
    summary: 'An export of submissions: queued, running, done (with a link to the ZIP) or failed (with why)',
    bucket: { read: ['exports/'] },
    responses: { 200: json('The job as it is now.', ExportJobSchema) },
  }),
  ListSubmissions: route('ListSubmissions', 'GET', '/submissions', 'injects/list-submissions', 'admin', 'read', {
    summary: "Every team's submissions for an inject, every version (`?state=ungraded`: the grading queue), a page at a time",
    query: SubmissionsQuery,
    responses: {
      200: page(
        'One page, team by team (by id), newest version first; `cursor` (also in `Link: rel="next"`) resumes, null on the last page (a full page may end the list, and the next then holds none).',
        SubmissionsPageSchema,
      ),
    },
    problems: { 400: ['invalid_cursor'] },
  }),
} as const;
