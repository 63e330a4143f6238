import {
  FindingBody,
  FindingEvidenceBody,
  FindingFileQuery,
  FindingKindsBody,
  FindingRulingBody,
  FindingUploadBody,
  FindingsQuery,
} from '#shared/api/schemas/requests/red-team';
import { FileLinkSchema, UploadFormSchema } from '#shared/api/schemas/responses/injects';
import { FindingKindsSchema, FindingRulingSchema, FindingSchema } from '#shared/api/schemas/responses/red-team';
import { route, json, list, FINAL } from '#shared/api/route';

/**
 * The red team's routes (issue #47): its members file findings with
 * evidence against the teams' services; organisers keep the table of kinds
 * and review each finding, whose approval takes its points off the team
 * through the fold. A red team session reaches these and the public routes
 * only; organisers reach them all. Never cached.
 */
export const redTeamRoutes = {
  ListFindingKinds: route('ListFindingKinds', 'GET', '/finding-kinds', 'red-team/list-finding-kinds', 'red-team', 'read', {
    summary: 'The organisers’ table of finding kinds, each with the points it takes off a team',
    tag: 'red-team',
    responses: { 200: json('The table.', FindingKindsSchema) },
  }),
  ReplaceFindingKinds: route('ReplaceFindingKinds', 'PUT', '/finding-kinds', 'red-team/replace-finding-kinds', 'admin', 'read-write', {
    summary: 'Replace the table of finding kinds (a finding keeps the name and points its kind had when it was filed)',
    tag: 'red-team',
    body: FindingKindsBody,
    responses: { 200: json('The table as kept.', FindingKindsSchema) },
    problems: { 503: ['finding_kinds_busy'] },
  }),
  CreateFindingUpload: route('CreateFindingUpload', 'POST', '/red-team/uploads', 'red-team/create-finding-upload', 'red-team', 'read-write', {
    summary: 'An upload form for one file of a finding’s evidence: the browser posts the file straight to the bucket, then the finding names its key',
    body: FindingUploadBody,
    bucket: { write: ['staging/red-team/'] },
    responses: { 201: json('The form, good for 10 minutes.', UploadFormSchema) },
    problems: { 409: ['findings_off'], 429: ['uploads_limited'] },
  }),
  FileFinding: route('FileFinding', 'POST', '/red-team/findings', 'red-team/file-finding', 'red-team', 'read-write', {
    summary: 'File a finding: what the red team did to which team’s service, when, of which kind, with evidence, for organisers to review',
    body: FindingBody,
    idempotent: true,
    bucket: { read: ['staging/red-team/'], write: ['red-team/'] },
    responses: { 201: json('The finding as kept, its evidence copied to keys of its own.', FindingSchema) },
    problems: { 409: ['findings_off', 'file_changed'], 413: ['files_too_large'], 429: ['findings_limited'], 503: ['finding_busy'] },
  }),
  ListFindings: route('ListFindings', 'GET', '/red-team/findings', 'red-team/list-findings', 'red-team', 'read', {
    summary: 'The red team’s findings with their states and latest rulings (`?state=submitted`: the review queue)',
    query: FindingsQuery,
    responses: { 200: list('By id.', FindingSchema) },
  }),
  AddFindingEvidence: route('AddFindingEvidence', 'POST', '/red-team/findings/{id}/evidence', 'red-team/add-finding-evidence', 'red-team', 'read-write', {
    summary: 'Add evidence to a finding an organiser asked about: it goes back to the review queue',
    body: FindingEvidenceBody,
    idempotent: true,
    bucket: { read: ['staging/red-team/'], write: ['red-team/'] },
    responses: { 201: json('The finding with its new evidence.', FindingSchema) },
    problems: { 409: ['finding_decided', 'file_changed'], 413: ['files_too_large'] },
  }),
  GetFindingFile: route('GetFindingFile', 'GET', '/red-team/files', 'red-team/get-finding-file', 'red-team', 'read', {
    summary: 'A download link to a file of the red team’s evidence',
    query: FindingFileQuery,
    bucket: { read: ['red-team/', 'staging/red-team/'] },
    responses: { 200: json('A link, good for 5 minutes, that downloads the file as an attachment.', FileLinkSchema) },
  }),
  ReviewFinding: route('ReviewFinding', 'POST', '/red-team/findings/{id}/reviews', 'red-team/review-finding', 'admin', 'read-write', {
    summary:
      'Review a finding: approve it (its points come off the team through the fold; a repeat within the window counts nothing), reject it, or ask for more evidence; a second look is the next ruling',
    body: FindingRulingBody,
    idempotent: true,
    responses: { 201: json('The ruling as kept, and what it changed on the board.', FindingRulingSchema) },
    problems: { 409: [FINAL, 'finding_changed', 'findings_off'], 503: ['finding_busy'] },
  }),
  ListFindingRulings: route('ListFindingRulings', 'GET', '/red-team/findings/{id}/reviews', 'red-team/list-finding-rulings', 'admin', 'read', {
    summary: 'Every ruling on a finding, second looks and the rulings they replaced',
    responses: { 200: list('Newest first.', FindingRulingSchema) },
  }),
} as const;
