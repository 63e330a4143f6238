import { FileQuery, UploadBody } from '#shared/api/schemas/requests/files';
import { IncidentReportBody, SubmissionBody, TeamSubmissionsQuery } from '#shared/api/schemas/requests/injects';
import { CheckNowBody, PasswordChangeBody, SignInBody, TeamScansQuery } from '#shared/api/schemas/requests/team';
import {
  AnnouncementSchema,
  FileLinkSchema,
  IncidentReportSchema,
  SubmissionSchema,
  TeamGradeSchema,
  TeamInjectSchema,
  UploadFormSchema,
} from '#shared/api/schemas/responses/injects';
import { TeamFindingsSchema } from '#shared/api/schemas/responses/red-team';
import {
  CheckJobSchema,
  PasswordChangeSchema,
  SignedInSchema,
  TeamScansPageSchema,
  TeamServicesSchema,
  TeamSessionSchema,
} from '#shared/api/schemas/responses/team';
import { route, json, list, none } from '#shared/api/route';
import { CHECK_NOW_INTERVAL_SECONDS } from '#shared/domain/check-jobs';

/**
 * A blue team's own routes: signing in and out, and its own services with
 * their full reasons. Never cached; a session reaches its own team's only.
 */
export const blueTeamRoutes = {
  SignIn: route('SignIn', 'POST', '/team/sessions', 'blue-team/sign-in', 'public', 'read-write', {
    summary: 'Sign in as a team member: a session token for the team routes',
    throttle: 'team-write',
    body: SignInBody,
    responses: { 201: json('Signed in.', SignedInSchema) },
    problems: { 403: ['team_hidden'], 429: ['sign_in_locked'] },
  }),
  GetTeamSession: route('GetTeamSession', 'GET', '/team/session', 'blue-team/get-team-session', 'team-session', 'read', {
    summary: 'The caller’s own session',
    responses: { 200: json('Who is signed in, for which team, until when.', TeamSessionSchema) },
  }),
  SignOut: route('SignOut', 'DELETE', '/team/session', 'blue-team/sign-out', 'team-session', 'read-write', {
    summary: 'Sign out: end the caller’s session',
    responses: { 204: none },
  }),
  ListTeamInjects: route('ListTeamInjects', 'GET', '/team/{id}/injects', 'blue-team/list-team-injects', 'team', 'read', {
    summary: 'The injects a team is asked to do: those published and open, with their times, points, rubric and late rule',
    responses: { 200: list('By id.', TeamInjectSchema) },
  }),
  SubmitInject: route('SubmitInject', 'POST', '/team/{id}/submissions', 'blue-team/submit-inject', 'team', 'read-write', {
    summary: "Submit an answer to an inject: a new version, kept with the team's others, until the inject closes",
    throttle: 'team-write',
    body: SubmissionBody,
    idempotent: true,
    // HEAD the team's uploads, copy each named to a key of its own (CopyObject reads the source, writes the copy).
    bucket: { read: ['staging/teams/'], write: ['teams/'] },
    responses: { 201: json('The version as kept, its files copied to keys of their own.', SubmissionSchema) },
    problems: { 409: ['inject_closed', 'file_changed'], 413: ['files_too_large'], 503: ['inject_busy'] },
  }),
  CreateUpload: route('CreateUpload', 'POST', '/team/{id}/uploads', 'blue-team/create-upload', 'team', 'read-write', {
    summary: 'An upload form for one file of an answer to an inject: the browser posts the file straight to the bucket, then the submission names its key',
    throttle: 'team-write',
    body: UploadBody,
    bucket: { write: ['staging/teams/'] },
    responses: { 201: json('The form, good for 10 minutes, or until the inject closes if that is sooner.', UploadFormSchema) },
    problems: { 409: ['inject_closed', 'incident_reports_off'], 429: ['uploads_limited'] },
  }),
  GetTeamFile: route('GetTeamFile', 'GET', '/team/{id}/files', 'blue-team/get-team-file', 'team', 'read', {
    summary: "A download link to one of the team's files, or to an attachment of an inject open to it",
    query: FileQuery,
    bucket: { read: ['teams/', 'staging/teams/', 'injects/'] },
    responses: { 200: json('A link, good for 5 minutes, that downloads the file as an attachment.', FileLinkSchema) },
  }),
  ListTeamSubmissions: route('ListTeamSubmissions', 'GET', '/team/{id}/submissions', 'blue-team/list-team-submissions', 'team', 'read', {
    summary: "The team's submissions, every version, newest first within each inject",
    query: TeamSubmissionsQuery,
    responses: { 200: list('Its versions.', SubmissionSchema) },
  }),
  ListTeamGrades: route('ListTeamGrades', 'GET', '/team/{id}/grades', 'blue-team/list-team-grades', 'team', 'read', {
    summary: "The team's grades: the latest of each inject, with the grader's comments",
    responses: { 200: list('By inject, newest first.', TeamGradeSchema) },
  }),
  FileIncident: route('FileIncident', 'POST', '/team/{id}/incidents', 'blue-team/file-incident', 'team', 'read-write', {
    summary: 'File an incident report: what the team saw the red team do (when, on which hosts, what happened), for organisers to grade',
    throttle: 'team-write',
    body: IncidentReportBody,
    idempotent: true,
    bucket: { read: ['staging/teams/'], write: ['teams/'] },
    responses: { 201: json('The report as kept, its evidence copied to keys of its own.', IncidentReportSchema) },
    problems: { 409: ['incident_reports_off', 'file_changed'], 413: ['files_too_large'], 429: ['incidents_limited'], 503: ['incident_busy'] },
  }),
  ListTeamIncidents: route('ListTeamIncidents', 'GET', '/team/{id}/incidents', 'blue-team/list-team-incidents', 'team', 'read', {
    summary: "The team's incident reports, with their latest grades and the graders' comments",
    responses: { 200: list('By id.', IncidentReportSchema) },
  }),
  ListTeamFindings: route('ListTeamFindings', 'GET', '/team/{id}/findings', 'blue-team/list-team-findings', 'team', 'read', {
    summary: 'The red team findings approved against the team, when the settings show them: kind, service, time and points, never who filed them',
    responses: { 200: json('Whether they are shown now, and the findings by id.', TeamFindingsSchema) },
  }),
  ListTeamAnnouncements: route('ListTeamAnnouncements', 'GET', '/team/{id}/announcements', 'blue-team/list-team-announcements', 'team', 'read', {
    summary: "The organisers' announcements a team is shown: those for every team and its own, newest first",
    responses: { 200: list('Newest first.', AnnouncementSchema) },
  }),
  ListTeamServices: route('ListTeamServices', 'GET', '/team/{id}/services', 'blue-team/list-team-services', 'team', 'read', {
    summary: "A team's own services with the full reason of each failure",
    responses: { 200: json("The team's services, by id.", TeamServicesSchema) },
  }),
  ListTeamScans: route('ListTeamScans', 'GET', '/team/{id}/scans', 'blue-team/list-team-scans', 'team', 'read', {
    summary: "One of a team's services' checks, with their full reasons, paged",
    query: TeamScansQuery,
    responses: { 200: json('One page, newest first by check time.', TeamScansPageSchema) },
    problems: { 400: ['invalid_cursor'] },
  }),
  RequestPasswordChanges: route('RequestPasswordChanges', 'POST', '/team/{id}/password-changes', 'blue-team/request-password-changes', 'team', 'read-write', {
    summary: 'Tell the scoring engine the new password of one or more of the team’s check accounts (a list, or a pasted CSV)',
    accountsKey: 'seal',
    body: PasswordChangeBody,
    idempotent: true,
    responses: {
      201: json(
        'The request as stored: `applied` at once, or `pending` (after a delay, or until an organiser approves it, as the settings say).',
        PasswordChangeSchema,
      ),
    },
    problems: { 409: ['account_gone'], 503: ['accounts_busy'] },
  }),
  ListTeamPasswordChanges: route('ListTeamPasswordChanges', 'GET', '/team/{id}/password-changes', 'blue-team/list-team-password-changes', 'team', 'read', {
    summary: "The team's password change requests, newest first (the latest 100), never a password",
    responses: { 200: list('Its requests with their states.', PasswordChangeSchema) },
  }),
  RequestTeamCheck: route('RequestTeamCheck', 'POST', '/team/{id}/checks', 'blue-team/request-team-check', 'team', 'read-write', {
    summary: `Check now: a dry run of one of the team's services by the scoring agent, not scored (a team may ask once every ${CHECK_NOW_INTERVAL_SECONDS} s)`,
    body: CheckNowBody,
    idempotent: true,
    invokes: 'agent',
    responses: {
      202: json("Queued: the agent runs it within seconds. `Location` is the team's list of checks, where it shows how it went.", CheckJobSchema),
    },
    problems: { 429: ['check_limited'] },
  }),
  ListTeamChecks: route('ListTeamChecks', 'GET', '/team/{id}/checks', 'blue-team/list-team-checks', 'team', 'read', {
    summary: 'The team\'s latest dry runs ("check now"), newest first, with how each went',
    responses: { 200: list('Its latest 20 jobs, queued, running, done or lost.', CheckJobSchema) },
  }),
} as const;
